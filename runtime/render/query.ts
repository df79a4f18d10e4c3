/** Readable rendering of `query` results: ranked flows with their steps, then loose definitions. */
import { conf, head, lines, loc, moreLine, plural, table, type RenderOptions } from './text.ts';

type Obj = Record<string, any>;

/** A `query` result. */
export function renderQuery(r: Obj, o: RenderOptions, text?: string): string {
  const { style } = o;
  const processes: Obj[] = r.processes ?? [];
  const symbols: Obj[] = r.process_symbols ?? [];
  const definitions: Obj[] = r.definitions ?? [];
  const out: string[] = [];
  for (const w of r.warnings ?? []) out.push(style.yellow(`note: ${w}`));
  if (typeof r.message === 'string') out.push(r.message);
  if (processes.length === 0 && definitions.length === 0) {
    if (typeof r.message !== 'string') out.push(`nothing matched${text ? ` '${text}'` : ''}; try other words, a symbol name, or --goal / --context to say what you are after`);
    return lines(out, o.width);
  }
  if (processes.length) out.push(`${style.bold(plural(processes.length, 'execution flow'))}${text ? ` for '${text}'` : ''}, best first:`);
  processes.forEach((p, i) => {
    out.push('', `${style.bold(`${i + 1}. ${p.name}`)}  ${style.dim(`${p.steps} steps${p.module ? ` · module ${p.module}` : ''} · relevance ${conf(p.relevance)}`)}`);
    // by uid: two results can share a name (a getter and its setter, each in no flow)
    const mine = symbols.filter((s) => (s.process_uid !== undefined && p.uid !== undefined ? s.process_uid === p.uid : s.process === p.name));
    out.push(...table(mine.map((s) => [
      style.dim(String(s.step).padStart(2)), s.matched ? style.bold(s.name) : s.name, style.cyan(s.type), loc(s.filePath, s.line),
      s.matched ? style.green('● match') : '',
    ]), '   '));
    const missing = (p.symbol_count ?? mine.length) < p.steps ? p.steps - (p.symbol_count ?? mine.length) : 0;
    if (missing > 0) out.push(moreLine(style, missing, '   ', '--max-symbols N shows more steps'));
  });
  if (definitions.length) {
    out.push('', `${style.bold('definitions')} ${style.dim('(matches in no flow)')}`);
    const { shown, rest } = head(definitions, o.items ?? 10);
    out.push(...table(shown.map((d) => [style.bold(d.name), style.cyan(d.type), loc(d.filePath, d.line), style.dim(`relevance ${conf(d.relevance)}`)]), '  '));
    if (rest) out.push(moreLine(style, rest, '  '));
  }
  const withContent = symbols.filter((s) => typeof s.content === 'string').concat(definitions.filter((d) => typeof d.content === 'string'));
  const body = lines(out, o.width);
  if (!withContent.length) return body;
  const sources = withContent.map((s) => `${style.dim(`── ${s.name}  ${loc(s.filePath, s.line)}`)}\n${s.content}`);
  return `${body}\n\n${sources.join('\n\n')}`;
}
