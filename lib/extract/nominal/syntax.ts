/**
 * What the nominal collector (collect.ts) asks a language beyond its query's roles: which modifier words mean what,
 * and which symbols are visible outside their package. A language folder gives one (lib/lang/<id>/syntax.ts).
 */
import type { SymbolLabel } from '../facts.ts';

/** Where a symbol is declared, for the language's visibility rule. */
export interface DeclContext {
  label: SymbolLabel;
  /** The enclosing symbol's label (undefined at file level). */
  parentLabel?: SymbolLabel;
  /** The enclosing symbol's kind (`interface`, `object`, `struct`). */
  parentKind?: string;
  /** Whether the enclosing symbol is exported (true at file level). */
  parentExported: boolean;
}

/** A type a doc comment writes (`@var \\App\\User[]`): its name's segments, the first `\\` when fully qualified. */
export interface DocType { segments: string[]; array?: boolean }

/** The types a doc comment declares: a variable's or property's, a function's result, its parameters' by name. */
export interface DocTypes { var?: DocType; returns?: DocType; params: Record<string, DocType>; vars: Record<string, DocType> }

/** A nominal language's syntax words and visibility rule. */
export interface NominalSyntax {
  /** The language id facts carry. */
  language: string;
  /** Modifier words that make a member static (belonging to its type, not to instances). */
  staticWords: ReadonlySet<string>;
  /** Whether a symbol is visible outside its package/module, from its name, its modifier words and where it is. */
  exported(name: string, mods: readonly string[], where: DeclContext): boolean;
  /** Keywords that may stand between a doc comment and a definition's node (Go's `type` before a type spec). */
  leadWords?: ReadonlySet<string>;
  /**
   * Methods whose function argument receives the elements of their receiver (`forEach`, `map`, `filter`, `Select`):
   * that lambda's parameter (`decl.local:callback`) or implicit parameter (`decl.implicit`) is an element.
   */
  elementCallbacks?: ReadonlySet<string>;
  /**
   * Methods whose function argument, a lambda of two parameters, receives a map's key and value (Java's
   * `map.forEach((k, v) -> …)`: `key`, `element`) or two elements (`list.sort((a, b) -> …)`): what each is.
   */
  pairCallbacks?: ReadonlyMap<string, readonly ['key' | 'element', 'key' | 'element']>;
  /** Methods whose function argument receives the receiver itself (Kotlin's `let`, `also`, `takeIf`). */
  selfCallbacks?: ReadonlySet<string>;
  /**
   * Functions whose lambda runs with a receiver: the object they are called on or handed first (Kotlin's `apply`,
   * `run`, `with`; a `decl.receiver` match). Inside that lambda a free name is first a member of the object, and `this`
   * is the object.
   */
  receiverCallbacks?: ReadonlySet<string>;
  /** The name a lambda's implicit parameter goes by (Kotlin's `it`). */
  implicitParam?: string;
  /** The name a `catch` without a pattern binds, and its type (Swift's `error`, an `Error`; a `decl.implicit:catch` match). */
  catchBinding?: { name: string; type: string };
  /** Lambdas never run with a receiver (Swift's closures): `self` and free names inside one are the enclosing scope's. */
  plainLambdas?: boolean;
  /** The implicit parameters after the first, by position (Swift's `$1`, `$2`), for a lambda handed to a call. */
  implicitParams?: readonly string[];
  /** The node type of a lambda's explicit parameter list (a lambda with one has no implicit parameter). */
  lambdaParams?: string;
  /**
   * A lambda handed to a call (`decl.builder`) takes the types of its parameters written without one from the
   * delegate or function type the called function's parameter there declares (C#'s `Run(f => f.Bar())` with
   * `Run(Action<Foo> f)`).
   */
  lambdaParamTypes?: boolean;
  /**
   * A lambda declared as a value of a library functional type (the tags' `decl.builder` with @declared, Java's
   * `Consumer<Option> h = o -> …`): which of that type's type arguments types its parameter `param` (undefined: none).
   */
  declaredLambdaParam?(type: string, param: number): number | undefined;
  /**
   * A name called with a `!` after it in the text as written invokes a macro (Rust's `tri!(x)`, which the parse text
   * may have made the call `tri (x)`: lib/lang/rust/macro-args.ts); the call is marked NominalCall.macro.
   */
  bangMacros?: boolean;
  /** Methods are overloaded by parameter types (Java, C#, Kotlin): calls keep their arguments' values to pick by. */
  overloads?: boolean;
  /**
   * Calls name their arguments with the parameters' labels, which pick the overload (Swift's `f(at: 1)`): a
   * parameter's label is its `@label` capture, else its name (`_` for none), and an argument's is its child node of
   * type `argument` (none without one).
   */
  labels?: { argument: string };
  /** A called bare name is a method, never a local variable of that name (Java). */
  methodNamespace?: boolean;
  /** Type names that ask for the type of the initialiser (`var`): no declared type. */
  inferredTypes?: ReadonlySet<string>;
  /** Predefined type names (`int`, `string`): no reference is recorded where they are written. */
  builtinTypes?: ReadonlySet<string>;
  /** A file's build condition as its header writes it (Go's `//go:build linux && !purego`), kept as `nominal.build`. */
  fileDirective?(text: string): string | undefined;
  /**
   * The types a doc comment right before a declaration declares (PHP's docblock `@var`, `@param`, `@return`), read
   * where the declaration writes none.
   */
  docTypes?(comment: string): DocTypes | undefined;
  /** Node types of a type's arguments that are no types (Rust's lifetimes: `Pair<'a, T>` binds T first). */
  nonTypeArguments?: ReadonlySet<string>;
  /** Line comment starts and block comment delimiters (for `doc`). */
  comments: { line: readonly string[]; block?: readonly [string, string] };
}
