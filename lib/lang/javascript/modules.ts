/**
 * Module specifier resolution, the way TypeScript and Node find files: relative paths with or without
 * extension (and `.js` written for a `.ts` source), index files, tsconfig `paths`/`baseUrl`, packages that
 * live in the repository. Anything else is an external package.
 */
import { builtinModules } from 'node:module';
import path from 'node:path';
import type { ModuleResolution, ModuleTarget } from '../../resolve/rules.ts';
import { join, type EcmaConfig, type LocalPackage, type OutputMapping, type PackageImports, type TsConfigFacts } from './config.ts';
import { BASE_CONDITIONS, conditionalTargets, exportsEntry, typesVersionsTargets } from './exports.ts';

const posix = path.posix;

/** Node's built-in modules (`http`, `fs/promises`), typed by `@types/node` when it is installed. */
const BUILTINS: ReadonlySet<string> = new Set(builtinModules);

const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const JS_TO_TS: Record<string, string[]> = {
  '.js': ['.ts', '.tsx', '.d.ts'], '.jsx': ['.tsx'], '.mjs': ['.mts', '.d.mts'], '.cjs': ['.cts', '.d.cts'],
};

/** Resolves import specifiers against the set of indexed files. */
export class ModuleResolver implements ModuleResolution {
  private readonly memo = new Map<string, ModuleTarget>();
  private readonly tsconfigByDir = new Map<string, TsConfigFacts>();
  private readonly packages: LocalPackage[];
  private readonly scopeByDir = new Map<string, PackageImports>();
  private readonly outputs: readonly OutputMapping[];
  private readonly dependenciesRead: EcmaConfig['dependenciesRead'];

  constructor(private readonly files: ReadonlySet<string>, config: EcmaConfig) {
    for (const t of config.tsconfigs ?? []) this.tsconfigByDir.set(t.dir, t);
    for (const s of config.scopes ?? []) this.scopeByDir.set(s.dir, s);
    // longest names first so `@a/b-c` wins over `@a/b`; of packages sharing a name, the workspace member (what an
    // install links), else the first folder in order
    this.packages = [...(config.packages ?? [])].sort((a, b) => b.name.length - a.name.length || (a.name !== b.name ? 0 : (b.workspace ? 1 : 0) - (a.workspace ? 1 : 0)));
    this.outputs = config.outputs ?? [];
    this.dependenciesRead = config.dependenciesRead;
  }

  /** Resolves `specifier` as written in `fromFile`. */
  resolve(fromFile: string, specifier: string): ModuleTarget {
    const parent = posix.dirname(fromFile);
    const dir = parent === '.' ? '' : parent;
    const relative = specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..';
    let key = relative ? `${dir}\u0000${specifier}` : `${this.tsconfigFor(dir)?.dir ?? ''}\u0000${specifier}`;
    // a `#` specifier also depends on the package.json scope it is written in
    if (specifier.startsWith('#')) key = `${this.scopeFor(dir)?.dir ?? ''}\u0000${key}`;
    let r = this.memo.get(key);
    if (!r) { r = this.compute(dir, specifier, relative); this.memo.set(key, r); }
    return r;
  }

  /** True where the tsconfig in force for a TypeScript file leaves `noImplicitThis` off (TsConfigFacts.looseThis). */
  looseThis(fromFile: string): boolean {
    return !!this.typescriptConfig(fromFile)?.looseThis;
  }

  /** True where the tsconfig in force for a TypeScript file leaves `noImplicitAny` off (TsConfigFacts.looseAny). */
  looseAny(fromFile: string): boolean {
    return !!this.typescriptConfig(fromFile)?.looseAny;
  }

  /** The tsconfig in force for a TypeScript file; undefined for any other file (JavaScript's options are not these). */
  private typescriptConfig(fromFile: string): TsConfigFacts | undefined {
    if (!/\.[cm]?tsx?$/.test(fromFile)) return undefined;
    const parent = posix.dirname(fromFile);
    return this.tsconfigFor(parent === '.' ? '' : parent);
  }

  private compute(dir: string, spec: string, relative: boolean): ModuleTarget {
    if (relative) {
      const p = join(dir, spec);
      const f = p === undefined ? undefined : this.file(p);
      // a folder with a package.json (`require('..')` in lib/agent.js): its entry (`main`) before its index file,
      // as Node and the checker load a folder
      const pkg = p !== undefined && (f === undefined || f.startsWith(p ? `${p}/index.` : 'index.')) ? this.packages.find((k) => k.dir === p && !k.dependency && k.entries.length) : undefined;
      const entry = pkg ? this.firstFile(pkg.entries.map((e) => join(pkg.dir, e)).filter((e): e is string => e !== undefined)) : undefined;
      return entry ? { file: entry } : f ? { file: f } : { missing: true };
    }
    if (spec.startsWith('node:')) return this.external(spec);
    const ts = this.tsconfigFor(dir);
    if (ts?.paths) {
      // TypeScript's rule: one pattern (exact, else the longest part before `*`, the first listed on a tie); when
      // none of its targets exists, the other patterns are not tried (baseUrl and packages are).
      const hit = matchSubpath(ts.paths, spec, 'first');
      if (hit) {
        for (const t of hit.target) {
          // (normalised as the checker does: `@/components//hooks/x` is `src/components/hooks/x`)
          const p = join('', t.replace('*', hit.captured));
          const f = p === undefined ? undefined : this.file(p);
          if (f) return { file: f };
        }
      }
    }
    if (ts?.baseUrl !== undefined) {
      const p = join(ts.baseUrl, spec);
      const f = p === undefined ? undefined : this.file(p);
      if (f) return { file: f };
    }
    const conditions = ts?.conditions ? [...BASE_CONDITIONS, ...ts.conditions] : BASE_CONDITIONS;
    if (spec.startsWith('#')) return this.subpathImport(dir, spec, conditions);
    for (const pkg of this.packages) {
      if (spec !== pkg.name && !spec.startsWith(`${pkg.name}/`)) continue;
      const sub = spec.slice(pkg.name.length);
      const f = pkg.exports !== undefined ? this.exported(pkg, `.${sub}`, conditions) : sub ? this.packageSubpath(pkg, sub.slice(1)) : this.packageEntry(pkg);
      if (f) return { file: f };
      return { missing: true };
    }
    return this.external(packageName(spec));
  }

  /** An external package, `untyped` where the dependencies' declarations were looked for and it has none. */
  private external(name: string): ModuleTarget {
    const read = this.dependenciesRead;
    if (!read) return { external: name };
    const builtin = name.startsWith('node:') || BUILTINS.has(name);
    return builtin && read.nodeTypes ? { external: name } : { external: name, untyped: true };
  }

  /**
   * A `#name` specifier that tsconfig `paths` did not map, through the `imports` of the nearest package.json
   * (Node's subpath imports, which TypeScript follows too): an exact key, else the pattern with the longest part
   * before its `*`. A target in build output that is not indexed leads to the source beside it, as for
   * package entries.
   */
  private subpathImport(dir: string, spec: string, conditions: readonly string[]): ModuleTarget {
    const scope = this.scopeFor(dir);
    const hit = matchSubpath(scope?.map ?? [], spec);
    if (!scope || !hit) return { missing: true };
    const targets = conditionalTargets(hit.target, conditions).map((t) => t.replaceAll('*', hit.captured));
    const local = targets.filter((t) => t.startsWith('./')).map((t) => join(scope.dir, t)).filter((t): t is string => t !== undefined);
    const f = this.firstFile(local);
    if (f) return { file: f };
    const ext = targets.find((t) => !t.startsWith('.') && !t.startsWith('/'));
    if (ext !== undefined && !local.length) return { external: packageName(ext) };
    return { missing: true };
  }

  /**
   * A package's subpath (`.`, `./v4/core`) through its `exports`: the targets its conditions select, each tried as
   * written, then each as the source its build output comes from (a repository is indexed unbuilt).
   */
  private exported(pkg: LocalPackage, sub: string, conditions: readonly string[]): string | undefined {
    const hit = exportsEntry(pkg.exports, sub);
    // a subpath `exports` does not list is not importable (TypeScript and Node refuse it)
    if (!hit) return sub === '.' ? this.packageEntry(pkg) : undefined;
    if (hit.value === null) return undefined; // excluded (`"./internal/*": null`)
    const targets = conditionalTargets(hit.value, conditions)
      .filter((t) => t.startsWith('./'))
      .map((t) => join(pkg.dir, t.replaceAll('*', hit.captured)))
      .filter((t): t is string => t !== undefined);
    // (targets in build output of an unusual layout: the package's entry fields, or the subpath itself)
    return this.firstFile(targets) ?? (sub === '.' ? this.packageEntry(pkg) : this.packageSubpath(pkg, sub.slice(2)));
  }

  /** The first of `paths` that is an indexed file, else the first whose build output leads to an indexed source. */
  private firstFile(paths: readonly string[]): string | undefined {
    for (const p of paths) { const f = this.file(p); if (f) return f; }
    for (const p of paths) { const f = this.sourceOf(p); if (f) return f; }
    return undefined;
  }

  /**
   * The source a build output path comes from: through the output folders tsconfigs declare (outDir → rootDir, what
   * project references do), else the usual layout (dist/ lib/ build/ out/ esm/ cjs/ → src/).
   */
  private sourceOf(p: string): string | undefined {
    const stem = p.replace(/(\.d)?\.[cm]?[jt]sx?$/, '');
    for (const o of this.outputs) {
      if (stem !== o.out && !stem.startsWith(`${o.out}/`)) continue;
      const f = this.file(o.root ? `${o.root}${stem.slice(o.out.length)}` : stem.slice(o.out.length + 1));
      if (f) return f;
    }
    return this.file(toSource(p));
  }

  /** The package.json scope of a folder: the nearest package.json (with or without `imports`). */
  private scopeFor(dir: string): PackageImports | undefined {
    if (!this.scopeByDir.size) return undefined;
    for (let d = dir; ; d = posix.dirname(d) === '.' ? '' : posix.dirname(d)) {
      const s = this.scopeByDir.get(d);
      if (s || d === '') return s;
    }
  }

  private tsconfigFor(dir: string): TsConfigFacts | undefined {
    for (let d = dir; ; d = posix.dirname(d) === '.' ? '' : posix.dirname(d)) {
      const t = this.tsconfigByDir.get(d);
      if (t) return t;
      if (d === '') return undefined;
    }
  }

  private packageEntry(pkg: LocalPackage): string | undefined {
    const entries: string[] = [];
    // (no entry field: `index`, which typesVersions may redirect)
    for (const e of pkg.entries.length ? pkg.entries : pkg.typesVersions ? ['index'] : []) {
      // (typesVersions redirects the types entry too: `{ "*": { "*": ["ts4/*"] } }`)
      for (const t of typesVersionsTargets(pkg.typesVersions, e) ?? [e]) { const p = join(pkg.dir, t); if (p !== undefined) entries.push(p); }
    }
    const found = this.firstFile(entries);
    if (found) return found;
    for (const guess of ['src/index', 'index', 'lib/index']) {
      const f = this.file(join(pkg.dir, guess) ?? guess);
      if (f) return f;
    }
    return undefined;
  }

  /** A subpath (`v4/core`) of a package without `exports`: typesVersions' mapping, the path itself, or under src/. */
  private packageSubpath(pkg: LocalPackage, sub: string): string | undefined {
    const mapped = typesVersionsTargets(pkg.typesVersions, sub)?.map((t) => join(pkg.dir, t)).filter((t): t is string => t !== undefined);
    const f = mapped?.length ? this.firstFile(mapped) : undefined;
    if (f) return f;
    const p = join(pkg.dir, sub);
    if (p === undefined) return undefined;
    return this.file(p) ?? this.sourceOf(p) ?? this.file(join(pkg.dir, `src/${sub}`) ?? p);
  }

  /** The indexed file a path names, trying extensions, `.js`→`.ts` and index files. */
  private file(p: string): string | undefined {
    const files = this.files;
    const ext = posix.extname(p);
    if (ext && files.has(p)) return p;
    const alt = JS_TO_TS[ext];
    if (alt) {
      const stem = p.slice(0, -ext.length);
      for (const a of alt) if (files.has(stem + a)) return stem + a;
    }
    for (const e of EXTENSIONS) if (files.has(p + e)) return p + e;
    const base = p ? `${p}/index` : 'index';
    for (const e of EXTENSIONS) if (files.has(base + e)) return base + e;
    return undefined;
  }
}

/**
 * The entry of an `exports`/`imports` map that `spec` matches (Node's rule): the exact key, else among keys
 * with one `*` the one with the longest part before it (then the longest key), with what its `*` captures.
 * `tie = 'first'` keeps the first listed of equal prefixes instead (TypeScript's rule for tsconfig `paths`).
 */
function matchSubpath<T>(entries: ReadonlyArray<readonly [string, T]>, spec: string, tie: 'longer' | 'first' = 'longer'): { target: T; captured: string } | undefined {
  let best: { target: T; captured: string } | undefined;
  let bestPre = -1, bestLen = -1;
  for (const [pattern, target] of entries) {
    const star = pattern.indexOf('*');
    if (star < 0) { if (pattern === spec) return { target, captured: '' }; continue; }
    const pre = pattern.slice(0, star), post = pattern.slice(star + 1);
    if (spec.length < pattern.length - 1 || !spec.startsWith(pre) || !spec.endsWith(post)) continue;
    if (pre.length > bestPre || (tie === 'longer' && pre.length === bestPre && pattern.length > bestLen)) {
      best = { target, captured: spec.slice(pre.length, spec.length - post.length) };
      bestPre = pre.length;
      bestLen = pattern.length;
    }
  }
  return best;
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
function packageName(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Built output path → likely source path (dist/index.js → src/index). */
function toSource(p: string): string {
  return p.replace(/(^|\/)(dist|lib|build|out|esm|cjs)\//, '$1src/').replace(/(\.d)?\.[cm]?[jt]sx?$/, '');
}
