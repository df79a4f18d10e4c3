/**
 * What the nominal resolver (lib/resolve/nominal) asks a language: how files group into packages, what an import
 * binds, how names are looked up, what a call of a type's name means, which names are the runtime's. A language
 * folder gives one (lib/lang/<id>/rules.ts); the resolver names no language.
 */
import type { FileFacts, SymbolFact } from '../../extract/facts.ts';

/** A registration a language's frameworks make with a function passed as a value (`http.HandleFunc("/", h)`). */
export interface Registration {
  /** The called member's name (`HandleFunc`) and, optionally, a pattern its receiver's text must match. */
  method: RegExp;
  receiver?: RegExp;
  kind: 'route' | 'command' | 'listener' | 'script';
}

/** An entry point a language's conventions declare on a symbol (annotations, names, base classes). */
export interface EntryRule {
  kind: 'route' | 'command' | 'listener' | 'script' | 'main';
  /** What declares it (`@GetMapping`, `main`), for `registeredBy`. */
  by: string;
}

/** What the resolver knows of a symbol when asking the entry rules. */
export interface EntryCandidate {
  name: string;
  label: string;
  kind: string;
  isStatic: boolean;
  mods: readonly string[];
  annotations: ReadonlyArray<{ name: string; arg?: string }>;
  /** Arity of a function or method. */
  arity?: readonly [number, number];
  /** The enclosing type: its name, annotations, and the names of every base type (project or not) up its heritage. */
  owner?: { name: string; annotations: ReadonlyArray<{ name: string; arg?: string }>; bases: readonly string[] };
  /** The file's package (`main`). */
  pkg: string;
}

/** A language's rules for the nominal resolver. */
export interface NominalRules {
  /** The package a file's top-level symbols belong to (files of one package see each other's top-level names). */
  filePackage(facts: FileFacts, settings: unknown): string;
  /**
   * The package an import path names when imports name packages by path (Go's `"net/http"`), undefined when it
   * is no project package; absent for languages whose imports are dotted names of types, members and packages.
   */
  importPackage?(path: string, fromFile: string, settings: unknown): string | undefined;
  /**
   * The name an import of a package outside the project binds when it has no alias, where that is not the path's last
   * segment (Go's `"gopkg.in/yaml.v3"` binds `yaml`); absent: the last segment.
   */
  externalImportName?(path: string): string;
  /**
   * How a file weighs where a package declares a name several times (Go's per-platform files): 0 for a file the
   * default build compiles, more for others. Lookups list the lighter declarations first.
   */
  fileRank?(facts: FileFacts, settings: unknown): number;
  /**
   * What calling a builtin gives, from its arguments: the type its argument `index` names (`new(T)`, `make(T)`), or
   * the value of that argument (`append(xs, x)`); or, whatever the arguments, a value of the library type named
   * (Kotlin's `mutableListOf<T>()` is a MutableList).
   */
  builtinResult?(name: string): { type: number } | { value: number } | { arrayOf: number } | { library: string } | undefined;
  /**
   * Library methods that give back the object they are called on (Kotlin's `apply` and `also`): `B().apply { … }`
   * is a B, and a builder's `fun dns(x: Dns) = apply { … }` returns its own class.
   */
  selfResults?: ReadonlySet<string>;
  /** Inside a class, a free name may be one of its members (`this` implied): Java, C#, Kotlin; not Go. */
  implicitThis: boolean;
  /**
   * Library calls that hand a message to the project's handlers of its type: the called method names, the handler
   * interfaces (by name; the message is their first type argument) and the method of the handler that runs (C#'s
   * MediatR: `mediator.Send(command)` runs `Handle` of the class implementing `IRequestHandler<Command, R>`).
   */
  messageHandlers?: { methods: ReadonlySet<string>; bases: ReadonlySet<string>; handle: string };
  /** Interfaces are satisfied by method sets, not declared (Go). */
  structural: boolean;
  /**
   * The method names of a library interface, by its name as a heritage clause writes it (Go's `http.Handler`,
   * `error`): an interface embedding it has those methods besides its own, so its implementations can still be
   * found by method set; undefined for an interface the language does not know.
   */
  libraryInterfaceMethods?(written: string): readonly string[] | undefined;
  /** What calling a type's name does: construct it (Kotlin's `User()`), convert to it (Go's `T(x)`), nothing. */
  typeCall: 'constructor' | 'conversion' | 'none';
  /** Free names of the runtime (builtins, implicitly imported library members): calls through them are external. */
  isBuiltin(name: string): boolean;
  /** Method names of a class's own constructors (`constructor` kind symbols are found by kind; this is for fallbacks). */
  /** Packages every file imports wholesale (Kotlin's `kotlin.collections`, Java's `java.lang`): dotted names. */
  implicitImports?: readonly string[];
  /** A value used as a receiver whose type is a library container: what its members give (see containers.ts). */
  containers?: ContainerRules;
  /**
   * The library type a library type's member gives, method or property, where it is one type whatever the arguments
   * (Kotlin's `name.trim()` is a String, `items.size` an Int); undefined when unknown. `arg`: the library type of a
   * method's one argument where it is known (Kotlin's `count - total`, Int's `minus(Long)`, is a Long). `[T]` is an
   * array of T (Rust's `as_bytes()`, Java's `toCharArray()`).
   */
  libraryResult?(type: string | undefined, member: string, arg?: string): string | undefined;
  /**
   * The member type alias by which a project type names what its members continue on (Rust's `type Target = X;` of an
   * `impl Deref`): a member the type lacks is looked up on that type.
   */
  derefTarget?: string;
  /** The method such a type runs to reach that type's members (Rust's `deref`): an edge to it from each such call. */
  derefMethod?: string;
  /**
   * The method it runs instead for a member that changes its receiver (Rust's `deref_mut`), and the library members
   * that do (`swap`, `iter_mut`, `push`, … of slices, vectors and strings).
   */
  derefMut?: { method: string; members: ReadonlySet<string> };
  /** Framework registrations through a function value. */
  registrations?: readonly Registration[];
  /** The entry point a symbol is by the language's conventions, if any. */
  entryOf?(c: EntryCandidate): EntryRule | undefined;
  /**
   * Methods are overloaded by parameter types, also across the heritage (Java, C#, Kotlin): a call looks at every
   * method of its name up the heritage and picks by the arguments' count, then their types.
   */
  overloads?: boolean;
  /** A called bare name looks for methods only, past fields of the same name in nearer classes (Java). */
  methodNamespace?: boolean;
  /** Test sources, compiled apart from the code they test: code outside them never reaches their declarations. */
  isTestFile?(path: string): boolean;
  /**
   * Whether free names in a namespace see the enclosing namespaces' members (C#: `A.B` sees `A`), or only the global
   * namespace's (`'global'`: PHP's fallback for functions and constants).
   */
  outerNamespaces?: boolean | 'global';
  /** A generic type and a type of the same name with another count of type parameters are distinct types (C#'s `Task` and `Task<T>`). */
  genericArity?: boolean;
  /**
   * Textual inclusion (C's and C++'s `#include`): the project file (relative path) an import path names when written
   * in `fromFile`, or undefined for a file outside the project (a system or library header: the including file may
   * then call names from outside the project). An included file's top-level names are the includer's.
   */
  includeFile?(path: string, fromFile: string, settings: unknown): string | undefined;
  /**
   * Outside headers that declare no function (C's <stddef.h>, <stdint.h>: types and macros only): including one, or a
   * project header that does, leaves the includer's unknown names unknown rather than possibly the outside's.
   */
  functionlessHeader?(path: string): boolean;
  /** Top-level symbols that are not exported are seen only by their file and the files including it (C's `static`, Kotlin's `private`). */
  fileLocal?: boolean;
  /**
   * Top-level symbols seen only by their file and the files including it whatever their modifiers (C's macros defined
   * in a source file rather than a header: no other file's preprocessor reads them).
   */
  keptInFile?(sym: SymbolFact, path: string): boolean;
  /** The members of enums of this kind are names of the scope around the enum too (C's and C++'s plain `enum`). */
  unscopedEnumKind?: string;
  /** Kinds of TypeAlias whose members are their target's (default `alias`; Go's defined types are not). */
  aliasKinds?: ReadonlySet<string>;
  /**
   * The package a path's first segment names by itself, written in `fromFile` (Rust's `crate`, `super`, `self`), or
   * undefined for an ordinary name. Import paths and qualified names start there.
   */
  pathRoot?(name: string, fromFile: string, settings: unknown): string | undefined;
  /** Namespace blocks are inside their file's package (Rust's inline `mod x {}` in module m is `m.x`). */
  nestedNamespaces?: boolean;
  /** An import of a package binds its last name to the package (Rust's `use crate::model;`), not its members. */
  packageImportBindsName?: boolean;
  /**
   * A module's imports are names of it, as its declarations are (Rust's `use` items): a wildcard import of the module
   * (`use super::*`) and a path through it reach them, and its own wildcards (`pub use array::*`) in turn.
   */
  importsAreItems?: boolean;
  /** The name of the enclosing type inside its declarations (Rust's `Self`). */
  selfTypeName?: string | readonly string[];
  /**
   * A qualified name's first segment may be an imported or nested package even where a type of that name is in scope
   * (PHP: `use A\Node\Stmt;` then `Stmt\Expr`, `Sub\f()` inside namespace A for A\Sub\f).
   */
  relativeQualifiedNames?: boolean;
  /**
   * How many parameters a lambda takes to be a value of the library delegate type `name` written with `typeArgs`
   * type arguments (C#'s `Func<A, B, R>`: two, `Action<A, B>`: two); undefined where the name is no such type.
   */
  delegateParams?(name: string, typeArgs: number): number | undefined;
  /**
   * Library types no other type extends (Kotlin's `String`, `Int`, `Pair`, arrays): a parameter of one takes no value
   * of another type, so an overload whose parameter is one does not take a value known to be of another.
   */
  finalTypes?: ReadonlySet<string>;
  /**
   * Members every object has from the language's root type (java.lang.Object's `getClass`, C#'s `GetType`), and
   * those every enum has (`values`, `ordinal`): a call of one that no project type of the receiver's declares runs the
   * library's, as does a free call of one inside a class.
   */
  rootMembers?: { instance: ReadonlySet<string>; enumStatic?: ReadonlySet<string>; enumInstance?: ReadonlySet<string> };
  /**
   * Library types whose supertypes the language knows (Kotlin's collections and basic types), with those supertypes:
   * a parameter of one such type takes no value of another unless it is a supertype of the value's.
   */
  librarySupertypes?: ReadonlyMap<string, readonly string[]>;
  /**
   * Library types a value of a known library type converts to implicitly, beside its supertypes (C#'s numeric
   * conversions: an int argument fits a long parameter). Only an argument's fit reads them: an extension's receiver
   * takes no converted value.
   */
  libraryConversions?: ReadonlyMap<string, readonly string[]>;
  /**
   * A call `x(…)` where x is a local or parameter whose project type has no `invoke` calls the function named x
   * instead (Kotlin resolves a call among functions and invokable values: a class's constructor parameter `builder`
   * does not hide its companion's `builder(…)`).
   */
  valuesYieldToFunctions?: boolean;
  /**
   * `x.f(…)` or `f(…)` where f is a field or variable and no function calls the value it holds (Go, Kotlin, C#, Swift,
   * C, C++); where it does not (Java, Rust, PHP, Ruby: that is a method call, `(x.f)(…)` calls the field), such a call
   * stays unresolved.
   */
  fieldCalls?: boolean;
  /**
   * The name a call through a top-level symbol calls instead, where the symbol stands for another name (C's
   * object-like macro naming a function: `#define unlink _unlink`, then `unlink(path)` calls `_unlink`), else undefined.
   */
  callAlias?(sym: SymbolFact): string | undefined;
  /**
   * Symbol kinds that declare an accessor of their own name (Java's record components, `record R(String s)`: `r.s()`):
   * a call of that name without arguments, where the type declares no method of it, runs the accessor; the symbol
   * stands for it.
   */
  accessorKinds?: ReadonlySet<string>;
  /** The method a subscription `x[i]` of a project type's value runs (Kotlin's `operator fun get`): its result is the element's. */
  indexMethod?: string;
  /**
   * `super.m()` reaches whichever direct supertype alone declares or inherits m, an interface's default method too
   * (Kotlin); otherwise it reaches the superclass only (Java's and C#'s plain `super`/`base`).
   */
  superInterfaces?: boolean;
  /**
   * The name a type's companion object has when it names none (Kotlin's `Companion`): an import through it names the
   * type's own static members (`import a.Checker.Companion.assertThatRule`), which the companion's are here.
   */
  companionName?: string;
  /** A member whose parameters cannot take a call's arguments yields to an extension of the receiver's type that can (Kotlin). */
  inapplicableMembersYield?: boolean;
  /**
   * Whether library type `type`'s own member `name` takes one argument of type `arg` (`literal`: a literal of that
   * type), so that it, not a project extension of that name, is what a call on a value of the type runs (Kotlin's
   * `Int.and(Int)` before an `infix fun Int.and(other: Long)`).
   */
  libraryMemberTakes?: (type: string, name: string, arg: string, literal: boolean) => boolean;
  /**
   * Whether a free name no scope and no project declaration knows, as a member call's receiver, is an outside type's
   * (C#: a PascalCase name there comes from a \`using\` of an outside namespace, or an outside base class; every
   * local, parameter and pattern variable is declared)
   */
  outsideReceiver?: (name: string) => boolean;
  /** The types of literals that convert to no other type (Kotlin's `1L`, `"a"`, `'c'`; an Int literal may be a Long). */
  exactLiterals?: ReadonlySet<string>;
  /**
   * The only library types an array is (Java's Object, Cloneable, Serializable): an array argument takes no parameter of
   * another type, and at a variadic parameter it is passed whole, its elements of the parameter's type.
   */
  arraySupertypes?: ReadonlySet<string>;
  /**
   * Element types whose arrays are of no other array type (Java's primitives: a `byte[]` is no `int[]` and no
   * `boolean[]`, where a `String[]` is an `Object[]`): an array of one fits an array parameter of that element alone.
   */
  invariantElements?: ReadonlySet<string>;
  /**
   * The literal type the tags give `null` (Java's `expr.lit:null`) and the types no `null` is a value of (Java's
   * primitives): an overload with one of those where a call passes `null` does not apply (`create(null)` is
   * `create(String)`, never `create(char)`); `null` fits any other parameter, and is a value of no type known.
   */
  nullLiteral?: { type: string; notOf: ReadonlySet<string> };
  /** Of overloads that fit alike, one taking the arguments without its variadic parameter is the more specific (Kotlin's `f()` before `f(vararg xs)`). */
  varargLast?: boolean;
  /**
   * Of overloads that fit alike, one whose parameters where the arguments are are subtypes of another's is the more
   * specific (Kotlin's `f(o: GroupableOption)` before `f(o: Option)` for a value that is both).
   */
  mostSpecificOverload?: boolean;
  /**
   * Imports a project's build files give every source file under a folder (`dir`, ending in `/`, or '' for the
   * root; C#'s `<Using Include="N" />` in a `.csproj`), from the family's settings.
   */
  projectImports?(settings: unknown): ReadonlyArray<{ dir: string; path: string; alias?: string; isStatic?: boolean }>;
  /** A class declaring no constructor runs the one it inherits (PHP), not a default one of its own (Java, C#). */
  inheritedConstructors?: boolean;
  /**
   * A class declaring no constructor has the compiler's default one, which runs its base class's constructor of no
   * argument (Java's implicit `super()`, C#'s `: base()`): the class's own CALLS edge to it (to the nearest declared
   * up the bases), as a PHP class's to what it inherits.
   */
  defaultConstructors?: boolean;
  /**
   * A type whose header declares its constructor (C#'s `record R(int X) : Base(X)`, a class's primary constructor):
   * it has one, though no constructor symbol, whose base call the header writes: no default constructor's edge.
   */
  primaryConstructor?(type: SymbolFact): boolean;
  /** A path's first segment that names the global (unnamed) package (PHP's leading `\` of `\Exception`). */
  globalRoot?: string;
  /** Result types that mean the type a call is made on, not the declaring one (PHP's `static`: late static binding). */
  receiverTypeNames?: readonly string[];
  /**
   * A file loaded by its path (PHP's `require __DIR__ . '/x.php'`): the project file (relative path) it names when
   * written in `fromFile`, or undefined. It gives an IMPORTS edge and binds no name.
   */
  fileImport?(path: string, fromFile: string, settings: unknown): string | undefined;
  /**
   * Kinds of symbols that are the macros conditional compilation tests (C's `#define`, kind `macro`): a declaration
   * compiled only where a macro is defined that the project never defines (or, under `#else`, where one it defines is
   * not) is looked up after its alternatives, and its callers' edges are less sure.
   */
  macroKinds?: ReadonlySet<string>;
  /** Macros the compiler defines without the project's `#define` (C's `__linux__`): defined for the macroKinds rule. */
  predefinedMacros?: ReadonlySet<string>;
  /**
   * Whether a conditional's condition that is more than a name or a number holds (`defined(A) && !defined(B)`), with
   * `defined` the macros the build defines; undefined where they cannot decide it (a comparison), which is no condition.
   */
  macroCondition?(text: string, defined: ReadonlySet<string>): boolean | undefined;
  /**
   * Library types the project's traits are implemented for where the implementation is no part of a type (Rust's
   * primitives: `impl OverflowOp for u64`): a method of one project trait called on a value of one (`n.mul(60)`) or on
   * the type (`u8::bits()`) is that trait's, unless the type answers the name itself (`skip`: its own methods and
   * std's prelude traits', which rustc picks first).
   */
  primitiveTraits?: {
    types: ReadonlySet<string>; skip(type: string, name: string): boolean;
    /**
     * Impls on slices are types named by their slice type (Rust's `impl Buf for &[u8]`: `[u8]`; `impl<T> Named for
     * [T]`: `[T]`): an array value's call of a method one declares runs it, unless the slice answers the name
     * itself (`skip('[]', name)`); a literal of kind `[E]` (a byte string) is an array of E.
     */
    slices?: boolean;
    /**
     * Library containers that deref to a slice of their one element (Rust's `Vec<T>` to `[T]`): a method the
     * container does not answer itself (`skip(container, name)`) is the slice impls' one.
     */
    sliceDerefs?: ReadonlySet<string>;
  };
  /** Kinds of type symbols that only add members and bases to a type declared elsewhere (Rust's `impl` blocks). */
  partKinds?: ReadonlySet<string>;
  /**
   * The library protocols a library type conforms to (Swift's `String`: `StringProtocol`, `Collection`): what the
   * project adds to those protocols (`extension Collection { func f() }`) is a member of the type's values too. The
   * name is as written; `[]` stands for an array type, `[:]` for a map type.
   */
  libraryConformances?(name: string): readonly string[] | undefined;
}

/**
 * Library containers by type name (`List`, `Map`, `Optional`): which type argument their elements are, and which
 * methods give an element (or a value of a map), so `users.get(0).save()` and `for (var u : users)` are typed.
 */
export interface ContainerRules {
  /** Element-holding types: the index of the type argument that is their element (`List<T>`: 0; `Map<K, V>`: 1). */
  elements: ReadonlyMap<string, number>;
  /** Methods of those types that give one element (`get`, `first`, `orElse`). */
  elementMethods: ReadonlySet<string>;
  /** Methods that give a container of the same elements (`subList`, `filter`, `values` of a map). */
  sameMethods: ReadonlySet<string>;
  /** Methods that give the same container on the types named only, before `elementMethods` (Rust's `opt.as_ref()` is an Option, `rc.as_ref()` its element). */
  sameMethodsOf?: ReadonlyMap<string, ReadonlySet<string>>;
  /** Higher-order methods whose function argument receives an element (`forEach`, `map`, `filter`): its first parameter. */
  callbackMethods?: ReadonlySet<string>;
  /** Wrappers whose element's members are their own where they have none of that name (Rust's `Box`, `Rc`: Deref). */
  derefs?: ReadonlySet<string>;
  /** Library types that are no generic container but are iterated, with the type of their elements (Kotlin's String: Char). */
  fixedElements?: ReadonlyMap<string, string>;
  /**
   * Maps iterated as entries (C#'s `foreach (var kv in dict)` gives a `KeyValuePair<K, V>`): the entry type's name,
   * its members that give the key and the value, and the map's members that give its keys and its values as a
   * collection of the type named `collection`.
   */
  entries?: { type: string; key: string; value: string; keys: string; values: string; collection: string };
}
