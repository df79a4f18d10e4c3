/**
 * Incremental analyze against a cold one: after every edit, the snapshot an incremental analyze leaves (its graph
 * export, references, unresolved call sites and search files) is byte-identical to a fresh analyze of the same tree in another folder; and
 * an edit that keeps every file's outward shape (lib/resolve/shape.ts) resolves the changed files only.
 */
import test, { type ExecutionContext } from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { analyzeRepository, formatSummary, type AnalyzeSummary } from '../../lib/analyze/index.ts';
import { readGraphData, readUnresolved } from '../../index-store/format.ts';
import { ResidentIndexes } from '../../lib/analyze/resident.ts';
import type { PreviousIndex } from '../../lib/analyze/pipeline.ts';
import { tempDir, writeTree } from './_helpers.ts';
import { coldBytes, snapshotBytes } from './_snapshots.ts';
import { processesKey } from '../../lib/analyze/incremental.ts';
import { GraphBuilder } from '../../lib/graph/builder.ts';
import type { GraphEdge, GraphNode } from '../../lib/graph/schema.ts';
import { seededRandom } from '../../lib/util/seeded-random.ts';

const TS_REPO: Record<string, string> = {
  'package.json': '{ "name": "shapes", "version": "1.0.0" }\n',
  'src/base.ts': `export abstract class Shape {
  abstract area(): number;
  describe(): string {
    return 'shape ' + this.area();
  }
  scale(k: number): number {
    return this.area() * k;
  }
}
`,
  'src/circle.ts': `import { Shape } from './base';

export class Circle extends Shape {
  constructor(private r: number) {
    super();
  }
  area(): number {
    return 3.14 * this.r * this.r;
  }
}
`,
  'src/shapes/index.ts': `export * from '../circle';
export { Shape } from '../base';
`,
  'src/util.ts': `export function helper(x: number): number {
  return x * 2;
}

export function twice(x: number) {
  return helper(helper(x));
}

export const config = { factor: 3 };
`,
  'src/service.ts': `import { Circle } from './shapes';
import { helper } from './util';

export function makeCircle() {
  return new Circle(helper(1));
}

export class Registry {
  private items: Circle[] = [];
  add(c: Circle): void {
    this.items.push(c);
  }
  total(): number {
    return this.items.reduce((a, c) => a + c.area(), 0);
  }
}
`,
  'src/app.ts': `import { Circle, Shape } from './shapes';
import { twice, config } from './util';
import { makeCircle, Registry } from './service';

export function main(): number {
  const c = new Circle(2);
  const s: Shape = c;
  const r = new Registry();
  r.add(makeCircle());
  console.log(s.describe(), makeCircle().area());
  return twice(c.scale(config.factor)) + r.total();
}

function local() {
  return main();
}

local();
`,
};

const PY_REPO: Record<string, string> = {
  'pkg/__init__.py': 'from .models import Base, Child\n',
  'pkg/models.py': `class Base:
    def greet(self, name):
        return "hello " + name

    def run(self):
        return self.greet("x")


class Child(Base):
    def greet(self, name):
        return "hi " + name
`,
  'pkg/service.py': `from pkg.models import Child


def make():
    return Child()


def serve():
    c = make()
    return c.run()
`,
  'main.py': `from pkg.service import serve
from pkg import Base


def main():
    b = Base()
    b.run()
    return serve()


if __name__ == "__main__":
    main()
`,
};

type Edit = {
  name: string; files: () => Record<string, string | null>; /** Resolved files expected, when the edit keeps every shape. */ resolved?: number;
  /** The graph changes in positions only. */ sameModules?: true;
  /** Whether the flows are taken over (checked when given). */ processes?: 'kept' | 'traced';
  /** CALLS edges (source uid, target uid) the graph must hold after the edit, and ones it must not. */ calls?: Array<[string, string]>; noCalls?: Array<[string, string]>;
};

/** Applies `replace` to a file's current text (the test fails loudly if `from` is not there). */
function change(root: string, rel: string, from: string, to: string): string {
  const text = fs.readFileSync(path.join(root, rel), 'utf8');
  if (!text.includes(from)) throw new Error(`${rel} has no ${JSON.stringify(from)}`);
  return text.replace(from, to);
}

function write(root: string, files: Record<string, string | null>): void {
  for (const [rel, text] of Object.entries(files)) {
    const abs = path.join(root, rel);
    if (text === null) fs.rmSync(abs);
    else { fs.mkdirSync(path.dirname(abs), { recursive: true }); fs.writeFileSync(abs, text); }
  }
}

async function sameAsCold(t: ExecutionContext, root: string, home: string, step: string, resident?: ResidentIndexes): Promise<AnalyzeSummary> {
  const r = await analyzeRepository(root, { home, resident });
  const incremental = snapshotBytes(r.dir);
  const cold = await coldBytes(root);
  t.deepEqual(Object.keys(incremental), Object.keys(cold), `${step}: the same snapshot files`);
  for (const k of Object.keys(cold)) t.true(incremental[k] === cold[k], `${step}: ${k} differs from a cold analyze`);
  return r.summary;
}

/**
 * A long-lived thread's store of kept indexes that counts the runs it served: with it, every run after the first
 * must take its previous index from memory.
 */
class CountedResident extends ResidentIndexes {
  served = 0;
  override take(indexDir: string, published: string | undefined): PreviousIndex | undefined {
    const kept = super.take(indexDir, published);
    if (kept) this.served++;
    return kept;
  }
}

async function runEdits(t: ExecutionContext, files: Record<string, string>, edits: (root: string) => Edit[],
  resident?: CountedResident): Promise<{ root: string; home: string }> {
  // (each edit's files are made from the tree as the edits before it left it)
  const base = tempDir('cg-inc-');
  const root = path.join(base, 'repo');
  writeTree(root, files);
  const home = path.join(base, 'home');
  await analyzeRepository(root, { home, resident });
  const served = resident?.served ?? 0;
  let runs = 0;
  for (const edit of edits(root)) {
    write(root, edit.files());
    const summary = await sameAsCold(t, root, home, edit.name, resident);
    runs++;
    if (edit.resolved !== undefined) {
      t.is(summary.files.resolved, edit.resolved, `${edit.name}: files resolved`);
      t.true(formatSummary(summary).includes(`relations resolved for ${edit.resolved}, the rest's kept`), `${edit.name}: the summary says so`);
    }
    else t.is(summary.files.resolved, summary.files.indexed, `${edit.name}: a shape change resolves every file`);
    if (edit.calls || edit.noCalls) {
      const { edges } = readGraphData((await analyzeRepository(root, { home, resident })).dir);
      runs++;
      const has = (from: string, to: string): boolean => edges.some((e) => e.type === 'CALLS' && e.source === from && e.target === to);
      for (const [from, to] of edit.calls ?? []) t.true(has(from, to), `${edit.name}: ${from} calls ${to}`);
      for (const [from, to] of edit.noCalls ?? []) t.false(has(from, to), `${edit.name}: ${from} does not call ${to}`);
    }
    t.is(summary.modulesReused === true, edit.sameModules === true, `${edit.name}: modules taken over or detected`);
    t.is(/modules +\d+ \(unchanged\)/.test(formatSummary(summary)), edit.sameModules === true, `${edit.name}: the summary says whether modules changed`);
    if (edit.processes !== undefined) {
      t.true(summary.processes > 0, `${edit.name}: the repository has flows`);
      t.is(summary.processesReused === true, edit.processes === 'kept', `${edit.name}: flows taken over or traced`);
      t.is(/processes \d+ \(unchanged\)/.test(formatSummary(summary)), edit.processes === 'kept', `${edit.name}: the summary says whether flows were traced`);
    }
  }
  if (resident) t.is(resident.served - served, runs, 'every run after the first took the kept index');
  return { root, home };
}

const tsEdits = (root: string): Edit[] => [
  { name: 'body-only (a line added)', resolved: 1, sameModules: true, files: () => ({ 'src/util.ts': change(root, 'src/util.ts', '  return x * 2;', '  const y = x + 1;\n  return y * 2 - 2;') }) },
  { name: 'body-only (calls changed)', resolved: 1, files: () => ({ 'src/app.ts': change(root, 'src/app.ts', '  const r = new Registry();', '  const r = new Registry();\n  r.add(new Circle(3));\n  s.scale(2);') }) },
  { name: 'two bodies at once', resolved: 2, files: () => ({
    'src/service.ts': change(root, 'src/service.ts', 'this.items.push(c);', 'this.items.push(c);\n    this.items.push(makeCircle());'),
    'src/circle.ts': change(root, 'src/circle.ts', 'return 3.14 * this.r * this.r;', '\n    return 3.14159 * this.r * this.r;'),
  }) },
  // (the override `Circle.area` moves down: its OVERRIDES edge carries its line now)
  { name: 'a line above an overriding method', resolved: 1, sameModules: true, files: () => ({ 'src/circle.ts': change(root, 'src/circle.ts', '    super();', '    super();\n    const k = 1;') }) },
  { name: 'signature changed', files: () => ({ 'src/util.ts': change(root, 'src/util.ts', 'export function helper(x: number): number {', 'export function helper(x: number, k = 2): Circle2 {') }) },
  // (no other file mentions `extra` yet: util.ts alone; the next edits make app.ts name it)
  { name: 'export added', resolved: 1, files: () => ({ 'src/util.ts': change(root, 'src/util.ts', 'export const config', 'export function extra(): number {\n  return helper(1);\n}\n\nexport const config') }) },
  { name: 'an importer uses the new export', resolved: 1, files: () => ({ 'src/app.ts': change(root, 'src/app.ts', 'local();', 'local();\nextra();') }) },
  { name: 'import of the new export', files: () => ({ 'src/app.ts': change(root, 'src/app.ts', "import { twice, config } from './util';", "import { twice, config, extra } from './util';") }) },
  { name: 'export removed', files: () => ({ 'src/util.ts': change(root, 'src/util.ts', 'export function twice', 'function twice') }) },
  { name: 're-export chain extended', files: () => ({ 'src/shapes/index.ts': change(root, 'src/shapes/index.ts', "export { Shape } from '../base';", "export { Shape } from '../base';\nexport * from '../util';") }) },
  { name: 'base class method changed', files: () => ({ 'src/base.ts': change(root, 'src/base.ts', '  describe(): string {', '  describe(prefix = ""): Circle {') }) },
  { name: 'base class method body', resolved: 1, files: () => ({ 'src/base.ts': change(root, 'src/base.ts', "return 'shape ' + this.area();", "const a = this.scale(1);\n    return 'shape ' + a;") }) },
  { name: 'file added', files: () => ({ 'src/extra.ts': "import { helper } from './util';\nimport { Registry } from './service';\n\nexport function more(): number {\n  return helper(3) + new Registry().total();\n}\n" }) },
  { name: 'file deleted', files: () => ({ 'src/service.ts': null }) },
  { name: 'comment only', resolved: 1, sameModules: true, files: () => ({ 'src/extra.ts': '// a comment first\n' + fs.readFileSync(path.join(root, 'src/extra.ts'), 'utf8') }) },
];

test('TypeScript: after each kind of edit the incremental snapshot equals a cold analyze', async (t) => {
  await runEdits(t, TS_REPO, tsEdits);
});

test('TypeScript, the last index kept in memory by a long-lived thread: after each kind of edit the snapshot equals a cold analyze', async (t) => {
  await runEdits(t, TS_REPO, tsEdits, new CountedResident());
});

const UNRESOLVED_REPO: Record<string, string> = {
  'src/repos.ts': 'export class UserRepo {\n  save(): number {\n    return 1;\n  }\n}\n\nexport class OrderRepo {\n  save(): number {\n    return 2;\n  }\n}\n',
  'src/service.ts': 'export function persist(repo) {\n  return repo.save();\n}\n',
  'src/other.ts': "import { UserRepo } from './repos';\n\nexport function touch(x) {\n  return x.save() + new UserRepo().save();\n}\n",
};

const UNRESOLVED_PY_REPO: Record<string, string> = {
  'shop/__init__.py': '',
  'shop/models.py': 'class Customer:\n    def save(self):\n        return 1\n',
  'shop/service.py': 'def persist(record):\n    return record.save()\n',
  'shop/other.py': 'from shop.models import Customer\n\n\ndef touch(x):\n    return x.save() + Customer().save()\n',
};

test('unresolved call sites: after one-file edits the incremental snapshot equals a cold analyze, clean files\' sites taken over', async (t) => {
  const { root, home } = await runEdits(t, UNRESOLVED_REPO, (root) => [
    { name: 'a line above an unresolved call', resolved: 1, sameModules: true, files: () => ({ 'src/service.ts': change(root, 'src/service.ts', '  return repo.save();', '  const k = 1;\n  return repo.save() + k;') }) },
    { name: 'an unresolved call added', resolved: 1, sameModules: true, files: () => ({ 'src/other.ts': change(root, 'src/other.ts', '  return x.save()', '  x.save();\n  return x.save()') }) },
    { name: 'an unresolved call removed', resolved: 1, sameModules: true, files: () => ({ 'src/service.ts': change(root, 'src/service.ts', '  return repo.save() + k;', '  return k;') }) },
    { name: 'a file with an unresolved call added', files: () => ({ 'src/extra.ts': 'export function again(r) {\n  return r.save();\n}\n' }) },
  ]);
  const sites = readUnresolved((await analyzeRepository(root, { home })).dir);
  t.deepEqual(sites.map((s) => `${s.filePath}:${s.line} ${s.name} ${s.from}`), [
    'src/extra.ts:2 save Function:src/extra.ts:again',
    'src/other.ts:4 save Function:src/other.ts:touch',
    'src/other.ts:5 save Function:src/other.ts:touch',
  ]);
  const py = await runEdits(t, UNRESOLVED_PY_REPO, (root) => [
    { name: 'a Python duck-typed call added', resolved: 1, sameModules: true, files: () => ({ 'shop/service.py': change(root, 'shop/service.py', '    return record.save()', '    record.save()\n    return record.save()') }) },
    { name: 'a Python line above a duck-typed call', resolved: 1, sameModules: true, files: () => ({ 'shop/other.py': change(root, 'shop/other.py', 'def touch(x):\n', 'def touch(x):\n    k = 1\n') }) },
  ]);
  const pySites = readUnresolved((await analyzeRepository(py.root, { home: py.home })).dir);
  t.deepEqual(pySites.map((s) => `${s.filePath}:${s.line} ${s.name} ${s.from}`), [
    'shop/other.py:6 save Function:shop/other.py:touch',
    'shop/service.py:2 save Function:shop/service.py:persist',
    'shop/service.py:3 save Function:shop/service.py:persist',
  ]);
});

const pyEdits = (root: string): Edit[] => [
  // (Python resolves its own relations; a file whose outward shape is kept is resolved alone: lib/lang/python/outward.ts)
  { name: 'body-only', resolved: 1, files: () => ({ 'pkg/service.py': change(root, 'pkg/service.py', '    return c.run()', '    c.greet("y")\n    return c.run()') }) },
  { name: 'comment and blank lines above the imports', resolved: 1, sameModules: true, files: () => ({ 'main.py': '# the entry point\n\n' + fs.readFileSync(path.join(root, 'main.py'), 'utf8') }) },
  { name: 'a returned value changed', files: () => ({ 'pkg/service.py': change(root, 'pkg/service.py', '    return Child()', '    return None') }) },
  { name: 'an import added inside a body', sameModules: true, files: () => ({ 'main.py': change(root, 'main.py', '    b = Base()', '    from pkg.service import make\n    b = Base()') }) },
  { name: 'base class method changed', files: () => ({ 'pkg/models.py': change(root, 'pkg/models.py', '    def run(self):\n        return self.greet("x")', '    def run(self, times=1):\n        return self.greet("x") * times\n\n    def stop(self):\n        return self.run()') }) },
  { name: 'a line above an overriding method', resolved: 1, sameModules: true, files: () => ({ 'pkg/models.py': change(root, 'pkg/models.py', '        return self.greet("x") * times', '        k = 1\n        return self.greet("x") * times') }) },
  { name: 'export added', files: () => ({ 'pkg/__init__.py': 'from .models import Base, Child\nfrom .service import make\n' }) },
  { name: 'file added', files: () => ({ 'pkg/extra.py': 'from pkg import make\n\n\ndef extra():\n    return make().greet("z")\n' }) },
  { name: 'file deleted', files: () => ({ 'pkg/service.py': null }) },
];

test('Python: after each kind of edit the incremental snapshot equals a cold analyze', async (t) => {
  await runEdits(t, PY_REPO, pyEdits);
});

test('Python, the last index kept in memory by a long-lived thread: after each kind of edit the snapshot equals a cold analyze', async (t) => {
  await runEdits(t, PY_REPO, pyEdits, new CountedResident());
});

const NAMES_TS: Record<string, string> = {
  'src/a.ts': 'export function one(): number {\n  return 1;\n}\n\nexport const alias = six;\n',
  'src/b.ts': "import * as a from './a';\n\nexport function useTwo(): number {\n  return a.two();\n}\n",
  'src/c.ts': "import { one } from './a';\n\nexport function useOne(): number {\n  return one() + 1;\n}\n",
  'src/d.ts': "import { four } from './a';\n\nexport const held = four;\n\nexport class Keep {\n  size(): number {\n    return 1;\n  }\n}\n",
};

const NAMES_PY: Record<string, string> = {
  'pkg/__init__.py': '',
  'pkg/a.py': 'def one():\n    return 1\n',
  'pkg/b.py': 'from pkg import a\n\n\ndef use_two():\n    a.two()\n    return 0\n',
  'pkg/c.py': 'from pkg.a import one\n\n\ndef use_one():\n    return one() + 1\n',
  'pkg/d.py': 'from pkg.a import four\n\nheld = four\n',
};

/** Appends `text` to a file's current text. */
const append = (root: string, rel: string, text: string): string => fs.readFileSync(path.join(root, rel), 'utf8') + text;

const namesTsEdits = (root: string): Edit[] => [
  // b.ts calls `a.two()` before it exists: it gains the edge; c.ts imports from a.ts but names no `two`, so it keeps its relations
  { name: 'TypeScript: export appended', resolved: 2, calls: [['Function:src/b.ts:useTwo', 'Function:src/a.ts:two']],
    files: () => ({ 'src/a.ts': append(root, 'src/a.ts', '\nexport function two(): number {\n  return 2;\n}\n') }) },
  // what d.ts exports reads `four`: a file reading d.ts may see the change too, so every file is resolved
  { name: 'TypeScript: an export another file re-exposes', files: () => ({ 'src/a.ts': append(root, 'src/a.ts', '\nexport function four(): number {\n  return 4;\n}\n') }) },
  // a body that calls the new function keeps its symbol's shape: a.ts alone
  { name: 'TypeScript: a body names the new one', resolved: 1, noCalls: [['Function:src/c.ts:useOne', 'Function:src/a.ts:five']],
    files: () => ({ 'src/a.ts': change(root, 'src/a.ts', 'export function one(): number {\n  return 1;', 'export function one(): number {\n  return five();').concat('\nexport function five(): number {\n  return 5;\n}\n') }) },
  // `alias` (kept) holds `six`: what a.ts exports changes under another name too, so every file is resolved
  { name: 'TypeScript: a kept symbol names the new one', files: () => ({ 'src/a.ts': append(root, 'src/a.ts', '\nexport function six(): number {\n  return 6;\n}\n') }) },
  // inserted between two symbols: the ones after it are kept
  { name: 'TypeScript: a function inserted', resolved: 1,
    files: () => ({ 'src/a.ts': change(root, 'src/a.ts', 'export const alias', 'export function seven(): number {\n  return 7;\n}\n\nexport const alias') }) },
  // (above a class: its members' parent index moves, their distance to it does not)
  { name: 'TypeScript: a function inserted above a class', resolved: 1,
    files: () => ({ 'src/d.ts': change(root, 'src/d.ts', 'export class Keep', 'export function eight(): number {\n  return 8;\n}\n\nexport class Keep') }) },
];

const namesPyEdits = (root: string): Edit[] => [
  { name: 'Python: function appended', resolved: 2, calls: [['Function:pkg/b.py:use_two', 'Function:pkg/a.py:two']],
    files: () => ({ 'pkg/a.py': append(root, 'pkg/a.py', '\n\ndef two():\n    return 2\n') }) },
  { name: 'Python: a name another file re-exposes', files: () => ({ 'pkg/a.py': append(root, 'pkg/a.py', '\n\ndef four():\n    return 4\n') }) },
];

test('an appended export resolves the changed file and the files that mention its name, no other', async (t) => {
  await runEdits(t, NAMES_TS, namesTsEdits);
  await runEdits(t, NAMES_PY, namesPyEdits);
});

test('an appended export, the last index kept in memory by a long-lived thread: the same files resolved, the same snapshot', async (t) => {
  await runEdits(t, NAMES_TS, namesTsEdits, new CountedResident());
  await runEdits(t, NAMES_PY, namesPyEdits, new CountedResident());
});

// Declarations made inside a function's body merge only within their scope (SymbolFact.localScope, an offset): a
// line above them moves the offsets, not which declarations share a scope, so the file keeps its outward shape.
const SCOPES_TS: Record<string, string> = {
  'package.json': '{ "name": "scopes", "version": "1.0.0" }\n',
  'src/spec.ts': `export function suite(): number {
  return 1;
}

export function first(): number {
  interface Warrior { fight(): number }
  const w: Warrior = { fight: () => 1 };
  return w.fight();
}

export function second(): number {
  interface Warrior { sneak(): number }
  const w: Warrior = { sneak: () => 2 };
  return w.sneak();
}
`,
  'src/use.ts': "import { first, second } from './spec';\n\nexport function both(): number {\n  return first() + second();\n}\n",
};

const scopesTsEdits = (root: string): Edit[] => [
  { name: 'a line above two scopes\' local declarations', resolved: 1, sameModules: true,
    files: () => ({ 'src/spec.ts': change(root, 'src/spec.ts', '  return 1;', '  const k = 1;\n  return k;') }) },
  { name: 'a line inside the first scope', resolved: 1, sameModules: true,
    files: () => ({ 'src/spec.ts': change(root, 'src/spec.ts', '  const w: Warrior = { fight', '  const z = 0;\n  const w: Warrior = { fight') }) },
];

test('TypeScript: a line above function-local declarations keeps the file\'s shape (their scopes numbered, not placed)', async (t) => {
  await runEdits(t, SCOPES_TS, scopesTsEdits);
});

test('TypeScript: seeded random edits keep the incremental snapshot equal to a cold one', async (t) => {
  await randomEdits(t, 20261123);
});

test('TypeScript, the last index kept in memory by a long-lived thread: seeded random edits keep the snapshot equal to a cold one', async (t) => {
  const resident = new CountedResident();
  await randomEdits(t, 20261127, resident);
  t.is(resident.served, 12, 'every run after the first took the kept index');
});

/** Twelve steps of one or two seeded random edits, each snapshot compared with a cold analyze. */
async function randomEdits(t: ExecutionContext, seed: number, resident?: ResidentIndexes): Promise<void> {
  const random = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const names = ['helper', 'twice', 'makeCircle', 'main'];
  let added = 0;
  const mutations: Array<(text: string) => string> = [
    // a blank or comment line somewhere (positions move, nothing else)
    (text) => { const lines = text.split('\n'); lines.splice(Math.floor(random() * lines.length), 0, pick(['', '// note'])); return lines.join('\n'); },
    // a statement calling a known function inside the first body
    (text) => text.replace(/\{\n/, `{\n  ${pick(names)}(${Math.floor(random() * 9)});\n`),
    // a new exported function (a shape change)
    (text) => `${text}\nexport function gen${added++}(): number {\n  return ${pick(names)}(1) as number;\n}\n`,
    // a function's export toggled (a shape change)
    (text) => (text.includes('export function') ? text.replace('export function', 'function') : text.replace(/^function /m, 'export function ')),
  ];
  const base = tempDir('cg-inc-rand-');
  const root = path.join(base, 'repo');
  writeTree(root, TS_REPO);
  const home = path.join(base, 'home');
  await analyzeRepository(root, { home, resident });
  const files = Object.keys(TS_REPO).filter((f) => f.endsWith('.ts'));
  let incremental = 0;
  for (let step = 0; step < 12; step++) {
    const edits: Record<string, string> = {};
    for (let k = 1 + Math.floor(random() * 2); k > 0; k--) {
      const rel = pick(files);
      const text = edits[rel] ?? fs.readFileSync(path.join(root, rel), 'utf8');
      edits[rel] = pick(mutations)(text);
    }
    write(root, edits);
    const summary = await sameAsCold(t, root, home, `random step ${step} (${Object.keys(edits).join(', ')})`, resident);
    if ((summary.files.resolved ?? 0) < summary.files.indexed) incremental++;
  }
  t.true(incremental > 0, 'some steps took the incremental path');
}

test('a kept index is used only while its generation is the published one: after another process\'s analyze, or a failed run, the disk is read', async (t) => {
  const base = tempDir('cg-inc-kept-');
  const root = path.join(base, 'repo');
  writeTree(root, TS_REPO);
  const home = path.join(base, 'home');
  const resident = new CountedResident();
  await analyzeRepository(root, { home, resident });
  const edit = (n: number): void => write(root, { 'src/util.ts': change(root, 'src/util.ts', `  return x * ${n};`, `  return x * ${n + 1};`) });
  edit(2);
  await sameAsCold(t, root, home, 'kept', resident);
  t.is(resident.served, 1, 'the second run took the kept index');
  // another process (no kept index) publishes a newer generation: the kept one no longer describes it
  edit(3);
  await analyzeRepository(root, { home });
  edit(4);
  await sameAsCold(t, root, home, 'after another process', resident);
  t.is(resident.served, 1, 'read from the disk');
  edit(5);
  await sameAsCold(t, root, home, 'kept again', resident);
  t.is(resident.served, 2, 'and kept from there on');
  // a run that fails leaves nothing kept: the next run reads the (unchanged) published generation
  edit(6);
  await t.throwsAsync(analyzeRepository(root, { home, resident, onPhase: (p) => { if (p === 'modules') throw new Error('injected'); } }), { message: 'injected' });
  t.is(resident.served, 3, 'the failed run took the kept index');
  await sameAsCold(t, root, home, 'after a failed run', resident);
  t.is(resident.served, 3, 'the run after it read the disk');
});

test('a snapshot made by other code, or a changed configuration, resolves every file again (and still equals a cold analyze)', async (t) => {
  const base = tempDir('cg-inc-stamp-');
  const root = path.join(base, 'repo');
  writeTree(root, TS_REPO);
  const home = path.join(base, 'home');
  const first = await analyzeRepository(root, { home });
  // another build of codegraph made the previous snapshot: its relations are not taken over
  const metaFile = path.join(first.dir, 'meta.json');
  const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8'));
  t.truthy(meta.incremental?.stamp, 'the snapshot records the code that made it');
  t.true(meta.incremental.partitioned, 'and that its relation edges split by file');
  fs.writeFileSync(metaFile, JSON.stringify({ ...meta, incremental: { ...meta.incremental, stamp: 'another build' } }));
  write(root, { 'src/util.ts': change(root, 'src/util.ts', '  return x * 2;', '  return x * 3;') });
  let s = await sameAsCold(t, root, home, 'other code');
  t.is(s.files.resolved, s.files.indexed);
  // the same edit kind now takes the incremental path
  write(root, { 'src/util.ts': change(root, 'src/util.ts', '  return x * 3;', '  return x * 4;') });
  s = await sameAsCold(t, root, home, 'same code');
  t.is(s.files.resolved, 1);
  // a body edit beside a configuration change: every file
  write(root, {
    'src/util.ts': change(root, 'src/util.ts', '  return x * 4;', '  return x * 5;'),
    'tsconfig.json': '{ "compilerOptions": { "baseUrl": "src" } }\n',
  });
  s = await sameAsCold(t, root, home, 'configuration');
  t.is(s.files.resolved, s.files.indexed);
});

test('a repository of two languages: a TypeScript body edit takes the Python files over, entry marks included', async (t) => {
  const files: Record<string, string> = {
    ...TS_REPO,
    ...PY_REPO,
    'pyproject.toml': '[project]\nname = "pkg"\n\n[project.scripts]\nshapes-cli = "pkg.service:serve"\n',
  };
  const base = tempDir('cg-inc-mixed-');
  const root = path.join(base, 'repo');
  writeTree(root, files);
  const home = path.join(base, 'home');
  const first = await analyzeRepository(root, { home });
  const marked = readGraphData(first.dir).nodes.filter((n) => n.entryKind !== undefined && n.filePath?.endsWith('.py'));
  t.true(marked.length > 0, 'the Python resolver marks the console script');
  write(root, { 'src/util.ts': change(root, 'src/util.ts', '  return x * 2;', '  const k = 2;\n  return x * k;') });
  const s = await sameAsCold(t, root, home, 'TypeScript body beside Python');
  t.is(s.files.resolved, 1, 'the Python files were taken over');
  write(root, { 'pkg/service.py': change(root, 'pkg/service.py', '    return c.run()', '    return c.run() or 1') });
  const s2 = await sameAsCold(t, root, home, 'Python body');
  t.is(s2.files.resolved, s2.files.indexed, 'a Python change resolves everything');
});

test('methods declared outside their type\'s body (Go receivers, Rust impl blocks) keep HAS_METHOD when their file is taken over', async (t) => {
  const files: Record<string, string> = {
    'src/util.ts': 'export function double(x: number): number {\n  return x * 2;\n}\n',
    'go/shapes.go': 'package shapes\n\ntype Square struct{ side int }\n\nfunc (s Square) Area() int { return s.side * s.side }\n\nfunc (s *Square) Grow() { s.side = s.side + s.Area() }\n',
    'rs/src/lib.rs': 'pub struct Circle { r: f64 }\n\nimpl Circle {\n    pub fn area(&self) -> f64 { self.r * self.r }\n    pub fn grow(&mut self) { self.r = self.area(); }\n}\n',
  };
  const base = tempDir('cg-inc-nominal-');
  const root = path.join(base, 'repo');
  writeTree(root, files);
  const home = path.join(base, 'home');
  const owners = (dir: string): string[] => readGraphData(dir).edges.filter((e) => e.type === 'HAS_METHOD').map((e) => `${e.source} -> ${e.target}`).sort();
  const first = owners((await analyzeRepository(root, { home })).dir);
  for (const m of ['Class:go/shapes.go:Square -> Method:go/shapes.go:Square.Area', 'Class:go/shapes.go:Square -> Method:go/shapes.go:Square.Grow']) t.true(first.includes(m), m);
  t.true(first.some((e) => e.endsWith('Circle.area') && e.startsWith('Class:rs/src/lib.rs:Circle')), 'the struct has its impl block\'s method');
  write(root, { 'src/util.ts': change(root, 'src/util.ts', '  return x * 2;', '  const k = 2;\n  return x * k;') });
  const s = await sameAsCold(t, root, home, 'TypeScript body beside Go and Rust');
  t.is(s.files.resolved, 1, 'the Go and Rust files were taken over');
  t.deepEqual(owners((await analyzeRepository(root, { home })).dir), first);
});

const FLOW_REPO: Record<string, string> = {
  'package.json': '{ "name": "flows", "version": "1.0.0" }\n',
  'src/io.ts': `export function readText(p: string): string {
  return check(p) + p;
}

export function check(p: string): string {
  return p.trim();
}

export function writeText(p: string, text: string): number {
  return record(p) + text.length;
}

export function record(p: string): number {
  return p.length;
}
`,
  'src/steps.ts': `import { readText, writeText } from './io';

export function load(p: string): string {
  return parseAll(readText(p));
}

export function parseAll(text: string): string {
  return text.toUpperCase();
}

export function save(p: string, text: string): number {
  return writeText(p, formatAll(text));
}

export function formatAll(text: string): string {
  return text.toLowerCase();
}
`,
  'src/main.ts': `import { load, save } from './steps';

export function run(p: string): number {
  const text = load(p);
  const n = save(p, text);
  return n;
}

run('x');
`,
};

test('flows are taken over when each caller calls in the same order, and traced again when an order changes', async (t) => {
  await runEdits(t, FLOW_REPO, (root) => [
    { name: 'a statement added above the calls', resolved: 1, sameModules: true, processes: 'kept',
      files: () => ({ 'src/main.ts': change(root, 'src/main.ts', '  const text = load(p);', '  const first = p.length;\n  const text = load(p + first);') }) },
    { name: 'a comment above everything', resolved: 1, sameModules: true, processes: 'kept',
      files: () => ({ 'src/steps.ts': '// steps\n\n' + fs.readFileSync(path.join(root, 'src/steps.ts'), 'utf8') }) },
    // (the caller's edges are made in the new order too, so the modules are detected again as well)
    { name: 'two calls of a caller swapped', resolved: 1, processes: 'traced',
      files: () => ({ 'src/main.ts': change(root, 'src/main.ts', '  const text = load(p + first);\n  const n = save(p, text);', '  const n = save(p, p);\n  const text = load(p + first);') }) },
    { name: 'a call added', resolved: 1, processes: 'traced',
      files: () => ({ 'src/steps.ts': change(root, 'src/steps.ts', '  return text.toLowerCase();', '  return parseAll(text).toLowerCase();') }) },
  ]);
});

test('the flows digest reads of positions only the order of each caller\'s call lines', (t) => {
  const key = (lines: number[][]): string => {
    const b = new GraphBuilder();
    for (const n of ['a', 'b', 'c', 'd']) b.addNode({ uid: `Function:f.ts:${n}`, label: 'Function', name: n, filePath: 'f.ts' } as GraphNode);
    // a calls c and d, b calls c and d, with these lines
    lines.forEach(([x, y], i) => {
      const from = `Function:f.ts:${'ab'[i]}`;
      b.addEdge({ source: from, target: 'Function:f.ts:c', type: 'CALLS', confidence: 1, reason: 'r', line: x } as GraphEdge);
      b.addEdge({ source: from, target: 'Function:f.ts:d', type: 'CALLS', confidence: 1, reason: 'r', line: y } as GraphEdge);
    });
    return processesKey(b.toArrayGraph(), 'modules');
  };
  const base = key([[3, 5], [10, 12]]);
  t.is(key([[4, 9], [1, 2]]), base, 'lines moved, each caller\'s order kept');
  t.not(key([[5, 3], [10, 12]]), base, 'a caller\'s calls in the other order');
  t.not(key([[3, 3], [10, 12]]), base, 'two calls on one line (a tie) where they were apart');
  t.is(key([[7, 7], [1, 1]]), key([[2, 2], [8, 8]]), 'ties kept');
});
