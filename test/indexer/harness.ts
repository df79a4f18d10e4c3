/**
 * Fixture repositories that carry their expected resolutions inline (in the manner of tree-sitter's tag tests
 * and SCIP snapshots). A comment line under a code line states what the indexer must find there:
 *
 *   helper(1);
 *   // ^ call Function:src/util.ts:helper        reference at the caret's column: kind and target uid
 *   // ^ value Property:a.ts:A.k Property:a.ts:B.k  several targets (a union's members): each must be there
 *   // ^ none                                     no reference at all at that column
 *   // <- call Function:src/util.ts:helper       the column where the comment starts (for line starts)
 *   // @edge CALLS Function:src/a.ts:f -> Method:src/b.ts:B.m reason=typed-receiver
 *   // @no-edge CALLS File:src/a.ts -> Function:src/c.ts:g
 *   // @node Function:src/a.ts:f exported=true kind=arrow_function line=3
 *   // @unresolved 2                              unresolved call sites in this file
 *   // @sites 1                                   of those, the sites kept by the name they call (unresolved.json)
 *
 * The carets at one column name every target of their kind there: a reference of that kind to a target none of
 * them names fails the fixture, so an extra edge cannot hide behind an assertion that holds.
 * `^` columns count UTF-16 code units like the reference index; the code line is the nearest line above that
 * is not an assertion. Each file writes them in its language's line comment (`#` in Python: `# ^ call …`).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { graphData, nodeOf } from '../../lib/graph/code-graph.ts';
import { outEdgesOf } from '../helpers/graph.ts';
import { resolveProject, type ResolveResult } from '../../lib/resolve/index.ts';
import { extractFile, language, languageOf, loadDependencyTypes, loadProjectConfig } from '../../lib/lang/index.ts';

export interface Assertion { file: string; line: number; text: string; check: (r: ResolveResult) => string | undefined }

/** Reads every file of a fixture folder (relative '/'-separated paths). */
export function readFixture(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string): void => {
    for (const name of readdirSync(path.join(dir, rel)).sort()) {
      const r = rel ? `${rel}/${name}` : name;
      if (statSync(path.join(dir, r)).isDirectory()) walk(r); else out.set(r, readFileSync(path.join(dir, r), 'utf8'));
    }
  };
  walk('');
  return out;
}

/** Indexes a fixture folder the way analyze does (extract every file, load the config, resolve). */
/** (`readDependency`: how installed dependencies' files are read; the fixture's files by default) */
export function indexFixture(files: Map<string, string>, readDependency: (rel: string) => string | undefined = (rel) => files.get(rel)): ResolveResult {
  const facts = [];
  // (installed dependencies are not the project's files, as the walk skips them: their declarations are read for types)
  const project = [...files.keys()].filter((p) => !isDependency(p));
  for (const p of project) {
    const lang = languageOf(p, files.get(p)!);
    if (lang) facts.push(extractFile(p, files.get(p)!, lang));
  }
  const read = (rel: string): string | undefined => files.get(rel);
  const config = loadDependencyTypes(loadProjectConfig(project, read), facts, readDependency);
  return resolveProject(facts, config);
}

/** A path inside an installed dependency (`node_modules/…`). */
export function isDependency(p: string): boolean {
  return p.startsWith('node_modules/') || p.includes('/node_modules/');
}

/** The assertion patterns for a language's line comment (`//`, `#`). */
function patternsFor(comment: string): { caret: RegExp; arrow: RegExp; edge: RegExp; node: RegExp; unresolved: RegExp; sites: RegExp; any: RegExp } {
  const c = comment.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const PROPS = '((?:\\s+\\w+=(?:"[^"]*"|\\S+))*)';
  return {
    caret: new RegExp(`^(\\s*${c}\\s*)(\\^)\\s+(\\w+)((?:\\s+\\S+)*)\\s*$`),
    arrow: new RegExp(`^(\\s*)${c}\\s*<-\\s+(\\w+)((?:\\s+\\S+)*)\\s*$`),
    edge: new RegExp(`^\\s*${c}\\s*@(edge|no-edge)\\s+(\\w+)\\s+(\\S+)\\s*->\\s*(\\S+)${PROPS}\\s*$`),
    node: new RegExp(`^\\s*${c}\\s*@node\\s+(\\S+)${PROPS}\\s*$`),
    unresolved: new RegExp(`^\\s*${c}\\s*@unresolved\\s+(\\d+)\\s*$`),
    sites: new RegExp(`^\\s*${c}\\s*@sites\\s+(\\d+)\\s*$`),
    any: new RegExp(`^\\s*${c}\\s*(@(edge|no-edge|node|unresolved|sites)\\b|\\^|<-)`),
  };
}

/** Every inline assertion of a fixture. */
export function assertionsOf(files: Map<string, string>): Assertion[] {
  const out: Assertion[] = [];
  // the targets the carets name at one column and kind: any other reference of that kind there is an extra
  const named = new Map<string, { file: string; line: number; column: number; kind: string; at: number; text: string; targets: Set<string> }>();
  for (const [file, text] of files) {
    const lang = languageOf(file, text);
    if (!lang || isDependency(file)) continue;
    const { caret: CARET, arrow: ARROW, edge: EDGE, node: NODE, unresolved: UNRESOLVED, sites: SITES, any: ANY } = patternsFor(language(lang).comments.line[0]);
    const lines = text.split('\n');
    let codeLine = 0;
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i];
      const n = i + 1;
      const arrow = ARROW.exec(l);
      const caret = CARET.exec(l) ?? (arrow ? [l, arrow[1], '<-', arrow[2], arrow[3]] as unknown as RegExpExecArray : null);
      const edge = EDGE.exec(l);
      const node = NODE.exec(l);
      const unresolved = UNRESOLVED.exec(l);
      const sites = SITES.exec(l);
      if (caret) {
        const column = caret[1].length + 1;
        const kind = caret[3];
        const targets = (caret[4] ?? '').split(/\s+/).filter(Boolean);
        const line = codeLine;
        out.push({ file, line: n, text: l.trim(), check: (r) => checkRef(r, file, line, column, kind, targets) });
        if (targets.length > 0 && kind !== 'none') {
          const key = `${file}\0${line}\0${column}\0${kind}`;
          const group = named.get(key) ?? { file, line, column, kind, at: n, text: l.trim(), targets: new Set<string>() };
          for (const t of targets) group.targets.add(t);
          named.set(key, group);
        }
      } else if (edge) {
        const props = parseProps(edge[5]);
        out.push({ file, line: n, text: l.trim(), check: (r) => checkEdge(r, edge[1] === 'edge', edge[2], edge[3], edge[4], props) });
      } else if (node) {
        const props = parseProps(node[2]);
        out.push({ file, line: n, text: l.trim(), check: (r) => checkNode(r, node[1], props) });
      } else if (unresolved) {
        const want = Number(unresolved[1]);
        out.push({ file, line: n, text: l.trim(), check: (r) => ((r.unresolvedCalls.byFile[file] ?? 0) === want ? undefined : `unresolved calls in ${file}: ${r.unresolvedCalls.byFile[file] ?? 0}, expected ${want}`) });
      } else if (sites) {
        const want = Number(sites[1]);
        out.push({ file, line: n, text: l.trim(), check: (r) => {
          const kept = r.unresolvedSites.all.filter((x) => x.filePath === file);
          return kept.length === want ? undefined : `unresolved sites kept in ${file}: ${kept.length} (${kept.map((x) => `${x.name}:${x.line}`).join(', ')}), expected ${want}`;
        } });
      } else if (ANY.test(l)) {
        out.push({ file, line: n, text: l.trim(), check: () => 'malformed assertion' });
      } else codeLine = n;
    }
  }
  for (const g of named.values()) out.push({ file: g.file, line: g.at, text: g.text, check: (r) => checkNoExtra(r, g.file, g.line, g.column, g.kind, g.targets) });
  return out;
}

function parseProps(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of s.matchAll(/(\w+)=("[^"]*"|\S+)/g)) out[m[1]] = m[2].startsWith('"') ? m[2].slice(1, -1) : m[2];
  return out;
}

function checkRef(r: ResolveResult, file: string, line: number, column: number, kind: string, targets: string[]): string | undefined {
  const here = r.refs.byFile(file).filter((x) => x.line === line && x.column === column);
  const desc = here.map((x) => `${x.kind} ${x.target}`).join(', ') || 'nothing';
  if (kind === 'none') return targets.length === 0 && here.length === 0 ? undefined : `expected no reference at ${file}:${line}:${column}, found ${desc}`;
  if (targets.length === 0) return `assertion needs a target uid`;
  const missing = targets.filter((t) => !here.some((x) => x.kind === kind && x.target === t));
  return missing.length === 0 ? undefined : `expected ${kind} → ${missing.join(', ')} at ${file}:${line}:${column}, found ${desc}`;
}

/** Fails when the column holds a reference of the kind its carets name to a target none of them names. */
function checkNoExtra(r: ResolveResult, file: string, line: number, column: number, kind: string, targets: Set<string>): string | undefined {
  const extra = r.refs.byFile(file).filter((x) => x.line === line && x.column === column && x.kind === kind && !targets.has(x.target));
  return extra.length === 0 ? undefined : `unexpected ${kind} → ${extra.map((x) => x.target).join(', ')} at ${file}:${line}:${column} (name every target at this column, one caret line each)`;
}

function checkEdge(r: ResolveResult, want: boolean, type: string, source: string, target: string, props: Record<string, string>): string | undefined {
  const e = outEdgesOf(r.graph, source).find((x) => x.type === type && x.target === target);
  if (!want) {
    // an absent edge between nodes that do not exist proves nothing: a misspelt uid would pass for ever
    if (!r.graph.hasNode(source) || !r.graph.hasNode(target)) return `@no-edge names a node the graph lacks: ${r.graph.hasNode(source) ? target : source}`;
    return e ? `unexpected ${type} ${source} → ${target} (${e.reason} ${e.confidence})` : undefined;
  }
  if (!e) {
    const others = outEdgesOf(r.graph, source).filter((x) => x.type === type).map((x) => x.target).join(', ') || 'none';
    return `missing ${type} ${source} → ${target}; ${source} has ${type} to: ${others}${r.graph.hasNode(source) ? '' : ' (no such source node)'}${r.graph.hasNode(target) ? '' : ' (no such target node)'}`;
  }
  for (const [k, v] of Object.entries(props)) {
    if (String(e[k]) !== v) return `${type} ${source} → ${target}: ${k} is ${String(e[k])}, expected ${v}`;
  }
  return undefined;
}

function checkNode(r: ResolveResult, uid: string, props: Record<string, string>): string | undefined {
  const n = nodeOf(r.graph, uid);
  if (!n) {
    const file = uid.split(':')[1];
    const there = graphData(r.graph).nodes.filter((x) => x.filePath === file).map((x) => x.uid).join(', ');
    return `no node ${uid}; nodes of ${file}: ${there}`;
  }
  for (const [k, v] of Object.entries(props)) {
    if (String(n[k]) !== v) return `${uid}: ${k} is ${String(n[k])}, expected ${v}`;
  }
  return undefined;
}
