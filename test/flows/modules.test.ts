import test from 'ava';
import { detectModules } from '../../lib/modules/index.ts';
import { seededRandom } from '../../lib/modules/cluster.ts';
import { splitWords } from '../../lib/modules/paths.ts';
import type { CodeGraph } from '../../lib/graph/code-graph.ts';
import { GraphBuilder } from './graph-builder.ts';

/** Two tight areas (billing, shipping) of three classes each, one weak call between them, plus helpers. */
function twoAreas(): GraphBuilder {
  const b = new GraphBuilder();
  const inv = b.cls('src/billing/invoice.ts', 'Invoice', ['total', 'addLine', 'render']);
  const tax = b.cls('src/billing/tax.ts', 'TaxTable', ['rateFor', 'apply']);
  const pay = b.cls('src/billing/payment.ts', 'PaymentGateway', ['charge', 'refund']);
  b.calls(inv.m.total, tax.m.rateFor, tax.m.apply).calls(inv.m.render, inv.m.total).calls(pay.m.charge, inv.m.total, tax.m.apply);
  b.calls(pay.m.refund, pay.m.charge, inv.m.total);
  const ship = b.cls('src/shipping/shipment.ts', 'Shipment', ['schedule', 'track', 'cancel']);
  const carrier = b.cls('src/shipping/carrier.ts', 'CarrierClient', ['quote', 'book']);
  const label = b.cls('src/shipping/label.ts', 'LabelPrinter', ['print', 'format']);
  b.calls(ship.m.schedule, carrier.m.quote, carrier.m.book, label.m.print).calls(label.m.print, label.m.format);
  b.calls(ship.m.cancel, carrier.m.book, label.m.format).calls(ship.m.track, carrier.m.quote, label.m.print);
  b.rel(ship.m.schedule, inv.m.total, 'CALLS', { confidence: 0.9, reason: 'typed-receiver' }); // the one cross-area call
  return b;
}

/** Modules as sorted lists of member uids, keyed by module name. */
function membership(g: CodeGraph): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const c of g.byLabel('Community')) out[c.name] = g.inEdges(c.uid, 'MEMBER_OF').map((e) => e.source).sort();
  return out;
}

test('two tight areas become two modules named by their folders; every symbol carries its module', (t) => {
  const g = twoAreas().build();
  const r = detectModules(g);
  t.is(r.communities, 2);
  const m = membership(g);
  t.deepEqual(Object.keys(m).sort(), ['billing', 'shipping']);
  t.true(m.billing.every((u) => u.includes('src/billing/')));
  t.true(m.shipping.every((u) => u.includes('src/shipping/')));
  const symbols = g.nodes.filter((n) => ['Class', 'Method', 'Function'].includes(n.label));
  t.true(symbols.every((s) => typeof s.module === 'string' && g.outEdges(s.uid, 'MEMBER_OF').length === 1));
  const billing = g.node('Community:billing')!;
  t.is(billing.size, m.billing.length);
  t.true(billing.cohesion! > 0.8 && billing.cohesion! <= 1, `cohesion ${billing.cohesion}`);
  t.deepEqual(r.modules.map((x) => x.name), g.byLabel('Community').map((c) => c.name));
});

test('modules are identical across runs and insertion orders (seeded, uid-ordered)', (t) => {
  const b = twoAreas();
  const runs = (['as-written', 'reversed', 'interleaved'] as const).map((o) => { const g = b.build(o); detectModules(g); return membership(g); });
  t.deepEqual(runs[1], runs[0]);
  t.deepEqual(runs[2], runs[0]);
});

test('name-only edges do not shape modules, but the same edges resolved by import would', (t) => {
  const build = (reason: string, confidence: number): Record<string, string[]> => {
    const b = twoAreas();
    // A dense web of calls between the two areas.
    const billing = b.nodes.filter((n) => n.label === 'Method' && n.filePath!.includes('billing')).map((n) => n.uid);
    const shipping = b.nodes.filter((n) => n.label === 'Method' && n.filePath!.includes('shipping')).map((n) => n.uid);
    for (const s of shipping) for (const x of billing) b.rel(s, x, 'CALLS', { reason, confidence, count: 3 });
    const g = b.build();
    detectModules(g);
    return membership(g);
  };
  t.deepEqual(Object.keys(build('name-only', 0.3)).sort(), ['billing', 'shipping']);
  t.is(Object.keys(build('import', 0.95)).length, 1);
});

test('tiny groups are folded into neighbours or their folder, never left as noise modules', (t) => {
  const b = twoAreas();
  // A lone helper called once from billing, a pair tied only to each other, and a symbol with no ties at all.
  const round = b.fn('src/billing/round.ts', 'roundCents');
  b.calls(b.nodes.find((n) => n.name === 'total')!.uid, round);
  const a = b.fn('src/shipping/zones.ts', 'zoneOf');
  const z = b.fn('src/shipping/zones.ts', 'zoneTable');
  b.calls(a, z);
  const lonely = b.fn('src/shipping/constants.ts', 'MAX_WEIGHT', { label: 'Variable' });
  const g = b.build();
  const r = detectModules(g);
  t.is(r.communities, 2);
  t.is(g.node(round)!.module, 'billing');
  t.is(g.node(a)!.module, 'shipping');
  t.is(g.node(z)!.module, 'shipping');
  t.is(g.node(lonely)!.module, 'shipping');
  t.true(g.byLabel('Community').every((c) => c.size! >= 3));
});

test('a graph with no ties at all still gives every symbol a folder module', (t) => {
  const b = new GraphBuilder();
  for (const n of ['a', 'b', 'c']) b.fn(`src/alpha/${n}.ts`, `alpha${n}`);
  for (const n of ['a', 'b', 'c']) b.fn(`src/beta/${n}.ts`, `beta${n}`);
  const g = b.build();
  // Drop the file nodes' DEFINES ties by building from nodes only: symbols are then fully isolated.
  const bare = new (g.constructor as typeof import('../../lib/graph/code-graph.ts').CodeGraph)();
  for (const n of g.nodes) if (n.label !== 'File') bare.addNode({ ...n });
  detectModules(bare);
  t.true(bare.nodes.filter((n) => n.label === 'Function').every((n) => typeof n.module === 'string'));
  t.true(bare.byLabel('Community').length >= 1);
});

test('modules sharing a folder get distinct names from their identifiers', (t) => {
  const b = new GraphBuilder();
  // Two unrelated groups in one folder: window operators and buffer operators.
  const w = ['windowTime', 'windowCount', 'windowToggle', 'windowWhen'].map((n) => b.fn(`src/operators/${n}.ts`, n));
  const f = ['bufferTime', 'bufferCount', 'bufferToggle', 'bufferWhen'].map((n) => b.fn(`src/operators/${n}.ts`, n));
  for (let i = 1; i < 4; i++) { b.calls(w[0], w[i]).calls(w[i], w[(i % 3) + 1]); b.calls(f[0], f[i]).calls(f[i], f[(i % 3) + 1]); }
  const g = b.build();
  detectModules(g);
  const names = g.byLabel('Community').map((c) => c.name).sort();
  t.deepEqual(names, ['operators-buffer', 'operators-window']);
  t.is(g.node(w[2])!.module, 'operators-window');
});

test('a feature spread over layer folders is named by the word its members share', (t) => {
  const b = new GraphBuilder();
  const c = b.cls('src/controllers/user-controller.ts', 'UserController', ['getUser', 'createUser']);
  const s = b.cls('src/services/user-service.ts', 'UserService', ['findUser', 'register']);
  const r = b.cls('src/data/user-repository.ts', 'UserRepository', ['findById', 'insert']);
  b.calls(c.m.getUser, s.m.findUser).calls(c.m.createUser, s.m.register).calls(s.m.findUser, r.m.findById).calls(s.m.register, r.m.insert);
  const oc = b.cls('src/controllers/order-controller.ts', 'OrderController', ['listOrders', 'placeOrder']);
  const os = b.cls('src/services/order-service.ts', 'OrderService', ['listForUser', 'place']);
  const or = b.cls('src/data/order-repository.ts', 'OrderRepository', ['byUser', 'insert']);
  b.calls(oc.m.listOrders, os.m.listForUser).calls(oc.m.placeOrder, os.m.place).calls(os.m.listForUser, or.m.byUser).calls(os.m.place, or.m.insert);
  const g = b.build();
  detectModules(g);
  t.is(g.node(c.uid)!.module, 'user');
  t.is(g.node(r.m.insert)!.module, 'user');
  t.is(g.node(os.uid)!.module, 'order');
});

test('detectModules refuses a graph that already has modules', (t) => {
  const g = twoAreas().build();
  detectModules(g);
  const before = g.nodeCount;
  t.throws(() => detectModules(g), { message: /already has Community/ });
  t.is(g.nodeCount, before);
});

test('empty graph: no modules, no error', (t) => {
  const g = new GraphBuilder().build();
  t.deepEqual(detectModules(g), { communities: 0, members: 0, modules: [] });
});

test('helpers: seeded random is reproducible; identifiers split into words', (t) => {
  const a = seededRandom(7), b = seededRandom(7);
  t.deepEqual([a(), a(), a()], [b(), b(), b()]);
  t.deepEqual(splitWords('getHTTPResponse_v2'), ['get', 'http', 'response', 'v', '2']);
  t.deepEqual(splitWords('user-repository'), ['user', 'repository']);
});
