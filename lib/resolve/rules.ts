/**
 * What the resolver asks a language: how its module specifiers lead to files, which free names are its runtime's,
 * which method names are too common to guess a callee by. A language folder implements these (lib/lang/<id>/rules.ts);
 * the resolver core names no language. Languages of one `family` (TypeScript, TSX and JavaScript) share one module
 * resolution, so a TypeScript file's import of a JavaScript file resolves.
 */

import type { FileFacts } from '../extract/facts.ts';
import type { LanguageRelations, RelationSink } from '../extract/relations.ts';
import type { OverrideRules } from './overrides.ts';
import type { OutsideTypes } from './outside.ts';

export type { OverrideRules, OutsideTypes };

/**
 * Where a specifier leads: a project file, an external package, or nowhere (a missing project file). `untyped`: an
 * external package whose type declarations are surely not installed, whose types the checker reads as `any`.
 */
export type ModuleTarget = { file: string } | { external: string; untyped?: true } | { missing: true };

/** Reads a repository file by its relative path (undefined when it is not there). */
export type ReadText = (relPath: string) => string | undefined;

/** A family's module resolution over one project's files. */
export interface ModuleResolution {
  /** Where `specifier`, written in `fromFile` (a relative path), leads. */
  resolve(fromFile: string, specifier: string): ModuleTarget;
  /**
   * True where the options in force for `fromFile` (its project configuration) type `this` in a function outside a
   * class as the checker's `any` (TypeScript's `noImplicitThis` off): nothing read on it is known.
   */
  looseThis?(fromFile: string): boolean;
  /**
   * True where the options in force for `fromFile` leave an array declared `[]` untyped (TypeScript's `noImplicitAny`
   * off: the checker's `any[]`, not an array evolving with what is pushed).
   */
  looseAny?(fromFile: string): boolean;
}

/** The resolver's questions to one language (shared by the languages of a family). */
export interface ResolveRules {
  /** Languages of one family resolve each other's module specifiers (`ecmascript`, `python`). */
  family: string;
  /**
   * The family's project settings, read once per analyze from the repository's file list (tsconfig and
   * package.json files, pyproject.toml, …): plain JSON, which `modules` then gets.
   */
  loadConfig(filePaths: readonly string[], readText: ReadText): unknown;
  /** Module resolution over the project's files (`files`: every indexed path) with the settings loadConfig read. */
  modules(files: ReadonlySet<string>, config: unknown): ModuleResolution;
  /** True for a free (undeclared) name that is the runtime's (`console`, `len`): a call through it is external. */
  isGlobalName(name: string): boolean;
  /** Method names too common to attach a call to a project method by name alone (`push`, `get`, `append`). */
  isCommonMethodName(name: string): boolean;
  /**
   * True where a property that may hold a function (`assert: (data: unknown) => T` of an interface) is one more
   * definition a member call's name fits, so that a method of that name alone is no guess (ECMAScript's typed members).
   */
  propertiesFitNames?: boolean;
  /**
   * True where the language's checker types a `this` that no class, object literal or declared `this:` parameter
   * gives a type (a plain function's) as `any`, whatever the options: nothing read on it is known, so nothing is guessed.
   */
  untypedThisAny?: boolean;
  /**
   * The module whose installed declarations declare a free type name (`NodeJS`, `Buffer`: Node's, `node:process`):
   * where they are not installed, the checker reads the name as `any`. Undefined for any other name.
   */
  globalTypeSource?(name: string): string | undefined;
  /**
   * The runtime's interface a global value is declared with (`Symbol`: `SymbolConstructor`): where the project
   * augments that interface globally, the value has the members it adds. Undefined for any other name.
   */
  globalValueType?(name: string): string | undefined;
  /** When a method overrides a same-named method of a base (absent: any instance method overrides, statics never). */
  overrides?: OverrideRules;
  /**
   * The types outside the repository the language knows the members of (its runtime's lib, its standard library),
   * so that a method overriding one is marked (lib/resolve/outside.ts). Absent: the language's methods are not marked.
   */
  outsideTypes?: OutsideTypes;
  /**
   * A resolver of the family's own (lib/extract/relations.ts), when the shared evaluator does not describe its
   * semantics: the core makes every node, then this resolver writes the relations of the family's files. It gets the
   * settings the family's `loadConfig` read.
   */
  relations?(sink: RelationSink, files: readonly number[], settings: unknown): LanguageRelations;
  /**
   * With `relations`: a file's facts without what that resolver never reads of a file other than the one it
   * resolves (positions of the file's own sites, its comments), keeping everything else, new keys included. Given,
   * a changed file whose outward shape (lib/resolve/shape.ts, over these facts) is kept is resolved alone, as a
   * file of the shared evaluator is; absent, any change in the family resolves all of its files again.
   */
  outwardFacts?(facts: FileFacts): FileFacts;
  /**
   * The declarations of the project's installed dependencies (TypeScript's `.d.ts` files of `node_modules`), read
   * for their types only: a value typed by a package's type (`atom<Vec>()`'s `Atom<Vec>`) leads back to the
   * project's own types through them. Their facts never become graph nodes or edges. Undefined: none read.
   */
  dependencyTypes?(request: DependencyTypesRequest): DependencyTypes | undefined;
}

/** What a family's `dependencyTypes` is given. */
export interface DependencyTypesRequest {
  /** The facts of the project's files of this family. */
  files: readonly FileFacts[];
  /** Every indexed path of the project (any language). */
  paths: ReadonlySet<string>;
  /** The family's settings, as its `loadConfig` read them. */
  settings: unknown;
  /** Reads a file by its path relative to the repository root, also where the index skips (`node_modules`). */
  readText: ReadText;
  /** Reads a package manifest (`node_modules/x/package.json`): what it read decides whether an index is stale. */
  readManifest: ReadText;
  /** Extracts the facts of a file by the language its name gives (undefined: no language takes it). */
  extract(relPath: string, text: string): FileFacts | undefined;
}

/** Dependencies' type declarations, as a family read them. */
export interface DependencyTypes {
  /** Facts of the declaration files (paths relative to the repository root): types only, never graph nodes. */
  files: FileFacts[];
  /** The family's settings with the dependencies added, which its module resolution then resolves to those files. */
  settings: unknown;
}

/**
 * The project-wide settings resolution runs with: every language's rules (by language id) and every family's
 * settings (by family). Made by the language registry (lib/lang/index.ts `loadProjectConfig`).
 */
export interface ProjectConfig {
  /** Rules by language id; a language without rules resolves no module and knows no global. */
  rules?: ReadonlyMap<string, ResolveRules>;
  /** Settings by family, as each family's `loadConfig` read them. */
  settings?: ReadonlyMap<string, unknown>;
  /**
   * Facts of the dependencies' type declarations (ResolveRules.dependencyTypes): they type values across the project
   * and are resolved into as outside code (a call into them is external); nothing of them enters the graph.
   */
  typeFiles?: readonly FileFacts[];
}

/** The rules of a language nothing describes: no module resolves, no name is global, no method name common. */
export const NO_RULES: ResolveRules = {
  family: '',
  loadConfig: () => undefined,
  modules: () => ({ resolve: (_from, specifier) => ({ external: specifier }) }),
  isGlobalName: () => false,
  isCommonMethodName: () => false,
};

/** The rules of each file of a project (by file index) and each family's module resolution, made on first use. */
export class FileRules {
  /** Rules by file index. */
  readonly of: readonly ResolveRules[];
  private readonly resolutions = new Map<string, ModuleResolution>();
  private readonly paths: ReadonlySet<string>;

  constructor(files: ReadonlyArray<{ path: string; language: string }>, private readonly config: ProjectConfig) {
    this.of = files.map((f) => config.rules?.get(f.language) ?? NO_RULES);
    this.paths = new Set(files.map((f) => f.path));
  }

  /** The settings a family's `loadConfig` read (undefined when none were read: facts resolved alone). */
  settings(family: string): unknown {
    return this.config.settings?.get(family);
  }

  /** Where `specifier`, written in file `f` (at `path`), leads, by its family's module resolution. */
  resolve(f: number, path: string, specifier: string): ModuleTarget {
    return this.resolution(f).resolve(path, specifier);
  }

  /** True where file `f` (at `path`) types `this` outside a class as `any` (ModuleResolution.looseThis). */
  looseThis(f: number, path: string): boolean {
    return this.resolution(f).looseThis?.(path) ?? false;
  }

  /** True where file `f` (at `path`) reads an array declared `[]` as `any[]` (ModuleResolution.looseAny). */
  looseAny(f: number, path: string): boolean {
    return this.resolution(f).looseAny?.(path) ?? false;
  }

  private resolution(f: number): ModuleResolution {
    const rules = this.of[f];
    let m = this.resolutions.get(rules.family);
    if (!m) {
      m = rules.modules(this.paths, this.config.settings?.get(rules.family));
      this.resolutions.set(rules.family, m);
    }
    return m;
  }
}
