/**
 * What the extraction engine needs to know about a language, and nothing it could find out itself. A language
 * folder (`lib/lang/<id>/`) describes itself with a LanguageSpec (grammar, query files, an optional collector
 * plugin); the engine builds a LanguageRuntime from it (lib/extract/runtime.ts). The engine never names a
 * language: the registry (lib/lang/index.ts) hands it the spec of the file at hand.
 */
import type ParserT from 'tree-sitter';
import type { FileFacts } from './facts.ts';
import type { FlatTree } from './flat-tree.ts';
import type { CollectorPlugin } from './plugin.ts';
import type { Match, MatchSource, QueryEngine } from './query-match.ts';

/**
 * A collector of a language's own (lib/lang/<id>/collect.ts), replacing the shared Collector for its files: given the
 * flat tree, the matches of the language's query and their roles. For a language whose scopes, imports and typing
 * share little with the common roles (Python); a language close to them extends the shared Collector with a
 * CollectorPlugin instead (lib/extract/plugin.ts).
 */
export type CollectPlugin = (flat: FlatTree, names: LanguageNames, text: string, filePath: string, matches: Match[] | MatchSource, parseErrors: number, roles: ReadonlyArray<string | undefined>) => FileFacts;

/** One query file of a language: its name (for messages and fingerprints) and its text. */
export interface QueryFile {
  /** Path relative to lib/lang (`javascript/core.scm`). */
  file: string;
  /** The file's text (read on first use; a bundle carries it inlined). */
  text(): string;
}

/** How a language writes comments: what `doc` lines and the fixture harness read. */
export interface CommentSyntax {
  /** Starts of a line comment (`//`, `#`). */
  line: readonly string[];
  /** Block comment delimiters (`/*`, `*\/`), if the language has them. */
  block?: readonly [open: string, close: string];
}

/**
 * A language as the engine sees it. `id` is what facts and graph nodes carry as `language`; one grammar, one set
 * of query files, one collector plugin per id (a family of languages such as TypeScript/TSX/JavaScript is several
 * ids sharing query files and a plugin).
 */
export interface LanguageSpec {
  /** Stable id (`typescript`, `python`): the `language` of files and symbols. */
  id: string;
  /** Loads the tree-sitter grammar object (a grammar package's language; see grammarBinding). */
  grammar: () => unknown;
  /** The grammar's node-types.json: package and file in it (node-tree-sitter's node classes read it). */
  nodeTypes: readonly [pkg: string, file: string];
  /** The query files, concatenated into one query in this order (pattern indexes follow it). */
  queries: readonly QueryFile[];
  /**
   * A same-length rewrite of text the grammar cannot parse though the language's compiler does (offsets must not
   * move: characters are replaced, never inserted or removed); tried only when a file's parse has errors, and the
   * repaired tree kept only when it has fewer. Several repairs are tried in order, the first with the fewest errors kept.
   */
  repair?: (text: string) => string | readonly string[];
  /**
   * A same-length rewrite the parser is always given instead of the text (Rust: macro arguments read as
   * expressions); when its parse has errors the text as written is parsed too, and the tree with fewer kept.
   */
  parseText?: (text: string) => string;
  /** The collector's knowledge of this language beyond the common roles (lib/extract/plugin.ts). */
  collector?: CollectorPlugin;
  comments: CommentSyntax;
  /**
   * A collector of the language's own, used instead of the shared one (see CollectPlugin). Its node-tree-sitter parse
   * walks the whole tree (fields and offsets of every node), as the native parse always does.
   */
  collect?: CollectPlugin;
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
  /** Every named / anonymous type name the grammar declares (to reject unknown names in a query). */
  namedTypes: ReadonlySet<string>;
  anonymousTypes: ReadonlySet<string>;
  fieldIds: ReadonlyMap<string, number>;
  /** Name of a type id, if known. */
  typeName(id: number): string | undefined;
}

/** A ready parser and the language's query engine (no native query compilation). */
export interface LanguageRuntime {
  id: string;
  /** The spec this runtime was built from. */
  spec: LanguageSpec;
  /** node-tree-sitter's parser for this language, made on first use (the native parser does not need it). */
  readonly parser: ParserT;
  /** The grammar package's language object (what parsers are given). */
  grammar: unknown;
  /**
   * True when the native parser (lib/extract/native.ts) parses this language: the anonymous token texts were
   * then read from the grammar up front, since no node-tree-sitter walk learns them.
   */
  native: boolean;
  /** The compiled query, made on first use. */
  readonly engine: QueryEngine;
  names: LanguageNames;
  /** Role of each pattern of the query (its `#set! role`, or the role its tags-style captures name). */
  readonly roles: ReadonlyArray<string | undefined>;
}
