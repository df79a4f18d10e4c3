/**
 * The call graph of a real monorepo against the TypeScript checker (bench/callgraph-diff.ts), with the
 * workspace packages linked as a package manager links them, so that both sides see sibling packages by name.
 *
 * A monorepo is pinned by repository and commit (MONOREPOS below). The script exports that commit from a git
 * directory (a clone, or the search tool's `fetch` mirror) into a fresh folder, links every workspace package
 * into `node_modules/<name>` (what `pnpm install`/`npm install` do for workspace members; nothing is downloaded,
 * so types of outside dependencies are unknown to both sides alike), reads the compiler options of the root
 * tsconfig with the compiler's own reader (moduleResolution, customConditions, …), and compares the CALLS edges:
 * per caller and with callers reduced to their file.
 *
 *   git clone https://github.com/arktypeio/arktype /tmp/arktype.git   # or the search tool's fetch
 *   node --import tsx bench/monorepo-diff.ts arktype --git /tmp/arktype.git [--dir /tmp/monorepo-arktype] [--samples N]
 *
 * A folder (a fixture workspace) is copied and linked the same way, every file kept:
 *
 *   node --import tsx bench/monorepo-diff.ts --folder test/fixtures/indexer/workspace-exports --workspaces 'packages/*,apps/*'
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import ts from 'typescript';
import { callgraphDiff, type DiffResult } from './callgraph-diff.ts';

export interface Monorepo {
  /** GitHub owner/name. */
  repo: string;
  /** The pinned commit. */
  commit: string;
  /** Folders (relative to the root) whose files both sides index. */
  include: string[];
  /** Folders or files left out (tests, docs, build scripts). */
  exclude: string[];
  /** Workspace globs (`ark/*`), as its pnpm-workspace.yaml or package.json `workspaces` lists them. */
  workspaces: string[];
  /** The paths exported (all when absent): a mirror may lack the repository's large binary files. */
  archive?: string[];
  /** Files left out by name wherever they are (tests kept beside the code they test). */
  excludeFiles?: RegExp;
  /** The tsconfig whose options the checker runs with (the root's when absent). */
  tsconfig?: string;
}

const TANSTACK_PACKAGES = ['query-core', 'query-persist-client-core', 'query-sync-storage-persister', 'query-async-storage-persister', 'query-broadcast-client-experimental'];

const MIKRO_ORM_PACKAGES = ['cli', 'core', 'decorators', 'entity-generator', 'knex-compat', 'libsql', 'mariadb', 'migrations', 'migrations-mongodb', 'mikro-orm', 'mongodb', 'mssql', 'mysql', 'oracledb', 'pglite', 'postgresql', 'reflection', 'seeder', 'sql', 'sqlite'];

const LEXICAL_PACKAGES = ['lexical', 'lexical-internal', 'lexical-selection', 'lexical-utils', 'lexical-list', 'lexical-rich-text', 'lexical-plain-text', 'lexical-table', 'lexical-clipboard', 'lexical-html', 'lexical-link', 'lexical-history', 'lexical-text', 'lexical-markdown'];

const DRIZZLE_TOP = ['alias', 'batch', 'casing', 'column-builder', 'column', 'entity', 'errors', 'index', 'logger', 'migrator', 'operations', 'primary-key', 'query-promise', 'relations', 'runnable-query', 'selection-proxy', 'session', 'subquery', 'table', 'table.utils', 'tracing-utils', 'tracing', 'utils', 'version', 'view-common'];

export const MONOREPOS: Record<string, Monorepo> = {
  // pnpm workspace `ark/*`; packages import each other by name and by `@ark/util/internal/x.ts`-style subpaths
  // through `exports` with a custom condition (`ark-ts`) that tsconfig's `customConditions` selects
  arktype: {
    repo: 'arktypeio/arktype',
    commit: '03b1f015d9b7c5af5dac2caed1aeedefaf705ab3',
    include: ['ark/util', 'ark/schema', 'ark/type', 'ark/json-schema', 'ark/regex', 'ark/fast-check'],
    exclude: ['ark/util/__tests__', 'ark/schema/__tests__', 'ark/type/__tests__', 'ark/json-schema/__tests__', 'ark/regex/__tests__', 'ark/fast-check/__tests__'],
    workspaces: ['ark/*'],
  },
  // the same commit with its tests, which import sibling packages' internals by subpath
  // (`arktype/internal/parser/tupleLiteral.ts` through `"./internal/*.ts": { "ark-ts": "./*.ts" }`)
  'arktype-tests': {
    repo: 'arktypeio/arktype',
    commit: '03b1f015d9b7c5af5dac2caed1aeedefaf705ab3',
    include: ['ark/util', 'ark/schema', 'ark/type', 'ark/json-schema', 'ark/regex', 'ark/fast-check', 'ark/fs', 'ark/attest'],
    exclude: ['ark/attest/__tests__', 'ark/attest/bench'],
    workspaces: ['ark/*'],
  },
  // pnpm workspace `packages/*`: packages import each other by name (`@vue/shared`, `@vue/reactivity`), which the
  // root tsconfig's `paths` (`@vue/*` → `packages/*/src`) maps to sources; the held-out half (nothing was tuned on it)
  vue: {
    repo: 'vuejs/core',
    commit: 'e2bede96134f757aad5c5b33ac9be055022dbfc8',
    include: ['packages/global.d.ts', ...['compiler-core', 'compiler-dom', 'compiler-sfc', 'compiler-ssr', 'reactivity', 'runtime-core', 'runtime-dom', 'server-renderer', 'shared', 'vue', 'vue-compat'].map((p) => `packages/${p}/src`)],
    exclude: [],
    workspaces: ['packages/*'],
  },
  // pnpm workspace `packages/*`: packages import each other by name through `exports` with a custom condition
  // (`@tanstack/custom-condition`, tsconfig `customConditions`) pointing at sources; a second tuning workspace for rename.
  // The framework adapters are left out: their framework (react, vue, …) is not installed, so the checker reads its
  // hooks as `any` where codegraph's rules for them still type the values
  'tanstack-query': {
    repo: 'TanStack/query',
    commit: '40321a0b1b3bdd0afa11f0e439642ab84cdf6afe',
    include: TANSTACK_PACKAGES.map((p) => `packages/${p}/src`),
    exclude: TANSTACK_PACKAGES.map((p) => `packages/${p}/src/__tests__`),
    workspaces: ['packages/*'],
    archive: ['packages', 'package.json', 'pnpm-workspace.yaml', 'tsconfig.json'],
  },
  // yarn workspace `packages/*`: packages import each other as `@mikro-orm/<name>` (and a few subpaths) through the
  // root tsconfig's `paths` (`@mikro-orm/*` → `packages/*/src`); ordinary class- and interface-heavy TypeScript
  // (entities, drivers, platforms, decorators), a third tuning workspace for rename beside the generics of arktype
  'mikro-orm': {
    repo: 'mikro-orm/mikro-orm',
    commit: 'a6b9730585e467720b90390a1de706e0f4b8726c',
    include: MIKRO_ORM_PACKAGES.map((p) => `packages/${p}/src`),
    exclude: [],
    workspaces: ['packages/*'],
    archive: ['packages', 'package.json', 'tsconfig.json', 'tsconfig.build.json'],
  },
  // pnpm workspace `packages/*`: `@trpc/client` imports `@trpc/server` and its subpaths, which the root tsconfig's
  // `paths` maps to sources; a check on code nothing was tuned on (measured once). The adapters for other frameworks
  // (express, fastify, next, aws-lambda) are left out: those are not installed, so the checker reads them as `any`
  trpc: {
    repo: 'trpc/trpc',
    commit: '340811ba5320637fbaf48fccf3dbfdd258bd34db',
    include: ['packages/server/src', 'packages/client/src'],
    exclude: ['packages/server/src/__tests__', 'packages/server/src/adapters/aws-lambda', 'packages/server/src/adapters/fastify', 'packages/server/src/adapters/next-app-dir', 'packages/server/src/adapters/next.ts', 'packages/server/src/adapters/express.ts', 'packages/server/src/adapters/next-app-dir.ts'],
    workspaces: ['packages/*'],
    archive: ['packages', 'package.json', 'pnpm-workspace.yaml', 'tsconfig.json', 'tsconfig.build.json'],
  },
  // pnpm workspace: the `valibot` library (a schema library of small generic functions, each schema and action in a
  // file of its own) and `@valibot/to-json-schema`, whose tsconfig `paths` map `valibot` to the library's sources; no
  // root tsconfig, so the checker runs with to-json-schema's options. Not tuned on: measured fresh first
  valibot: {
    repo: 'open-circle/valibot',
    commit: '7237d90891d0a17cda37a2e054fc5ba8036c62cf',
    include: ['library/src', 'packages/to-json-schema/src'],
    exclude: [],
    excludeFiles: /\.test(-d)?\.ts$/,
    workspaces: ['library', 'packages/*'],
    archive: ['library', 'packages', 'package.json', 'pnpm-workspace.yaml'],
    tsconfig: 'packages/to-json-schema/tsconfig.json',
  },
  // pnpm workspace `packages/*`: `@tanstack/router-core`, a router's core (route trees, path matching, loaders, SSR
  // serialization: functions, closures and object literals under heavy generics). Its sibling `@tanstack/history` is
  // left out: its `exports` name built files only, so the checker would not follow the import that codegraph follows
  // to the sources. The checker runs with router-core's tsconfig (the root's options and a `paths` entry for
  // `@tanstack/router-core/isServer`). Not tuned on: measured fresh first
  'tanstack-router': {
    repo: 'TanStack/router',
    commit: '0eb45738c07f53ce618d486aac1aa709f4d725ca',
    include: ['packages/router-core/src'],
    exclude: [],
    workspaces: ['packages/*'],
    archive: ['packages/history', 'packages/router-core', 'package.json', 'pnpm-workspace.yaml', 'tsconfig.json'],
    tsconfig: 'packages/router-core/tsconfig.json',
  },
  // typebox: one Deno package, no workspace; `src` (about 690 files) of a JSON Schema type builder whose types are
  // computed by conditional and mapped types throughout, its modules imported with `.ts` extensions and its own
  // subpaths (`typebox/type`) mapped by the root tsconfig's `paths`. Tuned on: measured fresh first
  typebox: {
    repo: 'sinclairzx81/typebox',
    commit: '8f8d861ba204a21ca067b28db10e3d1dc19bd732',
    include: ['src'],
    exclude: [],
    workspaces: [],
    archive: ['src', 'tsconfig.json'],
  },
  // yup: one package (`src`, 33 files), a schema builder of generic classes (`Schema<TType, TContext, TDefault,
  // TFlags>` and its subclasses) whose outside dependencies (type-fest, property-expr) are not installed, so both
  // sides read them as `any`; the tsconfig it extends is not installed either, so the checker runs with its own
  // options and `strictFunctionTypes`. Measured fresh first, then its misses read beside typebox's
  yup: {
    repo: 'jquense/yup',
    commit: 'ff31eee8a2b10c938bb3a22544d9e33957a8cf01',
    include: ['src'],
    exclude: [],
    workspaces: [],
    archive: ['src', 'package.json', 'tsconfig.json'],
  },
  // fp-ts: one package (`src`, 123 files) of higher-kinded type classes (`URItoKind<F>[URI]`, `Kind2<F, E, A>`),
  // overloaded pipeable functions and instance literals typed by interfaces. Held out: measured fresh and once at the
  // end, its misses and extras never read
  'fp-ts': {
    repo: 'gcanti/fp-ts',
    commit: 'e91bde112e0a2a4e617e8fc7f7a62ea4c10ba404',
    include: ['src'],
    exclude: [],
    workspaces: [],
    archive: ['src', 'package.json', 'tsconfig.json'],
  },
  // kysely: one package (`src`, about 300 files), a type-safe SQL query builder: builder classes over immutable
  // operation nodes (`SelectQueryBuilder`, `OperationNodeTransformer`), interfaces implemented by dialects and
  // drivers, `.js` specifiers under `node16` resolution. Tuned on: measured fresh first
  kysely: {
    repo: 'kysely-org/kysely',
    commit: '478ec67b2de2568f5590a015d3e120644e81bd87',
    include: ['src'],
    exclude: [],
    workspaces: [],
    archive: ['src', 'package.json', 'tsconfig.json', 'tsconfig-base.json'],
  },
  // remeda: its library package (`packages/remeda/src` without tests, about 215 files) of data-first and data-last
  // utility functions with overloads and type-fest helper types (not installed, so both sides read them as `any`).
  // Held out: measured fresh and once at the end, its misses and extras never read
  remeda: {
    repo: 'remeda/remeda',
    commit: '3b72f9fb6e5174243954467186301d352b742699',
    include: ['packages/remeda/src'],
    exclude: [],
    excludeFiles: /\.test(-d|-prop)?\.ts$/,
    workspaces: [],
    archive: ['packages/remeda/src', 'packages/remeda/package.json', 'packages/remeda/tsconfig.json'],
    tsconfig: 'packages/remeda/tsconfig.json',
  },
  // drizzle-orm: its core (the top-level modules of `drizzle-orm/src`, `sql`, `query-builders`, `cache/core`) and the
  // PostgreSQL dialect (`pg-core`), about 170 files: entity classes tagged by a static `[entityKind]`, column builders
  // over generic config objects, query builders whose methods return `this`, imports through tsconfig `paths`
  // (`~/*` → `src/*`). The other dialects and the drivers are left out. Tuned on: measured fresh first
  drizzle: {
    repo: 'drizzle-team/drizzle-orm',
    commit: 'b7862528fd8fc39bc2653a6c18dad7c1f4e68d10',
    include: [...DRIZZLE_TOP.map((f) => `drizzle-orm/src/${f}.ts`), ...['sql', 'query-builders', 'cache/core', 'pg-core'].map((d) => `drizzle-orm/src/${d}`)],
    exclude: [],
    workspaces: [],
    archive: ['drizzle-orm/src', 'drizzle-orm/package.json', 'drizzle-orm/tsconfig.json', 'tsconfig.json'],
    tsconfig: 'drizzle-orm/tsconfig.json',
  },
  // h3: one package (`src`, 54 files), an HTTP framework of small functions over an event object (`H3Event`), its
  // handlers, middleware and utilities (cookies, sessions, CORS, bodies); its dependencies (srvx, rou3, cookie-es) are
  // not installed, so both sides read them as `any`. Held out: measured fresh and once at the end, its misses and
  // extras never read
  h3: {
    repo: 'unjs/h3',
    commit: 'ac609aae8fa93947b564de55e2d1a6bec5ad18ad',
    include: ['src'],
    exclude: [],
    workspaces: [],
    archive: ['src', 'package.json', 'tsconfig.json'],
  },
  // TanStack Table's core (`packages/table-core/src`, about 125 files): features as objects of functions over generic
  // table, row, column and cell types (`TableFeatures`, `Row_Core<TFeatures, TData>`), prototypes assembled from
  // the features' functions, memoised getters; its store (`@tanstack/store`) is not installed, so both sides read it
  // as `any`. The checker runs with table-core's tsconfig (the root's strict options). Tuned on: measured fresh first
  'tanstack-table': {
    repo: 'TanStack/table',
    commit: 'd3000515c7172dc456665fe32ba671132a9d9280',
    include: ['packages/table-core/src'],
    exclude: [],
    workspaces: [],
    archive: ['packages/table-core/src', 'packages/table-core/package.json', 'packages/table-core/tsconfig.json', 'package.json', 'tsconfig.json'],
    tsconfig: 'packages/table-core/tsconfig.json',
  },
  // io-ts: one package (`src`, 16 files), runtime codecs as classes (`class StringType extends Type<string>`, a
  // hundred of them in index.ts) and the experimental Decoder/Codec modules over fp-ts, which is not installed, so
  // both sides read it as `any`. Measured fresh first; a second tuning corpus beside tanstack-table
  'io-ts': {
    repo: 'gcanti/io-ts',
    commit: '864a3a2f03c5d7b974afeb1da0faf46c21758779',
    include: ['src'],
    exclude: [],
    workspaces: [],
    archive: ['src', 'package.json', 'tsconfig.json'],
  },
  // ts-pattern: one package (`src`, 18 files), pattern matching whose types are recursive conditional and mapped types
  // (`P.infer`, `DeepExclude`), a builder class (`MatchExpression`) and pattern objects keyed by symbols. Held out:
  // measured fresh and once at the end, its misses and extras never read
  'ts-pattern': {
    repo: 'gvergnaud/ts-pattern',
    commit: '2ece6ba54edcbc0d4f4fce67becf89143f9d07bc',
    include: ['src'],
    exclude: [],
    workspaces: [],
    archive: ['src', 'package.json', 'tsconfig.json'],
  },
  // bulletproof-react's Vite application (`apps/react-vite/src`, about 130 files): a React application of
  // components, hooks, API functions over a query client and zod schemas, imported through tsconfig `paths`
  // (`@/*` → `./src/*`); its dependencies (react, react-router, @tanstack/react-query, zustand, zod) are not
  // installed, so both sides read them as `any`. Application code rather than a library. Tuned on: measured fresh first
  'bulletproof-react': {
    repo: 'alan2207/bulletproof-react',
    commit: '9506629ed003a561c6627735480cce4994244bb4',
    include: ['apps/react-vite/src'],
    exclude: [],
    workspaces: [],
    archive: ['apps/react-vite/src', 'apps/react-vite/package.json', 'apps/react-vite/tsconfig.json'],
    tsconfig: 'apps/react-vite/tsconfig.json',
  },
  // the React front end of FastAPI's full-stack template (`frontend/src`, about 85 files): routes, components and hooks
  // over a client generated from the API's OpenAPI description (`client/`: services and types), imported through
  // tsconfig `paths` (`@/*` → `./src/*`); React and the UI libraries are not installed. Application code. Tuned on
  'fastapi-frontend': {
    repo: 'fastapi/full-stack-fastapi-template',
    commit: '68adb40d37425f6f8668ec7e5a054500d045e43e',
    include: ['frontend/src'],
    exclude: [],
    workspaces: [],
    archive: ['frontend/src', 'frontend/package.json', 'frontend/tsconfig.json'],
    tsconfig: 'frontend/tsconfig.json',
  },
  // react-hook-form (`src` without its tests, about 125 files): form state as closures over a control object
  // (`createFormControl`), deeply generic path types (`FieldPath<TFieldValues>`, `PathValue<T, P>`), hooks and small
  // utilities; React is not installed. Tuned on: measured fresh first
  'react-hook-form': {
    repo: 'react-hook-form/react-hook-form',
    commit: 'd29f3ee09cc24aa29da6127e7657106fb06c76f5',
    include: ['src'],
    exclude: ['src/__tests__', 'src/__typetest__'],
    workspaces: [],
    excludeFiles: /\.test\.tsx?$/,
    archive: ['src', 'package.json', 'tsconfig.json'],
  },
  // marked (`src`, 13 files): a Markdown lexer, tokenizer, parser and renderer over a discriminated union of token types
  // (`Tokens.Heading`, `token.type === 'heading'`), regular-expression rules built by helper functions, and an
  // extension mechanism of hooks and renderer overrides. Tuned on: measured fresh first
  marked: {
    repo: 'markedjs/marked',
    commit: '681373ccc058b5dc93c1f63291d755d7d714c2fa',
    include: ['src'],
    exclude: [],
    workspaces: [],
    archive: ['src', 'package.json', 'tsconfig.json'],
  },
  // TanStack Form's core and its React adapter (`packages/form-core/src`, `packages/react-form/src`): form and field
  // API classes over a store, validators, and React hooks and components; react-form reaches the core through its
  // tsconfig's `paths` (`@tanstack/form-core` → `../form-core/src`), whose options the checker runs with; the store
  // and React are not installed. Held out: measured fresh and once at the end, its misses and extras never read
  'tanstack-form': {
    repo: 'TanStack/form',
    commit: '57a855b42b9b99cee5ca12890b70c7df84e2982c',
    include: ['packages/form-core/src', 'packages/react-form/src'],
    exclude: [],
    workspaces: [],
    archive: ['packages/form-core/src', 'packages/form-core/package.json', 'packages/react-form/src', 'packages/react-form/package.json', 'packages/react-form/tsconfig.json', 'package.json', 'tsconfig.json'],
    tsconfig: 'packages/react-form/tsconfig.json',
  },
  // purify-ts (`src` without tests, 10 files): Maybe, Either and their async wrappers as interfaces implemented by
  // classes behind `const Maybe: MaybeTypeRef = { … }` companion objects, overloaded methods and a Codec module of
  // generic combinators; `@types/json-schema` is not installed, so both sides read it as `any`. Tuned on: measured
  // fresh first
  purify: {
    repo: 'gigobyte/purify',
    commit: '3e3f05243ad2c38ab8c1dbf7ffb3a2508be3d4d8',
    include: ['src'],
    exclude: [],
    excludeFiles: /\.test\.ts$/,
    workspaces: [],
    archive: ['src', 'package.json', 'tsconfig.json'],
  },
  // neverthrow (`src`, 5 files): `Result<T, E>` as a union of `Ok` and `Err` classes implementing one interface, a
  // `ResultAsync` class wrapping a promise of it, overloaded combinators (`andThen`, `combine`). Tuned on: measured
  // fresh first
  neverthrow: {
    repo: 'supermacro/neverthrow',
    commit: '5ef3a018bda74fb960e44b68fc3672635ee8037d',
    include: ['src'],
    exclude: [],
    workspaces: [],
    archive: ['src', 'package.json', 'tsconfig.json'],
  },
  // vue-router's core (`packages/router/src` without its experimental loaders and resolver, the bundler plugin, the
  // Volar plugin and tests; about 45 files): a router of closures over a matcher and a history object, navigation
  // guards as functions, typed route maps of mapped and conditional types, its own name mapped to its sources by the
  // package tsconfig's `paths`; Vue is not installed, so both sides read it as `any`. Tuned on: measured fresh first
  'vue-router': {
    repo: 'vuejs/router',
    commit: 'b19cce24aaf561b154b23cd475ca112bd61f2d10',
    include: ['packages/router/src'],
    exclude: ['packages/router/src/experimental', 'packages/router/src/unplugin', 'packages/router/src/volar', 'packages/router/src/tests'],
    excludeFiles: /\.(spec|test-d)\.ts$/,
    workspaces: [],
    archive: ['packages/router/src', 'packages/router/package.json', 'packages/router/tsconfig.json'],
    tsconfig: 'packages/router/tsconfig.json',
  },
  // radash (`src` without tests, 10 files): utility functions over arrays, objects, promises and strings, generic and
  // overloaded (`group`, `list`, `tryit`, `parallel`), curried helpers (`chain`, `compose`, `debounce`). Not tuned on:
  // measured fresh and once at the end, its misses and extras never read
  radash: {
    repo: 'sodiray/radash',
    commit: '4cab1900d08e0997abc4f17aec3cbfe18958d766',
    include: ['src'],
    exclude: ['src/tests'],
    workspaces: [],
    archive: ['src', 'package.json', 'tsconfig.json'],
  },
  // immer (`src`, 17 files): copy-on-write drafts as proxies over plain objects, arrays, maps and sets, a plugin
  // registry of function tables (`getPlugin("Patches").applyPatches_`), the `Immer` class behind bound functions.
  // Tuned on: measured fresh first
  immer: {
    repo: 'immerjs/immer',
    commit: '061c2425e1c9dff89e4e4189d42af1b7839dfe0a',
    include: ['src'],
    exclude: [],
    workspaces: [],
    archive: ['src', 'package.json', 'tsconfig.json'],
  },
  // redux-toolkit's `packages/toolkit/src` without tests (about 100 files): slices, thunks and RTK Query's endpoint
  // builders as closures over generic definitions, listener middleware; redux, reselect and immer are not installed,
  // so both sides read them as `any`. Tuned on: measured fresh first
  'redux-toolkit': {
    repo: 'reduxjs/redux-toolkit',
    commit: '74200d87c27ca2b1c0915b2fbb4c44dd7494c2aa',
    include: ['packages/toolkit/src'],
    exclude: [],
    excludeFiles: /(\/tests\/|\.(test|test-d|spec|typetest)\.tsx?$)/,
    workspaces: [],
    archive: ['packages/toolkit/src', 'packages/toolkit/package.json', 'packages/toolkit/tsconfig.json', 'packages/toolkit/tsconfig.base.json', 'packages/toolkit/tsconfig.test.json'],
    tsconfig: 'packages/toolkit/tsconfig.base.json',
  },
  // valtio (`src`, 16 files): state as proxies (`ProxyHandler` traps over a snapshot cache), `proxyMap`/`proxySet`
  // objects standing in for Map and Set, subscriptions and React hooks; React is not installed. Not tuned on: measured
  // fresh and after the rules immer and redux-toolkit gave, its misses not read
  valtio: {
    repo: 'pmndrs/valtio',
    commit: 'c24a93a1b62d1fb95a7fa78c840d32cf95bef348',
    include: ['src'],
    exclude: [],
    workspaces: [],
    archive: ['src', 'package.json', 'tsconfig.json'],
  },
  // mobx (`packages/mobx/src`, 56 files): observables as classes behind proxies and property descriptors
  // (`ObservableObjectAdministration`, annotations as `{ make_, extend_ }` tables), derivations and reactions, the
  // global state object; nothing outside the lib is imported. Tuned on: measured fresh first
  mobx: {
    repo: 'mobxjs/mobx',
    commit: '01211a698b64ea94de8e5f276ff8235fcf8ddf96',
    include: ['packages/mobx/src'],
    exclude: [],
    workspaces: [],
    archive: ['packages/mobx/src', 'packages/mobx/package.json', 'packages/mobx/tsconfig.json', 'tsconfig.json'],
    tsconfig: 'packages/mobx/tsconfig.json',
  },
  // jotai (`src` without the babel plugins, 34 files): atoms as config objects read and written through a store built
  // from closures over WeakMaps of atom states, utilities composing atoms, React hooks; React is not installed.
  // Tuned on: measured fresh first
  jotai: {
    repo: 'pmndrs/jotai',
    commit: '1fae77247ae72ab5f2f002dc82a876e61ce26f56',
    include: ['src'],
    exclude: ['src/babel'],
    workspaces: [],
    archive: ['src', 'package.json', 'tsconfig.json'],
  },
  // vitest's leaf packages (`utils`, `spy`, `expect`, `snapshot`, `pretty-format` sources, pnpm workspace
  // `packages/*`): they import each other by name (`@vitest/utils/display`) through `exports` with the custom condition
  // `__vitest_source__` and the base tsconfig's `paths`; chai, tinyrainbow and the rest are not installed. Not tuned
  // on: measured once
  vitest: {
    repo: 'vitest-dev/vitest',
    commit: 'c3ba16b35847d27fb9f01f38cdcb047c77e121f8',
    include: ['utils', 'spy', 'expect', 'snapshot', 'pretty-format'].map((p) => `packages/${p}/src`),
    exclude: [],
    workspaces: ['packages/*'],
    archive: ['packages', 'package.json', 'pnpm-workspace.yaml', 'tsconfig.base.json'],
    tsconfig: 'tsconfig.base.json',
  },
  // lexical's editor core and its plain packages (selection, utils, lists, tables, HTML, markdown, …; pnpm workspace
  // `packages/*`): they import each other as `lexical` and `@lexical/<name>` through `exports` with the custom
  // condition `source` and the root tsconfig's `paths`; class-heavy code (nodes, selections, carets). The React
  // bindings, the playground and `@preact/signals-core` (not installed) are left out. Not tuned on: measured once
  lexical: {
    repo: 'facebook/lexical',
    commit: '5d5102235132888d15789bf76cf214ede2a98d62',
    include: LEXICAL_PACKAGES.map((p) => `packages/${p}/src`),
    exclude: LEXICAL_PACKAGES.flatMap((p) => [`packages/${p}/src/__tests__`, `packages/${p}/src/__bench__`]),
    workspaces: ['packages/*'],
    archive: [...LEXICAL_PACKAGES.map((p) => `packages/${p}`), 'package.json', 'pnpm-workspace.yaml', 'tsconfig.json'],
  },
  // colyseus, a multiplayer game server and its client SDK (pnpm workspace with nested globs: `packages/*`,
  // `packages/drivers/*`, `packages/transport/*`, …): packages import each other as `@colyseus/<name>` and by subpath
  // through `exports` with the custom condition `@source` pointing at sources, relative imports spelled with `.ts`;
  // rooms, matchmaking, presence and transports as classes. `@colyseus/schema`, the `better-call` submodule and the
  // rest are not installed. Not tuned on: measured fresh first
  colyseus: {
    repo: 'colyseus/colyseus',
    commit: 'b21f542331ad40be6b16711dfe0560378f2622eb',
    include: [...['core', 'auth', 'sdk', 'shared-types', 'testing', 'tools', 'traefik', 'greeting-banner'].map((p) => `packages/${p}/src`), 'packages/drivers', 'packages/transport', 'packages/presence', 'packages/serializer'],
    exclude: [],
    excludeFiles: /(\/test\/|\.test\.ts$)/,
    workspaces: ['packages/*', 'packages/drivers/*', 'packages/transport/*', 'packages/presence/*', 'packages/serializer/*'],
    archive: ['packages', 'package.json', 'pnpm-workspace.yaml', 'tsconfig.json', 'tsconfig'],
  },
};

/** Exports the pinned commit into `dir` (emptied first) and links its workspace packages into node_modules. */
export function prepareMonorepo(m: Monorepo, gitDir: string, dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const tar = execFileSync('git', ['--git-dir', gitDir, 'archive', '--format=tar', m.commit, ...(m.archive ?? [])], { maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  linkWorkspaces(dir, m.workspaces);
}

/** Links each workspace package of `dir` into `dir/node_modules/<name>`, as a package manager does. */
export function linkWorkspaces(dir: string, workspaces: string[]): void {
  for (const pkgDir of workspaceDirs(dir, workspaces)) {
    const pkg = JSON.parse(readFileSync(path.join(dir, pkgDir, 'package.json'), 'utf8')) as { name?: string };
    if (!pkg.name) continue;
    const link = path.join(dir, 'node_modules', pkg.name);
    mkdirSync(path.dirname(link), { recursive: true });
    if (!existsSync(link)) symlinkSync(path.relative(path.dirname(link), path.join(dir, pkgDir)), link);
  }
}

/** Folders matching the workspace globs (`dir/*` or a plain folder) that hold a package.json. */
function workspaceDirs(root: string, globs: string[]): string[] {
  const out: string[] = [];
  for (const g of globs) {
    if (g.endsWith('/*')) {
      const parent = g.slice(0, -2);
      const listing = execFileSync('ls', [path.join(root, parent)], { encoding: 'utf8' }).split('\n').filter(Boolean);
      for (const name of listing) if (existsSync(path.join(root, parent, name, 'package.json'))) out.push(`${parent}/${name}`);
    } else if (existsSync(path.join(root, g, 'package.json'))) out.push(g);
  }
  return out.sort();
}

/** The compiler options of the root tsconfig (or the one named), read by the compiler (extends followed). */
export function rootOptions(dir: string, tsconfig = 'tsconfig.json'): ts.CompilerOptions {
  const file = path.join(dir, tsconfig);
  const read = ts.readConfigFile(file, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(file), undefined, file);
  const options = { ...parsed.options };
  delete options.types; // outside type packages are not installed
  return options;
}

/** True for a path (relative to the root) whose file both sides index: under an included folder, not excluded. */
export function keeps(m: Pick<Monorepo, 'include' | 'exclude' | 'excludeFiles'>): (rel: string) => boolean {
  const under = (rel: string, prefix: string): boolean => rel === prefix || rel.startsWith(`${prefix}/`);
  return (rel) => (!m.include.length || m.include.some((p) => under(rel, p))) && !m.exclude.some((p) => under(rel, p)) && !m.excludeFiles?.test(rel);
}

/** Runs the differential on a prepared checkout. */
export function monorepoDiff(m: Pick<Monorepo, 'include' | 'exclude' | 'excludeFiles' | 'tsconfig'>, dir: string): DiffResult {
  return callgraphDiff(dir, rootOptions(dir, m.tsconfig), keeps(m), undefined, { diskConfigs: true });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { git: { type: 'string' }, dir: { type: 'string' }, samples: { type: 'string', default: '20' }, 'no-prepare': { type: 'boolean' }, json: { type: 'string' }, folder: { type: 'string' }, workspaces: { type: 'string' } } });
  const name = values.folder ? path.basename(values.folder) : positionals[0] ?? 'arktype';
  const m: Monorepo | undefined = values.folder ? { repo: values.folder, commit: 'working tree', include: [], exclude: ['node_modules'], workspaces: (values.workspaces ?? 'packages/*').split(',') } : MONOREPOS[name];
  if (!m) { console.error(`unknown monorepo ${name}; known: ${Object.keys(MONOREPOS).join(', ')}`); process.exit(2); }
  const dir = path.resolve(values.dir ?? `/tmp/monorepo-${name}`);
  if (values.folder) {
    rmSync(dir, { recursive: true, force: true });
    cpSync(values.folder, dir, { recursive: true });
    linkWorkspaces(dir, m.workspaces);
  } else if (!values['no-prepare']) {
    if (!values.git) { console.error('--git <git directory holding the pinned commit> is required (or --no-prepare with --dir)'); process.exit(2); }
    prepareMonorepo(m, values.git, dir);
  }
  const t0 = performance.now();
  const d = monorepoDiff(m, dir);
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  console.log(`${m.repo}@${m.commit.slice(0, 12)} vs TypeScript ${ts.version}: ${d.files} files (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  console.log(`  per caller: compiler ${d.compilerEdges} edges (${d.compilerSites} sites, ${d.unmappedTargets} unmodelled), ours ${d.ourEdges}, agree ${d.truePositives}: precision ${pct(d.precision)} recall ${pct(d.recall)}`);
  console.log(`  per caller file: compiler ${d.byFile.compilerEdges}, ours ${d.byFile.ourEdges}, agree ${d.byFile.truePositives}: precision ${pct(d.byFile.precision)} recall ${pct(d.byFile.recall)}`);
  console.log(`  without name-only: precision ${pct(d.confident.precision)} recall ${pct(d.confident.recall)}`);
  console.log(`  by reason: ${Object.entries(d.byReason).sort(([a], [b]) => (a < b ? -1 : 1)).map(([r, v]) => `${r} ${v.correct}/${v.edges}`).join(', ')}`);
  if (values.json) writeFileSync(values.json, JSON.stringify({ misses: d.misses, falsePositives: d.falsePositives, agreedGuesses: d.agreedGuesses, byFile: d.byFile }, null, 1));
  const samples = Number(values.samples);
  if (samples > 0) {
    console.log(`\nmissed — ${d.misses.length}:`);
    for (const p of d.misses.slice(0, samples)) console.log(`  ${p.source} → ${p.target}\n      at ${p.site}`);
    console.log(`\nfalse positives — ${d.falsePositives.length}:`);
    for (const p of d.falsePositives.slice(0, samples)) console.log(`  ${p.source} → ${p.target}  (${p.reason} ${p.confidence}) at ${p.site}`);
  }
}
