/**
 * The real code bases the call graph is checked on (bench/callgraph-diff.ts), each a pinned devDependency
 * that ships its TypeScript sources, with the compiler settings its sources need. They differ in style on
 * purpose, so a rule tuned on one is checked on the others:
 *
 * - rxjs 7.8.1 (251 files, 21.7k lines): functional operators, a few class hierarchies, `paths` self-imports.
 * - @tanstack/query-core 5.108.0 (23 files, 10.9k lines): classes with `#private` fields, heavy generics,
 *   overloads, a subscribable base class, managers built by factory functions.
 * - prosemirror-model 1.25.13 (13 files, 3.6k lines): classes with static factories and getters, loosely
 *   annotated locals (`let x = this.y`), arrays of nodes and marks.
 * - ajv 8.20.0 (106 files): a code generator built on tagged templates (`_\`…\``, `str\`…\``), keyword
 *   definitions as typed object literals.
 * - mobx 7.1.3 (55 files): observable proxies, object-literal method tables with `this`, computed members
 *   (`obj[$mobx]`), generic helpers and type guards.
 * - three 0.187.0 (757 JavaScript files, 187k lines): ES modules and classes typed by JSDoc (`@param {Vector3}`).
 * - request 2.88.2 (13 files, 3k lines), superagent 10.4.2 (`lib`, 14 files, 3.6k lines) and router 2.3.0 (express's
 *   router, 6 files): CommonJS JavaScript (`module.exports = fn`, `exports.x`, constructor functions and prototype
 *   methods, `var self = this`, members added to functions, `util.inherits`), read through allowJs.
 * - find-my-way 9.10.2 (fastify's router, 11 files): CommonJS JavaScript held out, measured after the rules for
 *   the three above were written, its misses not read.
 * ajv was added after the resolver's rules were written; mobx and three were first measured as unpinned folders, the
 * rules for them written from what that showed, and pinned after. zod is not among them: the project is measured on
 * colinhacks/zod, so no rule may be checked (or tuned) on it here.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export interface Corpus {
  /** The npm package (pinned in package.json) that ships the sources. */
  pkg: string;
  /** Source folder, relative to the repository root. */
  root: string;
  /** Compiler options beyond the defaults of bench/callgraph-diff.ts (a function: some need the absolute root). */
  compilerOptions: (absRoot: string) => ts.CompilerOptions;
  /** The files kept (paths relative to root): all by default; a package folder also ships tests, builds, benchmarks. */
  keep?: (rel: string) => boolean;
}

/** Keeps the files under one of `prefixes` (a folder or a file, relative to the corpus root). */
function under(...prefixes: string[]): (rel: string) => boolean {
  return (rel) => prefixes.some((p) => rel === p || rel.startsWith(`${p}/`));
}

export const CORPORA: Record<string, Corpus> = {
  rxjs: {
    pkg: 'rxjs', root: 'node_modules/rxjs/src',
    // rxjs imports itself by name (`from 'rxjs'`) through tsconfig paths
    compilerOptions: (absRoot) => ({ baseUrl: absRoot, paths: { rxjs: ['./'], 'rxjs/*': ['./*'] } }),
  },
  'query-core': {
    pkg: '@tanstack/query-core', root: 'node_modules/@tanstack/query-core/src',
    compilerOptions: () => ({ target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'] }),
  },
  'prosemirror-model': {
    pkg: 'prosemirror-model', root: 'node_modules/prosemirror-model/src',
    compilerOptions: () => ({}),
  },
  ajv: {
    pkg: 'ajv', root: 'node_modules/ajv/lib',
    compilerOptions: () => ({}),
  },
  mobx: {
    pkg: 'mobx', root: 'node_modules/mobx/src',
    compilerOptions: () => ({ target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'] }),
  },
  three: {
    // JavaScript: the checker reads it through allowJs (the bench's default), typed by its JSDoc
    pkg: 'three', root: 'node_modules/three/src',
    compilerOptions: () => ({}),
  },
  // CommonJS JavaScript (the bench's default allowJs/checkJs)
  request: {
    pkg: 'request', root: 'node_modules/request',
    compilerOptions: () => ({}),
    keep: under('index.js', 'request.js', 'lib'),
  },
  superagent: {
    // (lib/client.js is the browser build of lib/node/index.js; dist/ a bundle)
    pkg: 'superagent', root: 'node_modules/superagent',
    compilerOptions: () => ({}),
    keep: (rel) => under('lib')(rel) && rel !== 'lib/client.js',
  },
  router: {
    pkg: 'router', root: 'node_modules/router',
    compilerOptions: () => ({}),
    keep: under('index.js', 'lib'),
  },
  'find-my-way': {
    pkg: 'find-my-way', root: 'node_modules/find-my-way',
    compilerOptions: () => ({}),
    keep: under('index.js', 'lib'),
  },
};

/** The repository root (where node_modules is). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Absolute source folder, compiler options and kept files of a named corpus. */
export function corpus(name: string): { root: string; compilerOptions: ts.CompilerOptions; keep?: (rel: string) => boolean } {
  const c = CORPORA[name];
  if (!c) throw new Error(`unknown corpus ${name}; known: ${Object.keys(CORPORA).join(', ')}`);
  const root = path.join(REPO_ROOT, c.root);
  return { root, compilerOptions: c.compilerOptions(root), keep: c.keep };
}
