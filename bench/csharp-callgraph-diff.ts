/**
 * C#'s call graph against a C# compiler: a pinned code base of the C# 7 era that needs only the BCL, compiled by
 * Mono's mcs with debug symbols, each call instruction's callee (call, callvirt, newobj) read with its sequence
 * point by a small Mono.Cecil program (bench/csharp-oracle/CallSites.cs), and compared with the call occurrence
 * codegraph records at the called name.
 *
 *   node --import tsx bench/csharp-callgraph-diff.ts <corpus> <checkout> [--compile] [--misses N]
 *
 * The universe is the call sites codegraph's extractor finds in the compiled project's files (call syntax, `new T(…)`
 * and `: this(…)`/`: base(…)`). mcs writes one sequence point per statement, so a site's instructions are those of
 * the nearest sequence point at or above its line in the same file; its truth is the callees of its name there (a
 * constructor by its type's name, `this`/`base` by a constructor call): the project method, or nothing of the
 * project. Sites whose instructions of that name name different callees are left out (several calls of one name in
 * a statement), as are sites on no compiled line (`#if` branches the build leaves out) and callees the compiler
 * made (lambdas' bodies). IL names a virtual method as first declared (`callvirt Base::M`) where the source's
 * receiver type may declare an override: an override of the callee counts right too. A constructor call counts
 * right naming the class or the constructor.
 *
 * Verdicts as in bench/hand-sample.ts: right, wrong (ours names another project symbol), extra (ours names one, the
 * compiler calls none of the project), missed, none. Precision: right over ours; recall: right over project calls.
 *
 * Re-create (Debian's mono-mcs and libmono-cecil-cil-dev; a corpus of CORPORA at its commit):
 *   git clone https://github.com/JoshClose/CsvHelper && git -C CsvHelper checkout <commit>
 *   node --import tsx bench/csharp-callgraph-diff.ts csvhelper CsvHelper --compile
 * (`--compile` compiles the corpus's project folder with mcs into <checkout>.oracle/ and reads its calls there
 * first, when that folder holds none yet.) A fixture's src/ folder, C# 7 code only:
 *   node --import tsx bench/csharp-callgraph-diff.ts fixture test/fixtures/csharp/constructors --compile
 *
 * The constructors the compiler made (a class declaring no instance constructor) have no sequence point, so no site
 * says what their `base()` runs: CallSites lists it for every constructor, and those the compiler made are graded
 * apart, against the class's own super-member CALLS edges (the nearest written constructor down their chain).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { posColumn, posLine } from '../lib/extract/facts.ts';
import { indexFolder } from './nominal-sites.ts';

/** The pinned corpora: stateless checked the oracle and may guide rules (tuning); csvhelper is held out. */
export const CORPORA: Record<string, { repo: string; commit: string; half: string; source: string; defines: string[] }> = {
  stateless: { repo: 'dotnet-state-machine/stateless', commit: '648f405ce16f8f5d4d834d2877c7be0403ee8843', half: 'tune', source: 'src/Stateless', defines: [] },
  csvhelper: { repo: 'JoshClose/CsvHelper', commit: '41ecf83d9af530f8b617bc55e1351786406c001e', half: 'held out', source: 'src/CsvHelper', defines: [] },
};

const here = path.dirname(fileURLToPath(import.meta.url));
const CECIL = '/usr/lib/mono-cecil';

interface Method { id: string; type: string; name: string; params: number; base?: string; points: Array<{ file: string; line: number }> }
interface Call { file: string; line: number; op: string; callee?: string; name: string; type: string; caller: string }

/** Compiles the corpus's project with mcs (debug symbols) and writes CallSites' listing of it to `out`. */
function compile(root: string, source: string, defines: string[], out: string): void {
  mkdirSync(path.dirname(out), { recursive: true });
  const dll = `${out}.dll`;
  const tool = path.join(path.dirname(out), 'CallSites.exe');
  execFileSync('mcs', ['-langversion:experimental', '-target:library', '-debug', '-nowarn:1591,0618,0168,0219,0414,0649', ...defines.map((d) => `-define:${d}`),
    '-r:System.Core.dll', '-r:System.Numerics.dll', `-out:${dll}`, '-recurse:*.cs'], { cwd: path.join(root, source), stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync('mcs', [`-r:${CECIL}/Mono.Cecil.dll`, `-r:${CECIL}/Mono.Cecil.Mdb.dll`, `-r:${CECIL}/Mono.Cecil.Rocks.dll`, `-out:${tool}`,
    path.join(here, 'csharp-oracle/CallSites.cs')], { stdio: 'inherit' });
  writeFileSync(out, execFileSync('mono', [tool, dll], { env: { ...process.env, MONO_PATH: CECIL }, maxBuffer: 1 << 30, encoding: 'utf8' }));
}

/** Reads CallSites' listing: methods by id, calls in order; file paths relative to the checkout. */
function readListing(text: string, root: string): { methods: Map<string, Method>; calls: Call[]; chains: Map<string, string | undefined> } {
  const methods = new Map<string, Method>();
  const calls: Call[] = [];
  // each constructor's `: base(…)` or `: this(…)`: the project constructor it runs (undefined: none of the project)
  const chains = new Map<string, string | undefined>();
  const rel = (f: string): string => path.relative(root, f).split(path.sep).join('/');
  for (const line of text.split('\n')) {
    const c = line.split('\t');
    if (c[0] === 'M') {
      const points = c[6] ? c[6].split(';').map((p) => { const i = p.lastIndexOf(':'); return { file: rel(p.slice(0, i)), line: Number(p.slice(i + 1)) }; }) : [];
      methods.set(c[1], { id: c[1], type: c[2], name: c[3], params: Number(c[4]), base: c[5] === '-' ? undefined : c[5], points });
    } else if (c[0] === 'C') {
      calls.push({ file: rel(c[1]), line: Number(c[2]), op: c[4], callee: c[5] === '-' ? undefined : c[5], name: c[6], type: c[7].replace(/`\d+$/, ''), caller: c[8] });
    } else if (c[0] === 'D') {
      chains.set(c[1], c[2] === '-' ? undefined : c[2]);
    }
  }
  // mcs may write a lambda's or an iterator's body under another source file of its class (the lines are right):
  // a method the compiler made takes the file of the method it was made from, when that has one
  const made = (m: Method): boolean => m.name.startsWith('<') || m.type.includes('<');
  const fileOf = new Map<string, string>();
  for (const m of methods.values()) {
    if (!made(m) || !m.points.length) continue;
    const parent = /<([^>]+)>/.exec(m.name.startsWith('<') && !m.name.startsWith('<>') ? m.name : m.type.slice(m.type.lastIndexOf('/') + 1))?.[1];
    const outer = m.type.split('/').filter((t) => !t.includes('<')).join('/');
    if (!parent) continue;
    const files = new Set<string>();
    for (const p of methods.values()) {
      if (made(p) || p.type !== outer) continue;
      if (p.name === parent || (p.name === '.ctor' && outer.replace(/`\d+$/, '').endsWith(parent))) for (const x of p.points) files.add(x.file);
    }
    if (files.size !== 1) continue;
    const file = [...files][0];
    for (const x of m.points) x.file = file;
    fileOf.set(m.id, file);
  }
  for (const c of calls) { const f = fileOf.get(c.caller); if (f) c.file = f; }
  return { methods, calls, chains };
}

interface Sym { uid: string; name: string; label: string; qualifiedName: string; filePath: string; line: number; endLine: number; kind?: string }

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const [corpusName, rootArg] = args;
  // `fixture`: a fixture repository of test/fixtures/csharp whose src/ mcs compiles (its listing kept under the tmp folder)
  const corpus = corpusName === 'fixture' ? { repo: rootArg, commit: '', half: 'fixture', source: 'src', defines: [] } : CORPORA[corpusName];
  if (!corpus) throw new Error(`unknown corpus '${corpusName}' (fixture, ${Object.keys(CORPORA).join(', ')})`);
  const root = path.resolve(rootArg);
  const flag = (name: string): string | undefined => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
  const misses = Number(flag('--misses') ?? 0);
  const listing = corpusName === 'fixture' ? path.join(tmpdir(), 'codegraph-csharp-oracle', `${path.basename(root)}.tsv`) : path.join(`${root}.oracle`, `${corpusName}.tsv`);
  if (args.includes('--compile') && !existsSync(listing)) compile(root, corpus.source, corpus.defines, listing);
  const { methods, calls, chains } = readListing(readFileSync(listing, 'utf8'), root);

  // ours: the whole checkout indexed as analyze does; the graded sites are the compiled project's call sites
  const { result, facts } = indexFolder(root);
  const texts = new Map<string, string>();
  const read = (rel: string): string => { if (!texts.has(rel)) texts.set(rel, readFileSync(path.join(root, rel), 'utf8')); return texts.get(rel)!; };
  const inProject = (f: string): boolean => f.startsWith(`${corpus.source}/`) && f.endsWith('.cs');
  const oursAt = new Map<string, string>();
  for (const r of result.refs.all) if (r.kind === 'call' || r.kind === 'type') oursAt.set(`${r.filePath}:${r.line}:${r.column}`, r.target);
  // `this(…)` and `base(…)` name no symbol in the reference index: their CALLS edges by file and line
  const edgesAt = new Map<string, string[]>();
  result.graph.forEachEdge((_k, e, source, target) => {
    if (e.type !== 'CALLS' || e.line === undefined) return;
    const file = result.graph.getNodeAttribute(source, 'filePath') as string | undefined;
    if (file) edgesAt.set(`${file}:${e.line}`, [...(edgesAt.get(`${file}:${e.line}`) ?? []), target]);
  });
  const syms: Sym[] = [];
  result.graph.forEachNode((_k, a) => {
    if (!a.filePath || !inProject(a.filePath as string) || a.line === undefined || !a.qualifiedName) return;
    syms.push({ uid: a.uid as string, name: a.name as string, label: a.label as string, qualifiedName: a.qualifiedName as string, filePath: a.filePath as string,
      line: a.line as number, endLine: (a.endLine as number) ?? (a.line as number), kind: a.kind as string | undefined });
  });

  // a metadata type name as our qualified names write it: no namespace, no arity, nesting by dots
  const qualified = (type: string): string => { const parts = type.split('/'); parts[0] = parts[0].slice(parts[0].lastIndexOf('.') + 1); return parts.map((p) => p.replace(/`\d+$/, '')).join('.'); };
  const overrides = new Map<string, string[]>();
  for (const m of methods.values()) for (let b = m.base; b; b = methods.get(b)?.base) overrides.set(b, [...(overrides.get(b) ?? []), m.id]);

  /** Our symbols a compiled method is (undefined: not known to us, or one the compiler made). */
  const symbolsOfMethod = (m: Method): string[] | undefined => {
    if (m.name.startsWith('<') || /[<>]/.test(m.type)) return undefined;
    const q = qualified(m.type);
    if (m.name === '.ctor') {
      const cls = syms.filter((s) => s.qualifiedName === q && ['Class', 'Struct', 'Record', 'Enum'].includes(s.label));
      if (!cls.length) return undefined;
      const ctors = syms.filter((s) => s.kind === 'constructor' && s.qualifiedName === `${q}.${s.name}` && m.points.some((p) => p.file === s.filePath && s.line <= p.line && p.line <= s.endLine));
      return [...cls.map((s) => s.uid), ...ctors.slice(0, 1).map((s) => s.uid)];
    }
    if (/^(?:get|set|add|remove)_/.test(m.name) || m.name.includes('.')) return undefined;
    const named = syms.filter((s) => s.qualifiedName === `${q}.${m.name}` && s.label === 'Method');
    const last = m.points[m.points.length - 1];
    if (last) {
      const hit = named.filter((s) => s.filePath === last.file && s.line <= last.line && last.line <= s.endLine).sort((a, b) => (a.endLine - a.line) - (b.endLine - b.line));
      return hit.length ? [hit[0].uid] : undefined;
    }
    // no body (abstract, an interface's, an iterator's or async method's stub): by name when it has no overload
    return named.length === 1 ? [named[0].uid] : undefined;
  };
  const truthOf = (c: Call): string[] | undefined => {
    if (!c.callee) return [];
    const m = methods.get(c.callee);
    if (!m) return undefined;
    const own = symbolsOfMethod(m);
    if (!own) return undefined;
    const alts = (overrides.get(m.id) ?? []).flatMap((o) => symbolsOfMethod(methods.get(o)!) ?? []);
    return [...own, ...alts];
  };

  // each file's lines with a sequence point, and the calls of each (file, line)
  const pointLines = new Map<string, number[]>();
  for (const m of methods.values()) for (const p of m.points) pointLines.set(p.file, [...(pointLines.get(p.file) ?? []), p.line]);
  for (const [f, ls] of pointLines) pointLines.set(f, [...new Set(ls)].sort((a, b) => a - b));
  const callsAt = new Map<string, Call[]>();
  for (const c of calls) if (c.op !== 'ldftn' && c.op !== 'ldvirtftn') callsAt.set(`${c.file}:${c.line}`, [...(callsAt.get(`${c.file}:${c.line}`) ?? []), c]);
  // the method spans: a site outside every compiled method's lines is in code the build left out
  const spans = new Map<string, Array<[number, number]>>();
  for (const m of methods.values()) {
    const byFile = new Map<string, number[]>();
    for (const p of m.points) byFile.set(p.file, [...(byFile.get(p.file) ?? []), p.line]);
    for (const [f, ls] of byFile) spans.set(f, [...(spans.get(f) ?? []), [Math.min(...ls), Math.max(...ls)]]);
  }

  const count = { right: 0, wrong: 0, extra: 0, missed: 0, none: 0, left: 0 };
  const rows: string[] = [];
  for (const f of facts) {
    if (!inProject(f.path)) continue;
    const lines = read(f.path).split('\n');
    const pts = pointLines.get(f.path) ?? [];
    for (const site of f.calls) {
      const line = posLine(site.at), col = posColumn(site.at);
      const name = /^[\p{L}\p{N}_]+/u.exec(lines[line - 1]?.slice(col - 1) ?? '')?.[0];
      if (!name) continue;
      const key = `${f.path}:${line}:${col}`;
      // the statement's sequence point: the nearest at or above the site, inside a compiled method
      let at = -1;
      for (const p of pts) { if (p > line) break; at = p; }
      if (at < 0 || !(spans.get(f.path) ?? []).some(([a, b]) => a <= line && line <= b) || line - at > 30) { count.left++; continue; }
      const here = callsAt.get(`${f.path}:${at}`) ?? [];
      const mine = name === 'this' || name === 'base' ? here.filter((c) => c.op === 'call' && c.name === '.ctor')
        : here.filter((c) => (c.name === '.ctor' && c.op === 'newobj' ? c.type === name : c.name === name));
      const each = mine.map(truthOf);
      if (each.some((x) => x === undefined)) { count.left++; continue; }
      if (new Set(each.map((x) => x!.join('|'))).size > 1) { count.left++; continue; }
      const runs = each[0] ?? [];
      let ours = oursAt.get(key) ?? '-';
      if ((name === 'this' || name === 'base') && runs.length) ours = (edgesAt.get(`${f.path}:${line}`) ?? []).find((t) => runs.includes(t)) ?? edgesAt.get(`${f.path}:${line}`)?.[0] ?? '-';
      const verdict = !runs.length ? (ours === '-' ? 'none' : 'extra') : ours === '-' ? 'missed' : runs.includes(ours) ? 'right' : 'wrong';
      count[verdict as keyof typeof count]++;
      if (verdict !== 'right' && verdict !== 'none') rows.push(`${verdict}\t${key}\t${name}\tours ${ours}\truns ${runs.join('|') || '-'}`);
    }
  }
  const ours = count.right + count.wrong + count.extra, project = count.right + count.wrong + count.missed;
  console.log(`${corpus.repo}${corpus.commit ? ` ${corpus.commit.slice(0, 7)}` : ''} (${corpus.half}; ${corpus.source}): ${ours + count.missed + count.none} sites (${count.left} left out); project calls ${project}, ours ${ours}; ` +
    `right ${count.right}, wrong ${count.wrong}, extra ${count.extra}, missed ${count.missed}, none ${count.none}; precision ${(100 * count.right / Math.max(ours, 1)).toFixed(1)}%, recall ${(100 * count.right / Math.max(project, 1)).toFixed(1)}%`);

  // the constructors the compiler made (a class declaring no instance constructor): what their `base()` runs, the
  // nearest written constructor down the chain of made ones, against our class's own super-member CALLS edges
  const fromClass = new Map<string, string[]>();
  result.graph.forEachEdge((_k, e, source, target) => {
    if (e.type === 'CALLS' && e.reason === 'super-member' && source.startsWith('Class:')) fromClass.set(source, [...(fromClass.get(source) ?? []), target]);
  });
  const madeCtor = (m: Method | undefined): string[] | undefined => {
    const own = m && m.name === '.ctor' ? symbolsOfMethod(m) : undefined;
    return own && !own.some((u) => u.startsWith('Method:')) ? own : undefined;
  };
  const made = { right: 0, wrong: 0, extra: 0, missed: 0, none: 0 };
  for (const m of methods.values()) {
    const classes = madeCtor(m);
    if (!classes || !chains.has(m.id)) continue;
    let callee = chains.get(m.id);
    for (let depth = 0; callee && madeCtor(methods.get(callee)) && depth < 32; depth++) callee = chains.get(callee);
    const runs = callee && methods.get(callee) ? (symbolsOfMethod(methods.get(callee)!) ?? []).filter((u) => u.startsWith('Method:')) : [];
    const ours = classes.flatMap((u) => fromClass.get(u) ?? []);
    const verdict = !runs.length ? (ours.length ? 'extra' : 'none') : !ours.length ? 'missed' : ours.some((t) => runs.includes(t)) ? 'right' : 'wrong';
    made[verdict as keyof typeof made]++;
    if (verdict !== 'right' && verdict !== 'none') rows.push(`${verdict}\tdefault constructor of ${classes[0]}\tours ${ours.join('|') || '-'}\truns ${runs.join('|') || '-'}`);
  }
  console.log(`compiler-made constructors: ${Object.values(made).reduce((a, b) => a + b, 0)}; running a project constructor ${made.right + made.wrong + made.missed}; ` +
    `right ${made.right}, wrong ${made.wrong}, extra ${made.extra}, missed ${made.missed}, none ${made.none}`);
  if (corpus.half === 'held out' && misses) console.log('(a held-out corpus: its disagreements are not listed)');
  else for (const r of rows.slice(0, misses)) console.log(r);
}
