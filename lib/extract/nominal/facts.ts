/**
 * What a file of a nominally typed language (packages or namespaces, classes or structs, declared types: Go, Java,
 * Kotlin, C#, …) records beyond the common FileFacts, under FileFacts' `nominal` key. Plain JSON. The common parts
 * are used as everywhere: `symbols` (with `type`, `returns`, `params`, `extends`, `implements`, `isStatic`,
 * `typeParams`), `locals`, `calls` (`at` on the called name), `refs` (every other name that may be a symbol's).
 */
import type { CallFact, Expr, Pos } from '../facts.ts';

/**
 * A call site of a nominal file: `argc`, the number of arguments written (overloads are picked by it); `literal`, a
 * composite literal (Go's `T{…}`), which constructs a project type but is no call of anything else; `declared`, a
 * variable declared of a type with its constructor's arguments (C++'s `A a(1);`, `A a;`), which calls only a
 * constructor the type declares.
 */
export interface NominalCall extends CallFact {
  argc?: number;
  literal?: true;
  declared?: true;
  /** The arguments' values, in order (calls with arguments of languages with overloads: picked by their types). */
  argv?: Expr[];
  /** The labels the arguments in parentheses are written with, '' for none (languages whose labels pick overloads). */
  labels?: string[];
  /** How many type arguments the call writes (`F<A, B>(x)`: 2), where it writes some. */
  targs?: number;
  /** An invocation of a macro (Rust's `tri!(…)`): it names a macro (symbol kind `macro`), never a function. */
  macro?: true;
}

/**
 * One import as written: `path` is the imported name with its segments joined by `.` (`java.util.List`,
 * `App.Data`), or a string's content (Go's `"net/http"`). What it binds is the language's rule (the resolver asks
 * the language's NominalRules): a type, a package's members, a static member, a package under an alias.
 */
export interface NominalImport {
  path: string;
  /** The name it is bound to when written (`import x "p"`, `using R = A.B`, `import a.B as C`). */
  alias?: string;
  /** A wildcard (`a.b.*`; C#'s `using A.B;` of a namespace is no wildcard: the rules say what a path binds). */
  all?: boolean;
  /** `import static` (Java), `using static` (C#). */
  static?: boolean;
  /** C#'s `global using`: every file of the project (the files under the declaring file's folder) has it. */
  global?: boolean;
  /** A file loaded by its path (PHP's `require`/`include` of a string): `path` is the string; it binds no name. */
  file?: boolean;
  /** Position of the last segment of the path (what renaming the imported symbol edits); of the string for a string path. */
  at: Pos;
  line: number;
}

/** What a symbol carries beyond its SymbolFact. */
export interface NominalSymbol {
  /** Modifier words written before the name (`public`, `static`, `abstract`, `override`, `open`, `partial`, …). */
  mods?: string[];
  /**
   * A method's receiver type declared outside any class body (Go's `func (s *Server) Run()`), or an extension's
   * receiver (`fun User.name()` in Kotlin, `static void F(this User u)` in C#).
   */
  recv?: Expr;
  /**
   * The type a block that adds to a type is written for, with its type arguments (Rust's `impl<T: Buf> Buf for
   * Chain<T>`: `Chain<T>`): inside the block `this` is that type with those arguments, the block's own parameters.
   */
  self?: Expr;
  /** An enum member's payload types in order (Rust's `Literal(Span, char)`): what a pattern `E::Literal(s, c)` binds; a tuple struct's fields (`self.0`). */
  payload?: Expr[];
  /**
   * An explicit implementation of an interface's member (C#'s `void IList.Add(object v)`): the class's name does not
   * reach it (a call through the class or `this` runs another member), only the interface's.
   */
  explicit?: true;
  /** Extension method (C#'s `this` parameter, Kotlin's receiver): called as a member of its receiver. */
  ext?: true;
  /** A generic method's count of its own type parameters (`T F<T, U>(…)`: 2). */
  tparams?: number;
  /** Parameter counts: fewest arguments a call may give, most (-1: a variadic parameter). */
  arity?: [min: number, max: number];
  /** The variadic parameter's index among the parameters (Kotlin's `vararg`, Java's `...`). */
  rest?: number;
  /** The parameters' argument labels in order, '' for none (NominalSyntax.labels); with `optional`, which may be left out. */
  labels?: string[];
  optional?: boolean[];
  /** Annotations and attributes (`@GetMapping("/x")`, `[HttpGet]`): the name as written and a first string argument. */
  ann?: Array<{ name: string; arg?: string }>;
  /** The namespace a top-level symbol is declared in, when the file declares namespaces (C#). */
  ns?: string;
  /** Go's embedded fields (a struct's or an interface's embedded types): their types, members promoted. */
  embeds?: Expr[];
  /** Heritage clauses whose kind the syntax does not tell (C#'s and Kotlin's base lists): classes or interfaces. */
  bases?: Expr[];
  /** Types whose members are copied into this one (PHP's `use Trait;`): found before the bases' members. */
  mixins?: Expr[];
  /**
   * Types whose members the type's name reaches as its own static members (Kotlin's `companion object : F<C>`: `C.m()`
   * and a bare `m()` in C's body run the companion's inherited m); no heritage of the type's instances.
   */
  statics?: Expr[];
  /**
   * The conditional compilation around the declaration, outermost first: it is compiled when each `macro` is defined
   * (`#ifdef X`'s first branch; a number: when it is not 0) or is not (its `#else`), all of them.
   */
  conds?: Array<{ macro: string; defined: boolean }>;
}

/**
 * A place where the language runs a method of a value's type without a call written (an operator: Rust's `a == b`,
 * `v[i]`, `**x`, `for x in it`): `obj` is the value, `steps` what runs, as the query's kind writes it — steps
 * separated by `>`, each run on the result of the one before (`IntoIterator.into_iter>Iterator.next`), each a list of
 * `Trait.method` alternatives separated by `|`, the first the value's project type implements standing
 * (`Index.index|Deref.deref`); a step the type has none of leaves the value as it is.
 */
export interface NominalOp {
  obj: Expr;
  /** `obj` is a type, not a value (a field of a type whose derived impl runs the field type's: `#[derive(Clone)]`). */
  type?: true;
  steps: string;
  at: Pos;
  from: number;
}

/** The nominal facts of one file. */
export interface NominalFacts {
  /** The file's package (`package a.b;`, `package main`). */
  pkg?: string;
  imports: NominalImport[];
  /** Extras by symbol index. */
  sym: Record<number, NominalSymbol>;
  /** The file's build condition (Go's `//go:build` line), for the language's rules to weigh the file by. */
  build?: string;
  /** Operator sites whose value's type's methods run (NominalOp). */
  ops?: NominalOp[];
  /** Locals that are type parameters (`class Box<T>`: T), which no project type answers. */
  tparams?: number[];
}

/** The `nominal` part of a file's facts (an empty one for files of other languages). */
export function nominalOf(facts: { readonly [key: string]: unknown }): NominalFacts {
  return (facts.nominal as NominalFacts | undefined) ?? EMPTY;
}

const EMPTY: NominalFacts = { imports: [], sym: {} };
