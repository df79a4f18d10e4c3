/**
 * A hand-built code graph for the cypher tests: two modules, a class with methods, an import cycle of length 3
 * and one of length 2, a process through two files, an unused function and a low-confidence call.
 */
import type { CodeGraph } from '../../lib/graph/code-graph.ts';
import { GraphBuilder } from '../../lib/graph/builder.ts';
import type { GraphEdge, GraphNode, NodeLabel, RelType } from '../../lib/graph/schema.ts';
import { memorySnapshot } from '../helpers/memory-snapshot.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';

type N = Partial<GraphNode> & { label: NodeLabel; name: string };

export function fixtureGraph(): CodeGraph {
  const g = new GraphBuilder();
  const node = (filePath: string, n: N, qn = n.name): string => {
    const uid = n.label === 'File' || n.label === 'Folder' ? `${n.label}:${filePath}` : n.label === 'Community' || n.label === 'Process' ? `${n.label}:${n.name}` : `${n.label}:${filePath}:${qn}`;
    g.addNode({ uid, filePath, kind: n.label.toLowerCase(), language: 'typescript', ...n } as GraphNode);
    return uid;
  };
  const edge = (source: string, type: RelType, target: string, extra: Partial<GraphEdge> = {}) =>
    g.addEdge({ source, target, type, confidence: 1, reason: 'import', ...extra });

  const fService = node('src/auth/service.ts', { label: 'File', name: 'service.ts', line: 1, endLine: 40 });
  const fToken = node('src/auth/token.ts', { label: 'File', name: 'token.ts', line: 1, endLine: 20 });
  const fLog = node('src/util/log.ts', { label: 'File', name: 'log.ts', line: 1, endLine: 10 });
  const fRoutes = node('src/api/routes.ts', { label: 'File', name: 'routes.ts', line: 1, endLine: 30 });
  const fDb = node('src/db/db.ts', { label: 'File', name: 'db.ts', line: 1, endLine: 15 });

  const UserService = node('src/auth/service.ts', { label: 'Class', name: 'UserService', line: 3, endLine: 30, exported: true, module: 'Auth' });
  const validate = node('src/auth/service.ts', { label: 'Method', name: 'validate', line: 5, endLine: 12, module: 'Auth', qualifiedName: 'UserService.validate' }, 'UserService.validate');
  const save = node('src/auth/service.ts', { label: 'Method', name: 'save', line: 14, endLine: 20, module: 'Auth', qualifiedName: 'UserService.save' }, 'UserService.save');
  const signToken = node('src/auth/token.ts', { label: 'Function', name: 'signToken', line: 2, endLine: 8, exported: true, module: 'Auth' });
  const verifyToken = node('src/auth/token.ts', { label: 'Function', name: 'verifyToken', line: 10, endLine: 18, exported: true, module: 'Auth' });
  const log = node('src/util/log.ts', { label: 'Function', name: 'log', line: 1, endLine: 5, exported: true, module: 'Util' });
  const unusedHelper = node('src/util/log.ts', { label: 'Function', name: 'unusedHelper', line: 7, endLine: 9, exported: false, module: 'Util' });
  const handleLogin = node('src/api/routes.ts', { label: 'Function', name: 'handleLogin', line: 3, endLine: 12, exported: true, module: 'Api' });
  const handleLogout = node('src/api/routes.ts', { label: 'Function', name: 'handleLogout', line: 14, endLine: 20, exported: true, module: 'Api' });
  const query = node('src/db/db.ts', { label: 'Function', name: 'query', line: 2, endLine: 10, exported: true, module: 'Db' });
  const Token = node('src/auth/token.ts', { label: 'Interface', name: 'Token', line: 19, endLine: 20, exported: true, module: 'Auth' });

  const auth = node('', { label: 'Community', name: 'Auth', size: 6, cohesion: 0.8 });
  const util = node('', { label: 'Community', name: 'Util', size: 2, cohesion: 0.5 });
  const api = node('', { label: 'Community', name: 'Api', size: 2, cohesion: 0.6 });
  const login = node('', { label: 'Process', name: 'LoginFlow', steps: 3, entry: handleLogin, terminal: signToken });

  for (const [f, syms] of [[fService, [UserService]], [fToken, [signToken, verifyToken, Token]], [fLog, [log, unusedHelper]], [fRoutes, [handleLogin, handleLogout]], [fDb, [query]]] as const) {
    for (const s of syms) edge(f, 'DEFINES', s, { reason: 'structure' });
  }
  edge(UserService, 'HAS_METHOD', validate, { reason: 'structure' });
  edge(UserService, 'HAS_METHOD', save, { reason: 'structure' });
  // Import cycle of length 3: service → token → log → service; and of length 2: routes ↔ db.
  edge(fService, 'IMPORTS', fToken, { line: 1 });
  edge(fToken, 'IMPORTS', fLog, { line: 1 });
  edge(fLog, 'IMPORTS', fService, { line: 1 });
  edge(fRoutes, 'IMPORTS', fService, { line: 1 });
  edge(fRoutes, 'IMPORTS', fDb, { line: 2 });
  edge(fDb, 'IMPORTS', fRoutes, { line: 1 });
  // Calls.
  edge(handleLogin, 'CALLS', validate, { confidence: 0.85, reason: 'typed-receiver', line: 5 });
  edge(handleLogin, 'CALLS', signToken, { line: 7 });
  edge(validate, 'CALLS', verifyToken, { line: 8 });
  edge(validate, 'CALLS', log, { line: 9, count: 2 });
  edge(save, 'CALLS', query, { confidence: 0.3, reason: 'name-only', line: 16 });
  edge(handleLogout, 'CALLS', log, { line: 15 });
  edge(signToken, 'CALLS', log, { line: 4 });
  edge(verifyToken, 'REFERENCES', Token, { reason: 'same-file', line: 11 });
  // Modules and the process.
  for (const s of [UserService, validate, save, signToken, verifyToken, Token]) edge(s, 'MEMBER_OF', auth, { reason: 'community' });
  for (const s of [log, unusedHelper]) edge(s, 'MEMBER_OF', util, { reason: 'community' });
  for (const s of [handleLogin, handleLogout]) edge(s, 'MEMBER_OF', api, { reason: 'community' });
  edge(handleLogin, 'STEP_IN_PROCESS', login, { reason: 'process', step: 1 });
  edge(validate, 'STEP_IN_PROCESS', login, { reason: 'process', step: 2 });
  edge(signToken, 'STEP_IN_PROCESS', login, { reason: 'process', step: 3 });
  return g.toGraph();
}

export function fixtureSnapshot(): Snapshot {
  return memorySnapshot({ name: 'fixture', graph: fixtureGraph() });
}
