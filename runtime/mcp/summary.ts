/**
 * One readable line per tool result, shown to an agent before the JSON. It reads only fields DESIGN.md §5
 * fixes and falls back to a neutral line when a shape is not the expected one, so it never throws.
 */
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A one-line (sometimes a few lines) summary of a tool's result. */
export function summarize(tool: string, result: unknown): string {
  try {
    if (!isObj(result)) return `${tool}: result below`;
    switch (tool) {
      case 'query': return summarizeQuery(result);
      case 'context': return summarizeContext(result);
      case 'impact': return summarizeImpact(result);
      case 'detect_changes': return summarizeChanges(result);
      case 'rename': return summarizeRename(result);
      case 'cypher': return summarizeCypher(result);
      case 'list_repos': return summarizeRepos(result);
      default: return `${tool}: result below`;
    }
  } catch {
    return `${tool}: result below`;
  }
}

function summarizeQuery(r: Obj): string {
  const processes = arr(r.processes).filter(isObj);
  const symbols = arr(r.process_symbols).length;
  const defs = arr(r.definitions).length;
  const names = processes.slice(0, 5).map((p) => `${str(p.name) ?? str(p.summary) ?? '?'}${num(p.relevance) !== undefined ? ` (${num(p.relevance)!.toFixed(2)})` : ''}`);
  return `query: ${processes.length} processes, ${symbols} symbols${defs ? `, ${defs} standalone definitions` : ''}${names.length ? ` — ${names.join('; ')}` : ''}`;
}

function summarizeContext(r: Obj): string {
  if (r.status === 'ambiguous') {
    const first = arr(r.candidates).filter(isObj).slice(0, 3).map((c) => `${str(c.qualifiedName) ?? str(c.name) ?? '?'} (${str(c.filePath) ?? '?'}:${num(c.line) ?? '?'})`);
    return `context: ambiguous — ${arr(r.candidates).length} symbols match; call again with 'uid' set to one candidate's uid${first.length ? `: ${first.join(', ')}${arr(r.candidates).length > 3 ? ', …' : ''}` : ''}`;
  }
  const s = isObj(r.symbol) ? r.symbol : {};
  const count = (side: unknown) => (isObj(side) ? Object.values(side).reduce<number>((n, v) => n + (typeof v === 'number' ? v : arr(v).length), 0) : 0);
  const counts = isObj(r.counts) ? r.counts : undefined;
  const where = str(s.filePath) ? ` at ${str(s.filePath)}${num(s.line) !== undefined ? `:${num(s.line)}` : ''}` : '';
  const flows = counts && typeof counts.processes === 'number' ? counts.processes : arr(r.processes).length;
  const cut = r.truncated === true ? ' (lists cut to the size budget; `more` says how to read on)' : '';
  return `context: ${str(s.type) ?? 'symbol'} ${str(s.name) ?? '?'}${where} — ${count(counts?.incoming ?? r.incoming)} incoming, ${count(counts?.outgoing ?? r.outgoing)} outgoing, in ${flows} processes${cut}`;
}

function summarizeImpact(r: Obj): string {
  if (r.status === 'ambiguous') {
    const first = arr(r.candidates).filter(isObj).slice(0, 3).map((c) => `${str(c.qualifiedName) ?? str(c.name) ?? '?'} (${str(c.filePath) ?? '?'}:${num(c.line) ?? '?'})`);
    return `impact: not run — ${arr(r.candidates).length} symbols match; call again with 'target_uid' set to one candidate's uid${first.length ? `: ${first.join(', ')}${arr(r.candidates).length > 3 ? ', …' : ''}` : ''}`;
  }
  const target = isObj(r.target) ? str(r.target.name) ?? str(r.target.uid) : str(r.target);
  const unresolved = isObj(r.unresolved) ? num(r.unresolved.count) ?? 0 : 0;
  const note = unresolved ? `; ${unresolved} unresolved call${unresolved === 1 ? '' : 's'} ${str(r.direction) === 'downstream' ? 'inside it' : 'of its name may also reach it'}` : '';
  return `impact: ${target ?? '?'} (${str(r.direction) ?? 'upstream'}) — ${num(r.impactedCount) ?? 0} symbols affected, risk ${str(r.risk) ?? '?'}${note}`;
}

function summarizeChanges(r: Obj): string {
  const s = isObj(r.summary) ? r.summary : {};
  return `detect_changes: ${num(s.changed_files) ?? 0} files, ${num(s.changed_count) ?? arr(r.changed_symbols).length} changed symbols, ${arr(r.affected_processes).length} affected processes, risk ${str(s.risk_level) ?? '?'}`;
}

function summarizeRename(r: Obj): string {
  const s = isObj(r.summary) ? r.summary : {};
  const cut = r.truncated === true ? '; the listing is cut to the size budget, read on with offset' : '';
  return `rename: ${r.applied === true ? 'applied' : 'preview, nothing written'} — ${num(s.totalEdits) ?? 0} edits in ${num(s.filesAffected) ?? 0} files — ${num(s.graphEdits) ?? 0} graph, ${num(s.textSearchEdits) ?? 0} text_search (review these)${cut}`;
}

function summarizeCypher(r: Obj): string {
  const cols = arr(r.columns).map(String);
  // Warnings say the rows may not be what was meant (a key no node has, a capped path): the line an agent reads first.
  const warnings = arr(r.warnings).map(String);
  return `cypher: ${num(r.row_count) ?? arr(r.rows).length} rows${r.truncated === true ? ' (truncated)' : ''}${cols.length ? `; columns: ${cols.join(', ')}` : ''}${warnings.length ? `\nwarning: ${warnings.join('\nwarning: ')}` : ''}`;
}

function summarizeRepos(r: Obj): string {
  const repos = arr(r.repos).filter(isObj);
  return `list_repos: ${repos.length} repositories${repos.length ? ` — ${repos.map((x) => str(x.name)).join(', ')}` : ''}`;
}
