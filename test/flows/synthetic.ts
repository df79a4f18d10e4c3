/**
 * Synthetic code graphs for scale tests and benches: `areas` folders of layered files (handlers → services →
 * repositories), classes with methods, mostly local calls, a few cross-area calls, shared utilities called
 * from everywhere, low-confidence name-only guesses and test files. Seeded: the same arguments, the same graph.
 */
import type { CodeGraph } from '../../lib/graph/code-graph.ts';
import { GraphBuilder } from '../../lib/graph/builder.ts';
import type { GraphEdge, GraphNode } from '../../lib/graph/schema.ts';
import { seededRandom } from '../../lib/util/seeded-random.ts';

export interface SyntheticOptions {
  /** Feature folders (default 20). Symbols grow linearly: about 60 per area. */
  areas?: number;
  seed?: number;
}

/** Builds the graph; about 60 symbols and 110 edges per area. */
export function syntheticGraph(options: SyntheticOptions = {}): CodeGraph {
  const areas = options.areas ?? 20;
  const rnd = seededRandom(options.seed ?? 42);
  const pick = <T>(list: T[]): T => list[Math.floor(rnd() * list.length)];
  const g = new GraphBuilder();
  let line = 1;
  const file = (path: string): string => {
    const uid = `File:${path}`;
    if (!g.hasNode(uid)) g.addNode({ uid, label: 'File', name: path.split('/').pop()!, filePath: path });
    return uid;
  };
  const sym = (path: string, node: Pick<GraphNode, 'label' | 'name' | 'exported'> & { qualifiedName: string }): string => {
    const uid = `${node.label}:${path}:${node.qualifiedName}`;
    g.addNode({ ...node, uid, filePath: path, line: line++ });
    return uid;
  };
  const edge = (source: string, target: string, extra: Partial<GraphEdge> = {}): void => {
    g.addEdge({ source, target, type: 'CALLS', confidence: 0.95, reason: 'import', line: line++, ...extra });
  };
  const cls = (path: string, name: string, methods: string[]): string[] => {
    const f = file(path);
    const c = sym(path, { label: 'Class', name, qualifiedName: name, exported: true });
    g.addEdge({ source: f, target: c, type: 'DEFINES', confidence: 1, reason: 'structure' });
    return methods.map((m) => {
      const u = sym(path, { label: 'Method', name: m, qualifiedName: `${name}.${m}` });
      g.addEdge({ source: c, target: u, type: 'HAS_METHOD', confidence: 1, reason: 'structure' });
      return u;
    });
  };
  const fn = (path: string, name: string, exported = true): string => {
    const u = sym(path, { label: 'Function', name, qualifiedName: name, exported });
    g.addEdge({ source: file(path), target: u, type: 'DEFINES', confidence: 1, reason: 'structure' });
    return u;
  };

  const utils = ['formatDate', 'clamp', 'deepMerge', 'retry', 'hashKey', 'parseQuery'].map((n) => fn(`src/shared/utils/${n}.ts`, n));
  const logger = cls('src/shared/logger.ts', 'Logger', ['info', 'warn', 'error', 'write']);
  edge(logger[0], logger[3]); edge(logger[1], logger[3]); edge(logger[2], logger[3]);
  const services: string[][] = [];
  for (let a = 0; a < areas; a++) {
    const name = `feature${a}`;
    const Cap = `Feature${a}`;
    const root = `src/features/${name}`;
    const repo = cls(`${root}/${name}-repository.ts`, `${Cap}Repository`, ['findById', 'findMany', 'insert', 'update', 'remove']);
    const svc = cls(`${root}/${name}-service.ts`, `${Cap}Service`, ['get', 'list', 'create', 'modify', 'archive', 'summarize']);
    const policy = cls(`${root}/${name}-policy.ts`, `${Cap}Policy`, ['canRead', 'canWrite']);
    const mapper = [fn(`${root}/${name}-mapper.ts`, `to${Cap}Dto`), fn(`${root}/${name}-mapper.ts`, `from${Cap}Input`)];
    const handlers = ['get', 'list', 'create', 'update', 'delete'].map((h) => fn(`${root}/${name}-handlers.ts`, `${h}${Cap}Handler`));
    const register = fn(`${root}/${name}-routes.ts`, `register${Cap}Routes`);
    for (const h of handlers) g.addEdge({ source: register, target: h, type: 'REFERENCES', confidence: 0.95, reason: 'import', role: 'callback', callee: pick(['router.get', 'router.post', 'app.put']) });
    handlers.forEach((h, i) => { edge(h, svc[i % svc.length]); edge(h, mapper[i % 2]); if (rnd() < 0.5) edge(h, policy[i % 2]); });
    svc.forEach((s, i) => { edge(s, repo[i % repo.length]); if (rnd() < 0.6) edge(s, repo[(i + 2) % repo.length]); if (rnd() < 0.3) edge(s, pick(utils)); if (rnd() < 0.3) edge(s, pick(logger)); });
    repo.forEach((r) => { if (rnd() < 0.5) edge(r, pick(utils)); });
    // Helpers private to the area.
    const helpers = Array.from({ length: 8 }, (_, i) => fn(`${root}/internal/${name}-helpers.ts`, `${name}Step${i}`, false));
    helpers.forEach((h, i) => { if (i > 0) edge(helpers[i - 1], h); if (rnd() < 0.4) edge(svc[i % svc.length], h); });
    const types = ['Entity', 'Input', 'Dto'].map((t) => {
      const u = sym(`${root}/${name}-types.ts`, { label: 'Interface', name: `${Cap}${t}`, qualifiedName: `${Cap}${t}`, exported: true });
      g.addEdge({ source: file(`${root}/${name}-types.ts`), target: u, type: 'DEFINES', confidence: 1, reason: 'structure' });
      return u;
    });
    for (const s of svc) g.addEdge({ source: s, target: pick(types), type: 'REFERENCES', confidence: 0.9, reason: 'import' });
    // Tests call into the area; name-only guesses point anywhere.
    const spec = fn(`test/${name}.test.ts`, `${name}Spec`);
    edge(spec, svc[0]); edge(spec, svc[2]); edge(spec, handlers[0]);
    services.push(svc);
    if (a > 0) {
      if (rnd() < 0.7) edge(pick(svc), pick(services[Math.floor(rnd() * a)]), { confidence: 0.85, reason: 'typed-receiver' });
      for (let k = 0; k < 3; k++) edge(pick(helpers), pick(services[Math.floor(rnd() * a)]), { confidence: 0.3, reason: 'name-only' });
    }
  }
  const main = fn('src/main.ts', 'main');
  edge(file('src/main.ts'), main, { reason: 'same-file' });
  const boot = fn('src/bootstrap.ts', 'bootstrap');
  edge(main, boot);
  for (let a = 0; a < areas; a++) edge(boot, `Function:src/features/feature${a}/feature${a}-routes.ts:registerFeature${a}Routes`);
  return g.toGraph();
}
