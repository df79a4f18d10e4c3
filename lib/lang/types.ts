/**
 * What a language folder (`lib/lang/<id>/`) describes: the engine's spec (grammar, query files, collector
 * plugin: lib/extract/language.ts), the file names it takes, and its rules — the resolver's questions
 * (lib/resolve/rules.ts) and the tools' (which files are tests, which names a rename may give).
 */
import type { LanguageSpec } from '../extract/language.ts';
import type { ResolveRules } from '../resolve/rules.ts';

/** Which names a symbol may take in a language (rename checks them). */
export interface NameRules {
  /** Valid identifier (binding or member name) syntax. */
  identifier: RegExp;
  /** Words no identifier may be, a member's included (Java's and Go's keywords; JavaScript has none: `obj.delete()`). */
  keywords?: ReadonlySet<string>;
  /** Names that cannot bind a value: reserved words (and names the language forbids binding). */
  reservedBindings: ReadonlySet<string>;
  /** Extra names that cannot name a type (class, interface, type alias, enum). */
  reservedTypeNames: ReadonlySet<string>;
  /** Member names with a built-in meaning, refused so a rename cannot change behaviour silently. */
  reservedMembers: ReadonlySet<string>;
  /**
   * Top-level names of other files are in scope with no import binding them (C's one program namespace, a Go or Java
   * package's files, a C# or PHP namespace, a Rust glob import): a use in another file is the symbol's own name,
   * renamed with it, not a local alias left to text search (an alias there is written under another name).
   */
  sharedScope?: boolean;
  /**
   * A wildcard import that binds every public name of a module under its own name (Python's `from m import *`): in a
   * file that has one, a use of a top-level symbol with no import of its own naming it is that symbol, renamed with it.
   */
  wildcardImport?: RegExp;
  /**
   * A module's export property that only holds a symbol declared on its own (CommonJS: `function f() {}` then
   * `exports.f = f`): `qualifier` matches the text just before an occurrence that names such a property
   * (`module.exports.`), `reason` is the reference reason of uses reached through one from other files (`require`).
   * The property is a name of its own to the language's rename: renaming the symbol leaves it, and the uses through it.
   * So does a key of an object literal the module exports (`module.exports = { f }`). Not a symbol the module exports
   * as an ES module does (`esm` matches the text before its declaration, `export function `, or an `export { f }`
   * names it): that export is the symbol itself.
   */
  exportProperty?: { qualifier: RegExp; reason: string; esm: RegExp };
  /**
   * A member whose declaration's signature this matches is renamed by the language's own rename only inside its
   * class's body (TypeScript's `private`): an occurrence elsewhere (`this['_fns']` in a subclass, a read under
   * `@ts-expect-error`) is left to text_search.
   */
  privateMember?: RegExp;
  /**
   * Top-level declarations of one name merge only when all are exported or all are local (TypeScript: an exported
   * `const X` and a local `type X = typeof X` are two symbols, renamed apart).
   */
  mergesByExport?: boolean;
  /**
   * Declarations of one name that the language never merges are in different scopes (TypeScript: two functions with
   * bodies, two type aliases, two classes or two variables under one qualified name in a file are each a callback's
   * local, `test('a', () => { type Source = … })` beside `test('b', …)`; overloads are one symbol, and interfaces,
   * enums and namespaces do merge), and so are same-named members of two such classes: separate symbols, renamed apart.
   */
  scopedDuplicates?: boolean;
  /**
   * A member's rename takes the members its bases declare (transitively) and every member below any of those, but not
   * the other bases of a type below (TypeScript's language service: renaming `A.id` leaves `B.id` of `interface C
   * extends A, B`). Otherwise members linked by heritage are renamed together whichever way they are reached.
   */
  renamesFromBases?: boolean;
  /**
   * Fields and methods are apart: a class may have a field and a method of one name (Java, Kotlin, PHP, Rust), so a
   * method renamed to a field's name (or a field to a method's) collides with nothing.
   */
  membersApart?: boolean;
  /**
   * A member named by a quoted key (`T['name']`) is renamed only in a file that names it as an identifier somewhere
   * too (TypeScript's language service searches a file only when the name is in the file's name table, which holds
   * identifiers but not the string keys of indexed access types): elsewhere such a key is left for review.
   */
  quotedKeysWhereNamed?: boolean;
  /** Characters written right before a name that are no part of it (PHP's `$` of a property's declaration). */
  sigils?: string;
  /**
   * What may stand between a qualifier and the name it qualifies (`ns.a`, Rust's `krate::a`): a use written after
   * one names the symbol through the qualifier, not through a local binding. Default: `.` only.
   */
  qualifiers?: readonly string[];
  /**
   * A language's objection to renaming a symbol at all, whatever the new name (a constructor named after its class,
   * `main` called by the runtime by its name, a C macro), as the message to refuse with (RENAME_REFUSED).
   */
  refuseRename?(oldName: string, label: string, kind?: string): string | undefined;
  /**
   * A language's own objection to renaming a symbol from `oldName` to `newName` (Go: a change of the first letter's
   * case changes visibility; C's macros), as the message to refuse with; undefined when it has none. `kind` is the
   * symbol's original kind (`macro`, `struct`).
   */
  checkRename?(oldName: string, newName: string, label: string, kind?: string): string | undefined;
}

/** A language's rules: the resolver's (ResolveRules) and the tools'. */
export interface LanguageRules extends ResolveRules {
  /** True when a relative, '/'-separated path of this language is a test (or mock, fixture) file. */
  isTestFile(filePath: string): boolean;
  /** Identifier and keyword rules for rename. */
  names: NameRules;
  /**
   * Kinds of type symbols that only add to a type declared elsewhere under the same name (Rust's `impl` blocks,
   * Swift's extensions): asked for that name, the tools answer with the type, not them.
   */
  partKinds?: ReadonlySet<string>;
  /**
   * A class or module declared again under the same qualified name reopens the one type (Ruby): the declarations
   * are parts of one type to the tools, not rival types.
   */
  reopensTypes?: boolean;
  /**
   * The module file a stub file declares again for type checkers (Python: `m.pyi` for `m.py`, PEP 484), else
   * undefined: a qualified name declared in both is one symbol to the tools (renamed, looked at and weighed together).
   */
  stubOf?(filePath: string): string | undefined;
}

/** One language: what the engine needs (LanguageSpec), the file names it takes, its rules. */
export interface Language extends LanguageSpec {
  /** File name endings it takes (`.ts`, `.d.ts`; `/Rakefile`: a whole file name): the longest ending that matches a path wins. */
  extensions: readonly string[];
  /**
   * Endings another language takes by default that this one takes when a file's text says so (C++'s `.h` headers,
   * which are C's otherwise): checked where the text is known.
   */
  claims?: { extensions: readonly string[]; test(text: string): boolean };
  rules: LanguageRules;
  /**
   * File names (or `*.ext`: any file of that extension) that make the folder holding one a source package of this
   * language (Python's `__init__.py`, C#'s `*.csproj`): such a folder is walked even when its name is a build output's
   * (pypa/build's `src/build/`, coverage.py's `coverage/`, a .NET repository's `build/build.csproj` build script).
   */
  packageMarkers?: readonly string[];
  /**
   * File names (or `*.ext`) its rules' `loadConfig` reads that are no source of any language (tsconfig.json,
   * pyproject.toml, go.mod): one appearing or vanishing makes an index that was up to date stale, as a source file
   * added or deleted does (a changed one is caught by its recorded hash).
   */
  configFiles?: readonly string[];
}
