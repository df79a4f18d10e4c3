import test from 'ava';
import { detectModules } from '../../lib/modules/index.ts';
import { seededRandom } from '../../lib/util/seeded-random.ts';
import { splitWords } from '../../lib/util/paths.ts';
import { candidateNames, nameModules, wordFrequencies } from '../../lib/modules/naming.ts';
import type { CodeGraph } from '../../lib/graph/code-graph.ts';
import { GraphBuilder } from './graph-builder.ts';
import { createCodeGraph, graphData, nodeOf, nodesWithLabel } from '../../lib/graph/code-graph.ts';
import { outEdgesOf, inEdgesOf } from '../helpers/graph.ts';

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
  for (const c of nodesWithLabel(g, 'Community')) out[c.name] = inEdgesOf(g, c.uid, 'MEMBER_OF').map((e) => e.source).sort();
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
  const symbols = graphData(g).nodes.filter((n) => ['Class', 'Method', 'Function'].includes(n.label));
  t.true(symbols.every((s) => typeof s.module === 'string' && outEdgesOf(g, s.uid, 'MEMBER_OF').length === 1));
  const billing = nodeOf(g, 'Community:billing')!;
  t.is(billing.size, m.billing.length);
  t.true(billing.cohesion! > 0.8 && billing.cohesion! <= 1, `cohesion ${billing.cohesion}`);
  t.deepEqual(r.modules.map((x) => x.name), nodesWithLabel(g, 'Community').map((c) => c.name));
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
  t.is(nodeOf(g, round)!.module, 'billing');
  t.is(nodeOf(g, a)!.module, 'shipping');
  t.is(nodeOf(g, z)!.module, 'shipping');
  t.is(nodeOf(g, lonely)!.module, 'shipping');
  t.true(nodesWithLabel(g, 'Community').every((c) => c.size! >= 3));
});

test('a graph with no ties at all still gives every symbol a folder module', (t) => {
  const b = new GraphBuilder();
  for (const n of ['a', 'b', 'c']) b.fn(`src/alpha/${n}.ts`, `alpha${n}`);
  for (const n of ['a', 'b', 'c']) b.fn(`src/beta/${n}.ts`, `beta${n}`);
  const g = b.build();
  // Drop the file nodes' DEFINES ties by building from nodes only: symbols are then fully isolated.
  const bare = createCodeGraph();
  for (const n of graphData(g).nodes) if (n.label !== 'File') bare.addNode(n.uid, { ...n });
  detectModules(bare);
  t.true(graphData(bare).nodes.filter((n) => n.label === 'Function').every((n) => typeof n.module === 'string'));
  t.true(nodesWithLabel(bare, 'Community').length >= 1);
});

test('modules sharing a folder get distinct names from their identifiers', (t) => {
  const b = new GraphBuilder();
  // Two unrelated groups in one folder: window operators and buffer operators.
  const w = ['windowTime', 'windowCount', 'windowToggle', 'windowWhen'].map((n) => b.fn(`src/operators/${n}.ts`, n));
  const f = ['bufferTime', 'bufferCount', 'bufferToggle', 'bufferWhen'].map((n) => b.fn(`src/operators/${n}.ts`, n));
  for (let i = 1; i < 4; i++) { b.calls(w[0], w[i]).calls(w[i], w[(i % 3) + 1]); b.calls(f[0], f[i]).calls(f[i], f[(i % 3) + 1]); }
  const g = b.build();
  detectModules(g);
  const names = nodesWithLabel(g, 'Community').map((c) => c.name).sort();
  t.deepEqual(names, ['operators-buffer', 'operators-window']);
  t.is(nodeOf(g, w[2])!.module, 'operators-window');
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
  t.is(nodeOf(g, c.uid)!.module, 'user');
  t.is(nodeOf(g, r.m.insert)!.module, 'user');
  t.is(nodeOf(g, os.uid)!.module, 'order');
});

/** Two areas plus a dense pricing chain beside shipping (called only by it) and a helper chain in a folder of its own. */
function withSatellites(): { b: GraphBuilder; rates: string[]; text: string[] } {
  const b = twoAreas();
  const rates = ['quoteRate', 'zoneRate', 'weightRate', 'surcharge', 'roundRate'].map((n) => b.fn('src/shipping/rates.ts', n));
  for (let i = 0; i < rates.length; i++) for (let j = i + 1; j < rates.length; j++) b.calls(rates[i], rates[j]);
  b.calls(b.nodes.find((n) => n.qualifiedName === 'Shipment.schedule')!.uid, rates[0]);
  const text = ['formatAmount', 'padLeft', 'padRight', 'joinLines', 'wrapText'].map((n) => b.fn('src/text/format.ts', n));
  for (let i = 0; i < text.length; i++) for (let j = i + 1; j < text.length; j++) b.calls(text[i], text[j]);
  b.calls(b.nodes.find((n) => n.qualifiedName === 'Invoice.render')!.uid, text[0]);
  return { b, rates, text };
}

test('a helper chain used by one module and living in its folder joins it; one in a folder of its own stays', (t) => {
  const { b, rates, text } = withSatellites();
  // Without the fold, modularity keeps both dense chains apart (the situation the fold repairs).
  const split = b.build();
  detectModules(split, { satelliteShare: 2 });
  t.not(nodeOf(split, rates[0])!.module, nodeOf(split, 'Class:src/shipping/shipment.ts:Shipment')!.module);
  const g = b.build();
  detectModules(g);
  t.true(rates.every((r) => nodeOf(g, r)!.module === 'shipping'), rates.map((r) => nodeOf(g, r)!.module).join());
  // The text helpers are billing's only, but they sit in src/text/: an area of their own, named by it.
  t.true(text.every((x) => nodeOf(g, x)!.module === 'text'), text.map((x) => nodeOf(g, x)!.module).join());
});

test('names count a type with many properties once, so its words do not name the module', (t) => {
  const b = new GraphBuilder();
  const fns = ['computeTotal', 'applyDiscount', 'lineTotal', 'roundCents'].map((n) => b.fn('src/services/pricing.ts', n));
  const line = b.fn('src/data/order-repository.ts', 'OrderLine', { label: 'Interface' });
  const props = ['sku', 'quantity', 'unitCents', 'lineNote'].map((p) => {
    const uid = `Property:src/data/order-repository.ts:OrderLine.${p}`;
    b.nodes.push({ uid, label: 'Property', name: p, qualifiedName: `OrderLine.${p}`, filePath: 'src/data/order-repository.ts' });
    return uid;
  });
  const other = ['renderPage', 'layoutGrid', 'paintCell'].map((n) => b.fn(`src/ui/${n}.ts`, n));
  const g = b.build();
  const members = [...fns, line, ...props].map((u) => nodeOf(g, u)!);
  const all = [...members, ...other.map((u) => nodeOf(g, u)!)];
  // Counted per symbol, no folder holds 60% (services/ 4 of 9) and `line` (OrderLine, its four properties,
  // lineTotal) describes 6 of 9 members: the module was named `line`. Per unit, services/ holds 4 of 4.5.
  t.deepEqual(candidateNames(members, wordFrequencies(all)).slice(0, 2), ['services', 'services-pricing']);
});

test('test files name a module only when it holds little else: code and the tests that call it are named by the code', (t) => {
  const b = new GraphBuilder();
  const code = ['WebSocketEndpoint', 'dispatch'].map((n) => b.fn('starlette/endpoints.py', n));
  const tests = ['test_websocket_endpoint_on_connect', 'test_websocket_endpoint_on_receive_bytes', 'test_websocket_endpoint_on_receive_json',
    'test_websocket_endpoint_on_disconnect', 'test_websocket_close'].map((n) => b.fn('tests/test_websockets.py', n));
  const more = ['test_request_url', 'test_request_query_params', 'test_request_headers'].map((n) => b.fn('tests/test_requests.py', n));
  const g = b.build();
  const all = [...code, ...tests, ...more].map((u) => nodeOf(g, u)!);
  // Counted alike, tests/ holds 5 of 7 units and named the module `tests-…`; a test file's unit counts a tenth.
  t.deepEqual(candidateNames([...code, ...tests].map((u) => nodeOf(g, u)!), wordFrequencies(all))[0], 'starlette');
  // A module of tests alone keeps its test folder's name.
  t.deepEqual(candidateNames([...tests, ...more].map((u) => nodeOf(g, u)!), wordFrequencies(all))[0], 'tests');
});

test('module names never repeat a word, and a name-alike module is told apart by a member of its own folder', (t) => {
  const b = new GraphBuilder();
  const util = b.fn('src/util/identity.ts', 'identity');
  // No word is shared inside either group; the last of each is the most called (then `identity`, outside).
  const merge = ['concatAll', 'switchAll', 'exhaust', 'mergeMap'].map((n) => b.fn(`src/operators/${n}.ts`, n));
  const filt = ['first', 'takeWhile', 'skip', 'filter'].map((n) => b.fn(`src/operators/${n}.ts`, n));
  for (const group of [merge, filt]) for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) b.rel(group[i], group[j], 'CALLS', { count: 4 });
  for (const m of merge) b.rel(m, util, 'CALLS', { count: 4 });
  for (const f of filt) b.rel(f, util, 'CALLS', { count: 4 });
  const g = b.build();
  detectModules(g, { minSize: 3 });
  const names = nodesWithLabel(g, 'Community').map((c) => c.name);
  t.true(names.includes('operators-merge-map'), names.join());
  t.true(names.includes('operators-filter'), names.join());
  for (const n of names) t.is(new Set(n.split('-')).size, n.split('-').length, n);
});

test('in a flat src/ layout, a few vendored files in a module do not name it, and an anchor is code, not a constant', (t) => {
  const b = new GraphBuilder();
  // Redis-like: the core's files sit in src/ (a generic folder), one vendored library file joined the module.
  const core = ['serverCron', 'processCommand', 'serverLog', 'initServer'].map((n) => b.fn('src/server.c', n));
  const okCore = b.fn('src/server.h', 'C_OK', { label: 'Variable' });
  const vendored = b.fn('deps/jemalloc/src/jemalloc.c', 'je_malloc_server_hook');
  const sds = ['serverAssert', 'serverPanic', 'sdslen'].map((n) => b.fn('src/server.h', n));
  const okSds = b.fn('src/server.h', 'C_ERR', { label: 'Variable' });
  const g = b.build();
  const first = [...core, okCore, vendored].map((u) => nodeOf(g, u)!);
  const second = [...sds, okSds].map((u) => nodeOf(g, u)!);
  const freq = wordFrequencies([...first, ...second]);
  // The widest non-generic folder (deps/jemalloc) holds one unit of six: it was `jemalloc-server`.
  t.false(candidateNames(first, freq).some((n) => n.includes('jemalloc')), candidateNames(first, freq).join());
  // Both modules are `server`: each takes its anchor, its most important function, not the constant every
  // function returns (`server-ok`, `server-err` before).
  const importance = [...first.map((n) => (n.name.startsWith('C_') ? 100 : n.name === 'processCommand' ? 10 : 1)),
    ...second.map((n) => (n.name.startsWith('C_') ? 100 : n.name === 'sdslen' ? 10 : 1))];
  const names = nameModules(freq, [0, first.length, first.length + second.length], importance);
  t.false(names.some((n) => /-(ok|err)$/.test(n)), names.join());
  t.true(names[0].endsWith('-process-command'), names.join());
  t.true(names[1].endsWith('-sdslen'), names.join());
});

test('detectModules refuses a graph that already has modules', (t) => {
  const g = twoAreas().build();
  detectModules(g);
  const before = g.order;
  t.throws(() => detectModules(g), { message: /already has Community/ });
  t.is(g.order, before);
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

/**
 * An order feature (service, repository, record type) and a dense layer of HTTP handlers that call its service,
 * in two files (handlers, views) or, with `oneFile`, in one.
 */
function withAdapters(sharedUsers: number, oneFile = false): { b: GraphBuilder; handlers: string[]; service: string } {
  const b = new GraphBuilder();
  const svc = b.cls('src/services/order-service.ts', 'OrderService', ['list', 'place', 'count', 'cancel']);
  const repo = b.cls('src/data/order-repository.ts', 'OrderRepository', ['select', 'insert', 'update', 'remove']);
  const order = b.cls('src/data/order-repository.ts', 'Order', ['total', 'validate', 'clone']);
  for (const m of Object.values(svc.m)) b.calls(m, ...Object.values(repo.m));
  for (const m of Object.values(repo.m)) b.calls(m, ...Object.values(order.m));
  for (const m of Object.values(order.m)) b.calls(m, order.m.validate === m ? order.m.clone : order.m.validate);
  const handlers = ['listHandler', 'placeHandler', 'countHandler', 'cancelHandler', 'renderOrder', 'parseBody'].map((n, k) => b.fn(`src/http/${oneFile || k < 4 ? 'order-handlers' : 'order-views'}.ts`, n));
  for (let i = 0; i < handlers.length; i++) for (let j = i + 1; j < handlers.length; j++) b.calls(handlers[i], handlers[j]);
  for (let i = 0; i < 4; i++) b.calls(handlers[i], Object.values(svc.m)[i]);
  // The service called from many other places: a shared helper, which a layer calling it is no part of.
  for (let k = 0; k < sharedUsers; k++) b.calls(b.fn(`src/jobs/job${k}.ts`, `job${k}`), svc.m.list);
  return { b, handlers, service: svc.uid };
}

test('a layer whose uses go to one larger module\'s own code joins it; one using a shared helper, or one file\'s code, stays', (t) => {
  const { b, handlers, service } = withAdapters(0);
  const apart = b.build();
  detectModules(apart, { satelliteShare: 2 }); // no fold: modularity keeps the dense handler layer apart
  t.not(nodeOf(apart, handlers[0])!.module, nodeOf(apart, service)!.module);
  const g = b.build();
  detectModules(g);
  t.true(handlers.every((h) => nodeOf(g, h)!.module === nodeOf(g, service)!.module), handlers.map((h) => nodeOf(g, h)!.module).join());
  const shared = withAdapters(6);
  const s = shared.b.build();
  detectModules(s);
  t.not(nodeOf(s, shared.handlers[0])!.module, nodeOf(s, shared.service)!.module);
  // The same code in one file is a piece written for one purpose (a lint rule on the code-path API): its own area.
  const single = withAdapters(0, true);
  const o = single.b.build();
  detectModules(o);
  t.not(nodeOf(o, single.handlers[0])!.module, nodeOf(o, single.service)!.module);
  t.true(single.handlers.every((h) => nodeOf(o, h)!.module === nodeOf(o, single.handlers[0])!.module));
});

test('an area of its own that makes one call into a larger module is no front end of it, and stays apart', (t) => {
  // dateutil's shape: time zones (a larger area, a helper beside the library's root) and recurrence rules (several
  // classes in the root and a weekday type in the shared helper file), whose only use of the time zones is one call
  const b = new GraphBuilder();
  const tz = ['tzutc', 'tzoffset', 'tzlocal', 'tzfile', 'tzrange'].map((n) => b.cls(`src/tz/${n}.py`, n, ['utcoffset', 'dst', 'tzname', 'fromutc']));
  const base = b.cls('src/tz/common.py', 'tzrangebase', ['utcoffset', 'dst', 'resolve']);
  const rootHelper = b.cls('src/common.py', 'tzbase', ['normalize', 'fold']);
  for (const z of tz) {
    b.calls(z.m.fromutc, z.m.utcoffset, z.m.dst, base.m.resolve).calls(z.m.utcoffset, base.m.utcoffset, rootHelper.m.normalize);
    b.calls(z.m.tzname, z.m.dst).calls(z.m.dst, base.m.dst, rootHelper.m.fold);
  }
  const rules = ['rrule', 'rruleset', 'rrulebase', 'iterinfo'].map((n) => b.cls('src/rrule.py', n, ['iter', 'between', 'after', 'count']));
  const weekday = b.cls('src/common.py', 'weekday', ['call', 'eq', 'repr']);
  for (let i = 0; i < rules.length; i++) {
    const r = rules[i], next = rules[(i + 1) % rules.length];
    b.calls(r.m.iter, next.m.iter, weekday.m.call, weekday.m.eq).calls(r.m.between, r.m.iter, r.m.count).calls(r.m.after, r.m.iter, weekday.m.repr);
    b.calls(r.m.count, next.m.between);
  }
  b.calls(rules[1].m.after, tz[0].m.utcoffset); // the one call out
  const g = b.build();
  detectModules(g);
  const rule = nodeOf(g, rules[0].uid)!.module;
  t.not(rule, nodeOf(g, tz[0].uid)!.module);
  t.true(rules.every((r) => nodeOf(g, r.uid)!.module === rule), rules.map((r) => nodeOf(g, r.uid)!.module).join());
});

test('resolution is an option: a higher one gives more, smaller modules; the same options give the same modules', (t) => {
  const at = (resolution: number) => { const g = twoAreas().build(); detectModules(g, { resolution, minSize: 1 }); return membership(g); };
  const base = at(1);
  const fine = at(8);
  t.deepEqual(at(8), fine);
  t.true(Object.keys(fine).length > Object.keys(base).length, `${Object.keys(base)} → ${Object.keys(fine)}`);
});

/**
 * `n` areas of `k` functions (each area a folder, its functions all calling each other) in a ring, each area
 * calling the next once: the textbook case of modularity's resolution limit, where Louvain glues neighbours.
 */
function ringOfAreas(n: number, k: number): GraphBuilder {
  const b = new GraphBuilder();
  const areas: string[][] = [];
  for (let i = 0; i < n; i++) {
    const fns = Array.from({ length: k }, (_, j) => b.fn(`src/area${String(i).padStart(2, '0')}/part${j}.ts`, `a${i}f${j}`));
    for (const x of fns) for (const y of fns) if (x !== y) b.calls(x, y);
    areas.push(fns);
  }
  for (let i = 0; i < n; i++) b.calls(areas[i][0], areas[(i + 1) % n][1]);
  return b;
}

test('the size cap splits modules that glue several areas together (the resolution limit) back into the areas', (t) => {
  const areaOf = (uid: string) => /src\/(area\d+)\//.exec(uid)![1];
  const glued = ringOfAreas(30, 4).build();
  const before = detectModules(glued, { minSize: 1 });
  // Without the cap some modules hold several areas.
  t.true(before.modules.some((m) => m.size > 6), before.modules.map((m) => m.size).join());
  t.true(Object.values(membership(glued)).some((uids) => new Set(uids.map(areaOf)).size > 1));
  // A cap of 5% (6 of the 120 symbols) in a repository counted as large: every module is one area, whole.
  const capped = ringOfAreas(30, 4).build();
  const after = detectModules(capped, { minSize: 1, maxShare: 0.05, largeFiles: 1 });
  t.is(after.modules.length, 30);
  for (const [name, uids] of Object.entries(membership(capped))) {
    t.is(uids.length, 4, name);
    t.is(new Set(uids.map(areaOf)).size, 1, `${name}: ${uids.join()}`);
  }
  // The same cap in a repository under `largeFiles` files changes nothing.
  const small = detectModules(ringOfAreas(30, 4).build(), { minSize: 1, maxShare: 0.05 });
  t.deepEqual(small.modules.map((m) => m.size), before.modules.map((m) => m.size));
});

test('the size cap (maxShare) applies only in large repositories, and never splits a knit area', (t) => {
  const sizes = (options: Parameters<typeof detectModules>[1]) => { const g = twoAreas().build(); return detectModules(g, { minSize: 1, ...options }).modules.map((m) => m.size); };
  const whole = sizes({});
  t.deepEqual(whole, [10, 10]);
  // A small repository keeps its modules whatever their share; so does a large one whose modules are knit.
  t.deepEqual(sizes({ maxShare: 0.3 }), whole);
  t.deepEqual(sizes({ maxShare: 0.3, largeFiles: 1, splitModularity: 1 }), whole);
});
