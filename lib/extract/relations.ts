/**
 * The seam between the resolver core (lib/resolve) and a language family that resolves its own relations
 * (ResolveRules.relations, lib/lang/<id>/): the core makes every node (folders, files, symbols) from the facts, then
 * hands each such family its files and a sink that writes edges, reference occurrences and call counts by node
 * position.
 */
import type { FileFacts, Pos } from './facts.ts';

/** What the resolver core gives a language resolver: node positions and the writers of relations. */
export interface RelationSink {
  /** Every file's facts, in the core's file order (indexes are file numbers). */
  readonly files: readonly FileFacts[];
  /** Node position of file f. */
  filePos(f: number): number;
  /** Node position of symbol s of file f. */
  symbolPos(f: number, s: number): number;
  /**
   * An edge between node positions (merged with an existing one of the same type: count and first line kept);
   * HAS_METHOD for a method declared outside its type's body (Go's receivers, in another file of the package).
   */
  edge(source: number, target: number, type: 'IMPORTS' | 'CALLS' | 'EXTENDS' | 'IMPLEMENTS' | 'HAS_METHOD', confidence: number, reason: string, line?: number): void;
  /** A REFERENCES edge of a non-call occurrence (`kind` kept on the edge unless a plain value read). */
  refEdge(source: number, target: number, confidence: number, reason: string, line: number, kind: 'value' | 'type' | 'export'): void;
  /** An occurrence of symbol s of file tf in file f at `at` (the reference index), from the node at position `from`. */
  occurrence(tf: number, ts: number, f: number, at: Pos, kind: 'call' | 'import' | 'export' | 'type' | 'value' | 'keyword', from: number, confidence: number, reason: string): void;
  /**
   * A REFERENCES edge from `source` to a function a registration takes (a callback): `callee` is the registering
   * call's text (`app.route`, `click.command`), which flows read as a route, a command, a listener.
   */
  callbackEdge(source: number, target: number, confidence: number, reason: string, line: number, callee: string): void;
  /**
   * Marks symbol s of file f as an entry point the project declares outside the code's calls (`by`: where, e.g.
   * `console_scripts`): its node gets `entryKind` and `registeredBy`, which flows read as a registration. `main`: a
   * program's entry by the language's convention (Go's `func main` in package main, Java's `static void main`).
   */
  markEntry(f: number, s: number, kind: 'route' | 'command' | 'listener' | 'script' | 'main', by: string): void;
  /**
   * One call site of file f: resolved to a project callee, outside the project, or unresolved. An unresolved call
   * with no name-only edge gives its `site`, so tools can say which symbols of that name it may reach.
   */
  countCall(f: number, outcome: 'resolved' | 'external' | 'unresolved', site?: UnresolvedSite): void;
}

/** Where an unresolved call is and what it names (lib/refs/unresolved-calls.ts). */
export interface UnresolvedSite {
  /** The called name as written (the member's name for `a.b.m()`); undefined when the callee has none. */
  name: string | undefined;
  /** Written on a receiver, or bare where the language reads a bare call as one on `this`/`self`: it may run a method. */
  member: boolean;
  line: number;
  /** Node position of the enclosing symbol (or the file). */
  from: number;
}

/** A language's resolver over its files of one project: writes every relation of file f through the sink. */
export interface LanguageRelations {
  relations(f: number): void;
}
