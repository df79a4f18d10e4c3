import test from 'ava';
import { detectModules } from '../../lib/modules/index.ts';
import { traceProcesses } from '../../lib/processes/index.ts';
import { classifyRegistration } from '../../lib/processes/entries.ts';
import type { CodeGraph } from '../../lib/graph/code-graph.ts';
import { GraphBuilder } from './graph-builder.ts';
import { nodeOf, nodesWithLabel } from '../../lib/graph/code-graph.ts';
import { inEdgesOf } from '../helpers/graph.ts';

/** A small shop: routes registered on a router → controller → service → repository → db, a CLI, a test file. */
function shop() {
  const b = new GraphBuilder();
  const db = b.cls('src/data/database.ts', 'Database', ['query', 'transaction']);
  const repo = b.cls('src/data/user-repository.ts', 'UserRepository', ['findById', 'insert']);
  b.calls(repo.m.findById, db.m.query).calls(repo.m.insert, db.m.transaction).calls(db.m.transaction, db.m.query);
  const svc = b.cls('src/services/user-service.ts', 'UserService', ['findUser', 'register']);
  const hash = b.fn('src/utils/crypto.ts', 'hashPassword', { exported: true });
  const validate = b.fn('src/utils/validation.ts', 'validateEmail', { exported: true });
  b.calls(svc.m.findUser, repo.m.findById).calls(svc.m.register, validate, hash, repo.m.insert);
  const getUser = b.fn('src/controllers/users.ts', 'getUser', { exported: true, signature: '(req: Request, res: Response)' });
  const createUser = b.fn('src/controllers/users.ts', 'createUser', { exported: true });
  b.calls(getUser, svc.m.findUser).calls(createUser, svc.m.register);
  const routes = b.fn('src/routes.ts', 'registerRoutes', { exported: true });
  b.rel(getUser, getUser, 'CALLS'); // recursion must not loop
  b.rel(routes, getUser, 'REFERENCES', { role: 'callback', callee: 'router.get' });
  b.rel(routes, createUser, 'REFERENCES', { role: 'callback', callee: 'router.post' });
  const seed = b.fn('src/cli/seed.ts', 'seedUsers');
  const cliMain = b.fn('src/cli/main.ts', 'main');
  b.rel(cliMain, seed, 'REFERENCES', { role: 'callback', callee: 'program.action' });
  b.calls(seed, svc.m.register);
  b.rel(b.file('src/cli/main.ts'), cliMain, 'CALLS', { reason: 'same-file' }); // top-level `main()`
  // A test calling straight into the service: never an entry.
  const spec = b.fn('test/user-service.test.ts', 'registersAUser');
  b.calls(spec, svc.m.register, svc.m.findUser);
  // A guess by name alone must not be followed.
  const audit = b.fn('src/audit/log.ts', 'auditLog');
  const other = b.fn('src/audit/log.ts', 'writeAudit');
  b.calls(audit, other);
  b.rel(db.m.query, audit, 'CALLS', { reason: 'name-only', confidence: 0.3 });
  return { b, db, repo, svc, getUser, createUser, seed, cliMain, spec, hash, validate, audit };
}

function analyse(g: CodeGraph) {
  detectModules(g);
  return traceProcesses(g);
}

/** Steps of a process in order, as display names. */
function stepsOf(g: CodeGraph, processUid: string): string[] {
  return inEdgesOf(g, processUid, 'STEP_IN_PROCESS').sort((x, y) => x.step! - y.step!).map((e) => String(nodeOf(g, e.source)!.qualifiedName));
}

test('flows start at registered routes and CLI commands and follow confident calls to the data layer', (t) => {
  const g = shop().b.build();
  const r = analyse(g);
  const procs = nodesWithLabel(g, 'Process');
  t.is(r.processes, procs.length);
  const byName = Object.fromEntries(procs.map((p) => [p.name, p]));
  t.deepEqual(stepsOf(g, byName['getUser → Database.query'].uid), ['getUser', 'UserService.findUser', 'UserRepository.findById', 'Database.query']);
  t.deepEqual(stepsOf(g, byName['createUser → Database.query'].uid), ['createUser', 'UserService.register', 'UserRepository.insert', 'Database.transaction', 'Database.query']);
  t.is(byName['getUser → Database.query'].entryKind, 'route');
  t.is(byName['getUser → Database.query'].registeredBy, 'router.get');
  const cli = procs.find((p) => p.entry === 'Function:src/cli/main.ts:main' || p.entry === 'Function:src/cli/seed.ts:seedUsers');
  t.truthy(cli, 'a CLI flow exists');
  const commands = procs.filter((p) => p.entryKind === 'command');
  t.true(commands.length >= 1 && commands.every((p) => p.entry === 'Function:src/cli/seed.ts:seedUsers'));
  t.deepEqual(stepsOf(g, byName['seedUsers → Database.query'].uid), ['seedUsers', 'UserService.register', 'UserRepository.insert', 'Database.transaction', 'Database.query']);
  t.is(byName['seedUsers → Database.query'].registeredBy, 'program.action');
});

test('test files never start a flow, and name-only edges are never followed', (t) => {
  const s = shop();
  const g = s.b.build();
  analyse(g);
  for (const p of nodesWithLabel(g, 'Process')) {
    t.false(String(p.entry).includes('test/'), p.name);
    t.false(stepsOf(g, p.uid).includes('auditLog'), p.name);
  }
  // auditLog → writeAudit is a flow only by its own right (uncalled), never as the tail of Database.query.
  t.true(inEdgesOf(g, s.spec, 'STEP_IN_PROCESS').length === 0);
});

test('a flow contained in a longer one does not repeat', (t) => {
  const g = shop().b.build();
  analyse(g);
  const seqs = nodesWithLabel(g, 'Process').map((p) => stepsOf(g, p.uid).join('>'));
  for (const a of seqs) for (const b of seqs) if (a !== b) t.false(`>${b}>`.includes(`>${a}>`), `${a} inside ${b}`);
  // UserService.register → … alone would be contained in createUser's and seedUsers' flows.
  t.false(seqs.some((s) => s.startsWith('UserService.register')));
});

test('processes carry steps, ends, modules and 1-based step edges', (t) => {
  const g = shop().b.build();
  analyse(g);
  for (const p of nodesWithLabel(g, 'Process')) {
    const edges = inEdgesOf(g, p.uid, 'STEP_IN_PROCESS');
    t.is(p.steps, edges.length);
    t.deepEqual(edges.map((e) => e.step).sort((a, b) => a! - b!), edges.map((_, i) => i + 1));
    t.is(p.entry, edges.find((e) => e.step === 1)!.source);
    t.is(p.terminal, edges.find((e) => e.step === edges.length)!.source);
    t.is(p.uid, `Process:${p.name}`);
    const stepModules = edges.sort((x, y) => x.step! - y.step!).map((e) => nodeOf(g, e.source)!.module);
    t.deepEqual(p.modules, [...new Set(stepModules)]);
    t.true(p.modules!.includes(p.module as string));
    t.is(p.processType, p.modules!.length > 1 ? 'cross_community' : 'intra_community');
  }
});

test('flows, names and order are identical across runs and insertion orders', (t) => {
  const s = shop();
  const snap = (order: 'as-written' | 'reversed' | 'interleaved') => {
    const g = s.b.build(order);
    analyse(g);
    return nodesWithLabel(g, 'Process').map((p) => ({ ...p, stepList: stepsOf(g, p.uid) }));
  };
  const first = snap('as-written');
  t.true(first.length >= 3);
  t.deepEqual(snap('as-written'), first);
  t.deepEqual(snap('reversed'), first);
  t.deepEqual(snap('interleaved'), first);
});

test('cycles end a path; depth and branching are bounded', (t) => {
  const b = new GraphBuilder();
  const ring = Array.from({ length: 30 }, (_, i) => b.fn(`src/ring/r${i}.ts`, `r${i}`));
  for (let i = 0; i < 30; i++) b.calls(ring[i], ring[(i + 1) % 30]);
  const start = b.fn('src/main.ts', 'main', { exported: true });
  b.calls(start, ring[0]);
  const fan = b.fn('src/fan.ts', 'run', { exported: true });
  const leaves = Array.from({ length: 12 }, (_, i) => b.fn(`src/fan/leaf${i}.ts`, `leaf${i}`));
  for (const l of leaves) { b.calls(fan, l); b.calls(l, ring[5]); }
  const g = b.build();
  detectModules(g);
  traceProcesses(g, { maxDepth: 8, maxBranching: 3, maxPerEntry: 5 });
  for (const p of nodesWithLabel(g, 'Process')) {
    const steps = stepsOf(g, p.uid);
    t.true(steps.length <= 8, p.name);
    t.is(new Set(steps).size, steps.length, `no repeated step in ${p.name}`);
  }
  const fromFan = nodesWithLabel(g, 'Process').filter((p) => p.entry === fan);
  t.true(fromFan.length >= 1 && fromFan.length <= 3, `branching bound: ${fromFan.length}`);
  t.true(fromFan.every((p) => ['leaf0', 'leaf1', 'leaf2'].includes(stepsOf(g, p.uid)[1])));
});

test('the number of flows is bounded and grows with the repository', (t) => {
  const build = (features: number): number => {
    const b = new GraphBuilder();
    for (let f = 0; f < features; f++) {
      const d = b.fn(`src/f${f}/data.ts`, `load${f}`);
      const s = b.fn(`src/f${f}/service.ts`, `compute${f}`);
      const u = b.fn(`src/f${f}/util.ts`, `format${f}`);
      for (let k = 0; k < 4; k++) {
        const h = b.fn(`src/f${f}/handlers.ts`, `handle${f}x${k}`, { exported: true });
        b.calls(h, s, u).calls(s, d);
      }
    }
    const g = b.build();
    detectModules(g);
    return traceProcesses(g).processes;
  };
  const small = build(5), large = build(200);
  t.true(small >= 10, `small ${small}`);
  t.true(large > small, `large ${large} > small ${small}`);
  // 200 features × 4 handlers = 800 entries, but the default budget is 10 + 3·√(callables) ≈ 114.
  t.true(large <= 10 + 3 * Math.sqrt(200 * 7) + 1, `large ${large}`);
  t.is(traceWith(200, 25), 25);

  function traceWith(features: number, maxProcesses: number): number {
    const b = new GraphBuilder();
    for (let f = 0; f < features; f++) {
      const s = b.fn(`src/f${f}/service.ts`, `compute${f}`);
      const d = b.fn(`src/f${f}/data.ts`, `load${f}`);
      const h = b.fn(`src/f${f}/handlers.ts`, `handle${f}`, { exported: true });
      b.calls(h, s).calls(s, d);
    }
    const g = b.build();
    detectModules(g);
    return traceProcesses(g, { maxProcesses }).processes;
  }
});

test('same-named flows are told apart by file, then numbered', (t) => {
  const b = new GraphBuilder();
  for (const dir of ['api', 'worker']) {
    const m = b.fn(`src/${dir}/main.ts`, 'main', { exported: true });
    const s = b.fn(`src/${dir}/start.ts`, 'boot');
    const l = b.fn(`src/shared/${dir}-listen.ts`, 'listen');
    b.calls(m, s).calls(s, l);
  }
  const g = b.build();
  detectModules(g);
  traceProcesses(g);
  const names = nodesWithLabel(g, 'Process').map((p) => p.name).sort();
  t.deepEqual(names, ['main (src/api/main.ts) → listen (src/shared/api-listen.ts)', 'main (src/worker/main.ts) → listen (src/shared/worker-listen.ts)']);
});

test('registrations are recognised from the callee text', (t) => {
  t.is(classifyRegistration('app.get')?.kind, 'route');
  t.is(classifyRegistration('router.post')?.kind, 'route');
  t.is(classifyRegistration('fastify.route')?.kind, 'route');
  t.is(classifyRegistration('program.command("x").action')?.kind, 'command');
  t.is(classifyRegistration('emitter.on')?.kind, 'listener');
  t.is(classifyRegistration('window.addEventListener')?.kind, 'listener');
  t.is(classifyRegistration('app.use')?.kind, 'middleware');
  t.is(classifyRegistration('cache.get'), undefined);
  t.is(classifyRegistration('items.map'), undefined);
  t.is(classifyRegistration('setTimeout'), undefined);
});

test('traceProcesses refuses a graph that already has processes, and handles a graph without calls', (t) => {
  const g = shop().b.build();
  analyse(g);
  const before = g.order;
  t.throws(() => traceProcesses(g), { message: /already has Process/ });
  t.is(g.order, before);
  const empty = new GraphBuilder();
  empty.fn('src/a.ts', 'a');
  const e = empty.build();
  detectModules(e);
  t.is(traceProcesses(e).processes, 0);
});

test('shared machinery (a hub called from many places) ends a flow instead of being traced through', (t) => {
  const b = new GraphBuilder();
  const emit = b.fn('src/bus/emit.ts', 'emit', { exported: true });
  const serialize = b.fn('src/bus/serialize.ts', 'serialize', { exported: true });
  const encode = b.fn('src/bus/encode.ts', 'encode', { exported: true });
  b.calls(emit, serialize).calls(serialize, encode);
  // Eight different callers make `emit` a hub (the default threshold is at least 6).
  const callers = Array.from({ length: 8 }, (_, i) => b.fn(`src/jobs/job${i}.ts`, `job${i}`, { exported: true }));
  for (const c of callers) b.calls(c, emit);
  const main = b.fn('src/main.ts', 'main', { exported: true });
  b.calls(main, callers[0]);
  // `store` has five callers: below the threshold, so it is traced through.
  const store = b.fn('src/db/store.ts', 'store', { exported: true });
  const write = b.fn('src/db/write.ts', 'write', { exported: true });
  b.calls(store, write);
  for (const c of callers.slice(1, 6)) b.calls(c, store);
  const g = b.build();
  detectModules(g);
  traceProcesses(g);
  const seqs = nodesWithLabel(g, 'Process').map((p) => stepsOf(g, p.uid));
  t.true(seqs.some((s) => s.join('>') === 'main>job0>emit'), JSON.stringify(seqs));
  t.false(seqs.some((s) => s.includes('serialize')), 'nothing is traced past the hub');
  t.true(seqs.some((s) => s.slice(-2).join('>') === 'store>write'), 'a callee below the threshold is traced through');
  // A lower explicit threshold makes `store` a hub too.
  const g2 = b.build();
  detectModules(g2);
  traceProcesses(g2, { hubFanIn: 5 });
  t.false(nodesWithLabel(g2, 'Process').some((p) => stepsOf(g2, p.uid).includes('write')));
});

test('a private helper that calls nothing is folded into its caller; one that calls on stays a step', (t) => {
  const b = new GraphBuilder();
  const repo = b.cls('src/data/repo.ts', 'Repo', ['find', 'sql', 'load']);
  const svc = b.fn('src/service.ts', 'findThing', { exported: true });
  const main = b.fn('src/main.ts', 'main', { exported: true });
  const driver = b.fn('src/data/driver.ts', 'runQuery', { exported: true });
  b.calls(main, svc).calls(svc, repo.m.find).calls(repo.m.find, repo.m.sql, repo.m.load).calls(repo.m.load, driver);
  const g = b.build();
  for (const m of ['sql', 'load']) nodeOf(g, repo.m[m])!.exported = false; // `private sql()`, `private load()`
  detectModules(g);
  traceProcesses(g);
  const seqs = nodesWithLabel(g, 'Process').map((p) => stepsOf(g, p.uid).join('>'));
  t.deepEqual(seqs, ['main>findThing>Repo.find>Repo.load>runQuery']);
});

test('calls made inside an inline handler (`via` a registration) start a route flow; other callbacks are followed', (t) => {
  const b = new GraphBuilder();
  const db = b.cls('src/data/db.ts', 'Db', ['query', 'exec']);
  const svc = b.cls('src/services/items.ts', 'ItemService', ['list', 'add', 'archive']);
  b.calls(svc.m.list, db.m.query).calls(svc.m.add, db.m.exec).calls(svc.m.archive, db.m.exec);
  const ctl = b.cls('src/controllers/items.ts', 'ItemController', ['list', 'add']);
  b.calls(ctl.m.list, svc.m.list).calls(ctl.m.add, svc.m.add);
  const routes = b.fn('src/routes/items.ts', 'registerItemRoutes', { exported: true });
  const helper = b.fn('src/routes/items.ts', 'mountAll', { exported: true });
  // router.get('/items', (req, res) => ctl.list(req, res)); router.post(…, (req, res) => ctl.add(req, res))
  b.rel(routes, ctl.m.list, 'CALLS', { via: 'router.get', path: '/items' });
  b.rel(routes, ctl.m.add, 'CALLS', { via: 'router.post' });
  // items.forEach((i) => svc.archive(i)) runs where it is written: a step like any call.
  b.rel(routes, svc.m.archive, 'CALLS', { via: 'items.forEach' });
  b.calls(helper, routes);
  // program.command('purge').description('…').action(() => purgeItems())
  const cli = b.fn('src/cli.ts', 'cli', { exported: true });
  const purge = b.fn('src/cli.ts', 'purgeItems');
  b.calls(purge, db.m.exec);
  b.rel(cli, purge, 'CALLS', { via: "program.command('purge').description('drop old items').action" });
  const g = b.build();
  detectModules(g);
  traceProcesses(g);
  const steps = (name: string) => { const p = nodeOf(g, `Process:${name}`); return p && inEdgesOf(g, p.uid, 'STEP_IN_PROCESS').sort((x, y) => x.step! - y.step!).map((e) => nodeOf(g, e.source)!.qualifiedName); };
  t.deepEqual(steps('GET /items → Db.query'), ['ItemController.list', 'ItemService.list', 'Db.query']);
  t.like(nodeOf(g, 'Process:GET /items → Db.query')!, { entryKind: 'route', registeredBy: 'router.get', inlineHandler: true, routePath: '/items' });
  t.deepEqual(steps('router.post handler → Db.exec'), ['ItemController.add', 'ItemService.add', 'Db.exec']);
  t.deepEqual(steps('purge command → Db.exec'), ['purgeItems', 'Db.exec']);
  t.like(nodeOf(g, 'Process:purge command → Db.exec')!, { entryKind: 'command', inlineHandler: true });
  // The registering function runs the forEach callback, not the route handlers.
  const fromRoutes = nodesWithLabel(g, 'Process').filter((p) => p.entry === routes || p.entry === helper).map((p) => steps(p.name)!.join('>'));
  t.true(fromRoutes.some((s) => s.endsWith('registerItemRoutes>ItemService.archive>Db.exec')), fromRoutes.join(' | '));
  t.false(fromRoutes.some((s) => s.includes('ItemController')), fromRoutes.join(' | '));
});

test('inline handlers registered the same way are told apart by their first step', (t) => {
  const b = new GraphBuilder();
  const db = b.cls('src/db.ts', 'Db', ['query']);
  const a = b.fn('src/a.ts', 'listA', { exported: true });
  const c = b.fn('src/c.ts', 'listC', { exported: true });
  b.calls(a, db.m.query).calls(c, db.m.query);
  const routes = b.fn('src/routes.ts', 'routes', { exported: true });
  b.rel(routes, a, 'CALLS', { via: 'router.get' }).rel(routes, c, 'CALLS', { via: 'router.get' });
  const g = b.build();
  traceProcesses(g);
  const names = nodesWithLabel(g, 'Process').map((p) => p.name).sort();
  t.deepEqual(names, ['router.get handler (listA) → Db.query', 'router.get handler (listC) → Db.query']);
});
