/**
 * The layering rules of docs/architecture.md ("Layers"), checked on the real import graph of the product
 * folders: every static import, re-export and dynamic import() of a relative path or a package, in every
 * source file under lib/, handlers/, runtime/, index-store/ and bin/.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ROOTS = ['lib', 'handlers', 'runtime', 'index-store', 'bin'];

interface Import { from: string; to: string; line: number }

/** Source files (relative, '/'-separated) of the product folders. */
function sources(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) { if (!['node_modules', 'dist', 'build'].includes(e.name)) walk(rel); }
      else if (/\.(ts|mts|mjs|js|cjs)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(rel);
    }
  };
  for (const r of ROOTS) if (fs.existsSync(path.join(root, r))) walk(r);
  return out.sort();
}

/** Import specifiers of a file, by the statement forms that load code (comments and strings left out). */
function importsOf(file: string): Import[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')) // block comments, keeping line numbers
    .replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1'); // line comments
  const out: Import[] = [];
  const forms = [
    /^\s*(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/gm, // import … from 'x', import 'x', export … from 'x'
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g, // import('x')
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g, // require('x')
  ];
  for (const re of forms) {
    for (const m of text.matchAll(re)) {
      const spec = m[1];
      const line = text.slice(0, m.index).split('\n').length;
      const to = spec.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)) : spec;
      out.push({ from: file, to, line });
    }
  }
  return out;
}

/** The folder a file belongs to for layering: `lib/<area>` under lib/, else its top folder. */
function folderOf(file: string): string {
  const p = file.split('/');
  return p[0] === 'lib' && p.length > 2 ? `lib/${p[1]}` : p[0];
}

const isRelative = (i: Import): boolean => ROOTS.some((r) => i.to === r || i.to.startsWith(`${r}/`));
const files = sources();
const imports = files.flatMap(importsOf);
const where = (i: Import): string => `${i.from}:${i.line} imports ${i.to}`;

test('the import graph is read: every product folder has files, and their imports resolve to files', (t) => {
  t.true(files.length > 100);
  for (const r of ['lib', 'handlers', 'runtime', 'index-store']) t.true(files.some((f) => f.startsWith(`${r}/`)), r);
  const known = new Set(files);
  const dangling = imports.filter((i) => isRelative(i) && !known.has(i.to) && !known.has(`${i.to}.ts`) && !fs.existsSync(path.join(root, i.to)));
  t.deepEqual(dangling.map(where), []);
  t.true(imports.filter(isRelative).length > 500);
});

test('no import cycle between folders (lib/<area>, handlers, runtime, index-store, bin)', (t) => {
  const edges = new Map<string, Set<string>>();
  for (const i of imports) {
    if (!isRelative(i)) continue;
    const a = folderOf(i.from), b = folderOf(i.to);
    if (a === b) continue;
    if (!edges.has(a)) edges.set(a, new Set());
    edges.get(a)!.add(b);
  }
  // Tarjan's strongly connected components: any with two or more folders is a cycle.
  const index = new Map<string, number>(), low = new Map<string, number>(), stack: string[] = [], on = new Set<string>();
  const cycles: string[][] = [];
  let n = 0;
  const visit = (v: string): void => {
    index.set(v, n); low.set(v, n); n++; stack.push(v); on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do { w = stack.pop()!; on.delete(w); scc.push(w); } while (w !== v);
      if (scc.length > 1) cycles.push(scc.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  const detail = cycles.map((c) => c.join(' <-> ') + ': ' + imports.filter((i) => isRelative(i) && c.includes(folderOf(i.from)) && c.includes(folderOf(i.to)) && folderOf(i.from) !== folderOf(i.to)).map(where).join('; '));
  t.deepEqual(detail, []);
});

const IO = /^node:(fs|fs\/promises|child_process|net|http|https|http2|dgram|worker_threads|cluster)$|^(fs|child_process|net|http|https)$/;

/** The import rules of docs/architecture.md, each with an import it must refuse (so no rule is vacuous). */
const RULES: { rule: string; forbids: (i: Import) => boolean; example: Import }[] = [
  {
    rule: 'lib never imports runtime, handlers or bin: the domain knows no channel',
    forbids: (i) => i.from.startsWith('lib/') && /^(runtime|handlers|bin)\//.test(i.to),
    example: { from: 'lib/symbols/context.ts', to: 'runtime/cli.ts', line: 1 },
  },
  {
    rule: 'handlers do no I/O: no file, process or network module, and of index-store only the Snapshot types',
    forbids: (i) => i.from.startsWith('handlers/') && (IO.test(i.to) || (i.to.startsWith('index-store/') && i.to !== 'index-store/snapshot.ts') || /^(runtime|bin)\//.test(i.to)),
    example: { from: 'handlers/context.ts', to: 'index-store/loader.ts', line: 1 },
  },
  {
    rule: 'what handlers read the graph with does no I/O either: lib/graph, lib/symbols, lib/cypher, lib/git',
    forbids: (i) => /^lib\/(graph|symbols|cypher|git)\//.test(i.from) && IO.test(i.to),
    example: { from: 'lib/git/changes.ts', to: 'node:child_process', line: 1 },
  },
  {
    rule: 'index-store knows storage only: not the indexer (lib/analyze), rename, handlers nor runtime',
    forbids: (i) => i.from.startsWith('index-store/') && /^(lib\/analyze|lib\/rename|handlers|runtime|bin)\//.test(i.to),
    example: { from: 'index-store/loader.ts', to: 'lib/analyze/index.ts', line: 1 },
  },
  {
    rule: 'lib/graph is the model: no other folder of ours, of packages only graphology',
    forbids: (i) => i.from.startsWith('lib/graph/') && (isRelative(i) ? !i.to.startsWith('lib/graph/') : !/^graphology(-[a-z-]+)?$/.test(i.to)),
    example: { from: 'lib/graph/code-graph.ts', to: 'lib/refs/reference-index.ts', line: 1 },
  },
  {
    rule: 'the edges own their channels: only runtime imports the HTTP server and the MCP SDK',
    forbids: (i) => /^(@hapi\/|@modelcontextprotocol\/)/.test(i.to) && !i.from.startsWith('runtime/'),
    example: { from: 'handlers/query.ts', to: '@hapi/hapi', line: 1 },
  },
];

for (const { rule, forbids, example } of RULES) {
  test(rule, (t) => {
    t.true(forbids(example), 'the rule refuses its example');
    t.deepEqual(imports.filter(forbids).map(where), []);
  });
}

test('the reader finds every form: type imports, re-exports, dynamic import(), nothing in a comment', (t) => {
  const probe = importsOf('runtime/bundle/handlers-entry.ts');
  t.true(probe.some((i) => i.to === 'handlers/index.ts'), 'export * from');
  t.true(probe.some((i) => i.to === 'index-store/snapshot.ts'), 'export type { … } from');
  t.true(imports.some((i) => i.from.startsWith('lib/') && /^lib\//.test(i.to) && /\bimport\(/.test(fs.readFileSync(path.join(root, i.from), 'utf8').split('\n')[i.line - 1] ?? '')), 'import()');
});
