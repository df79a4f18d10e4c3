/**
 * Module specifier resolution, the way TypeScript and Node find files: relative paths with or without
 * extension (and `.js` written for a `.ts` source), index files, tsconfig `paths`/`baseUrl`, packages that
 * live in the repository. Anything else is an external package.
 */
import path from 'node:path';
import type { ModuleResolution, ModuleTarget } from '../../resolve/rules.ts';
import { join, type EcmaConfig, type LocalPackage, type PackageImports, type TsConfigFacts } from './config.ts';

const posix = path.posix;

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

  constructor(private readonly files: ReadonlySet<string>, config: EcmaConfig) {
    for (const t of config.tsconfigs ?? []) this.tsconfigByDir.set(t.dir, t);
    for (const s of config.scopes ?? []) this.scopeByDir.set(s.dir, s);
    // longest names first so `@a/b-c` wins over `@a/b`
    this.packages = [...(config.packages ?? [])].sort((a, b) => b.name.length - a.name.length);
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

  private compute(dir: string, spec: string, relative: boolean): ModuleTarget {
    if (relative) {
      const p = join(dir, spec);
      const f = p === undefined ? undefined : this.file(p);
      return f ? { file: f } : { missing: true };
    }
    if (spec.startsWith('node:')) return { external: spec };
    const ts = this.tsconfigFor(dir);
    if (ts?.paths) {
      // TypeScript's rule: one pattern (exact, else the longest part before `*`, the first listed on a tie); when
      // none of its targets exists, the other patterns are not tried (baseUrl and packages are).
      const hit = matchSubpath(ts.paths, spec, 'first');
      if (hit) {
        for (const t of hit.target) {
          const f = this.file(t.replace('*', hit.captured));
          if (f) return { file: f };
        }
      }
    }
    if (ts?.baseUrl !== undefined) {
      const p = join(ts.baseUrl, spec);
      const f = p === undefined ? undefined : this.file(p);
      if (f) return { file: f };
    }
    if (spec.startsWith('#')) return this.subpathImport(dir, spec);
    for (const pkg of this.packages) {
      if (spec !== pkg.name && !spec.startsWith(`${pkg.name}/`)) continue;
      const sub = spec.slice(pkg.name.length);
      const f = sub ? this.packageSubpath(pkg, `.${sub}`) : this.packageEntry(pkg);
      if (f) return { file: f };
      return { missing: true };
    }
    return { external: packageName(spec) };
  }

  /**
   * A `#name` specifier that tsconfig `paths` did not map, through the `imports` of the nearest package.json
   * (Node's subpath imports, which TypeScript follows too): an exact key, else the pattern with the longest part
   * before its `*`. A target in build output that is not indexed leads to the source beside it, as for
   * package entries.
   */
  private subpathImport(dir: string, spec: string): ModuleTarget {
    const hit = matchSubpath(this.scopeFor(dir)?.map ?? [], spec);
    if (!hit) return { missing: true };
    if ('external' in hit.target) return { external: packageName(hit.target.external.replace('*', hit.captured)) };
    const p = hit.target.file.replace('*', hit.captured);
    const f = this.file(p) ?? this.file(toSource(p));
    return f ? { file: f } : { missing: true };
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
    for (const e of pkg.entries) {
      const p = join(pkg.dir, e);
      const f = p === undefined ? undefined : this.file(p) ?? this.file(toSource(p));
      if (f) return f;
    }
    for (const guess of ['src/index', 'index', 'lib/index']) {
      const f = this.file(join(pkg.dir, guess) ?? guess);
      if (f) return f;
    }
    return undefined;
  }

  private packageSubpath(pkg: LocalPackage, sub: string): string | undefined {
    let mapped = pkg.subpaths?.[sub];
    if (!mapped && pkg.subpaths) {
      // `"./features/*": "./dist/features/*.js"`: the pattern with the longest part before its `*`
      const hit = matchSubpath(Object.entries(pkg.subpaths).filter(([k]) => k.includes('*')), sub);
      if (hit) mapped = hit.target.replace('*', hit.captured);
    }
    if (mapped) {
      const p = join(pkg.dir, mapped);
      const f = p === undefined ? undefined : this.file(p) ?? this.file(toSource(p));
      if (f) return f;
    }
    const p = join(pkg.dir, sub);
    if (p === undefined) return undefined;
    return this.file(p) ?? this.file(join(pkg.dir, `src/${sub.slice(2)}`) ?? p);
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
