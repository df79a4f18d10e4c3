/** Readable renderings of `detect_changes`, `rename`, `cypher` and `list_repos` results. */
import { riskColor } from './style.ts';
import { viaName } from './impact.ts';
import { head, lines, loc, moreLine, plural, table, type RenderOptions } from './text.ts';

type Obj = Record<string, any>;

const CHANGE_MARK: Record<string, string> = { added: '+', modified: '~', deleted: '-' };

/** A `detect_changes` result. */
export function renderChanges(r: Obj, o: RenderOptions): string {
  const { style } = o;
  const s: Obj = r.summary ?? {};
  const limit = o.items ?? 10;
  const out: string[] = [];
  if (!s.changed_files) return style.green('no changes (nothing differs in this scope)');
  out.push(`${plural(s.changed_files, 'file')} changed: ${plural(s.changed_count ?? 0, 'symbol')} (${s.added ?? 0} added, ${s.modified ?? 0} modified, ${s.deleted ?? 0} deleted); risk ${riskColor(style, String(s.risk_level))}${s.risk_reason ? ` — ${s.risk_reason}` : ''}`);
  const changed: Obj[] = r.changed_symbols ?? [];
  if (changed.length) {
    out.push('', style.bold(`changed symbols (${s.changed_count ?? changed.length})`));
    const { shown, rest } = head(changed, limit * 2);
    const color = (t: string) => (t === 'added' ? style.green : t === 'deleted' ? style.red : style.yellow);
    out.push(...table(shown.map((c) => [color(c.change_type)(CHANGE_MARK[c.change_type] ?? '?'), style.bold(c.name), style.cyan(c.type), loc(c.filePath, c.line)]), '  '));
    const missing = rest + Math.max(0, (s.changed_count ?? changed.length) - changed.length);
    if (missing) out.push(moreLine(style, missing, '  ', '--json for all'));
  }
  const processes: Obj[] = r.affected_processes ?? [];
  if (processes.length) {
    out.push('', style.bold(`execution flows touched (${s.processes_affected ?? processes.length})`));
    const { shown, rest } = head(processes, limit);
    out.push(...table(shown.map((p) => {
      const changedSteps = (p.changed_steps ?? []).map((x: Obj) => `${x.step}. ${x.name}`);
      const affectedSteps = (p.affected_steps ?? []).length;
      return [p.name, style.dim(changedSteps.length ? `changed: ${changedSteps.join(', ')}` : `${plural(affectedSteps, 'step')} depend on the change`)];
    }), '  '));
    if (rest) out.push(moreLine(style, rest, '  '));
  }
  const affected: Obj[] = r.affected_symbols ?? [];
  const affectedTotal = s.affected_count ?? affected.length;
  if (affectedTotal) {
    out.push('', style.bold(`depend on the changes (${affectedTotal})`));
    const { shown, rest } = head(affected, limit);
    out.push(...table(shown.map((a) => [style.bold(a.name), style.cyan(a.type), loc(a.filePath, a.line), style.dim(`depth ${a.depth} via ${viaName(String(a.via))}`)]), '  '));
    const missing = rest + (affectedTotal - affected.length);
    if (missing > 0) out.push(moreLine(style, missing, '  ', '--json for all'));
  }
  return lines(out, o.width);
}

/** A `rename` preview or apply. */
export function renderRename(r: Obj, o: RenderOptions): string {
  const { style } = o;
  const s: Obj = r.summary ?? {};
  const sym: Obj = r.symbol ?? {};
  const out: string[] = [
    `${r.applied ? style.green('renamed') : style.bold('rename preview')} ${style.cyan(sym.type ?? '')} ${style.bold(sym.name ?? '?')} → ${style.bold(r.new_name ?? '?')}: ${plural(s.totalEdits ?? 0, 'edit')} in ${plural(s.filesAffected ?? 0, 'file')} (${s.graphEdits ?? 0} from the graph, ${s.textSearchEdits ?? 0} from text search${s.textSearchEdits ? ': review these' : ''})`,
  ];
  for (const t of r.tied_symbols ?? []) out.push(style.dim(`  renamed with it: ${t.type} ${t.name}${t.filePath ? ` (${loc(t.filePath, t.line)})` : ''}`));
  for (const w of r.warnings ?? []) out.push(style.yellow(`warning: ${w}`));
  const files: Obj[] = r.changes ?? [];
  const limit = o.items ?? 10;
  const { shown, rest } = head(files, limit * 2);
  for (const f of shown) {
    out.push('', style.bold(f.file_path));
    const edits: Obj[] = f.edits ?? [];
    const cut = head(edits, limit);
    out.push(...table(cut.shown.map((e) => [
      style.dim(`${e.line}:${e.column ?? ''}`), e.confidence === 'graph' ? style.green('graph') : style.yellow('text'),
      e.apply === false ? style.dim('(not applied)') : '', String(e.context ?? `${e.old_text} → ${e.new_text}`),
    ]), '  '));
    if (cut.rest) out.push(moreLine(style, cut.rest, '  '));
  }
  if (rest) out.push('', moreLine(style, rest, '', `more files; --json for all`));
  if (!r.applied) out.push('', style.dim(`nothing written; --apply${r.preview_id ? ` --preview-id ${r.preview_id}` : ''} writes the ${plural(s.editsToApply ?? s.graphEdits ?? 0, 'edit')} marked graph${s.textSearchEdits ? ' (add --text-search for the text ones)' : ''}`));
  // A re-index that could not run after the write is one of the warnings; the index is then not said to be current.
  else out.push('', style.green(`${plural(r.applied_edits ?? 0, 'edit')} written${(r.warnings ?? []).length ? '; see the warnings above' : '; the index was updated'}`));
  return lines(out, o.width);
}

/** A `cypher` result as a table. */
export function renderCypher(r: Obj, o: RenderOptions): string {
  const { style } = o;
  const columns: string[] = r.columns ?? [];
  const rows: Obj[] = r.rows ?? [];
  const cell = (v: unknown): string => {
    if (v === null || v === undefined) return style.dim('null');
    if (typeof v === 'string') return v;
    if (typeof v === 'object' && v !== null && 'uid' in v) return String((v as Obj).name ?? (v as Obj).uid);
    return JSON.stringify(v);
  };
  const out = rows.length ? table([columns.map((c) => style.bold(c)), ...rows.map((row) => columns.map((c) => cell(row[c])))]) : [style.dim('(no rows)')];
  for (const w of r.warnings ?? []) out.push(style.yellow(`note: ${w}`));
  out.push(style.dim(`${plural(r.row_count ?? rows.length, 'row')}${r.truncated ? ` shown; more exist (${r.next_offset !== undefined ? `--offset ${r.next_offset} reads on, ` : ''}--max-rows raises the cap)` : ''}`));
  return lines(out, o.width);
}

/** The registry as a table; `current` marks the repository a call without --repo uses. */
export function renderRepos(r: Obj, o: RenderOptions, current?: string): string {
  const { style } = o;
  const repos: Obj[] = r.repos ?? [];
  if (!repos.length) return 'no repository is indexed yet; run `codegraph analyze [path]`';
  const rows = [['', 'name', 'files', 'symbols', 'edges', 'flows', 'indexed', 'path'].map((h) => style.bold(h))];
  for (const x of repos) {
    rows.push([
      x.path === current ? style.green('*') : '', style.bold(x.name), num(x.stats?.files), num(x.stats?.nodes), num(x.stats?.edges), num(x.stats?.processes),
      String(x.indexedAt ?? '').replace('T', ' ').slice(0, 16), style.dim(x.path),
    ]);
  }
  const out = table(rows);
  if (current) out.push(style.dim('* the repository commands here use when --repo is not given'));
  return lines(out, o.width);
}

function num(n: unknown): string { return typeof n === 'number' ? n.toLocaleString('en-US') : ''; }
