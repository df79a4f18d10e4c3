/**
 * `impact` and `context` report the call sites the index could not resolve whose name may run the symbol
 * (docs/tools.md § Unresolved calls), on fixture repositories analyzed by the real pipeline: TypeScript and
 * JavaScript (test/fixtures/tools/unresolved-calls), Python (test/fixtures/python/duck-typed-calls), and small
 * repositories of the languages that share the nominal resolver, and Ruby.
 */
import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import { impact } from '../../handlers/impact.ts';
import { context } from '../../handlers/context.ts';
import { OUTPUT_SCHEMAS } from '../../handlers/output-schemas.ts';
import { UnresolvedCalls, type UnresolvedCall } from '../../lib/refs/unresolved-calls.ts';
import type { ImpactResult } from '../../lib/symbols/impact.ts';
import type { BudgetedContext } from '../../handlers/context-budget.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import type { CodegraphError } from '../../lib/errors.ts';
import { tempDir, writeTree } from '../analyze/_helpers.ts';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');
const TS = path.join(fixtures, 'tools/unresolved-calls');
const PY = path.join(fixtures, 'python/duck-typed-calls');

const snapshots = new Map<string, Promise<Snapshot>>();
function snapshotOf(root: string): Promise<Snapshot> {
  let s = snapshots.get(root);
  if (!s) snapshots.set(root, (s = buildSnapshotInMemory(root, { search: false, workers: 0 })));
  return s;
}

const sitesOf = (r: { unresolved?: { sites: Array<{ filePath: string; line: number; name: string; from: string }> } }) =>
  r.unresolved?.sites.map((s) => `${s.filePath}:${s.line} ${s.name} ${s.from}`);

test('impact of a method: the calls of its name on an untyped receiver, not the typed call that resolved to it', async (t) => {
  const s = await snapshotOf(TS);
  const r = await impact({ target: 'UserRepo.save' }, s) as ImpactResult;
  // the typed call is a CALLS edge, so a dependent at depth 1, and no unresolved site
  t.deepEqual(r.byDepth['1'].map((x) => x.uid), ['Function:src/service.ts:register']);
  t.deepEqual(sitesOf(r), [
    'src/recursive.ts:6 save Method:src/recursive.ts:Tree.save',
    'src/service.ts:5 save Function:src/service.ts:persist',
  ]);
  t.is(r.unresolved!.count, 2);
  t.is(r.impactedCount, 1, 'unresolved sites are no impacted symbols');
  t.regex(r.riskReason, /; 2 calls of 'save' could not be resolved and may also reach it \(unresolved\)$/);
  t.is(r.risk, 'LOW', 'the level is the graph\'s');
  const v = OUTPUT_SCHEMAS.impact.validate(r);
  t.falsy(v.error, v.error?.message);
});

test('a method\'s own unresolved call of its name is no caller of it; another method of that name still sees it', async (t) => {
  const s = await snapshotOf(TS);
  const tree = await impact({ target: 'Tree.save' }, s) as ImpactResult;
  t.deepEqual(sitesOf(tree), ['src/service.ts:5 save Function:src/service.ts:persist']);
  const order = await impact({ target: 'OrderRepo.save' }, s) as ImpactResult;
  t.is(order.impactedCount, 0);
  t.is(order.unresolved!.count, 2, 'nothing resolved reaches it, but two calls may');
});

test('a top-level function: a plain call of its name in a script; a parameter called by the same name as a method is no site', async (t) => {
  const s = await snapshotOf(TS);
  const a = await impact({ target: 'render', file_path: 'src/format-a.ts' }, s) as ImpactResult;
  t.deepEqual(sitesOf(a), ['src/legacy.js:3 render Function:src/legacy.js:show']);
  // `run(save) { return save(); }`: the parameter's name says nothing of the function it holds
  t.false(s.unresolved!.all.some((u) => u.from === 'Function:src/legacy.js:run'));
  const persist = await impact({ target: 'persist', file_path: 'src/service.ts' }, s) as ImpactResult;
  t.deepEqual(persist.unresolved, { count: 0, sites: [] });
  t.notRegex(persist.riskReason, /unresolved/);
});

test('a class: the calls of its methods\' names; test files only with includeTests', async (t) => {
  const s = await snapshotOf(TS);
  const r = await impact({ target: 'UserRepo' }, s) as ImpactResult;
  t.deepEqual(sitesOf(r), [
    'src/recursive.ts:6 save Method:src/recursive.ts:Tree.save',
    'src/service.ts:5 save Function:src/service.ts:persist',
  ]);
  const withTests = await impact({ target: 'UserRepo', includeTests: true }, s) as ImpactResult;
  t.deepEqual(sitesOf(withTests), [
    'src/recursive.ts:6 save Method:src/recursive.ts:Tree.save',
    'src/service.ts:5 save Function:src/service.ts:persist',
    'test/persist.test.ts:3 save Function:test/persist.test.ts:checkSave',
  ]);
});

test('downstream: the unresolved calls made inside the target; no CALLS followed, no unresolved field', async (t) => {
  const s = await snapshotOf(TS);
  const down = await impact({ target: 'persist', file_path: 'src/service.ts', direction: 'downstream' }, s) as ImpactResult;
  t.deepEqual(sitesOf(down), ['src/service.ts:5 save Function:src/service.ts:persist']);
  t.regex(down.riskReason, /1 call it makes \('save'\) could not be resolved/);
  const noCalls = await impact({ target: 'UserRepo.save', relationTypes: ['IMPORTS'] }, s) as ImpactResult;
  t.false('unresolved' in noCalls);
});

test('context: the count and the sites; counts.unresolved is exact; test files are listed as callers are', async (t) => {
  const s = await snapshotOf(TS);
  const c = await context({ name: 'UserRepo.save' }, s) as BudgetedContext;
  t.deepEqual(c.incoming.calls.map((x) => x.uid), ['Function:src/service.ts:register']);
  t.deepEqual(sitesOf(c), [
    'src/recursive.ts:6 save Method:src/recursive.ts:Tree.save',
    'src/service.ts:5 save Function:src/service.ts:persist',
    'test/persist.test.ts:3 save Function:test/persist.test.ts:checkSave',
  ]);
  t.is(c.unresolved!.count, 3);
  t.is(c.counts.unresolved, 3);
  const v = OUTPUT_SCHEMAS.context.validate(c);
  t.falsy(v.error, v.error?.message);
  // a property is not called by name: nothing to report, but the field says so
  const children = await context({ name: 'Tree.children' }, s) as BudgetedContext;
  t.deepEqual(children.unresolved, { count: 0, sites: [] });
});

test('Python: a duck-typed call is reported for every method of its name, the resolved call is not', async (t) => {
  const s = await snapshotOf(PY);
  const r = await impact({ target: 'Customer.save' }, s) as ImpactResult;
  t.deepEqual(r.byDepth['1'].map((x) => x.uid), ['Function:shop/service.py:create']);
  t.deepEqual(sitesOf(r), ['shop/service.py:6 save Function:shop/service.py:persist']);
  const invoice = await impact({ target: 'Invoice.total' }, s) as ImpactResult;
  t.deepEqual(sitesOf(invoice), ['shop/service.py:19 total Function:shop/service.py:checkout']);
  const c = await context({ name: 'Invoice.save' }, s) as BudgetedContext;
  t.is(c.unresolved!.count, 1);
});

test('a site matches only symbols of its language family', async (t) => {
  const root = path.join(tempDir('cg-unres-mixed-'), 'repo');
  writeTree(root, {
    'web/a.ts': 'export class Store {\n  save(): number {\n    return 1;\n  }\n}\nexport class Cache {\n  save(): number {\n    return 2;\n  }\n}\n',
    'py/models.py': 'class Store:\n    def save(self):\n        return 1\n\n\ndef persist(x):\n    return x.save()\n',
  });
  const s = await buildSnapshotInMemory(root, { search: false, workers: 0 });
  const ts = await impact({ target: 'Store.save', file_path: 'web/a.ts' }, s) as ImpactResult;
  t.deepEqual(ts.unresolved, { count: 0, sites: [] });
  const py = await impact({ target: 'Store.save', file_path: 'py/models.py' }, s) as ImpactResult;
  t.deepEqual(sitesOf(py), ['py/models.py:7 save Function:py/models.py:persist']);
});

test('Ruby, Go, Java and C#: each resolver gives its unresolved calls, a bare call in a C# method may run a method', async (t) => {
  const root = path.join(tempDir('cg-unres-langs-'), 'repo');
  writeTree(root, {
    'rb/models.rb': 'class Account\n  def save\n    1\n  end\nend\n\nclass Ledger\n  def save\n    2\n  end\nend\n\ndef persist(record)\n  record.save\nend\n',
    'go/repo.go': 'package app\n\ntype Repo struct{}\n\nfunc (r *Repo) Save() int { return 1 }\n\nfunc Persist(x interface{ Save() int }) int {\n\treturn x.Save()\n}\n',
    'java/Repo.java': 'package app;\n\npublic class Repo {\n    public int save() { return 1; }\n    public int viaUnknown() {\n        return unknownField.save();\n    }\n}\n',
    'cs/Repo.cs': 'namespace App {\n  public class Repo { public int Helper() { return 1; } }\n  public class Service {\n    public int Run() { return Helper(); }\n  }\n}\n',
  });
  const s = await buildSnapshotInMemory(root, { search: false, workers: 0 });
  const expect: Array<[string, string, string]> = [
    ['Account.save', 'rb/models.rb', 'rb/models.rb:14 save Function:rb/models.rb:persist'],
    ['Repo.Save', 'go/repo.go', 'go/repo.go:8 Save Function:go/repo.go:Persist'],
    ['Repo.Helper', 'cs/Repo.cs', 'cs/Repo.cs:4 Helper Method:cs/Repo.cs:Service.Run'],
  ];
  for (const [target, file, site] of expect) {
    const r = await impact({ target, file_path: file }, s) as ImpactResult;
    t.deepEqual(sitesOf(r), [site], target);
  }
  // Java: a call on a field the index does not know, from another method of the class
  const java = await impact({ target: 'Repo.save', file_path: 'java/Repo.java' }, s) as ImpactResult;
  t.deepEqual(sitesOf(java), ['java/Repo.java:6 save Method:java/Repo.java:Repo.viaUnknown']);
});

test('a long list is cut to the budget with an exact count, and pages put together give every site', async (t) => {
  const base = await snapshotOf(TS);
  const many: UnresolvedCall[] = [];
  for (let line = 1; line <= 400; line++) many.push({ name: 'save', filePath: 'src/service.ts', line, from: 'Function:src/service.ts:persist', member: true });
  const s: Snapshot = { ...base, unresolved: new UnresolvedCalls(many) };
  const first = await impact({ target: 'UserRepo.save', max_chars: 4_000 }, s) as ImpactResult & { more?: Array<{ section: string; next_offset: number; total: number }> };
  t.is(first.unresolved!.count, 400);
  t.true(first.unresolved!.sites.length < 400);
  t.true(first.truncated);
  const cut = first.more!.find((m) => m.section === 'unresolved')!;
  t.is(cut.total, 400);
  const lines = first.unresolved!.sites.map((x) => x.line);
  for (let offset = cut.next_offset; offset < 400;) {
    const page = await impact({ target: 'UserRepo.save', max_chars: 4_000, section: 'unresolved', offset }, s) as typeof first;
    t.is(page.unresolved!.count, 400);
    t.deepEqual(page.byDepth, {});
    lines.push(...page.unresolved!.sites.map((x) => x.line));
    offset = page.more?.find((m) => m.section === 'unresolved')?.next_offset ?? 400;
  }
  t.deepEqual(lines, many.map((x) => x.line));
  const c = await context({ name: 'UserRepo.save', max_chars: 2_500 }, s) as BudgetedContext;
  t.is(c.unresolved!.count, 400);
  t.is(c.counts.unresolved, 400);
  t.true(c.unresolved!.sites.length < 400);
  t.true(c.more!.some((m) => m.section === 'unresolved'));
});

test('bad input: an unknown section is a VALIDATION_ERROR naming the field; offset without section too', async (t) => {
  const s = await snapshotOf(TS);
  const bad = await t.throwsAsync(impact({ target: 'UserRepo.save', section: 'unresolved_sites' as never, offset: 1 }, s));
  t.is((bad as CodegraphError).code, 'VALIDATION_ERROR');
  t.true(JSON.stringify((bad as CodegraphError).details).includes('section'));
  const noSection = await t.throwsAsync(context({ name: 'UserRepo.save', offset: 3 }, s));
  t.is((noSection as CodegraphError).code, 'VALIDATION_ERROR');
});
