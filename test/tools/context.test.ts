import test from 'ava';
import { context } from '../../handlers/context.ts';
import { handSnapshot, FILES, U } from './hand-graph.ts';
import type { CodegraphError } from '../../lib/errors.ts';
import type { ContextResult } from '../../lib/symbols/context.ts';

const uids = (list: { uid: string }[]) => list.map((r) => r.uid);

test('a method: symbol fields, callers with confidence and reason, callees, container, process step, module', async (t) => {
  const r = await context({ name: 'UserService.validate' }, handSnapshot()) as ContextResult;
  t.is(r.status, 'found');
  t.deepEqual(r.symbol, {
    uid: U.validate, name: 'validate', type: 'Method', qualifiedName: 'UserService.validate', filePath: 'src/auth/service.ts',
    line: 6, endLine: 8, exported: false, module: 'Auth', signature: 'validate(name: string)',
  });
  // The test caller is listed too: context reports every caller, tests included.
  t.deepEqual(r.incoming.calls, [
    { uid: U.handleLogin, name: 'handleLogin', type: 'Function', filePath: 'src/api/routes.ts', line: 3, confidence: 0.85, reason: 'typed-receiver', count: 1, siteLine: 5 },
    { uid: U.testValidate, name: 'testValidate', type: 'Function', filePath: 'test/service.test.ts', line: 2, confidence: 0.85, reason: 'typed-receiver', count: 1, siteLine: 3 },
  ]);
  t.deepEqual(uids(r.outgoing.calls), [U.findUser, U.hashPassword]); // by path
  t.deepEqual(r.outgoing.calls.map((c) => [c.confidence, c.reason, c.siteLine]), [[0.9, 'import', 7], [1, 'import', 7]]);
  t.deepEqual(r.container, { uid: U.UserService, name: 'UserService', type: 'Class' });
  t.deepEqual(r.processes, [{ uid: U.LoginFlow, name: 'LoginFlow', step: 2, steps: 3 }]);
  for (const k of ['imports', 'extends', 'implements', 'references'] as const) t.deepEqual(r.incoming[k], [], k);
  t.is(r.members, undefined);
  t.is(r.symbol.content, undefined);
});

test('a class: heritage both ways, importers from the reference index, constructor callers, members with callers, member flows', async (t) => {
  const r = await context({ name: 'UserService', include_content: true }, handSnapshot()) as ContextResult;
  t.deepEqual(uids(r.outgoing.extends), [U.BaseService]);
  t.deepEqual(uids(r.outgoing.implements), [U.Validator]);
  t.deepEqual(uids(r.incoming.imports), ['File:src/api/routes.ts', 'File:test/service.test.ts']);
  t.is(r.incoming.imports[0].siteLine, 1);
  // `new UserService()` resolved to the constructor still shows as a call of the class.
  t.deepEqual(r.incoming.calls.map((c) => [c.uid, c.via]), [[U.handleLogin, 'constructor'], [U.handleSignup, 'constructor'], [U.testValidate, 'constructor']]);
  t.deepEqual(r.members!.map((m) => [m.name, uids(m.callers)]), [
    ['constructor', [U.handleLogin, U.handleSignup, U.testValidate]],
    ['validate', [U.handleLogin, U.testValidate]],
    ['save', [U.handleSignup]],
  ]);
  t.deepEqual(r.members![2].callers[0].confidence, 0.3);
  t.deepEqual(r.processes, [{ uid: U.LoginFlow, name: 'LoginFlow', step: 2, steps: 3, via: 'validate' }]);
  t.is(r.symbol.content, FILES['src/auth/service.ts'].split('\n').slice(3, 10).join('\n'));
  t.is(r.symbol.contentStale, undefined);
  t.is(r.symbol.doc, 'Users.');
});

test('base class and interface: subclasses and implementers arrive as incoming extends / implements', async (t) => {
  const s = handSnapshot();
  const base = await context({ uid: U.BaseService }, s) as ContextResult;
  t.deepEqual(uids(base.incoming.extends), [U.UserService]);
  t.deepEqual(base.incoming.calls.map((c) => [c.uid, c.reason]), [[U.ctor, 'super-member']]);
  const iface = await context({ name: 'Validator', kind: 'interface' }, s) as ContextResult;
  t.deepEqual(uids(iface.incoming.implements), [U.UserService]);
  t.deepEqual(iface.members!.map((m) => m.uid), [U.ValidatorValidate]);
});

test('references: graph REFERENCES edges, with reference-index sites merged, not duplicated', async (t) => {
  const r = await context({ name: 'config' }, handSnapshot()) as ContextResult;
  t.deepEqual(r.incoming.references.map((x) => [x.uid, x.reason, x.siteLine]), [[U.handleLogin, 'same-file', 5]]);
  const f = await context({ name: 'handleLogin' }, handSnapshot()) as ContextResult;
  t.deepEqual(uids(f.outgoing.references), [U.config]);
  t.deepEqual(uids(f.outgoing.calls), [U.ctor, U.validate]);
  t.deepEqual(f.symbol.module, 'Api');
  t.deepEqual(f.processes, [{ uid: U.LoginFlow, name: 'LoginFlow', step: 1, steps: 3 }]);
});

test('include_content flags a file edited since indexing; a missing file leaves content out', async (t) => {
  const edited = handSnapshot({ files: { 'src/util/hash.ts': '// moved\nexport function hashPassword(p: string) {\n  return p;\n}' } });
  const r = await context({ name: 'hashPassword', include_content: true }, edited) as ContextResult;
  t.true(r.symbol.contentStale);
  t.is(r.symbol.content, '// moved\nexport function hashPassword(p: string) {\n  return p;');
  const s = handSnapshot();
  (s.host as { readFile: (p: string) => string | undefined }).readFile = () => undefined;
  const gone = await context({ name: 'hashPassword', include_content: true }, s) as ContextResult;
  t.is(gone.symbol.content, undefined);
});

test('ambiguous names answer with ranked candidates; file_path and kind pick one', async (t) => {
  const s = handSnapshot();
  const r = await context({ name: 'validate' }, s);
  if (r.status !== 'ambiguous') return t.fail();
  t.deepEqual(uids(r.candidates), [U.ValidatorValidate, U.validate]);
  t.regex(r.message, /2 symbols match 'validate'/);
  const one = await context({ name: 'validate', file_path: 'auth/service.ts' }, s) as ContextResult;
  t.is(one.symbol.uid, U.validate);
});

test('unknown symbol: SYMBOL_NOT_FOUND with close names; bad requests: VALIDATION_ERROR naming the field', async (t) => {
  const s = handSnapshot();
  const e = await t.throwsAsync(context({ name: 'hashPasword' }, s)) as CodegraphError;
  t.is(e.code, 'SYMBOL_NOT_FOUND');
  t.is(e.status, 404);
  t.is((e.details as { suggestions: { uid: string }[] }).suggestions[0].uid, U.hashPassword);
  const none = await t.throwsAsync(context({}, s)) as CodegraphError;
  t.is(none.code, 'VALIDATION_ERROR');
  t.regex(none.message, /name, uid/);
  const bad = await t.throwsAsync(context({ name: 'x', include_content: 'very' }, s)) as CodegraphError;
  t.deepEqual((bad.details as { field: string }[]).map((d) => d.field), ['include_content']);
  const extra = await t.throwsAsync(context({ name: 'x', colour: 'red' }, s)) as CodegraphError;
  t.deepEqual((extra.details as { field: string }[]).map((d) => d.field), ['colour']);
  const empty = await t.throwsAsync(context({ name: '   ' }, s)) as CodegraphError;
  t.is(empty.code, 'VALIDATION_ERROR');
});

test('the handler carries its definition for the runtimes', (t) => {
  const d = context.definition;
  t.is(d.name, 'context');
  t.true(d.annotations.readOnlyHint);
  t.false(d.annotations.destructiveHint);
  t.true(d.description.length > 100);
});
