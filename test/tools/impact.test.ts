import test from 'ava';
import { impact } from '../../handlers/impact.ts';
import { handSnapshot, handGraph, U } from './hand-graph.ts';
import { bruteForceImpact } from './oracle.ts';
import { impactSeeds, type ImpactResult } from '../../lib/symbols/impact.ts';
import { assessRisk, RISK_RULES } from '../../lib/symbols/risk.ts';
import { REL_TYPES } from '../../lib/graph/schema.ts';
import { DEPENDENCY_TYPES } from '../../lib/symbols/traverse.ts';
import { GraphBuilder } from '../../lib/graph/builder.ts';
import { memorySnapshot } from '../helpers/memory-snapshot.ts';
import type { CodegraphError } from '../../lib/errors.ts';
import { graphData } from '../../lib/graph/code-graph.ts';

const flat = (r: ImpactResult) => Object.values(r.byDepth).flat();
const depthOf = (r: ImpactResult) => Object.fromEntries(Object.entries(r.byDepth).flatMap(([d, list]) => list.map((s) => [s.uid, Number(d)])));

test('upstream of a function: callers by depth, the relation and confidence that reached each, flows, modules, risk', async (t) => {
  const r = await impact({ target: 'hashPassword' }, handSnapshot()) as ImpactResult;
  t.deepEqual(r.target, { uid: U.hashPassword, name: 'hashPassword', type: 'Function', filePath: 'src/util/hash.ts', line: 1, module: 'Auth' });
  t.is(r.direction, 'upstream');
  t.is(r.maxDepth, 3);
  t.deepEqual(r.relationTypes, [...DEPENDENCY_TYPES].sort((a, b) => REL_TYPES.indexOf(a) - REL_TYPES.indexOf(b)));
  t.deepEqual(r.byDepth['1'], [{ uid: U.validate, name: 'validate', type: 'Method', filePath: 'src/auth/service.ts', line: 6, relationType: 'CALLS', confidence: 1, via: U.hashPassword, module: 'Auth' }]);
  // testValidate also calls validate but sits in a test file.
  t.deepEqual(r.byDepth['2'].map((s) => [s.uid, s.relationType, s.confidence, s.via]), [[U.handleLogin, 'CALLS', 0.85, U.validate]]);
  t.false('3' in r.byDepth);
  t.is(r.impactedCount, 2);
  t.deepEqual(r.summary, { direct: 1, processes_affected: 1, modules_affected: 2, by_depth: { 1: 1, 2: 1 } });
  // The target itself is step 3 of LoginFlow, but handleLogin (depth 2) hits step 1: the earliest step wins.
  t.deepEqual(r.affected_processes, [{ uid: U.LoginFlow, name: 'LoginFlow', steps: 3, step: 1, symbol: 'handleLogin', depth: 0, hits: 3 }]);
  t.deepEqual(r.affected_modules, [{ name: 'Auth', impacted: 1, direct: 1 }, { name: 'Api', impacted: 1, direct: 0 }]);
  t.is(r.risk, 'MEDIUM');
  t.regex(r.riskReason, /1 affected processes \(>= 1\)/);
  t.false(r.truncated);
  t.deepEqual(r.targetMembers, []);
});

test('includeTests brings test callers back; downstream follows what the target depends on', async (t) => {
  const s = handSnapshot();
  const withTests = await impact({ target_uid: U.hashPassword, includeTests: true }, s) as ImpactResult;
  t.deepEqual(depthOf(withTests), { [U.validate]: 1, [U.handleLogin]: 2, [U.testValidate]: 2 });
  const down = await impact({ target: 'handleLogin', direction: 'downstream' }, s) as ImpactResult;
  t.deepEqual(depthOf(down), { [U.config]: 1, [U.ctor]: 1, [U.validate]: 1, [U.BaseService]: 2, [U.findUser]: 2, [U.hashPassword]: 2 });
  t.is(down.byDepth['1'].find((x) => x.uid === U.config)!.relationType, 'REFERENCES');
});

test('a class target includes the callers of its methods and constructor, and its subclasses; members are not listed as impacted', async (t) => {
  const r = await impact({ target: 'UserService' }, handSnapshot()) as ImpactResult;
  t.deepEqual(r.targetMembers, [U.ctor, U.validate, U.save]);
  t.deepEqual(depthOf(r), { [U.handleLogin]: 1, [U.handleSignup]: 1 });
  const base = await impact({ target: 'BaseService', includeTests: true }, handSnapshot()) as ImpactResult;
  // UserService extends BaseService (depth 1), its constructor calls super (depth 1); then the class's users.
  t.deepEqual(depthOf(base), { [U.UserService]: 1, [U.ctor]: 1, [U.handleLogin]: 2, [U.handleSignup]: 2, [U.testValidate]: 2 });
  t.is(base.byDepth['1'].find((x) => x.uid === U.UserService)!.relationType, 'EXTENDS');
});

test('relationTypes and minConfidence restrict the edges followed; maxDepth bounds the depth', async (t) => {
  const s = handSnapshot();
  const heritage = await impact({ target: 'Validator', relationTypes: ['implements'] }, s) as ImpactResult;
  t.deepEqual(depthOf(heritage), { [U.UserService]: 1 });
  const strict = await impact({ target: 'UserService.save', minConfidence: 0.5 }, s) as ImpactResult;
  t.is(strict.impactedCount, 0); // the only caller is a name-only (0.3) match
  t.is(strict.risk, 'LOW');
  const loose = await impact({ target: 'UserService.save' }, s) as ImpactResult;
  t.deepEqual(depthOf(loose), { [U.handleSignup]: 1 });
  const shallow = await impact({ target: 'hashPassword', maxDepth: 1 }, s) as ImpactResult;
  t.deepEqual(depthOf(shallow), { [U.validate]: 1 });
  const files = await impact({ target: 'src/util/hash.ts', relationTypes: 'IMPORTS' }, s) as ImpactResult;
  t.deepEqual(depthOf(files), { 'File:src/auth/service.ts': 1, 'File:src/api/routes.ts': 2 });
  // A file target stands for its symbols too: callers of hashPassword are impacted.
  const file = await impact({ target: 'src/util/hash.ts' }, s) as ImpactResult;
  t.deepEqual(file.targetMembers, [U.hashPassword]);
  t.deepEqual(depthOf(file), { 'File:src/auth/service.ts': 1, [U.validate]: 1, 'File:src/api/routes.ts': 2, [U.handleLogin]: 2 });
});

test('upstream equals brute-force reverse reachability for every symbol, type set, depth and threshold', async (t) => {
  const g = handGraph();
  const s = memorySnapshot({ graph: g });
  const typeSets = [[...DEPENDENCY_TYPES], ['CALLS'], [...REL_TYPES]] as const;
  let checked = 0;
  for (const n of graphData(g).nodes) {
    if (n.label === 'Community' || n.label === 'Process') continue;
    for (const types of typeSets) for (const maxDepth of [1, 2, 5]) for (const minConfidence of [0, 0.9]) for (const includeTests of [false, true]) {
      for (const upstream of [true, false]) {
        const r = await impact({ target_uid: n.uid, relationTypes: [...types], maxDepth, minConfidence, includeTests, direction: upstream ? 'upstream' : 'downstream' }, s) as ImpactResult;
        const oracle = bruteForceImpact(g, impactSeeds(g, n).map((x) => x.uid), { upstream, maxDepth, types, minConfidence, includeTests });
        t.deepEqual(depthOf(r), Object.fromEntries(oracle), `${n.uid} ${types} ${maxDepth} ${minConfidence} ${includeTests} ${upstream}`);
        checked++;
      }
    }
  }
  t.true(checked > 500);
});

test('of several edges reaching a symbol at the same depth, the most confident is reported, whatever the edge order', async (t) => {
  const build = (reverse: boolean) => {
    const g = new GraphBuilder();
    for (const n of ['t', 'a', 'b', 'c']) g.addNode({ uid: `Function:x.ts:${n}`, label: 'Function', name: n, filePath: 'x.ts', line: 1 });
    const edges = [
      { source: 'Function:x.ts:a', target: 'Function:x.ts:t', type: 'CALLS' as const, confidence: 0.9, reason: 'import' },
      { source: 'Function:x.ts:b', target: 'Function:x.ts:t', type: 'CALLS' as const, confidence: 0.4, reason: 'name-only' },
      { source: 'Function:x.ts:c', target: 'Function:x.ts:a', type: 'CALLS' as const, confidence: 0.3, reason: 'name-only' },
      { source: 'Function:x.ts:c', target: 'Function:x.ts:b', type: 'REFERENCES' as const, confidence: 0.8, reason: 'import' },
    ];
    for (const e of reverse ? [...edges].reverse() : edges) g.addEdge(e);
    return memorySnapshot({ graph: g.toGraph() });
  };
  for (const reverse of [false, true]) {
    const r = await impact({ target: 't' }, build(reverse)) as ImpactResult;
    t.deepEqual(r.byDepth['2'].map((x) => [x.uid, x.relationType, x.confidence, x.via]), [['Function:x.ts:c', 'REFERENCES', 0.8, 'Function:x.ts:b']]);
  }
});

test('limit cuts the listing, never the counts, and says so with truncated', async (t) => {
  const g = new GraphBuilder();
  g.addNode({ uid: 'Function:a.ts:hub', label: 'Function', name: 'hub', filePath: 'a.ts', line: 1 });
  for (let i = 0; i < 50; i++) {
    g.addNode({ uid: `Function:b.ts:f${i}`, label: 'Function', name: `f${i}`, filePath: 'b.ts', line: i + 1 });
    g.addEdge({ source: `Function:b.ts:f${i}`, target: 'Function:a.ts:hub', type: 'CALLS', confidence: 1, reason: 'import' });
  }
  const s = memorySnapshot({ graph: g.toGraph() });
  const cut = await impact({ target: 'hub', limit: 10 }, s) as ImpactResult;
  t.is(flat(cut).length, 10);
  t.is(cut.impactedCount, 50);
  t.is(cut.summary.direct, 50);
  t.true(cut.truncated);
  t.is(cut.risk, 'CRITICAL');
  const all = await impact({ target: 'hub' }, s) as ImpactResult;
  t.is(flat(all).length, 50);
  t.false(all.truncated);
});

test('risk: the first threshold any number reaches decides; zero is LOW', (t) => {
  t.is(assessRisk({ direct: 0, total: 0, processes: 0, modules: 0 }).level, 'LOW');
  for (const rule of RISK_RULES) {
    for (const k of ['direct', 'total', 'processes', 'modules'] as const) {
      const input = { direct: 0, total: 0, processes: 0, modules: 0, [k]: rule[k] };
      t.is(assessRisk(input).level, rule.level, `${k}=${rule[k]}`);
      t.not(assessRisk({ ...input, [k]: rule[k] - 1 }).level, rule.level, `${k}=${rule[k] - 1}`);
    }
  }
});

test('bad input: invalid direction, unknown relation type, depth and confidence out of range, no target', async (t) => {
  const s = handSnapshot();
  const fields = async (req: unknown) => {
    const e = await t.throwsAsync(impact(req, s)) as CodegraphError;
    t.is(e.code, 'VALIDATION_ERROR');
    return (e.details as { field: string }[]).map((d) => d.field);
  };
  t.deepEqual(await fields({ target: 'hashPassword', direction: 'sideways' }), ['direction']);
  t.deepEqual(await fields({ target: 'hashPassword', relationTypes: ['CALLS', 'CALLED_BY'] }), ['relationTypes.1']);
  t.deepEqual(await fields({ target: 'hashPassword', relationTypes: [] }), ['relationTypes']);
  t.deepEqual(await fields({ target: 'hashPassword', maxDepth: 0 }), ['maxDepth']);
  t.deepEqual(await fields({ target: 'hashPassword', maxDepth: 11 }), ['maxDepth']);
  t.deepEqual(await fields({ target: 'hashPassword', minConfidence: 1.5 }), ['minConfidence']);
  t.deepEqual(await fields({ direction: 'upstream' }), ['(body)']);
  const e = await t.throwsAsync(impact({ target: 'validate' }, s).then((r) => { if ('status' in r) throw Object.assign(new Error(r.message), r); })) as Error & { candidates: unknown[] };
  t.is(e.candidates.length, 2);
  const nf = await t.throwsAsync(impact({ target: 'nope' }, s)) as CodegraphError;
  t.is(nf.code, 'SYMBOL_NOT_FOUND');
  // Lower-case values are accepted and normalised.
  const ok = await impact({ target: 'hashPassword', direction: 'UPSTREAM', relationTypes: ['calls'] }, s) as ImpactResult;
  t.deepEqual(ok.relationTypes, ['CALLS']);
});
