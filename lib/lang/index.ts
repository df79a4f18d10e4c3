/**
 * Languages as data: each language is a tree-sitter grammar plus the query files (`.scm`) that describe what
 * its syntax means to the indexer. Parsers and compiled queries are built lazily, once per process (or worker).
 */
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import type ParserT from 'tree-sitter';
import { queryText } from './query-text.ts';

const require = createRequire(import.meta.url);

/** Languages the indexer understands. */
export type LanguageId = 'typescript' | 'tsx' | 'javascript';

interface LanguageSpec {
  /** Loads the tree-sitter grammar object. */
  grammar: () => unknown;
  /** Query files, relative to lib/lang, concatenated into one query. */
  queries: string[];
}

const SPECS: Record<LanguageId, LanguageSpec> = {
  typescript: {
    grammar: () => require('tree-sitter-typescript').typescript,
    queries: ['javascript/core.scm', 'typescript/types.scm', 'typescript/assertion.scm'],
  },
  tsx: {
    grammar: () => require('tree-sitter-typescript').tsx,
    queries: ['javascript/core.scm', 'javascript/jsx.scm', 'typescript/types.scm'],
  },
  javascript: {
    grammar: () => require('tree-sitter-javascript'),
    queries: ['javascript/core.scm', 'javascript/jsx.scm', 'javascript/plain.scm'],
  },
};

/** Language of a file by its name, or undefined when it is not indexed. */
export function languageOf(filePath: string): LanguageId | undefined {
  const dot = filePath.lastIndexOf('.');
  if (dot < 0) return undefined;
  switch (filePath.slice(dot + 1)) {
    case 'ts': case 'mts': case 'cts': return 'typescript';
    case 'tsx': return 'tsx';
    case 'js': case 'jsx': case 'mjs': case 'cjs': return 'javascript';
    default: return undefined;
  }
}

/** A ready parser and the language's compiled query. */
export interface LanguageRuntime {
  id: LanguageId;
  parser: ParserT;
  query: ParserT.Query;
  /** Role of each pattern of `query` (its `#set! role`). */
  roles: ReadonlyArray<string | undefined>;
}

let ParserClass: typeof ParserT | undefined;
const runtimes = new Map<LanguageId, LanguageRuntime>();

/** The parser and compiled query of a language, built on first use. */
export function languageRuntime(id: LanguageId): LanguageRuntime {
  let rt = runtimes.get(id);
  if (rt) return rt;
  ParserClass ??= require('tree-sitter') as typeof ParserT;
  const spec = SPECS[id];
  const grammar = spec.grammar() as ParserT.Language;
  const parser = new ParserClass();
  parser.setLanguage(grammar);
  const source = spec.queries.map(queryText).join('\n');
  const query = new ParserClass.Query(grammar, source);
  const props = (query as unknown as { setProperties: ReadonlyArray<Record<string, string> | undefined> }).setProperties;
  const roles = Array.from({ length: props.length }, (_, i) => props[i]?.role);
  rt = { id, parser, query, roles };
  runtimes.set(id, rt);
  return rt;
}

/** A bare parser for a language (no query): what the parse baseline benchmark uses. */
export function bareParser(id: LanguageId): ParserT {
  ParserClass ??= require('tree-sitter') as typeof ParserT;
  const parser = new ParserClass();
  parser.setLanguage(SPECS[id].grammar() as ParserT.Language);
  return parser;
}

/** A short fingerprint of every query file: cached facts made with other queries are stale. */
export function queryFingerprint(): string {
  const h = createHash('sha256');
  const files = [...new Set(Object.values(SPECS).flatMap((s) => s.queries))].sort();
  for (const q of files) h.update(q).update(queryText(q));
  return h.digest('hex').slice(0, 12);
}
