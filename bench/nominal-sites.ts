/**
 * Shared by the call-graph differentials of nominal languages (bench/go-callgraph-diff.ts,
 * bench/java-callgraph-diff.ts): index a folder as analyze does (every file the registry takes, the project's
 * settings read from all its files), and score our call occurrences against an oracle's call sites.
 *
 * A site is a call's called name (file, line, column). The oracle says, per site, which project declaration the
 * call runs (by the position of the declaration's name), or that it calls something else (a library, a builtin, a
 * function value). Ours is the reference index's `call` occurrence at the site (`type` for a constructor: the class
 * written there, counted right when the oracle's constructor is that class's), its target mapped to the
 * declaration's name position. Precision: our call occurrences at sites
 * the oracle knows whose target is the oracle's, over all our call occurrences there; recall: the oracle's project
 * calls we give the same target, over all of them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FileFacts } from '../lib/extract/facts.ts';
import { extractFile, languageOf, loadProjectConfig } from '../lib/lang/index.ts';
import { resolveProject, type ResolveResult } from '../lib/resolve/index.ts';

/** Indexes every file of a folder a language takes (skipping hidden folders and `skip` names); `facts` are each file's, in path order. */
export function indexFolder(root: string, skip: ReadonlySet<string> = new Set()): { result: ResolveResult; facts: FileFacts[]; files: number; lines: number } {
  const all: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) { if (!e.name.startsWith('.') && !skip.has(e.name)) walk(rel); } else all.push(rel);
    }
  };
  walk('');
  all.sort();
  const texts = new Map<string, string>();
  const read = (rel: string): string | undefined => {
    if (!texts.has(rel)) { try { texts.set(rel, readFileSync(path.join(root, rel), 'utf8')); } catch { return undefined; } }
    return texts.get(rel);
  };
  const facts: FileFacts[] = [];
  let lines = 0;
  for (const rel of all) {
    if (!languageOf(rel)) continue;
    const text = read(rel)!;
    const f = extractFile(rel, text, languageOf(rel, text)!);
    lines += f.lines;
    facts.push(f);
  }
  return { result: resolveProject(facts, loadProjectConfig(all, read)), facts, files: facts.length, lines };
}

/** One oracle call site: where the called name is, and its project callee's declaration name (undefined: not a project callee). */
export interface OracleSite { file: string; line: number; col: number; name?: string; callee?: { file: string; line: number; col: number }; kind: string }

export interface SiteScore {
  oracleProject: number;
  ours: number;
  tp: number;
  /** Our occurrences whose target differs from the oracle's, or where the oracle calls no project symbol. */
  wrong: Array<{ site: string; ours: string; oracle: string }>;
  /** Oracle project calls we gave no target. */
  missed: Array<{ site: string; oracle: string }>;
  precision: number;
  recall: number;
}

/** The `file:Owner` part of a member's uid (`Method:a.java:A.B.B#2` → `a.java:A.B`). */
function ownerOf(uid: string): string {
  const rest = uid.slice(uid.indexOf(':') + 1).replace(/#\d+$/, '');
  return rest.slice(0, rest.lastIndexOf('.'));
}

/** Scores our call occurrences against the oracle's sites, in the files `inScope` accepts. */
export function scoreSites(result: ResolveResult, sites: readonly OracleSite[], inScope: (file: string) => boolean): SiteScore {
  // declarations by the position of their name
  const declAt = new Map<string, string>();
  for (const r of result.refs.all) if (r.kind === 'definition') declAt.set(`${r.filePath}:${r.line}:${r.column}`, r.target);
  // `this(…)` and `super(…)` name no symbol (the reference index keeps names): their CALLS edges by file and line
  const edgeAt = new Set<string>();
  result.graph.forEachEdge((_k, e, source, target) => { if (e.type === 'CALLS' && e.line !== undefined) edgeAt.add(`${source.split(':')[1]}:${e.line}:${target}`); });
  const oursAt = new Map<string, string>();
  for (const r of result.refs.all) {
    if (!inScope(r.filePath) || (r.kind !== 'call' && r.kind !== 'type')) continue;
    oursAt.set(`${r.filePath}:${r.line}:${r.column}`, r.target);
  }
  const score: SiteScore = { oracleProject: 0, ours: 0, tp: 0, wrong: [], missed: [], precision: 0, recall: 0 };
  for (const s of sites) {
    if (!inScope(s.file)) continue;
    const key = `${s.file}:${s.line}:${s.col}`;
    const want = s.callee ? declAt.get(`${s.callee.file}:${s.callee.line}:${s.callee.col}`) ?? `?${s.callee.file}:${s.callee.line}:${s.callee.col}` : undefined;
    let got = oursAt.get(key);
    if ((s.name === 'this' || s.name === 'super') && want && edgeAt.has(`${s.file}:${s.line}:${want}`)) got = want;
    // a constructor call: ours names the class written there (`new Foo()`); the oracle, the constructor it runs
    if (s.kind === 'ctor' && want && got !== undefined && want.startsWith('Method:') && got.slice(got.indexOf(':') + 1) === ownerOf(want)) got = want;
    if (want) score.oracleProject++;
    if (got !== undefined && (want || s.kind !== 'conversion')) {
      score.ours++;
      if (got === want) score.tp++;
      else score.wrong.push({ site: key, ours: got, oracle: want ?? s.kind });
    }
    if (want && got !== want) score.missed.push({ site: key, oracle: want });
  }
  score.precision = score.ours ? score.tp / score.ours : 1;
  score.recall = score.oracleProject ? score.tp / score.oracleProject : 1;
  return score;
}

/**
 * The command line of a site differential: `[--corpus NAME]... [--misses N] [--json]`. Scores each named corpus
 * (all of `corpora` by default) with `diff` and prints `headline` (or, with --json, the score with the
 * disagreements counted), then the first N disagreements of each kind.
 */
export function runSiteDiffCli<D extends SiteScore>(argv: readonly string[], corpora: readonly string[], diff: (name: string) => D, headline: (name: string, d: D) => string): void {
  const names: string[] = [];
  let misses = 0;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--corpus') names.push(argv[++i]);
    else if (argv[i] === '--misses') misses = Number(argv[++i]);
    else if (argv[i] === '--json') json = true;
  }
  for (const name of names.length ? names : corpora) {
    const d = diff(name);
    if (json) { console.log(JSON.stringify({ ...d, wrong: d.wrong.length, missed: d.missed.length })); continue; }
    console.log(headline(name, d));
    for (const w of d.wrong.slice(0, misses)) console.log(`  wrong  ${w.site}  ours ${w.ours}  oracle ${w.oracle}`);
    for (const m of d.missed.slice(0, misses)) console.log(`  missed ${m.site}  oracle ${m.oracle}`);
  }
}
