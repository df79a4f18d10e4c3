/**
 * Differential check of codegraph's Python call graph against a real Python type checker (pyright 1.1.414,
 * bench/python-oracle.ts), offline, on pinned corpora (bench/python-corpora.ts).
 *
 * What counts:
 * - A call site is every `call` whose function is a name or an attribute (the site is the name, an attribute's
 *   last name), and every decorator written without arguments (`@dec`, `@mod.dec`: a call of dec), as
 *   tree-sitter-python parses the file. Calls of anything else (`f()()`, `xs[0]()`) are no sites.
 * - The checker's answer at a site is `textDocument/definition` at the name. Answers in the corpus that land on the
 *   name of a `def` or `class` are project callees; answers outside the corpus (typeshed, the standard library)
 *   are external; no answer is unknown. An answer in the corpus on anything else (a variable, a parameter, an
 *   attribute assigned a function: `self.cb = make` then `self.cb()`) is *indirect*: the checker names the
 *   binding, not the function it holds, so such sites are left out of both sides' figures (and counted).
 * - Site level: our answer at a site is the reference index's `call` occurrences at that name. A site is right when
 *   our answer is one of the checker's callees; `C()` of a class is the class on both sides.
 * - Edge level: the checker's edges are (caller, callee) pairs: the caller is the innermost enclosing `def`,
 *   `class` or name bound to a lambda that is one of our symbols (else the file; a `def`'s parameter defaults and
 *   annotations, and a class's bases and keywords, run where the `def` or `class` is made, so they are not its),
 *   the callee the declaration; for a class, its own `__init__`, else the class itself. And a class of a module (not a stub) that defines no
 *   `__init__` has an edge to the project `__init__` its construction runs: the first class in its C3
 *   linearisation that defines one (bases named by the checker's own definitions of the base expressions), none
 *   when an outside base comes first. Ours are the CALLS edges. An edge of ours that the checker lacks, whose first
 *   site sits on the line of an indirect site of the same caller, is not scored, nor one whose first site sits on
 *   the line of a call of something else than a name or an attribute (`make()()`, `TABLE[k]()`) of the same caller:
 *   the checker is not asked there.
 * - precision = right / ours, recall = right / checker's; both also without our `name-only` guesses.
 *
 *   node --import tsx bench/python-callgraph-diff.ts [--corpus gyp|markdown|jinja2|werkzeug|anyio|typer|bottle|markdownit|tomlkit|structlog|pluggy|moreitertools|toolz|django|tornado|starlette|itsdangerous|cachecontrol|jsonschema|attrs|isort|marshmallow|mako|websockets|yaml|paramiko|invoke|parso|pycparser|sqlparse|docutils|urllib3|requests|dateutil|oauthlib|httpcore|h11|packaging|jwt|arrow|pexpect|bs4|dnspython|hatchling|lark|zeroconf|wtforms|coverage|pyelftools|mutagen|aiohttp|cmd2|falcon|pydantic | folder]
 *     [--extra-paths a,b] [--misses N] [--false-positives N] [--by-file] [--all]
 *
 * --all runs every corpus and prints one line each (tune half first); read the held-out half's figures, never its
 * misses, when changing rules.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { overloadImplementations, scanPython, PyrightSession, PYRIGHT_VERSION, type CallSite, type DefLocation, type PyDecl } from './python-oracle.ts';
import { PYTHON_CORPORA, pythonCorpus } from './python-corpora.ts';
import { extractFile, languageOf, loadProjectConfig } from '../lib/lang/index.ts';
import { resolveProject, type ResolveResult } from '../lib/resolve/index.ts';
import { graphData, nodeOf } from '../lib/graph/code-graph.ts';
import { c3Merge } from '../lib/lang/python/c3.ts';

export interface SiteVerdict { site: CallSite; caller: string; checker: string[]; ours: string[] }

export interface PythonDiff {
  files: number;
  sites: number;
  /** Sites the checker resolved into the project / outside it / not at all / to a binding (indirect). */
  checker: { project: number; external: number; unknown: number; indirect: number; unmapped: number };
  site: { ours: number; right: number; precision: number; recall: number };
  edge: { ours: number; checker: number; right: number; precision: number; recall: number; unscored: number };
  confident: { ours: number; right: number; precision: number; recall: number };
  /** Per caller file: checker edges, our edges, right ones. */
  byFile: Record<string, { checker: number; ours: number; right: number }>;
  misses: Array<{ source: string; target: string; site: string }>;
  falsePositives: Array<{ source: string; target: string; site: string; reason?: string }>;
  siteMisses: SiteVerdict[];
  siteFalsePositives: SiteVerdict[];
  byReason: Record<string, { edges: number; right: number }>;
}

/** Python files under a folder (relative paths, sorted), skipping `__pycache__` and dot folders. */
export function readPythonCorpus(root: string): Array<{ path: string; text: string }> {
  const out: Array<{ path: string; text: string }> = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(path.join(root, dir), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) { if (e.name !== '__pycache__' && !e.name.startsWith('.') && e.name !== 'node_modules') walk(rel); }
      else if (/\.pyi?$/.test(e.name)) out.push({ path: rel, text: readFileSync(path.join(root, rel), 'utf8') });
    }
  };
  walk('');
  return out;
}

/** codegraph's graph of a folder, as analyze builds it (extraction per file, then resolution with the folder's config). */
export function codegraphOf(root: string, files: ReadonlyArray<{ path: string; text: string }>): ResolveResult {
  const facts = files.map((f) => extractFile(f.path, f.text, languageOf(f.path)!));
  const readText = (rel: string): string | undefined => {
    const hit = files.find((f) => f.path === rel);
    if (hit) return hit.text;
    try { return readFileSync(path.join(root, rel), 'utf8'); } catch { return undefined; }
  };
  // every file of the folder is listed, as analyze's walk lists them (pyproject.toml, setup.cfg declare import roots)
  const all: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) { if (!e.name.startsWith('.') && e.name !== 'node_modules' && e.name !== '__pycache__') walk(rel); } else all.push(rel);
    }
  };
  walk('');
  return resolveProject(facts, loadProjectConfig(all.sort(), readText));
}

/** What the checker says at every site of the corpus, and the class facts the edge targets need. */
export async function checkerAnswers(root: string, files: ReadonlyArray<{ path: string; text: string }>, extraPaths: readonly string[]): Promise<{ sites: CallSite[]; answers: DefLocation[][]; decls: PyDecl[]; bases: Map<PyDecl, DefLocation[][]> }> {
  const session = await PyrightSession.start(root, extraPaths);
  const sites: CallSite[] = [];
  const answers: DefLocation[][] = [];
  const decls: PyDecl[] = [];
  const bases = new Map<PyDecl, DefLocation[][]>();
  const t0 = performance.now();
  let done = 0;
  try {
    for (const f of files) {
      // the checker takes minutes on a large corpus under load: say how far it is
      process.stderr.write(`pyright: ${++done}/${files.length} ${f.path} (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
      const scan = scanPython(f.path, f.text);
      const classes = scan.decls.filter((d) => d.kind === 'class' && d.bases!.length > 0);
      const positions = [...scan.sites, ...classes.flatMap((c) => c.bases!)];
      const defs = await session.definitions(f.path, positions);
      sites.push(...scan.sites);
      answers.push(...defs.slice(0, scan.sites.length));
      let k = scan.sites.length;
      for (const c of classes) { bases.set(c, defs.slice(k, k + c.bases!.length)); k += c.bases!.length; }
      decls.push(...scan.decls);
    }
  } finally {
    await session.close();
  }
  return { sites, answers, decls, bases };
}

/**
 * The checker's answers, from a cache when one was made for the same files, roots and pyright (the checker takes
 * minutes on a busy machine; its answers do not depend on codegraph). The cache lives outside the corpus, so an
 * analyze or a rename of the corpus never sees it.
 */
export async function cachedCheckerAnswers(root: string, files: ReadonlyArray<{ path: string; text: string }>, extraPaths: readonly string[]): Promise<Awaited<ReturnType<typeof checkerAnswers>>> {
  const h = createHash('sha256');
  h.update(PYRIGHT_VERSION).update('\0').update(extraPaths.join(',')).update('\0');
  for (const f of files) h.update(f.path).update('\0').update(f.text).update('\0');
  const cacheDir = path.join(os.tmpdir(), 'codegraph-pyright-oracle');
  const cache = path.join(cacheDir, `${h.digest('hex').slice(0, 16)}.json`);
  if (existsSync(cache)) {
    const c = JSON.parse(readFileSync(cache, 'utf8')) as { sites: CallSite[]; answers: DefLocation[][]; decls: PyDecl[]; bases: Array<[number, DefLocation[][]]> };
    // the sites as this scan reads them (the same positions, as the files are the same): which declarations enclose
    // a site is the scan's rule, not the checker's answer, so a cache made before a change of that rule stays good
    const scanned = files.flatMap((f) => scanPython(f.path, f.text).sites);
    if (scanned.length === c.sites.length && scanned.every((x, i) => x.line === c.sites[i].line && x.column === c.sites[i].column)) c.sites = scanned;
    return { sites: c.sites, answers: c.answers, decls: c.decls, bases: new Map(c.bases.map(([i, b]) => [c.decls[i], b])) };
  }
  const r = await checkerAnswers(root, files, extraPaths);
  const index = new Map(r.decls.map((d, i) => [d, i]));
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cache, JSON.stringify({ sites: r.sites, answers: r.answers, decls: r.decls, bases: [...r.bases].map(([d, b]) => [index.get(d), b]) }));
  return r;
}

/** Runs both sides on a folder and compares them. */
export async function pythonCallgraphDiff(root: string, extraPaths: readonly string[] = []): Promise<PythonDiff> {
  const files = readPythonCorpus(root);
  const ours = codegraphOf(root, files);
  const { sites, answers, decls, bases } = await cachedCheckerAnswers(root, files, extraPaths);
  const implOf = new Map<string, string>();
  for (const f of files) for (const o of overloadImplementations(f.text)) implOf.set(at(f.path, o.stub.line, o.stub.column), at(f.path, o.impl.line, o.impl.column));
  const nameless = files.flatMap((f) => scanPython(f.path, f.text).nameless.map((c) => ({ file: f.path, ...c })));
  return compare(files.length, ours, sites, answers, decls, bases, implOf, nameless);
}

const at = (file: string | undefined, line: number, column: number): string => `${file}:${line}:${column}`;

/**
 * The comparison (pure): our graph and reference index against the checker's answers. `implOf` maps an `@overload`
 * signature's position to its implementation's: a checker edge to a signature is an edge to the implementation.
 * `nameless`: the calls of something else than a name or an attribute (no sites).
 */
export function compare(fileCount: number, ours: ResolveResult, sites: CallSite[], answers: DefLocation[][], decls: PyDecl[], bases: Map<PyDecl, DefLocation[][]>, implOf: ReadonlyMap<string, string> = new Map(), nameless: ReadonlyArray<{ file: string; line: number; enclosing: string[] }> = []): PythonDiff {
  const declAt = new Map<string, PyDecl>();
  for (const d of decls) declAt.set(at(d.file, d.line, d.column), d);
  // our symbols by the position of their declaring name
  const uidAt = new Map<string, string>();
  const callsAt = new Map<string, string[]>();
  for (const r of ours.refs.all) {
    const k = at(r.filePath, r.line, r.column);
    if (r.kind === 'definition') uidAt.set(k, r.target);
    else if (r.kind === 'call') { const l = callsAt.get(k); if (l) { if (!l.includes(r.target)) l.push(r.target); } else callsAt.set(k, [r.target]); }
  }
  // a class's linearisation (C3 over the checker's bases), for the `__init__` a class inherits
  const mroMemo = new Map<PyDecl, Array<PyDecl | 'ext'> | null>();
  const mro = (c: PyDecl, depth: number): Array<PyDecl | 'ext'> | null => {
    if (mroMemo.has(c)) return mroMemo.get(c)!;
    if (depth > 50) return null;
    mroMemo.set(c, null);
    const seqs: Array<Array<PyDecl | 'ext'>> = [];
    const direct: Array<PyDecl | 'ext'> = [];
    for (const ans of bases.get(c) ?? []) {
      const d = ans.map((l) => (l.file ? declAt.get(at(l.file, l.line, l.column)) : undefined)).find((x) => x?.kind === 'class');
      if (d) { const m = mro(d, depth + 1); if (!m) { mroMemo.set(c, null); return null; } seqs.push(m); direct.push(d); }
      else { seqs.push(['ext']); direct.push('ext'); }
    }
    seqs.push(direct);
    // 'ext' entries are distinct outside classes: each is its own head
    const merged = c3Merge(seqs, (a, b) => a === b, (x) => x === 'ext');
    if (!merged) { mroMemo.set(c, null); return null; }
    const out: Array<PyDecl | 'ext'> = [c, ...merged];
    mroMemo.set(c, out);
    return out;
  };
  // what a construction `C()` names as its callee: C's own `__init__`, else C
  const constructed = (c: PyDecl): PyDecl | { runs: PyDecl; line: number; column: number } => (c.definesInit && c.init ? { runs: c, ...c.init } : c);
  // the project `__init__` a class without its own inherits (undefined when an outside base comes first)
  const inheritedInit = (c: PyDecl): { runs: PyDecl; line: number; column: number } | undefined => {
    if (c.definesInit || c.file.endsWith('.pyi')) return undefined;
    const k = mro(c, 0)?.find((x) => x === 'ext' || (x.definesInit && x.init));
    return k && k !== 'ext' ? { runs: k, ...k.init! } : undefined;
  };

  // A stub file's declaration (`m.pyi` beside `m.py`) stands for the module's own definition of that name, which is
  // what runs: the same qualified name in the `.py` file, its implementation when it has `@overload` signatures.
  const runtimeMemo = new Map<string, string>();
  const runtimeOf = (uid: string): string => {
    const hit = runtimeMemo.get(uid);
    if (hit !== undefined) return hit;
    let out = uid;
    const m = /^(\w+):(.*)\.pyi:([^#]*)(?:#\d+)?$/.exec(uid);
    if (m) {
      const base = `${m[1]}:${m[2]}.py:${m[3]}`;
      for (let k = 1; ; k++) {
        const n = nodeOf(ours.graph, k === 1 ? base : `${base}#${k}`);
        if (!n) break;
        if (!String(n.kind ?? '').endsWith('_signature')) out = n.uid;
      }
    }
    runtimeMemo.set(uid, out);
    return out;
  };

  const result: PythonDiff = {
    files: fileCount, sites: sites.length,
    checker: { project: 0, external: 0, unknown: 0, indirect: 0, unmapped: 0 },
    site: { ours: 0, right: 0, precision: 1, recall: 1 },
    edge: { ours: 0, checker: 0, right: 0, precision: 1, recall: 1, unscored: 0 },
    confident: { ours: 0, right: 0, precision: 1, recall: 1 },
    byFile: {}, misses: [], falsePositives: [], siteMisses: [], siteFalsePositives: [], byReason: {},
  };
  const checkerEdges = new Map<string, { source: string; target: string; site: string }>();
  const indirectLines = new Set<string>();
  // a call of a call or of an element (`make()()`, `TABLE[k]()`) is no site: the checker is not asked there
  for (const c of nameless) {
    const caller = c.enclosing.map((k) => uidAt.get(`${c.file}:${k}`)).find((u) => u !== undefined) ?? `File:${c.file}`;
    indirectLines.add(`${caller}\u0000${c.file}:${c.line}`);
  }
  for (let i = 0; i < sites.length; i++) {
    const s = sites[i];
    const caller = s.enclosing.map((k) => uidAt.get(`${s.file}:${k}`)).find((u) => u !== undefined) ?? `File:${s.file}`;
    const ans = answers[i];
    const inProject = ans.filter((l) => l.file !== undefined);
    const targets = inProject.map((l) => declAt.get(at(l.file, l.line, l.column))).filter((d): d is PyDecl => d !== undefined);
    const mine = callsAt.get(at(s.file, s.line, s.column)) ?? [];
    if (targets.length === 0 && inProject.length > 0) {
      result.checker.indirect++;
      indirectLines.add(`${caller}\u0000${s.file}:${s.line}`);
      continue;
    }
    if (ans.length === 0) result.checker.unknown++;
    else if (targets.length === 0) result.checker.external++;
    else result.checker.project++;
    const checkerUids: string[] = [];
    for (const t of targets) {
      const u = uidAt.get(at(t.file, t.line, t.column));
      if (!u) { result.checker.unmapped++; continue; }
      checkerUids.push(u);
      const impl = implOf.get(at(t.file, t.line, t.column));
      const d = (impl ? declAt.get(impl) : undefined) ?? t;
      if (d !== t) { const iu = uidAt.get(impl!); if (iu && !checkerUids.includes(iu)) checkerUids.push(iu); }
      const ru = runtimeOf(u);
      if (ru !== u && !checkerUids.includes(ru)) checkerUids.push(ru);
      const ctor = d.kind === 'class' ? constructed(d) : d;
      const cu = 'runs' in ctor ? uidAt.get(at(ctor.runs.file, ctor.line, ctor.column)) : uidAt.get(at(ctor.file, ctor.line, ctor.column));
      const tu = cu === undefined ? undefined : runtimeOf(cu);
      if (tu) {
        const k = `${caller}\u0000${tu}`;
        if (!checkerEdges.has(k)) checkerEdges.set(k, { source: caller, target: tu, site: `${s.file}:${s.line}:${s.column}` });
      }
    }
    if (mine.length > 0) {
      result.site.ours++;
      if (mine.some((u) => checkerUids.includes(u))) result.site.right++;
      else result.siteFalsePositives.push({ site: s, caller, checker: checkerUids, ours: mine });
    } else if (checkerUids.length > 0) result.siteMisses.push({ site: s, caller, checker: checkerUids, ours: mine });
  }
  for (const d of decls) {
    if (d.kind !== 'class') continue;
    const init = inheritedInit(d);
    const source = uidAt.get(at(d.file, d.line, d.column));
    const iu = init && uidAt.get(at(init.runs.file, init.line, init.column));
    if (!source || !iu) continue;
    const target = runtimeOf(iu);
    const k = `${source}\u0000${target}`;
    if (!checkerEdges.has(k)) checkerEdges.set(k, { source, target, site: `${d.file}:${d.line}:${d.column}` });
  }
  const checkerSites = result.site.right + result.siteMisses.length + result.siteFalsePositives.filter((v) => v.checker.length > 0).length;
  result.site.precision = ratio(result.site.right, result.site.ours);
  result.site.recall = ratio(result.site.right, checkerSites);

  const fileOf = (uid: string): string => (uid.startsWith('File:') ? uid.slice(5) : nodeOf(ours.graph, uid)?.filePath ?? '?');
  const bump = (file: string, k: 'checker' | 'ours' | 'right'): void => { (result.byFile[file] ??= { checker: 0, ours: 0, right: 0 })[k]++; };
  for (const e of checkerEdges.values()) bump(fileOf(e.source), 'checker');
  const seen = new Set<string>();
  for (const e of graphData(ours.graph).edges) {
    if (e.type !== 'CALLS') continue;
    const k = `${e.source}\u0000${e.target}`;
    if (seen.has(k)) continue;
    seen.add(k);
    const ok = checkerEdges.has(k);
    const site = `${fileOf(e.source)}:${e.line}`;
    if (!ok && indirectLines.has(`${e.source}\u0000${site}`)) { result.edge.unscored++; continue; }
    result.edge.ours++;
    bump(fileOf(e.source), 'ours');
    const r = (result.byReason[e.reason ?? '?'] ??= { edges: 0, right: 0 });
    r.edges++;
    const confident = e.reason !== 'name-only';
    if (confident) result.confident.ours++;
    if (ok) {
      result.edge.right++; r.right++; bump(fileOf(e.source), 'right');
      if (confident) result.confident.right++;
    } else result.falsePositives.push({ source: e.source, target: e.target, site, reason: e.reason });
  }
  for (const [k, e] of checkerEdges) if (!seen.has(k)) result.misses.push(e);
  result.edge.checker = checkerEdges.size;
  result.edge.precision = ratio(result.edge.right, result.edge.ours);
  result.edge.recall = ratio(result.edge.right, checkerEdges.size);
  result.confident.precision = ratio(result.confident.right, result.confident.ours);
  result.confident.recall = ratio(result.confident.right, checkerEdges.size);
  return result;
}

function ratio(a: number, b: number): number { return b === 0 ? 1 : a / b; }

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** One line of figures. */
export function summaryLine(name: string, d: PythonDiff): string {
  return `${name}: ${d.files} files, ${d.sites} sites (checker: ${d.checker.project} project, ${d.checker.external} external, ${d.checker.unknown} unknown, ${d.checker.indirect} indirect, ${d.checker.unmapped} unmapped) | `
    + `sites P ${pct(d.site.precision)} R ${pct(d.site.recall)} (${d.site.right}/${d.site.ours}) | `
    + `edges P ${pct(d.edge.precision)} R ${pct(d.edge.recall)} (${d.edge.right}/${d.edge.ours} of ${d.edge.checker}; ${d.edge.unscored} unscored) | `
    + `without name-only P ${pct(d.confident.precision)} R ${pct(d.confident.recall)}`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string): string | undefined => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
  const n = (name: string): number => Number(opt(name) ?? 0);
  if (args.includes('--all')) {
    const names = Object.keys(PYTHON_CORPORA).sort((a, b) => (PYTHON_CORPORA[a].half === PYTHON_CORPORA[b].half ? 0 : PYTHON_CORPORA[a].half === 'tune' ? -1 : 1));
    for (const name of names) {
      const { root, corpus } = pythonCorpus(name);
      console.log(`[${corpus.half}] ${summaryLine(name, await pythonCallgraphDiff(root, corpus.extraPaths))}`);
    }
    return;
  }
  // (a bare argument is no corpus: taken for one, a mistyped flag would quietly measure gyp, a long pyright run)
  const stray = args.find((a, i) => !a.startsWith('--') && (i === 0 || !args[i - 1].startsWith('--')));
  if (stray !== undefined) throw new Error(`unexpected argument ${JSON.stringify(stray)}: name a corpus or a folder with --corpus`);
  const target = opt('--corpus') ?? 'gyp';
  let root: string, extra: string[];
  if (PYTHON_CORPORA[target]) {
    const c = pythonCorpus(target);
    root = c.root; extra = c.corpus.extraPaths ?? [];
    if (c.corpus.half === 'held-out' && (n('--misses') || n('--false-positives'))) console.log('(held-out corpus: read the figures, do not tune on the cases below)');
  } else {
    root = path.resolve(target); extra = opt('--extra-paths')?.split(',') ?? [];
    if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) {
      throw new Error(`--corpus ${JSON.stringify(target)}: no such corpus (known: ${Object.keys(PYTHON_CORPORA).join(', ')}) and no such folder`);
    }
  }
  const d = await pythonCallgraphDiff(root, extra);
  console.log(summaryLine(target, d));
  console.log('by reason:', Object.entries(d.byReason).map(([r, v]) => `${r} ${v.right}/${v.edges}`).join(', '));
  if (args.includes('--by-file')) {
    for (const [f, v] of Object.entries(d.byFile).sort()) console.log(`  ${f}: checker ${v.checker}, ours ${v.ours}, right ${v.right}`);
  }
  for (const m of d.misses.slice(0, n('--misses'))) console.log(`miss ${m.site} ${m.source} -> ${m.target}`);
  for (const m of d.falsePositives.slice(0, n('--false-positives'))) console.log(`false positive ${m.site} ${m.source} -> ${m.target} (${m.reason})`);
  for (const v of d.siteMisses.slice(0, n('--site-misses'))) console.log(`site miss ${v.site.file}:${v.site.line}:${v.site.column} ${v.site.name} -> ${v.checker.join(' | ')}`);
  for (const v of d.siteFalsePositives.slice(0, n('--site-false-positives'))) console.log(`site false positive ${v.site.file}:${v.site.line}:${v.site.column} ${v.site.name}: ours ${v.ours.join(' | ')}, checker ${v.checker.join(' | ') || '(none)'}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((e) => { console.error(e); process.exitCode = 1; });
}
