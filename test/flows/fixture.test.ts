/**
 * The flows-app fixture (test/fixtures/flows-app: an HTTP shop — routes → controllers → services → data
 * access — plus a CLI and utilities) through the real indexer, then modules and flows. The expected modules
 * and flows below were worked out by reading the fixture's code.
 */
import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CodeGraph } from '../../lib/graph/code-graph.ts';
import { detectModules } from '../../lib/modules/index.ts';
import { traceProcesses } from '../../lib/processes/index.ts';
import { fixtureGraph } from './fixture-graph.ts';
import { graphData, nodeOf, nodesWithLabel } from '../../lib/graph/code-graph.ts';
import { inEdgesOf, outEdgesOf } from '../helpers/graph.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/flows-app');

/**
 * What the indexer says about registrations it sees inside call arguments: `via` on calls made in an inline
 * handler (`router.get('/users/:id', (req, res) => users.getUser(req, res))`), `role: 'callback'` on a named
 * handler given as a route object's `handler` (Hapi `server.route({ handler: orderStats })`). `with` makes
 * sure the graph carries them (as the indexer emits them), `without` strips them (an indexer that does not),
 * so both behaviours are checked whichever indexer version is checked out.
 */
type Hints = 'as-indexed' | 'with' | 'without';
const INLINE: [string, string, string][] = [
  ['Function:src/routes/user-routes.ts:registerUserRoutes', 'Method:src/controllers/user-controller.ts:UserController.getUser', 'router.get'],
  ['Function:src/routes/user-routes.ts:registerUserRoutes', 'Method:src/controllers/user-controller.ts:UserController.createUser', 'router.post'],
];
const HAPI: [string, string, string] = ['Function:src/routes/admin-routes.ts:registerAdminRoutes', 'Function:src/controllers/order-controller.ts:orderStats', 'server.route'];

function applyHints(g: CodeGraph, hints: Hints): void {
  if (hints === 'as-indexed') return;
  for (const e of graphData(g).edges) {
    if (e.type === 'CALLS') {
      const hit = INLINE.find(([s, t]) => s === e.source && t === e.target);
      if (hints === 'without') delete e.via; else if (hit) e.via = hit[2];
    }
    if (e.type === 'REFERENCES' && e.source === HAPI[0] && e.target === HAPI[1]) {
      if (hints === 'without') { delete e.role; delete e.callee; } else { e.role = 'callback'; e.callee = HAPI[2]; }
    }
  }
}

function analyse(order?: (files: string[]) => string[], hints: Hints = 'as-indexed'): CodeGraph {
  const g = fixtureGraph(root, order);
  applyHints(g, hints);
  detectModules(g);
  traceProcesses(g);
  return g;
}

const graph = analyse();
const hinted = analyse(undefined, 'with');
const bare = analyse(undefined, 'without');
const uid = (label: string, file: string, name: string): string => `${label}:src/${file}:${name}`;
const moduleOf = (u: string): string | undefined => nodeOf(graph, u)?.module;
/** Steps of a flow by name, as qualified names. */
function steps(name: string, g: CodeGraph = graph): string[] | undefined {
  const p = nodeOf(g, `Process:${name}`);
  if (!p) return undefined;
  return inEdgesOf(g, p.uid, 'STEP_IN_PROCESS').sort((a, b) => a.step! - b.step!).map((e) => String(nodeOf(g, e.source)!.qualifiedName));
}

// Since `Omit<Order, 'id'>` reads as Order's members, the repositories' field reads are REFERENCES edges to
// those properties, which make each feature's record type and data access a dense back end; modularity then
// cuts the features between layers. The front ends (routes, controllers, views: several files) that call only
// one feature's code fold into it (lib/modules/cluster.ts, adapters).
test('the order feature is one module named "order", across routes, controllers, services and data access', (t) => {
  const members = [
    uid('Function', 'routes/order-routes.ts', 'registerOrderRoutes'),
    uid('Function', 'controllers/order-controller.ts', 'listOrders'),
    uid('Function', 'controllers/order-controller.ts', 'placeOrder'),
    uid('Function', 'controllers/order-controller.ts', 'orderStats'),
    uid('Function', 'routes/admin-routes.ts', 'registerAdminRoutes'),
    uid('Class', 'services/order-service.ts', 'OrderService'),
    uid('Function', 'services/pricing.ts', 'computeTotal'),
    uid('Class', 'data/order-repository.ts', 'OrderRepository'),
  ];
  t.deepEqual(members.map(moduleOf), members.map(() => 'order'));
});

test('the user feature is one module named "user", apart from orders', (t) => {
  const members = [
    uid('Class', 'services/user-service.ts', 'UserService'),
    uid('Class', 'services/password-hasher.ts', 'PasswordHasher'),
    uid('Class', 'data/user-repository.ts', 'UserRepository'),
    uid('Function', 'cli/seed.ts', 'seedDatabase'),
    uid('Class', 'controllers/user-controller.ts', 'UserController'), // its HTTP adapter: it calls only the user service
  ];
  t.deepEqual(members.map(moduleOf), members.map(() => 'user'));
});

test('a class and its members, and a migration command and its helper, stay together', (t) => {
  for (const m of ['query', 'execute', 'transaction', 'tableOf']) t.is(moduleOf(uid('Method', 'data/database.ts', `Database.${m}`)), moduleOf(uid('Class', 'data/database.ts', 'Database')));
  t.is(moduleOf(uid('Method', 'controllers/user-controller.ts', 'UserController.getUser')), moduleOf(uid('Class', 'controllers/user-controller.ts', 'UserController')));
  t.is(moduleOf(uid('Function', 'utils/logger.ts', 'createLogger')), moduleOf(uid('Class', 'utils/logger.ts', 'Logger')));
  t.is(moduleOf(uid('Function', 'cli/migrate.ts', 'applyAll')), moduleOf(uid('Function', 'cli/migrate.ts', 'runMigrations')));
  t.not(moduleOf(uid('Class', 'utils/logger.ts', 'Logger')), 'order');
  t.not(moduleOf(uid('Class', 'utils/logger.ts', 'Logger')), 'user');
});

test('every symbol has exactly one module; modules are few, not tiny, uniquely named', (t) => {
  const symbols = graphData(graph).nodes.filter((n) => ['Function', 'Class', 'Method', 'Interface', 'TypeAlias', 'Enum', 'Variable', 'Property'].includes(n.label));
  t.true(symbols.length > 100);
  for (const s of symbols) t.is(outEdgesOf(graph, s.uid, 'MEMBER_OF').length, 1, s.uid);
  const modules = nodesWithLabel(graph, 'Community');
  // Three at least: the order and user features and the app's wiring (config, CLI, logging).
  t.true(modules.length >= 3 && modules.length <= 8, modules.map((m) => m.name).join(', '));
  t.true(modules.every((m) => m.size! >= 3));
  t.is(new Set(modules.map((m) => m.name)).size, modules.length);
  t.is(modules.reduce((k, m) => k + m.size!, 0), symbols.length);
});

test('route handlers registered on the router start flows down to the database', (t) => {
  t.deepEqual(steps('listOrders → Database.query'), ['listOrders', 'OrderService.listForUser', 'OrderRepository.listByUser', 'Database.query']);
  t.deepEqual(steps('placeOrder → Database.execute'), ['placeOrder', 'OrderService.placeOrder', 'OrderRepository.insert', 'Database.transaction', 'Database.execute']);
  t.deepEqual(steps('placeOrder → assertPositive'), ['placeOrder', 'OrderService.placeOrder', 'computeTotal', 'lineTotal', 'assertPositive']);
  const list = nodeOf(graph, 'Process:listOrders → Database.query')!;
  t.like(list, { entryKind: 'route', registeredBy: 'router.get', module: 'order', steps: 4 });
  t.like(nodeOf(graph, 'Process:placeOrder → Database.execute')!, { entryKind: 'route', registeredBy: 'router.post' });
});

test('CLI commands registered with .action(fn) start flows', (t) => {
  t.deepEqual(steps('seedDatabase → Database.execute'), ['seedDatabase', 'UserService.register', 'UserRepository.insert', 'Database.execute']);
  t.deepEqual(steps('runMigrations → Database.execute'), ['runMigrations', 'applyAll', 'Database.execute']);
  for (const name of ['seedDatabase → Database.execute', 'runMigrations → Database.execute']) {
    const p = nodeOf(graph, `Process:${name}`)!;
    t.is(p.entryKind, 'command');
    t.regex(String(p.registeredBy), /^program\.command\('\w+'\).*\.action$/);
  }
});

test('the server entry (run by its file) traces through the app wiring; inline handlers are not its steps', (t) => {
  // Without `via`, the calls inside `router.get('/users/:id', (req, res) => users.getUser(req, res))` look
  // like calls made by registerUserRoutes, so the server's flow runs on into the user endpoint.
  t.deepEqual(steps('main → Database.query', bare), ['main', 'createApp', 'registerUserRoutes', 'UserController.getUser', 'UserService.findUser', 'UserRepository.findById', 'Database.query']);
  const main = nodeOf(bare, 'Process:main → Database.query')!;
  t.like(main, { entryKind: 'script' });
  t.true(main.modules!.includes('user') && main.modules!.length >= 2 && main.processType === 'cross_community');
  // With it, registering a route runs nothing: the server's flows stay in the wiring.
  const mains = nodesWithLabel(hinted, 'Process').filter((p) => p.entry === 'Function:src/server.ts:main');
  t.true(mains.length >= 1);
  for (const p of mains) {
    t.is(p.entryKind, 'script');
    t.deepEqual(steps(p.name, hinted)!.slice(0, 2), ['main', 'createApp']);
    t.false(steps(p.name, hinted)!.some((s) => s.startsWith('UserController.')), p.name);
  }
});

test('inline route handlers start flows named after their registration', (t) => {
  t.deepEqual(steps('router.get handler → Database.query', hinted), ['UserController.getUser', 'UserService.findUser', 'UserRepository.findById', 'Database.query']);
  t.deepEqual(steps('router.post handler → Database.execute', hinted), ['UserController.createUser', 'UserService.register', 'UserRepository.insert', 'Database.execute']);
  t.like(nodeOf(hinted, 'Process:router.get handler → Database.query')!, { entryKind: 'route', registeredBy: 'router.get', inlineHandler: true });
  // Without `via` the controller methods are still handlers (by their class and signature), not routes.
  t.like(nodeOf(bare, 'Process:UserController.createUser → Database.query')!, { entryKind: 'handler' });
  t.is(nodeOf(bare, 'Process:router.get handler → Database.query'), undefined);
});

test('the inline route flow belongs to the user module', (t) => {
  t.like(nodeOf(hinted, 'Process:router.get handler → Database.query')!, { module: 'user' });
});

test('a Hapi route object names its handler: the handler starts a route flow', (t) => {
  const expected = ['orderStats', 'OrderService.countForUser', 'OrderRepository.countByUser', 'Database.query'];
  t.deepEqual(steps('orderStats → Database.query', hinted), expected);
  t.like(nodeOf(hinted, 'Process:orderStats → Database.query')!, { entryKind: 'route', registeredBy: 'server.route', module: 'order' });
  // Without the registration the `(request, h)` signature still makes it an entry, as a handler.
  t.deepEqual(steps('orderStats → Database.query', bare), expected);
  t.like(nodeOf(bare, 'Process:orderStats → Database.query')!, { entryKind: 'handler' });
  t.is(nodeOf(bare, 'Process:orderStats → Database.query')!.registeredBy, undefined);
});

test('the indexer checked out gives one of the two behaviours above, nothing else', (t) => {
  // Whatever the indexer emits today, the real graph's flows match the hinted or the bare graph's.
  const names = (g: CodeGraph) => nodesWithLabel(g, 'Process').map((p) => p.name).sort();
  const real = names(graph);
  t.true(JSON.stringify(real) === JSON.stringify(names(hinted)) || JSON.stringify(real) === JSON.stringify(names(bare)), real.join(', '));
});

test('no flow starts in a test file, repeats inside a longer one, or lists a private leaf helper', (t) => {
  const flows = nodesWithLabel(graph, 'Process');
  t.true(flows.length >= 8);
  const seqs = flows.map((p) => steps(p.name)!.join('>'));
  for (const p of flows) t.false(String(p.entry).startsWith('Function:test/') || String(p.entry).includes('.test.'), p.name);
  for (const a of seqs) for (const b of seqs) if (a !== b) t.false(`>${b}>`.includes(`>${a}>`), `${a} inside ${b}`);
  for (const hidden of ['Database.tableOf', 'PasswordHasher.digest', 'splitWords', 'Logger.write']) t.false(seqs.some((s) => s.split('>').includes(hidden)), hidden);
});

test('the same fixture, files walked in reverse, gives identical modules and flows', (t) => {
  const snapshot = (g: CodeGraph) => ({
    modules: nodesWithLabel(g, 'Community').map((c) => [c.name, c.size, c.cohesion, inEdgesOf(g, c.uid, 'MEMBER_OF').map((e) => e.source).sort()]),
    flows: nodesWithLabel(g, 'Process').map((p) => [p.name, p.entryKind, p.module, inEdgesOf(g, p.uid, 'STEP_IN_PROCESS').map((e) => [e.source, e.step])]),
  });
  const again = analyse();
  const reversed = analyse((files) => files.slice().reverse());
  t.deepEqual(snapshot(again), snapshot(graph));
  t.deepEqual(snapshot(reversed), snapshot(graph));
});
