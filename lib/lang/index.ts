/**
 * Languages as data: each language is a tree-sitter grammar plus the query files (`.scm`) that describe what
 * its syntax means to the indexer. Parsers and query engines are built lazily, once per process (or worker);
 * the queries are matched by our own engine (lib/extract/query-match.ts), never compiled by tree-sitter.
 */
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import type ParserT from 'tree-sitter';
import path from 'node:path';
import { queryText } from './query-text.ts';
import { parseQuery, type QPattern } from './query-parse.ts';
import { QueryEngine } from '../extract/query-match.ts';
import { ERROR_TYPE } from '../extract/flat-tree.ts';
import { nativeParser, type GrammarNames } from '../extract/native.ts';
import { cachedQuery, type CachedQuery } from '../extract/program-cache.ts';
import type { FlatTree } from '../extract/flat-tree.ts';
import type { Match, MatchSource } from '../extract/query-match.ts';
import type { FileFacts } from '../extract/facts.ts';
import { collectPython } from './python/collect.ts';
import { pythonResolver } from './python/plugin.ts';
import type { ResolverPlugin } from '../extract/relations.ts';

const require = createRequire(import.meta.url);

/** Languages the indexer understands. */
export type LanguageId = 'typescript' | 'tsx' | 'javascript' | 'python';

/**
 * A collector plugin: a language whose facts are collected by its own code (lib/lang/<id>/collect.ts) instead of the
 * shared ECMAScript collector; given the flat tree, the matches of the language's query and their roles.
 */
export type CollectPlugin = (flat: FlatTree, names: LanguageNames, text: string, filePath: string, matches: Match[] | MatchSource, parseErrors: number, roles: ReadonlyArray<string | undefined>) => FileFacts;

interface LanguageSpec {
  /** Loads the tree-sitter grammar object. */
  grammar: () => unknown;
  /** The grammar's node-types.json: package, file in it (node-tree-sitter's node classes read it; see withNodeTypes). */
  nodeTypes: [pkg: string, file: string];
  /** Query files, relative to lib/lang, concatenated into one query. */
  queries: string[];
  /** The language's own collector, when it has one. */
  collect?: CollectPlugin;
  /** The language's own resolver of relations (lib/extract/relations.ts), when it has one. */
  resolver?: ResolverPlugin;
}

const SPECS: Record<LanguageId, LanguageSpec> = {
  typescript: {
    grammar: () => grammarBinding('tree-sitter-typescript').typescript,
    nodeTypes: ['tree-sitter-typescript', 'typescript/src/node-types.json'],
    queries: ['javascript/core.scm', 'typescript/types.scm', 'typescript/assertion.scm'],
  },
  tsx: {
    grammar: () => grammarBinding('tree-sitter-typescript').tsx,
    nodeTypes: ['tree-sitter-typescript', 'tsx/src/node-types.json'],
    queries: ['javascript/core.scm', 'javascript/jsx.scm', 'typescript/types.scm'],
  },
  javascript: {
    grammar: () => grammarBinding('tree-sitter-javascript'),
    nodeTypes: ['tree-sitter-javascript', 'src/node-types.json'],
    queries: ['javascript/core.scm', 'javascript/jsx.scm', 'javascript/plain.scm'],
  },
  python: {
    grammar: () => grammarBinding('tree-sitter-python'),
    nodeTypes: ['tree-sitter-python', 'src/node-types.json'],
    queries: ['python/tags.scm'],
    collect: collectPython,
    resolver: pythonResolver,
  },
};

/** Every LanguageId, in SPECS order. */
export const LANGUAGE_IDS: readonly LanguageId[] = Object.keys(SPECS) as LanguageId[];

const bindings = new Map<string, Record<string, unknown>>();

/**
 * A grammar package's native binding, loaded as the package's own index.js loads it (node-gyp-build from the
 * package folder: the same file, hence the same language objects) but without the node-types.json files that
 * index.js also parses (~290 kB of JSON for the three grammars, ~5 ms of every analyze; only node-tree-sitter's
 * node classes read them, and withNodeTypes adds them where that parser is built). Falls back to the package.
 */
function grammarBinding(pkg: string): Record<string, unknown> {
  let b = bindings.get(pkg);
  if (b) return b;
  try {
    const manifest = require.resolve(`${pkg}/package.json`);
    const load = createRequire(manifest)('node-gyp-build') as (dir: string) => Record<string, unknown>;
    b = load(path.dirname(manifest));
  } catch {
    b = require(pkg) as Record<string, unknown>;
  }
  bindings.set(pkg, b);
  return b;
}

/** The grammar with the node-types.json its package's index.js would have attached, for node-tree-sitter. */
function withNodeTypes(id: LanguageId, grammar: unknown): ParserT.Language & { nodeTypeInfo?: Array<{ type: string; named: boolean }> } {
  const g = grammar as { nodeTypeInfo?: Array<{ type: string; named: boolean }> };
  if (g.nodeTypeInfo === undefined) {
    const [pkg, file] = SPECS[id].nodeTypes;
    try { g.nodeTypeInfo = require(`${pkg}/${file}`); } catch { /* as index.js: node classes without field getters */ }
  }
  return grammar as ParserT.Language & { nodeTypeInfo?: Array<{ type: string; named: boolean }> };
}

/** Language of a file by its name, or undefined when it is not indexed. */
export function languageOf(filePath: string): LanguageId | undefined {
  const dot = filePath.lastIndexOf('.');
  if (dot < 0) return undefined;
  switch (filePath.slice(dot + 1)) {
    case 'ts': case 'mts': case 'cts': return 'typescript';
    case 'tsx': return 'tsx';
    case 'js': case 'jsx': case 'mjs': case 'cjs': return 'javascript';
    case 'py': case 'pyi': return 'python';
    default: return undefined;
  }
}

/**
 * What the query engine needs to know about a grammar's names: node type names by id (named ones from the
 * grammar tables; anonymous tokens' texts learned as the walker meets them), and field ids by name.
 */
export interface LanguageNames {
  /** 1 where the type id is a named node type (ERROR included). */
  namedById: Uint8Array;
  /** Name of each named type id. */
  namedNames: ReadonlyArray<string | null>;
  /** Text of anonymous token ids, filled in by the tree walker on first sight. */
  anonymous: Array<string | undefined>;
  /** By anonymous type id: 1 once seen as a leaf, 2 once seen with children (the walker skips known leaves). */
  anonymousLeaf: Uint8Array;
  /** Every named / anonymous type name the grammar declares (to reject unknown names in a query). */
  namedTypes: ReadonlySet<string>;
  anonymousTypes: ReadonlySet<string>;
  fieldIds: ReadonlyMap<string, number>;
  /** Name of a type id, if known. */
  typeName(id: number): string | undefined;
}

/** A ready parser and the language's query engine (no native query compilation). */
export interface LanguageRuntime {
  id: LanguageId;
  /** node-tree-sitter's parser for this language, made on first use (the native parser does not need it). */
  readonly parser: ParserT;
  /** The grammar package's language object (what parsers are given). */
  grammar: unknown;
  /**
   * True when the native parser (lib/extract/native.ts) parses this language: the anonymous token texts were
   * then read from the grammar up front, since no node-tree-sitter walk learns them.
   */
  native: boolean;
  /** The compiled query, made on first use (with the native parser and a cached program, only the JavaScript matcher needs it). */
  readonly engine: QueryEngine;
  names: LanguageNames;
  /** Role of each pattern of the query (its `#set! role`). */
  readonly roles: ReadonlyArray<string | undefined>;
  /** The query's capture names in capture-id order (`engine.captureNames`, from the build's cache when it has them). */
  readonly captureNames: readonly string[];
  /** The native query program the build cached for this query text and grammar (lib/extract/program-cache.ts), if any. */
  readonly cachedProgram?: Int32Array;
  /** The language's own collector (see CollectPlugin), if it has one. */
  readonly collect?: CollectPlugin;
}

let ParserClass: typeof ParserT | undefined;
const runtimes = new Map<LanguageId, LanguageRuntime>();
const parsedQueries = new Map<string, QPattern[]>();

interface NamesBinding {
  getNodeTypeNamesById(language: unknown): Array<string | null>;
  getNodeFieldNamesById(language: unknown): Array<string | null>;
}
let namesBinding: NamesBinding | undefined;

/**
 * The grammar's names (see LanguageNames): from the native parser's tables when it takes this grammar (then
 * every anonymous token text is known up front and `native` is true), else from node-tree-sitter's binding
 * (anonymous token texts are then learned by the tree walker).
 */
function languageNames(id: LanguageId, grammar: ParserT.Language): { names: LanguageNames; native: boolean } {
  let typeNames: Array<string | null>;
  let fieldNames: Array<string | null>;
  let tables: GrammarNames | undefined;
  try {
    tables = nativeParser()?.grammarNames(grammar);
  } catch { /* a grammar the native runtime cannot take (ABI): node-tree-sitter parses this language */ }
  if (tables) {
    // named types as node-tree-sitter lists them: the regular symbols
    const kinds = tables.kinds;
    typeNames = tables.symbols.map((n, i) => (kinds[i] === 0 ? n : null));
    fieldNames = tables.fields;
  } else {
    namesBinding ??= require('node-gyp-build')(path.dirname(require.resolve('tree-sitter'))) as NamesBinding;
    typeNames = namesBinding.getNodeTypeNamesById(grammar);
    fieldNames = namesBinding.getNodeFieldNamesById(grammar);
  }
  const namedById = new Uint8Array(65536);
  const namedNames: Array<string | null> = new Array(65536).fill(null);
  for (let i = 0; i < typeNames.length; i++) if (typeNames[i] != null) { namedById[i] = 1; namedNames[i] = typeNames[i]; }
  namedById[ERROR_TYPE] = 1;
  namedNames[ERROR_TYPE] = 'ERROR';
  const namedTypes = new Set<string>(['ERROR']);
  for (const n of typeNames) if (n != null) namedTypes.add(n);
  const anonymousTypes = new Set<string>();
  // Anonymous types (validating queries' "strings"): the grammar's anonymous symbols as the native tables list
  // them, which is what tree-sitter's own query compiler checks against; without the addon, node-types.json
  if (tables) tables.symbols.forEach((n, i) => { if (n != null && tables!.kinds[i] === 1) anonymousTypes.add(n); });
  else for (const info of withNodeTypes(id, grammar).nodeTypeInfo ?? []) (info.named ? namedTypes : anonymousTypes).add(info.type);
  const fieldIds = new Map<string, number>();
  fieldNames.forEach((f, i) => { if (f != null) fieldIds.set(f, i); });
  const anonymous: Array<string | undefined> = [];
  if (tables) tables.symbols.forEach((n, i) => { if (n != null && namedById[i] !== 1) anonymous[i] = n; });
  const names: LanguageNames = {
    namedById, namedNames, anonymous, anonymousLeaf: new Uint8Array(65536), namedTypes, anonymousTypes, fieldIds,
    typeName: (id) => (namedById[id] === 1 ? namedNames[id] ?? undefined : anonymous[id]),
  };
  return { names, native: !!tables };
}

/** The parsed patterns of a list of query files (parsed once per process; pure JS, no grammar needed). */
export function queryPatterns(files: readonly string[]): QPattern[] {
  const key = files.join('\n');
  let p = parsedQueries.get(key);
  if (!p) {
    p = [];
    for (const f of files) {
      try {
        p.push(...parseQuery(queryText(f)));
      } catch (e) {
        throw new Error(`${f}: ${(e as Error).message}`);
      }
    }
    parsedQueries.set(key, p);
  }
  return p;
}

/** The parser and query engine of a language, built on first use. */
export function languageRuntime(id: LanguageId): LanguageRuntime {
  let rt = runtimes.get(id);
  if (rt) return rt;
  const spec = SPECS[id];
  const grammar = spec.grammar() as ParserT.Language;
  const { names, native } = languageNames(id, grammar);
  // What the native matcher and the collector need, as the build cached it for this query text and grammar
  // (lib/extract/program-cache.ts): then the query is parsed and compiled only if something asks for the engine.
  let cached: CachedQuery | undefined;
  if (native) {
    try { cached = cachedQuery(id, languageQueryKey(id), nativeParser()!.grammarFingerprint(grammar)); } catch { /* built below */ }
  }
  let engine: QueryEngine | undefined;
  let roles = cached?.roles;
  let parser: ParserT | undefined;
  rt = {
    id, grammar, native, names, cachedProgram: cached?.program, collect: spec.collect,
    get engine(): QueryEngine {
      return (engine ??= new QueryEngine(queryPatterns(spec.queries), names));
    },
    get roles(): ReadonlyArray<string | undefined> {
      return (roles ??= queryPatterns(spec.queries).map((p) => p.props.role));
    },
    get captureNames(): readonly string[] {
      return cached?.captureNames ?? this.engine.captureNames;
    },
    // node-tree-sitter (its module, and the node classes it builds per language) only when something uses it
    get parser(): ParserT {
      if (!parser) {
        ParserClass ??= require('tree-sitter') as typeof ParserT;
        parser = new ParserClass();
        parser.setLanguage(withNodeTypes(id, grammar));
      }
      return parser;
    },
  };
  runtimes.set(id, rt);
  return rt;
}

/** The grammar object and concatenated query source of a language (for tests comparing with tree-sitter). */
export function languageSource(id: LanguageId): { grammar: unknown; query: string } {
  const spec = SPECS[id];
  return { grammar: withNodeTypes(id, spec.grammar()), query: spec.queries.map(queryText).join('\n') };
}

/** A bare parser for a language (no query): what the parse baseline benchmark uses. */
export function bareParser(id: LanguageId): ParserT {
  ParserClass ??= require('tree-sitter') as typeof ParserT;
  const parser = new ParserClass();
  parser.setLanguage(withNodeTypes(id, SPECS[id].grammar()));
  return parser;
}

const queryKeys = new Map<LanguageId, string>();

/** A fingerprint of one language's query text (what a program cached at build time was made from). */
export function languageQueryKey(id: LanguageId): string {
  let key = queryKeys.get(id);
  if (key === undefined) {
    const h = createHash('sha256');
    for (const q of SPECS[id].queries) h.update(q).update('\0').update(queryText(q)).update('\0');
    queryKeys.set(id, key = h.digest('hex').slice(0, 16));
  }
  return key;
}

/** A short fingerprint of every query file: cached facts made with other queries are stale. */
export function queryFingerprint(): string {
  const h = createHash('sha256');
  const files = [...new Set(Object.values(SPECS).flatMap((s) => s.queries))].sort();
  for (const q of files) h.update(q).update(queryText(q));
  return h.digest('hex').slice(0, 12);
}

/** The resolver plugin of a language id, when the language resolves its own relations. */
export function resolverPlugin(id: string): ResolverPlugin | undefined {
  return (SPECS as Record<string, LanguageSpec>)[id]?.resolver;
}

/** Every language's own settings (by language id), read by its resolver plugin's `loadSettings`. */
export function loadLanguageSettings(filePaths: readonly string[], readText: (relPath: string) => string | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const id of LANGUAGE_IDS) {
    const r = SPECS[id].resolver;
    if (r && filePaths.some((p) => languageOf(p) === id)) out[id] = r.loadSettings(filePaths, readText);
  }
  return out;
}

/** How a language starts a line comment (`//`, `#`): what the inline-expectation fixtures are written in. */
export function lineComment(id: LanguageId): string {
  return id === 'python' ? '#' : '//';
}
