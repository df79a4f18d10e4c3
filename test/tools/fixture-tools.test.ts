/** context and impact on a fixture repository indexed by the real pipeline (test/fixtures/tools/app). */
import test from 'ava';
import { context } from '../../handlers/context.ts';
import { impact } from '../../handlers/impact.ts';
import type { ContextResult } from '../../lib/symbols/context.ts';
import { impactSeeds, type ImpactResult } from '../../lib/symbols/impact.ts';
import { DEPENDENCY_TYPES } from '../../lib/symbols/traverse.ts';
import { REL_TYPES, SYMBOL_LABELS } from '../../lib/graph/schema.ts';
import type { CodegraphError } from '../../lib/errors.ts';
import { bruteForceImpact } from './oracle.ts';
import { fixtureSnapshot } from './fixture.ts';
import { graphData } from '../../lib/graph/code-graph.ts';

const F = {
  validateUser: 'Function:src/auth/validate.ts:validateUser',
  hashPassword: 'Function:src/util/hash.ts:hashPassword',
  constantTimeEqual: 'Function:src/util/hash.ts:constantTimeEqual',
  unusedHelper: 'Function:src/util/hash.ts:unusedHelper',
  login: 'Method:src/auth/controller.ts:AuthController.login',
  logout: 'Method:src/auth/controller.ts:AuthController.logout',
  AuthController: 'Class:src/auth/controller.ts:AuthController',
  BaseController: 'Class:src/auth/base.ts:BaseController',
  respond: 'Method:src/auth/base.ts:BaseController.respond',
  Controller: 'Interface:src/auth/base.ts:Controller',
  ControllerLogin: 'Method:src/auth/base.ts:Controller.login',
  handle: 'Method:src/router.ts:Router.handle',
  routerAuth: 'Property:src/router.ts:Router.auth',
  startServer: 'Function:src/server.ts:startServer',
  main: 'Function:src/index.ts:main',
  testLogin: 'Function:test/controller.test.ts:testLogin',
  User: 'Interface:src/types.ts:User',
  STORED: 'Variable:src/auth/validate.ts:STORED',
};
const uids = (l: { uid: string }[]) => l.map((x) => x.uid);
const depthOf = (r: ImpactResult) => Object.fromEntries(Object.entries(r.byDepth).flatMap(([d, list]) => list.map((s) => [s.uid, Number(d)])));

test('context of a function: callers, callees, references, flows with steps, module, source', async (t) => {
  const s = await fixtureSnapshot();
  const r = await context({ name: 'validateUser', include_content: true }, s) as ContextResult;
  t.is(r.symbol.uid, F.validateUser);
  t.is(r.symbol.line, 7);
  t.is(r.symbol.endLine, 10);
  t.is(typeof r.symbol.module, 'string');
  t.true(r.symbol.content!.startsWith('export function validateUser(user: User): boolean {'));
  t.true(r.symbol.content!.endsWith('}'));
  t.deepEqual(r.incoming.calls.map((c) => [c.uid, c.reason, c.siteLine]), [[F.login, 'import', 8]]);
  t.true(r.incoming.calls[0].confidence >= 0.9);
  t.deepEqual(uids(r.outgoing.calls), [F.hashPassword, F.constantTimeEqual]);
  t.true(uids(r.outgoing.references).includes(F.User));
  t.true(uids(r.outgoing.references).includes(F.STORED));
  // Both flows from main through login reach validateUser at the same step.
  t.true(r.processes.length >= 1);
  const steps = new Set(r.processes.map((p) => p.step));
  t.deepEqual([...steps], [5]);
  for (const p of r.processes) t.true(p.steps >= 6);
  // The importing file shows up from the reference index.
  t.true(uids(r.incoming.imports).includes('File:src/auth/controller.ts'));
});

test('context of a class: heritage, constructor callers, members with their callers, member flows', async (t) => {
  const s = await fixtureSnapshot();
  const r = await context({ name: 'AuthController' }, s) as ContextResult;
  t.deepEqual(uids(r.outgoing.extends), [F.BaseController]);
  t.deepEqual(uids(r.outgoing.implements), [F.Controller]);
  t.deepEqual(uids(r.incoming.calls), [F.routerAuth, F.testLogin]); // `new AuthController()`
  t.deepEqual(r.members!.map((m) => [m.uid, uids(m.callers)]), [[F.login, [F.handle, F.testLogin]], [F.logout, []]]);
  t.true(r.processes.length >= 1);
  t.true(r.processes.every((p) => p.via === 'login' && p.step === 4));
  const base = await context({ uid: F.BaseController }, s) as ContextResult;
  t.deepEqual(uids(base.incoming.extends), [F.AuthController]);
  const iface = await context({ name: 'Controller', kind: 'Interface' }, s) as ContextResult;
  t.deepEqual(uids(iface.incoming.implements), [F.AuthController]);
  const router = await context({ name: 'Router' }, s) as ContextResult;
  t.deepEqual(router.members!.map((m) => m.name), ['auth', 'handle', 'notFound']); // the property counts too
  const method = await context({ name: 'Router.handle' }, s) as ContextResult;
  t.deepEqual(method.container, { uid: 'Class:src/router.ts:Router', name: 'Router', type: 'Class' });
});

test('context: ambiguity, file_path narrowing, not found with suggestions', async (t) => {
  const s = await fixtureSnapshot();
  const r = await context({ name: 'login' }, s);
  if (r.status !== 'ambiguous') return t.fail();
  t.deepEqual(uids(r.candidates), [F.ControllerLogin, F.login]);
  const one = await context({ name: 'login', file_path: 'controller.ts' }, s) as ContextResult;
  t.is(one.symbol.uid, F.login);
  const e = await t.throwsAsync(context({ name: 'validateUsr' }, s)) as CodegraphError;
  t.is(e.code, 'SYMBOL_NOT_FOUND');
  t.is((e.details as { suggestions: { uid: string }[] }).suggestions[0].uid, F.validateUser);
});

const CONTROLLER_LOGIN = 'Method:src/auth/base.ts:Controller.login';

test('impact upstream of a leaf: each caller once at its shortest depth; tests excluded; flows and risk', async (t) => {
  const s = await fixtureSnapshot();
  const r = await impact({ target: 'hashPassword' }, s) as ImpactResult;
  // AuthController.login overrides Controller.login: a call through the base may run it, so the base is reached (OVERRIDES)
  t.deepEqual(depthOf(r), { [F.validateUser]: 1, [F.login]: 2, [F.handle]: 3, [CONTROLLER_LOGIN]: 3 });
  t.deepEqual(r.byDepth['2'].map((x) => [x.relationType, x.via]), [['CALLS', F.validateUser]]);
  t.deepEqual(r.byDepth['3'].filter((x) => x.uid === CONTROLLER_LOGIN).map((x) => [x.relationType, x.confidence, x.via]), [['OVERRIDES', 0.95, F.login]]);
  t.true(r.affected_processes.length >= 1);
  const p = r.affected_processes.find((x) => x.name.includes('hashPassword'))!;
  t.is(p.depth, 0); // the target itself is a step
  t.is(p.step, 3);  // Router.handle (depth 3) is the earliest step hit
  t.is(r.summary.direct, 1);
  const deeper = await impact({ target: 'hashPassword', maxDepth: 5, includeTests: true }, s) as ImpactResult;
  t.deepEqual(depthOf(deeper), { [F.validateUser]: 1, [F.login]: 2, [F.handle]: 3, [F.testLogin]: 3, [CONTROLLER_LOGIN]: 3, [F.startServer]: 4, [F.main]: 5 });
  const none = await impact({ target: 'unusedHelper' }, s) as ImpactResult;
  t.is(none.impactedCount, 0);
  t.is(none.risk, 'LOW');
});

test('impact of a class: callers of its methods and constructor; downstream of a method', async (t) => {
  const s = await fixtureSnapshot();
  const base = await impact({ target: 'BaseController', maxDepth: 1 }, s) as ImpactResult;
  t.deepEqual(base.targetMembers, [F.respond]);
  // AuthController extends it (and references it); login and logout call respond.
  t.deepEqual(Object.keys(depthOf(base)).sort(), [F.AuthController, F.login, F.logout].sort());
  const auth = await impact({ target: 'AuthController', maxDepth: 1 }, s) as ImpactResult;
  t.deepEqual(Object.keys(depthOf(auth)).sort(), [F.handle, F.routerAuth, CONTROLLER_LOGIN].sort());
  const down = await impact({ target_uid: F.login, direction: 'downstream', maxDepth: 1, relationTypes: ['CALLS'] }, s) as ImpactResult;
  t.deepEqual(Object.keys(depthOf(down)).sort(), [F.respond, F.validateUser].sort());
});

test('fixture: impact equals brute-force reachability for every symbol, both directions, several filters', async (t) => {
  const s = await fixtureSnapshot();
  const g = s.graph;
  let checked = 0;
  for (const n of graphData(g).nodes) {
    if (!(SYMBOL_LABELS as readonly string[]).includes(n.label) && n.label !== 'File') continue;
    for (const [types, maxDepth, minConfidence, includeTests, upstream] of [
      [DEPENDENCY_TYPES, 3, 0, false, true], [DEPENDENCY_TYPES, 6, 0, true, true], [['CALLS'], 4, 0.9, false, true],
      [REL_TYPES, 2, 0, true, false], [DEPENDENCY_TYPES, 3, 0.9, false, false],
    ] as const) {
      const r = await impact({ target_uid: n.uid, relationTypes: [...types], maxDepth, minConfidence, includeTests, direction: upstream ? 'upstream' : 'downstream' }, s) as ImpactResult;
      const oracle = bruteForceImpact(g, impactSeeds(g, n).map((x) => x.uid), { upstream, maxDepth, types, minConfidence, includeTests });
      t.deepEqual(depthOf(r), Object.fromEntries(oracle), n.uid);
      checked++;
    }
  }
  t.true(checked > 100);
});
