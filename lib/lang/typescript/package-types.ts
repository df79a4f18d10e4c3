/**
 * Types from packages: the declaration files (`.d.ts`) of the dependencies a project imports, read for their types
 * only, so that a value typed by a package's type leads back to the project's own types (`atom<Vec>(…).get()` is a
 * Vec; a framework's callback parameter typed by the project's class). A package is found as Node and TypeScript
 * find it (`node_modules/<name>` in the importing file's folder or above, else `node_modules/@types/<name>`), its
 * declarations through its `exports` (`types` first), `typesVersions`, `types`/`typings` or `index.d.ts`, then the
 * declaration files those import, relative or from other packages. Reading is bounded (files and bytes per package
 * and in all) and each file's facts are kept in memory by package folder, name and version, so a second analyze in
 * the same process (a watch, a server) parses none of them again.
 */
import path from 'node:path';
import type { FileFacts } from '../../extract/facts.ts';
import type { DependencyTypes, DependencyTypesRequest, ReadText } from '../../resolve/rules.ts';
import { join, parseJsonc, type EcmaConfig, type LocalPackage } from '../javascript/config.ts';
import { conditionalTargets, exportsEntry, typesVersionsTargets } from '../javascript/exports.ts';
import { ModuleResolver } from '../javascript/modules.ts';

const posix = path.posix;

/** Bounds of one read: a project with huge dependency trees still reads a fixed amount of declarations. */
export const PACKAGE_TYPE_LIMITS = {
  /** Declaration files read per package. */
  filesPerPackage: 400,
  /** Declaration files read in all. */
  files: 3000,
  /** A larger declaration file is not read. */
  bytesPerFile: 2 << 20,
  /** Bytes of declarations read in all. */
  bytes: 48 << 20,
  /** Packages whose files stay in the cache between reads. */
  cachedPackages: 500,
};

/** The conditions TypeScript matches when it resolves a package's types. */
const TYPE_CONDITIONS = ['types', 'import', 'require', 'node', 'default'];

/** Facts of declaration files by package (`dir\0name@version`), then by path (null: no such file). */
const cache = new Map<string, Map<string, FileFacts | null>>();

interface Found { name: string; dir: string; manifest: Record<string, unknown>; files: Map<string, FileFacts | null> }

/** Reads the declarations of the dependencies `request.files` import (ResolveRules.dependencyTypes of ECMAScript). */
export function readDependencyTypes(request: DependencyTypesRequest): DependencyTypes | undefined {
  const config = (request.settings ?? {}) as EcmaConfig;
  const local = new Set((config.packages ?? []).map((p) => p.name));
  const resolver = new ModuleResolver(request.paths, config);
  // the bare specifiers leading outside the project: package name → importing folders and subpaths
  const wanted = new Map<string, { dirs: Set<string>; subs: Set<string> }>();
  const want = (name: string, dir: string, sub: string): void => {
    if (local.has(name)) return;
    let w = wanted.get(name);
    if (!w) wanted.set(name, (w = { dirs: new Set(), subs: new Set() }));
    w.dirs.add(dir);
    w.subs.add(sub);
  };
  for (const f of request.files) {
    for (const m of f.modules) {
      const spec = m.source;
      if (!isBare(spec)) continue;
      const t = resolver.resolve(f.path, spec);
      if (!('external' in t) || t.external !== packageName(spec)) continue;
      want(t.external, dirOf(f.path), spec.slice(t.external.length));
    }
  }
  // (what was looked for is known from here on: an external package without declarations is `any` to the checker,
  // and a Node built-in one too unless `@types/node` is installed, see ModuleResolver)
  const walked = new Map<string, Found | null>();
  const nodeTypes = !!locate('@types/node', 'node', ['', ...(config.packages ?? []).filter((p) => !p.dependency).map((p) => p.dir).sort()], request.readManifest, walked);
  const looked = { ...config, dependenciesRead: { nodeTypes } };
  if (!wanted.size) return { files: [], settings: looked };

  const read = new Map<string, FileFacts>();
  const packages: LocalPackage[] = [];
  const seen = new Set<string>();
  const budget = { bytes: 0 };
  const fileOf = (pkg: Found, rel: string): FileFacts | null => factsOf(pkg, rel, request, budget);
  // breadth first in name order (deterministic): the project's own imports, then what their declarations import
  let queue = [...wanted.keys()].sort();
  while (queue.length && read.size < PACKAGE_TYPE_LIMITS.files) {
    const next = new Set<string>();
    for (const name of queue) {
      if (seen.has(name)) continue;
      seen.add(name);
      const w = wanted.get(name)!;
      const dirs = [...w.dirs].sort(), subs = [...w.subs].sort();
      // the package's own declarations, else its `@types` package's (`@types/scope__name` for `@scope/name`)
      let pkg = locate(name, name, dirs, request.readManifest, walked);
      if (!pkg || !subs.some((sub) => seeds(pkg!, sub).some((c) => fileOf(pkg!, c) !== null))) {
        pkg = name.startsWith('@types/') ? undefined : locate(`@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`, name, dirs, request.readManifest, walked);
        if (!pkg) continue;
      }
      const found = pkg;
      packages.push(packageOf(found));
      let count = 0;
      // depth first through the package's declarations (the first candidate of each specifier that exists)
      const visit = (candidates: string[]): void => {
        for (const c of candidates) {
          if (read.has(c)) return;
          if (count >= PACKAGE_TYPE_LIMITS.filesPerPackage || read.size >= PACKAGE_TYPE_LIMITS.files) return;
          const facts = fileOf(found, c);
          if (facts === null) continue;
          read.set(c, facts);
          count++;
          for (const m of facts.modules) {
            const spec = m.source;
            if (spec.startsWith('./') || spec.startsWith('../')) {
              const p = join(dirOf(c), spec);
              if (p !== undefined) visit(dtsCandidates(p));
            } else if (isBare(spec)) {
              const dep = packageName(spec);
              if (dep === name || local.has(dep)) continue;
              let dw = wanted.get(dep);
              if (!dw) wanted.set(dep, (dw = { dirs: new Set(), subs: new Set() }));
              dw.dirs.add(found.dir);
              dw.subs.add(spec.slice(dep.length));
              if (!seen.has(dep)) next.add(dep);
            }
          }
          return;
        }
      };
      for (const sub of subs) visit(seeds(found, sub));
    }
    queue = [...next].sort();
  }
  if (!read.size) return { files: [], settings: looked };
  const files = [...read.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, settings: { ...looked, packages: [...(config.packages ?? []), ...packages] } };
}

/**
 * The folder of package `folder` under the nearest `node_modules` of the first of `dirs` that has one (as Node
 * looks), standing for the package imported as `name` (an `@types` package stands for the package it types).
 * `walked` keeps what each folder's walk up found: importing folders share their ancestors, and each manifest is
 * looked for once.
 */
function locate(folder: string, name: string, dirs: readonly string[], readManifest: ReadText, walked: Map<string, Found | null>): Found | undefined {
  const from = (d: string): Found | null => {
    const key = `${folder}\u0000${d}`;
    const known = walked.get(key);
    if (known !== undefined) return known;
    const here = posix.basename(d) === 'node_modules' ? null : probe(folder, name, d, readManifest);
    const found = here ?? (d === '' ? null : from(dirOf(d)));
    walked.set(key, found);
    return found;
  };
  for (const d of dirs) {
    const found = from(d);
    if (found) return found.name === name ? found : { ...found, name };
  }
  return undefined;
}

/** Package `folder` in `<d>/node_modules`, when its manifest is there. */
function probe(folder: string, name: string, d: string, readManifest: ReadText): Found | null {
  const dir = d ? `${d}/node_modules/${folder}` : `node_modules/${folder}`;
  const text = readManifest(`${dir}/package.json`);
  const manifest = text === undefined ? undefined : parseJsonc(text);
  if (!manifest || typeof manifest !== 'object' || Array.isArray(manifest)) return null;
  const m = manifest as Record<string, unknown>;
  const key = `${dir}\u0000${folder}@${typeof m.version === 'string' ? m.version : ''}`;
  let files = cache.get(key);
  if (!files) {
    if (cache.size >= PACKAGE_TYPE_LIMITS.cachedPackages) cache.clear();
    cache.set(key, (files = new Map()));
  }
  return { name, dir, manifest: m, files };
}

/** The package as module resolution sees it: its name, folder and type entries. */
function packageOf(pkg: Found): LocalPackage {
  const m = pkg.manifest;
  const entries: string[] = [];
  for (const k of ['types', 'typings', 'module', 'main']) {
    const v = m[k];
    if (typeof v === 'string' && !entries.includes(clean(v))) entries.push(clean(v));
  }
  const out: LocalPackage = { name: pkg.name, dir: pkg.dir, entries, dependency: true };
  if (m.exports !== undefined && m.exports !== null) out.exports = m.exports;
  if (m.typesVersions && typeof m.typesVersions === 'object') out.typesVersions = m.typesVersions;
  return out;
}

/** Declaration files a package's subpath (`''`, `/sub`) may lead to, most likely first. */
function seeds(pkg: Found, sub: string): string[] {
  const out: string[] = [];
  const add = (rel: string): void => { const p = join(pkg.dir, rel); if (p !== undefined) for (const c of dtsCandidates(p)) if (!out.includes(c)) out.push(c); };
  const m = pkg.manifest;
  if (m.exports !== undefined && m.exports !== null) {
    const hit = exportsEntry(m.exports, `.${sub}`);
    if (hit && hit.value !== null) for (const t of conditionalTargets(hit.value, TYPE_CONDITIONS)) if (t.startsWith('./')) add(t.replaceAll('*', hit.captured));
    if (hit || sub) return out;
  }
  const mapped = typesVersionsTargets(m.typesVersions, sub ? sub.slice(1) : (typeof m.types === 'string' ? clean(m.types) : 'index'));
  for (const t of mapped ?? []) add(t);
  if (sub) { add(sub.slice(1)); return out; }
  for (const k of ['types', 'typings', 'module', 'main']) if (typeof m[k] === 'string') add(clean(m[k] as string));
  add('index');
  return out;
}

/** The declaration files a path written in an import may be (`x.js` → `x.d.ts`, `x` → `x.d.ts`, `x/index.d.ts`). */
function dtsCandidates(p: string): string[] {
  if (/\.d\.[cm]?ts$/.test(p) || /\.tsx?$/.test(p) || /\.[cm]ts$/.test(p)) return [p];
  const js = /\.([cm]?)jsx?$/.exec(p);
  if (js) return [`${p.slice(0, -js[0].length)}.d.${js[1]}ts`];
  return [`${p}.d.ts`, `${p}/index.d.ts`];
}

/** The facts of a declaration file (cached by package), or null when it is absent, too large or past the budget. */
function factsOf(pkg: Found, rel: string, request: DependencyTypesRequest, budget: { bytes: number }): FileFacts | null {
  const cached = pkg.files.get(rel);
  if (cached !== undefined) return cached;
  const text = request.readText(rel);
  if (text === undefined) { pkg.files.set(rel, null); return null; }
  if (text.length > PACKAGE_TYPE_LIMITS.bytesPerFile || budget.bytes + text.length > PACKAGE_TYPE_LIMITS.bytes) return null;
  budget.bytes += text.length;
  const facts = request.extract(rel, text) ?? null;
  pkg.files.set(rel, facts);
  return facts;
}

function isBare(spec: string): boolean {
  return !!spec && !spec.startsWith('.') && !spec.startsWith('/') && !spec.startsWith('#') && !spec.startsWith('node:') && !/^[a-z]+:/i.test(spec);
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
function packageName(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function dirOf(p: string): string {
  const d = posix.dirname(p);
  return d === '.' ? '' : d;
}

function clean(p: string): string { return p.replace(/^\.\//, ''); }
