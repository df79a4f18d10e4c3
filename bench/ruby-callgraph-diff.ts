/**
 * Ruby's call graph against what runs: a dynamic oracle (bench/ruby-oracle/trace.rb, Debian's `ruby` 3.1) records
 * every call from a corpus line to a corpus method while a driver exercises the corpus (bench/ruby-oracle/<name>.rb
 * over real inputs), and the lines that ran. Our CALLS at the same lines are compared with it, as pairs (call line,
 * callee definition line):
 * - precision: of our pairs at lines that ran, those the oracle saw (a line that ran may hold a call that did not:
 *   `x if c`, so precision is a lower bound);
 * - recall: of the oracle's pairs, those we have (a dynamic oracle sees only what the driver runs).
 * `Foo.new` of a class that inherits its `initialize` is an edge to the class, and the class has its own edge to the
 * inherited `initialize` (no call site): the pair counted is (the `.new` line, that `initialize`). Other targets that
 * are classes (`Foo.new` of a class without a project `initialize`) run no project method and are left out, as are
 * Struct members (C methods without a source location: the oracle cannot see them); an alias is its
 * original method.
 *
 *   node --import tsx bench/ruby-callgraph-diff.ts <corpus>|--all [--show N]
 *
 * Corpora: bench/ruby-corpora.ts (kramdown: tune; rouge: held out).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileFacts, Pos } from '../lib/extract/facts.ts';
import type { RelationSink } from '../lib/extract/relations.ts';
import { extractFile } from '../lib/lang/index.ts';
import { rubyRules } from '../lib/lang/ruby/rules.ts';
import { RUBY_CORPORA, rubyCorpus } from './ruby-corpora.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(here, '..');

/** The driver's arguments per corpus (inputs it reads). */
function driverArgs(name: string, root: string): string[] {
  if (name === 'kramdown') return [path.join(REPO, 'docs/*.md'), path.join(REPO, 'README.md')];
  if (name === 'rouge') return [path.join(root, 'data')];
  return [];
}

/** Runs the oracle (cached beside the corpus): its call pairs and the lines that ran. */
export function oracle(name: string, root: string): { calls: Set<string>; lines: Set<string> } {
  const out = path.join(root, '..', 'oracle.tsv');
  if (!existsSync(out)) {
    execFileSync('ruby', [path.join(here, 'ruby-oracle', 'trace.rb'), root, out, path.join(here, 'ruby-oracle', `${name}.rb`), ...driverArgs(name, root)], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const calls = new Set<string>(), lines = new Set<string>();
  for (const l of readFileSync(out, 'utf8').split('\n')) {
    const p = l.split('\t');
    if (p[0] === 'C') calls.add(`${p[1]}:${p[2]} ${p[3]}:${p[4]}`);
    else if (p[0] === 'L') lines.add(`${p[1]}:${p[2]}`);
  }
  return { calls, lines };
}

/** Our call pairs (`file:line calleeFile:calleeLine`) over a corpus' lib/ files, from Ruby's resolver. */
export function ours(root: string): { calls: Set<string>; firm: Set<string>; sites: number; resolved: number; external: number; unresolved: number } {
  const paths: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(rel); else if (rel.endsWith('.rb')) paths.push(rel);
    }
  };
  walk('lib');
  paths.sort();
  const files: FileFacts[] = paths.map((p) => extractFile(p, readFileSync(path.join(root, p), 'utf8'), 'ruby'));
  const settings = rubyRules.loadConfig(paths, (p) => { try { return readFileSync(path.join(root, p), 'utf8'); } catch { return undefined; } });
  // node positions: file f is f * 2^20; symbol s of file f is f * 2^20 + s + 1
  const K = 2 ** 20;
  const calls = new Set<string>(), firm = new Set<string>();
  const counts = { resolved: 0, external: 0, unresolved: 0 };
  // a class's edges to the `initialize` it inherits, and the constructions of classes (line, class, confidence)
  const inherited = new Map<number, number[]>();
  const constructions: Array<{ sf: number; line: number; target: number; confidence: number }> = [];
  const add = (sf: number, line: number, tf: number, ts: number, confidence: number): void => {
    const sym = files[tf].symbols[ts];
    if (sym.kind === 'alias') return; // its original method is a target of the same call too
    // Struct's and Data's members are C methods with no source location: the oracle cannot see them run
    const owner = sym.parent >= 0 ? files[tf].symbols[sym.parent] : undefined;
    if (owner && (owner.kind === 'struct' || owner.kind === 'data') && sym.label === 'Property') return;
    const key = `${files[sf].path}:${line} ${files[tf].path}:${sym.line}`;
    calls.add(key);
    if (confidence >= 0.5) firm.add(key);
  };
  const sink: RelationSink = {
    files,
    filePos: (f) => f * K,
    symbolPos: (f, s) => f * K + s + 1,
    edge: (source, target, type, confidence, reason, line) => {
      if (type !== 'CALLS' || line === undefined) return;
      const sf = Math.floor(source / K), tf = Math.floor(target / K), ts = (target % K) - 1;
      if (ts < 0) return;
      const ss = (source % K) - 1;
      if (reason === 'super-member' && ss >= 0 && files[sf].symbols[ss].label === 'Class') { const l = inherited.get(source); if (l) l.push(target); else inherited.set(source, [target]); return; }
      if (files[tf].symbols[ts].label === 'Class') { constructions.push({ sf, line, target, confidence }); return; }
      add(sf, line, tf, ts, confidence);
    },
    refEdge: () => {}, occurrence: (_tf: number, _ts: number, _f: number, _at: Pos) => {}, callbackEdge: () => {}, markEntry: () => {},
    countCall: (_f, outcome) => { counts[outcome]++; },
  };
  const resolver = rubyRules.relations!(sink, files.map((_, i) => i), settings);
  for (let f = 0; f < files.length; f++) resolver.relations(f);
  for (const c of constructions) for (const t of inherited.get(c.target) ?? []) add(c.sf, c.line, Math.floor(t / K), (t % K) - 1, c.confidence);
  return { calls, firm, sites: counts.resolved + counts.external + counts.unresolved, ...counts };
}

/** Precision and recall of one corpus. */
export interface Figures { ours: number; tp: number; precision: number; recall: number; misses: string[]; extras: string[] }

/** Precision and recall of one corpus: of every CALLS edge, and of the firm ones (confidence ≥ 0.5: no name-only guess). */
export function measure(name: string): { name: string; half: string; oracle: number; all: Figures; firm: Figures; sites: number; unresolved: number } {
  const { root, corpus } = rubyCorpus(name);
  const o = oracle(name, root);
  const u = ours(root);
  const figures = (set: Set<string>): Figures => {
    const mine = [...set].filter((k) => o.lines.has(k.split(' ')[0]));
    const tp = mine.filter((k) => o.calls.has(k)).length;
    return {
      ours: mine.length, tp, precision: mine.length ? tp / mine.length : 1, recall: o.calls.size ? tp / o.calls.size : 1,
      misses: [...o.calls].filter((k) => !set.has(k)).sort(), extras: mine.filter((k) => !o.calls.has(k)).sort(),
    };
  };
  return { name, half: corpus.half, oracle: o.calls.size, all: figures(u.calls), firm: figures(u.firm), sites: u.sites, unresolved: u.unresolved };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const show = args.includes('--show') ? Number(args[args.indexOf('--show') + 1]) : 0;
  const names = args.includes('--all') ? Object.keys(RUBY_CORPORA) : args.filter((a) => !a.startsWith('--') && !/^\d+$/.test(a));
  for (const name of names) {
    const m = measure(name);
    const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
    console.log(`${m.name} (${m.half}): oracle pairs ${m.oracle}; call sites ${m.sites}, unresolved ${m.unresolved}`);
    for (const [label, f] of [['all edges', m.all], ['firm edges (no name-only)', m.firm]] as const) {
      console.log(`  ${label}: ours at lines that ran ${f.ours}, agreed ${f.tp}: precision ${pct(f.precision)}, recall ${pct(f.recall)}`);
    }
    if (show) {
      console.log('  missed:'); for (const x of m.all.misses.slice(0, show)) console.log(`    ${x}`);
      console.log('  extra:'); for (const x of m.all.extras.slice(0, show)) console.log(`    ${x}`);
    }
  }
}
