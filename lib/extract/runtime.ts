/**
 * A language's runtime, built from its LanguageSpec on first use: the grammar's names, the parsed and compiled
 * query (matched by our own engine, lib/extract/query-match.ts, never compiled by tree-sitter), the pattern roles
 * the collector reads, and node-tree-sitter's parser when something asks for it. One runtime per language id and
 * process (or worker).
 */
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import type ParserT from 'tree-sitter';
import path from 'node:path';
import { parseQuery, type QPattern } from './query-parse.ts';
import { QueryEngine } from './query-match.ts';
import { ERROR_TYPE } from './flat-tree.ts';
import { nativeParser, type GrammarNames } from './native.ts';
import type { LanguageNames, LanguageRuntime, LanguageSpec } from './language.ts';
import { patternRole } from './tags.ts';

const require = createRequire(import.meta.url);

const bindings = new Map<string, Record<string, unknown>>();

/**
 * A grammar package's native binding, loaded as the package's own index.js loads it (node-gyp-build from the
 * package folder: the same file, hence the same language objects) but without the node-types.json files that
 * index.js also parses (~290 kB of JSON for the three ECMAScript grammars, ~5 ms of every analyze; only
 * node-tree-sitter's node classes read them, and withNodeTypes adds them where that parser is built). Falls back
 * to the package.
 */
export function grammarBinding(pkg: string): Record<string, unknown> {
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

type NodeTypedLanguage = ParserT.Language & { nodeTypeInfo?: Array<{ type: string; named: boolean }> };

/** The grammar with the node-types.json its package's index.js would have attached, for node-tree-sitter. */
function withNodeTypes(spec: LanguageSpec, grammar: unknown): NodeTypedLanguage {
  const g = grammar as { nodeTypeInfo?: Array<{ type: string; named: boolean }> };
  if (g.nodeTypeInfo === undefined) {
    const [pkg, file] = spec.nodeTypes;
    try { g.nodeTypeInfo = require(`${pkg}/${file}`); } catch { /* as index.js: node classes without field getters */ }
  }
  return grammar as NodeTypedLanguage;
}

let ParserClass: typeof ParserT | undefined;
const runtimes = new Map<string, LanguageRuntime>();
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
function languageNames(spec: LanguageSpec, grammar: ParserT.Language): { names: LanguageNames; native: boolean } {
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
  else for (const info of withNodeTypes(spec, grammar).nodeTypeInfo ?? []) (info.named ? namedTypes : anonymousTypes).add(info.type);
  const fieldIds = new Map<string, number>();
  fieldNames.forEach((f, i) => { if (f != null) fieldIds.set(f, i); });
  const anonymous: Array<string | undefined> = [];
  if (tables) tables.symbols.forEach((n, i) => { if (n != null && namedById[i] !== 1) anonymous[i] = n; });
  const names: LanguageNames = {
    namedById, namedNames, anonymous, namedTypes, anonymousTypes, fieldIds,
    typeName: (id) => (namedById[id] === 1 ? namedNames[id] ?? undefined : anonymous[id]),
  };
  return { names, native: !!tables };
}

/**
 * The parsed patterns of a language's query files (parsed once per process; pure JS, no grammar needed), with
 * tags-style captures turned into roles (lib/extract/tags.ts).
 */
export function queryPatterns(spec: LanguageSpec): QPattern[] {
  const key = spec.queries.map((q) => q.file).join('\n');
  let p = parsedQueries.get(key);
  if (!p) {
    p = [];
    for (const q of spec.queries) {
      try {
        for (const pattern of parseQuery(q.text())) p.push(patternRole(pattern));
      } catch (e) {
        throw new Error(`${q.file}: ${(e as Error).message}`);
      }
    }
    parsedQueries.set(key, p);
  }
  return p;
}

/** The parser and query engine of a language, built on first use. */
export function languageRuntime(spec: LanguageSpec): LanguageRuntime {
  let rt = runtimes.get(spec.id);
  if (rt) return rt;
  const grammar = spec.grammar() as ParserT.Language;
  const { names, native } = languageNames(spec, grammar);
  let engine: QueryEngine | undefined;
  let roles: ReadonlyArray<string | undefined> | undefined;
  let parser: ParserT | undefined;
  rt = {
    id: spec.id, spec, grammar, native, names,
    get engine(): QueryEngine {
      return (engine ??= new QueryEngine(queryPatterns(spec), names));
    },
    get roles(): ReadonlyArray<string | undefined> {
      return (roles ??= queryPatterns(spec).map((p) => p.props.role));
    },
    // node-tree-sitter (its module, and the node classes it builds per language) only when something uses it
    get parser(): ParserT {
      if (!parser) {
        ParserClass ??= require('tree-sitter') as typeof ParserT;
        parser = new ParserClass();
        parser.setLanguage(withNodeTypes(spec, grammar));
      }
      return parser;
    },
  };
  runtimes.set(spec.id, rt);
  return rt;
}

/** The grammar object and concatenated query source of a language (for tests comparing with tree-sitter). */
export function languageSource(spec: LanguageSpec): { grammar: unknown; query: string } {
  return { grammar: withNodeTypes(spec, spec.grammar()), query: spec.queries.map((q) => q.text()).join('\n') };
}

/** A bare parser for a language (no query): what the parse baseline benchmark uses. */
export function bareParser(spec: LanguageSpec): ParserT {
  ParserClass ??= require('tree-sitter') as typeof ParserT;
  const parser = new ParserClass();
  parser.setLanguage(withNodeTypes(spec, spec.grammar()));
  return parser;
}

const queryKeys = new Map<string, string>();

/** A fingerprint of one language's query text (what a program cached at build time was made from). */
export function languageQueryKey(spec: LanguageSpec): string {
  let key = queryKeys.get(spec.id);
  if (key === undefined) {
    const h = createHash('sha256');
    for (const q of spec.queries) h.update(q.file).update('\0').update(q.text()).update('\0');
    queryKeys.set(spec.id, key = h.digest('hex').slice(0, 16));
  }
  return key;
}

/** A short fingerprint of the query files of these languages: cached facts made with other queries are stale. */
export function queryFingerprint(specs: readonly LanguageSpec[]): string {
  const h = createHash('sha256');
  const files = new Map<string, () => string>();
  for (const s of specs) for (const q of s.queries) files.set(q.file, () => q.text());
  for (const f of [...files.keys()].sort()) h.update(f).update(files.get(f)!());
  return h.digest('hex').slice(0, 12);
}

/** Whether a grammar package is installed (an optional dependency may not be). */
export function grammarInstalled(pkg: string): boolean {
  try { require.resolve(`${pkg}/package.json`); return true; } catch { return false; }
}
