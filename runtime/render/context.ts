/** Readable renderings of `context` results and of ambiguous lookups (shared with impact and rename). */
import { conf, head, lines, loc, moreLine, plural, table, type RenderOptions } from './text.ts';

type Obj = Record<string, any>;

const CATEGORIES = ['calls', 'imports', 'extends', 'implements', 'overrides', 'references'] as const;
const INCOMING: Record<string, string> = { calls: 'called by', imports: 'imported by', extends: 'extended by', implements: 'implemented by', overrides: 'overridden by', references: 'referenced by' };
const OUTGOING: Record<string, string> = { calls: 'calls', imports: 'imports', extends: 'extends', implements: 'implements', overrides: 'overrides', references: 'references' };

/** The candidates of an ambiguous lookup, with the flags that pick one. */
export function renderAmbiguous(r: Obj, o: RenderOptions, what: string): string {
  const { style } = o;
  const candidates: Obj[] = r.candidates ?? [];
  const name = /match '([^']*)'/.exec(String(r.message ?? ''))?.[1];
  const out = [`${style.yellow(plural(candidates.length, 'symbol'))} ${candidates.length === 1 ? 'matches' : 'match'}${name ? ` '${name}'` : ''}; pick one for ${what} with ${style.bold('--uid')}, or narrow with ${style.bold('--file')} / ${style.bold('--kind')}:`];
  const { shown, rest } = head(candidates, o.items ?? 10);
  const rows = table(shown.map((c) => [style.cyan(c.type), style.bold(c.qualifiedName ?? c.name), loc(c.filePath, c.line)]), '  ');
  // The uid is what the user copies: on its own line, never cut to the terminal's width.
  const body = rows.map((row, i) => `${lines([row], o.width)}
    ${style.dim(`--uid '${shown[i].uid}'`)}`);
  if (rest) body.push(moreLine(style, rest, '  ', '--json lists them all'));
  return [lines(out, o.width), ...body].join('\n');
}

/**
 * One related symbol as table cells. An incoming row's place is the site in the other symbol's file; an outgoing
 * row's is the symbol it reaches (its site is a line of the symbol shown, given in the notes).
 */
function relatedRow(x: Obj, o: RenderOptions, outgoing: boolean): string[] {
  const { style } = o;
  const notes = [
    x.count > 1 ? `×${x.count}` : '',
    x.via ? `via ${x.via}` : '',
    typeof x.confidence === 'number' && x.confidence < 1 ? `confidence ${conf(x.confidence)}` : '',
    outgoing && typeof x.siteLine === 'number' ? `from line ${x.siteLine}` : '',
  ].filter(Boolean).join(', ');
  return [style.bold(x.name), style.cyan(x.type), loc(x.filePath, outgoing ? x.line : x.siteLine ?? x.line), style.dim(notes)];
}

/** A `context` result (found or ambiguous). */
export function renderContext(r: Obj, o: RenderOptions): string {
  if (r.status === 'ambiguous') return renderAmbiguous(r, o, 'context');
  const { style } = o;
  const s: Obj = r.symbol ?? {};
  const span = s.endLine && s.endLine !== s.line ? `${s.line}-${s.endLine}` : `${s.line}`;
  const out: string[] = [`${style.cyan(s.type)} ${style.bold(s.qualifiedName ?? s.name)}  ${s.filePath}:${span}`];
  const facts = [
    s.module ? `module ${s.module}` : '', s.exported ? 'exported' : '',
    r.container ? `member of ${r.container.type} ${r.container.name}` : '', s.kind && s.kind !== String(s.type).toLowerCase() ? s.kind : '',
  ].filter(Boolean);
  if (facts.length) out.push(`  ${style.dim(facts.join(' · '))}`);
  if (s.signature) out.push(`  ${style.dim('signature')} ${String(s.signature).split('\n')[0]}`);
  if (s.doc) out.push(`  ${style.dim('doc')} ${String(s.doc).split('\n')[0]}`);
  if (s.contentStale) out.push(`  ${style.yellow('the file changed since it was indexed; the lines below may have moved')}`);

  const limit = o.items ?? 10;
  const counts: Obj | undefined = r.counts;
  const section = (label: string, items: Obj[] | undefined, total: number | undefined, outgoing: boolean) => {
    const all = items ?? [];
    const n = total ?? all.length;
    if (n === 0) return;
    out.push('', `${style.bold(label)} (${n.toLocaleString('en-US')})`);
    const { shown, rest } = head(all, limit);
    out.push(...table(shown.map((x) => relatedRow(x, o, outgoing)), '  '));
    const missing = rest + (n - all.length);
    if (missing > 0) out.push(moreLine(style, missing, '  ', '--json for all'));
  };
  for (const c of CATEGORIES) section(INCOMING[c], r.incoming?.[c], counts?.incoming?.[c], false);
  for (const c of CATEGORIES) section(OUTGOING[c], r.outgoing?.[c], counts?.outgoing?.[c], true);

  const members: Obj[] = r.members ?? [];
  const memberTotal = counts?.members ?? members.length;
  if (memberTotal > 0) {
    out.push('', `${style.bold('members')} (${memberTotal.toLocaleString('en-US')})`);
    const ranked = [...members].sort((a, b) => callerCount(b) - callerCount(a) || a.line - b.line);
    const { shown, rest } = head(ranked, limit);
    out.push(...table(shown.map((m) => [style.bold(m.name), style.cyan(m.type), `:${m.line}`, style.dim(plural(callerCount(m), 'caller'))]), '  '));
    const missing = rest + (memberTotal - members.length);
    if (missing > 0) out.push(moreLine(style, missing, '  ', '--json for all'));
  }
  const processes: Obj[] = r.processes ?? [];
  const processTotal = counts?.processes ?? processes.length;
  if (processTotal > 0) {
    out.push('', `${style.bold('execution flows')} (${processTotal.toLocaleString('en-US')})`);
    const { shown, rest } = head(processes, limit);
    out.push(...table(shown.map((p) => [p.name, style.dim(`step ${p.step}/${p.steps}${p.via ? ` via ${p.via}` : ''}`)]), '  '));
    const missing = rest + (processTotal - processes.length);
    if (missing > 0) out.push(moreLine(style, missing, '  ', '--json for all'));
  }
  const unresolved: Obj | undefined = r.unresolved;
  if (unresolved?.count > 0) {
    out.push('', `${style.bold('unresolved calls of its name')} (${Number(unresolved!.count).toLocaleString('en-US')}) — the index could not resolve them: they may also call it`);
    const sites: Obj[] = unresolved!.sites ?? [];
    const { shown, rest } = head(sites, limit);
    out.push(...table(shown.map((u) => [style.bold(u.name), loc(u.filePath, u.line), style.dim(`in ${String(u.from).split(':').slice(2).join(':') || u.from}`)]), '  '));
    const missing = rest + (unresolved!.count - sites.length);
    if (missing > 0) out.push(moreLine(style, missing, '  ', '--json for all'));
  }
  if (r.truncated) out.push('', style.yellow('the answer was cut to its size budget; --json shows how to read on'));
  if (typeof s.content === 'string') out.push('', style.dim('─'.repeat(Math.min(60, o.width ?? 60))), s.content);
  // The source text is printed whole (the user asked for it with --content); only the summary lines are cut.
  const body = lines(out.slice(0, typeof s.content === 'string' ? -1 : undefined), o.width);
  return typeof s.content === 'string' ? `${body}\n${s.content}` : body;
}

function callerCount(m: Obj): number {
  return typeof m.callerCount === 'number' ? m.callerCount : Array.isArray(m.callers) ? m.callers.length : 0;
}
