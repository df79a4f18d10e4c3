/** Readable rendering of `impact` results: risk first, then what depends on the target by depth. */
import { renderAmbiguous } from './context.ts';
import { riskColor } from './style.ts';
import { conf, head, lines, loc, moreLine, plural, table, type RenderOptions } from './text.ts';

type Obj = Record<string, any>;

const DEPTH_MEANING: Record<string, string> = { 1: 'will break', 2: 'likely affected', 3: 'may need testing' };

/** An `impact` result (or the candidates when the target was ambiguous). */
export function renderImpact(r: Obj, o: RenderOptions): string {
  if (r.status === 'ambiguous') return renderAmbiguous(r, o, 'impact');
  const { style } = o;
  const t: Obj = r.target ?? {};
  const upstream = r.direction !== 'downstream';
  const out: string[] = [
    `impact of ${style.cyan(t.type)} ${style.bold(t.name)}  ${loc(t.filePath, t.line)}  ${style.dim(`(${upstream ? 'upstream: what depends on it' : 'downstream: what it depends on'}, depth ≤ ${r.maxDepth})`)}`,
    `risk ${riskColor(style, String(r.risk))} — ${r.riskReason}`,
  ];
  const byDepthCounts: Obj = r.summary?.by_depth ?? {};
  const depths = Object.keys(byDepthCounts).map(Number).sort((a, b) => a - b);
  const parts = depths.map((d) => `${byDepthCounts[d]} at depth ${d}`);
  out.push(`${plural(r.impactedCount ?? 0, 'symbol')} ${upstream ? 'affected' : 'reached'}${parts.length ? ` (${parts.join(', ')})` : ''}; ${plural(r.summary?.processes_affected ?? 0, 'flow')}, ${plural(r.summary?.modules_affected ?? 0, 'module')}`);
  if (Array.isArray(r.targetMembers) && r.targetMembers.length) out.push(style.dim(`  counted from the target and its ${plural(r.targetMembers.length, 'member')}`));

  const limit = o.items ?? 10;
  for (const d of depths) {
    const listed: Obj[] = r.byDepth?.[d] ?? [];
    const total = byDepthCounts[d] ?? listed.length;
    out.push('', `${style.bold(`depth ${d}`)}${upstream && DEPTH_MEANING[d] ? ` — ${DEPTH_MEANING[d]}` : ''} (${total.toLocaleString('en-US')})`);
    const { shown, rest } = head(listed, limit);
    out.push(...table(shown.map((x) => [
      style.bold(x.name), style.cyan(x.type), loc(x.filePath, x.line),
      style.dim(`${x.relationType}${typeof x.confidence === 'number' && x.confidence < 1 ? ` ${conf(x.confidence)}` : ''}${x.via ? ` via ${viaName(x.via)}` : ''}`),
    ]), '  '));
    const missing = rest + (total - listed.length);
    if (missing > 0) out.push(moreLine(style, missing, '  ', '--json for all'));
  }
  const processes: Obj[] = r.affected_processes ?? [];
  const processTotal = r.summary?.processes_affected ?? processes.length;
  if (processTotal > 0) {
    out.push('', `${style.bold('execution flows')} (${processTotal})`);
    const { shown, rest } = head(processes, limit);
    // `step` is the flow's earliest step hit and `depth` its nearest hit: two facts, not always of one symbol
    const targetName = r.target?.name;
    const where = (p: Obj): string => (p.depth === 0 ? (p.symbol === targetName ? ' (the target)' : ', then the target') : ` · nearest at depth ${p.depth}`);
    out.push(...table(shown.map((p) => [p.name, style.dim(`step ${p.step}/${p.steps} ${p.symbol}${where(p)}`)]), '  '));
    const missing = rest + (processTotal - processes.length);
    if (missing > 0) out.push(moreLine(style, missing, '  ', '--json for all'));
  }
  const modules: Obj[] = r.affected_modules ?? [];
  if (modules.length > 0) {
    out.push('', `${style.bold('modules')} (${r.summary?.modules_affected ?? modules.length})`);
    const { shown, rest } = head(modules, limit);
    out.push(...table(shown.map((m) => [m.name, style.dim(`${m.impacted} affected, ${m.direct} direct`)]), '  '));
    if (rest) out.push(moreLine(style, rest, '  '));
  }
  const unresolved: Obj | undefined = r.unresolved;
  if (unresolved?.count > 0) {
    out.push('', `${style.bold('unresolved calls')} (${Number(unresolved!.count).toLocaleString('en-US')}) — ${upstream ? 'calls of its name the index could not resolve: they may also reach it' : 'calls it makes that the index could not resolve'}`);
    const sites: Obj[] = unresolved!.sites ?? [];
    const { shown, rest } = head(sites, limit);
    out.push(...table(shown.map((u) => [style.bold(u.name), loc(u.filePath, u.line), style.dim(`in ${viaName(u.from)}`)]), '  '));
    const missing = rest + (unresolved!.count - sites.length);
    if (missing > 0) out.push(moreLine(style, missing, '  ', '--json for all'));
  }
  if ((r.impactedCount ?? 0) === 0) out.push('', style.green(upstream ? 'nothing in the index depends on it (tests excluded unless --include-tests)' : 'it depends on nothing in the index'));
  if (r.truncated) out.push('', style.yellow('the listing was cut to its size budget; counts above cover everything (--json shows how to read on)'));
  return lines(out, o.width);
}

/** The readable tail of a uid (`Method:src/a.ts:A.b` → `A.b`). */
export function viaName(uid: string): string {
  const parts = uid.split(':');
  return parts.length >= 3 ? parts.slice(2).join(':').replace(/#\d+$/, '') : uid;
}
