/**
 * A small hand-built graph of an auth app, for handler tests that do not depend on the indexer.
 * Layout (file: symbols):
 *   src/auth/base.ts     Validator (Interface), BaseService (Class)
 *   src/auth/service.ts  UserService extends BaseService implements Validator { constructor, validate, save }
 *   src/util/hash.ts     hashPassword
 *   src/db/repo.ts       findUser
 *   src/api/routes.ts    handleLogin → new UserService, validate; handleSignup → save; config
 *   test/service.test.ts testValidate → validate
 * Flow LoginFlow: handleLogin(1) → UserService.validate(2) → hashPassword(3).
 */
import type { CodeGraph } from '../../lib/graph/code-graph.ts';
import { GraphBuilder } from '../../lib/graph/builder.ts';
import type { GraphNode, RelType } from '../../lib/graph/schema.ts';
import type { Reference } from '../../lib/refs/reference-index.ts';
import { memorySnapshot } from '../helpers/memory-snapshot.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';

export const FILES: Record<string, string> = {
  'src/auth/base.ts': [
    'export interface Validator {',
    '  validate(name: string): boolean;',
    '}',
    'export class BaseService {',
    '  log(m: string) { console.log(m); }',
    '}',
  ].join('\n'),
  'src/auth/service.ts': [
    "import { BaseService, Validator } from './base';",
    "import { hashPassword } from '../util/hash';",
    "import { findUser } from '../db/repo';",
    'export class UserService extends BaseService implements Validator {',
    '  constructor() { super(); }',
    '  validate(name: string) {',
    '    return hashPassword(name) === findUser(name);',
    '  }',
    '  save() {}',
    '}',
  ].join('\n'),
  'src/util/hash.ts': 'export function hashPassword(p: string) {\n  return p;\n}',
  'src/db/repo.ts': 'export function findUser(n: string) {\n  return n;\n}',
  'src/api/routes.ts': [
    "import { UserService } from '../auth/service';",
    'export const config = { secure: true };',
    'export function handleLogin(n: string) {',
    '  const s = new UserService();',
    '  return config.secure && s.validate(n);',
    '}',
    'export function handleSignup() {',
    '  new UserService().save();',
    '}',
  ].join('\n'),
  'test/service.test.ts': "import { UserService } from '../src/auth/service';\nfunction testValidate() {\n  new UserService().validate('x');\n}",
};

export const U = {
  Validator: 'Interface:src/auth/base.ts:Validator',
  ValidatorValidate: 'Method:src/auth/base.ts:Validator.validate',
  BaseService: 'Class:src/auth/base.ts:BaseService',
  log: 'Method:src/auth/base.ts:BaseService.log',
  UserService: 'Class:src/auth/service.ts:UserService',
  ctor: 'Method:src/auth/service.ts:UserService.constructor',
  validate: 'Method:src/auth/service.ts:UserService.validate',
  save: 'Method:src/auth/service.ts:UserService.save',
  hashPassword: 'Function:src/util/hash.ts:hashPassword',
  findUser: 'Function:src/db/repo.ts:findUser',
  handleLogin: 'Function:src/api/routes.ts:handleLogin',
  handleSignup: 'Function:src/api/routes.ts:handleSignup',
  config: 'Variable:src/api/routes.ts:config',
  testValidate: 'Function:test/service.test.ts:testValidate',
  LoginFlow: 'Process:LoginFlow',
  Auth: 'Community:Auth',
  Api: 'Community:Api',
} as const;

/** Builds the graph; every call returns a fresh graph. */
export function handGraph(): CodeGraph {
  const g = new GraphBuilder();
  const sym = (label: GraphNode['label'], filePath: string, q: string, line: number, endLine: number, extra: Partial<GraphNode> = {}) =>
    g.addNode({ uid: `${label}:${filePath}:${q}`, label, name: q.split('.').pop()!, qualifiedName: q, filePath, line, endLine, exported: !q.includes('.'), ...extra });
  for (const p of Object.keys(FILES)) g.addNode({ uid: `File:${p}`, label: 'File', name: p.split('/').pop()!, filePath: p });
  sym('Interface', 'src/auth/base.ts', 'Validator', 1, 3, { module: 'Auth' });
  sym('Method', 'src/auth/base.ts', 'Validator.validate', 2, 2, { module: 'Auth' });
  sym('Class', 'src/auth/base.ts', 'BaseService', 4, 6, { module: 'Auth' });
  sym('Method', 'src/auth/base.ts', 'BaseService.log', 5, 5, { module: 'Auth' });
  sym('Class', 'src/auth/service.ts', 'UserService', 4, 10, { module: 'Auth', doc: 'Users.' });
  sym('Method', 'src/auth/service.ts', 'UserService.constructor', 5, 5, { module: 'Auth', kind: 'constructor' });
  sym('Method', 'src/auth/service.ts', 'UserService.validate', 6, 8, { module: 'Auth', signature: 'validate(name: string)' });
  sym('Method', 'src/auth/service.ts', 'UserService.save', 9, 9, { module: 'Auth' });
  sym('Function', 'src/util/hash.ts', 'hashPassword', 1, 3, { module: 'Auth' });
  sym('Function', 'src/db/repo.ts', 'findUser', 1, 3);
  sym('Variable', 'src/api/routes.ts', 'config', 2, 2, { module: 'Api' });
  sym('Function', 'src/api/routes.ts', 'handleLogin', 3, 6, { module: 'Api' });
  sym('Function', 'src/api/routes.ts', 'handleSignup', 7, 9, { module: 'Api' });
  sym('Function', 'test/service.test.ts', 'testValidate', 2, 4, { exported: false });
  g.addNode({ uid: U.Auth, label: 'Community', name: 'Auth', size: 9, cohesion: 0.8 });
  g.addNode({ uid: U.Api, label: 'Community', name: 'Api', size: 3, cohesion: 0.7 });
  g.addNode({ uid: U.LoginFlow, label: 'Process', name: 'LoginFlow', steps: 3, entry: U.handleLogin, terminal: U.hashPassword, modules: ['Api', 'Auth'] });

  const edge = (type: RelType, source: string, target: string, confidence = 1, reason = 'import', line?: number, extra: Record<string, unknown> = {}) =>
    g.addEdge({ source, target, type, confidence, reason, ...(line !== undefined ? { line } : {}), ...extra });
  for (const n of g.nodes) if (n.label !== 'File' && n.label !== 'Community' && n.label !== 'Process' && !n.uid.startsWith('Method:')) edge('DEFINES', `File:${n.filePath}`, n.uid, 1, 'structure');
  edge('HAS_METHOD', U.Validator, U.ValidatorValidate, 1, 'structure');
  edge('HAS_METHOD', U.BaseService, U.log, 1, 'structure');
  for (const m of [U.ctor, U.validate, U.save]) edge('HAS_METHOD', U.UserService, m, 1, 'structure');
  edge('IMPORTS', 'File:src/auth/service.ts', 'File:src/auth/base.ts', 1, 'import', 1);
  edge('IMPORTS', 'File:src/auth/service.ts', 'File:src/util/hash.ts', 1, 'import', 2);
  edge('IMPORTS', 'File:src/auth/service.ts', 'File:src/db/repo.ts', 1, 'import', 3);
  edge('IMPORTS', 'File:src/api/routes.ts', 'File:src/auth/service.ts', 1, 'import', 1);
  edge('IMPORTS', 'File:test/service.test.ts', 'File:src/auth/service.ts', 1, 'import', 1);
  edge('EXTENDS', U.UserService, U.BaseService, 1, 'heritage', 4);
  edge('IMPLEMENTS', U.UserService, U.Validator, 1, 'heritage', 4);
  edge('CALLS', U.ctor, U.BaseService, 0.95, 'super-member', 5);
  edge('CALLS', U.validate, U.hashPassword, 1, 'import', 7);
  edge('CALLS', U.validate, U.findUser, 0.9, 'import', 7);
  edge('CALLS', U.handleLogin, U.ctor, 1, 'constructor', 4);
  edge('CALLS', U.handleLogin, U.validate, 0.85, 'typed-receiver', 5);
  edge('REFERENCES', U.handleLogin, U.config, 1, 'same-file', 5);
  edge('CALLS', U.handleSignup, U.ctor, 1, 'constructor', 8);
  edge('CALLS', U.handleSignup, U.save, 0.3, 'name-only', 8);
  edge('CALLS', U.testValidate, U.ctor, 1, 'constructor', 3);
  edge('CALLS', U.testValidate, U.validate, 0.85, 'typed-receiver', 3);
  for (const [uid, step] of [[U.handleLogin, 1], [U.validate, 2], [U.hashPassword, 3]] as const) edge('STEP_IN_PROCESS', uid, U.LoginFlow, 1, 'process', undefined, { step });
  for (const n of g.nodes) if (n.module) edge('MEMBER_OF', n.uid, `Community:${n.module}`, 1, 'community');
  return g.toGraph();
}

/** Reference-index occurrences of UserService (imports and `new` sites) and config. */
export function handRefs(): Reference[] {
  const r = (target: string, filePath: string, line: number, column: number, kind: Reference['kind'], from?: string): Reference =>
    ({ target, filePath, line, column, length: target.split(':').pop()!.split('.').pop()!.length, kind, confidence: 1, reason: 'import', ...(from ? { from } : {}) });
  return [
    r(U.UserService, 'src/api/routes.ts', 1, 10, 'import', 'File:src/api/routes.ts'),
    r(U.UserService, 'src/api/routes.ts', 4, 17, 'call', U.handleLogin),
    r(U.UserService, 'src/api/routes.ts', 8, 7, 'call', U.handleSignup),
    r(U.UserService, 'src/auth/service.ts', 4, 14, 'definition', U.UserService),
    r(U.UserService, 'test/service.test.ts', 1, 10, 'import'),
    r(U.config, 'src/api/routes.ts', 5, 10, 'value', U.handleLogin),
    r(U.config, 'src/api/routes.ts', 2, 14, 'definition', U.config),
  ];
}

/** The hand graph as a snapshot; `files` override current texts (to simulate edits since indexing). */
export function handSnapshot(opts: { files?: Record<string, string>; diff?: Parameters<typeof memorySnapshot>[0]['diff'] } = {}): Snapshot {
  return memorySnapshot({ name: 'hand', graph: handGraph(), refs: handRefs(), files: { ...FILES, ...opts.files }, indexedFiles: FILES, diff: opts.diff });
}
