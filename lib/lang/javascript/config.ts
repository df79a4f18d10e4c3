/**
 * Module-resolution settings of a repository, read once per analyze: tsconfig/jsconfig `baseUrl` and `paths`
 * (following `extends`), and the packages that live inside the repository (workspaces, or any package.json
 * with a name) with their entry points. Plain JSON, so the pipeline can store or compare it.
 */
import path from 'node:path';
import { join, parseJsonc } from './json.ts';
import { workspaceMembers } from './workspaces.ts';

export { join, parseJsonc };

export interface TsConfigFacts {
  /** Folder of the tsconfig/jsconfig file ('' = repository root). */
  dir: string;
  /** Resolved baseUrl, relative to the repository root. */
  baseUrl?: string;
  /** `paths` patterns with targets already made relative to the repository root. */
  paths?: Array<[pattern: string, targets: string[]]>;
  /** `customConditions`: package.json `exports`/`imports` conditions matched besides the standard ones. */
  conditions?: string[];
  /**
   * `noImplicitThis` is off (set false, or neither it nor `strict` set; every config `extends` names was read): the
   * checker types `this` in a TypeScript function outside a class (an object literal's method) as `any` there.
   */
  looseThis?: true;
  /**
   * `noImplicitAny` is off (set false, or neither it nor `strict` set; every config `extends` names was read): an array
   * declared `[]` in a TypeScript file is the checker's `any[]`, not an array evolving with what is pushed.
   */
  looseAny?: true;
}

/**
 * Where a tsconfig's build writes its output (`outDir`, `declarationDir`) and the source folder it mirrors
 * (`rootDir`, else the one folder `include` names, else the config's folder), relative to the repository root:
 * TypeScript's project references lead an import of a sibling package's output to its source this way.
 */
export interface OutputMapping { out: string; root: string }

export interface LocalPackage {
  name: string;
  /** Folder of its package.json, relative to the repository root. */
  dir: string;
  /** Entry files of the fields before `exports` (relative to `dir`), in preference order: source/types/typings/module/main. */
  entries: string[];
  /** The `exports` field as written (resolved per importing file: its tsconfig's conditions). */
  exports?: unknown;
  /** The `typesVersions` field as written (applies where there is no `exports`). */
  typesVersions?: unknown;
  /** A workspace member (package.json workspaces, pnpm-workspace.yaml, tsconfig references): it wins a shared name. */
  workspace?: true;
  /** An installed dependency whose type declarations were read (lib/lang/typescript/package-types.ts), not project code. */
  dependency?: true;
}

/**
 * A package.json `imports` field (Node's subpath imports, `#name` specifiers), which applies to the files of its
 * folder that no nearer package.json claims. The value of each key is kept as written (conditions are matched per
 * importing file); targets starting with `./` are relative to `dir`, others are package names (`"#ext": "left-pad"`).
 */
export interface PackageImports {
  /** Folder of the package.json, relative to the repository root. */
  dir: string;
  /** `[pattern, value]` in the file's order: a pattern has at most one `*`, which its targets repeat. */
  map: Array<[pattern: string, value: unknown]>;
}

/** ECMAScript module-resolution settings of a repository: tsconfig baseUrl/paths, workspace packages, … */
export interface EcmaConfig {
  tsconfigs?: TsConfigFacts[];
  packages?: LocalPackage[];
  /** Every package.json folder (named or not) with its `imports`, when it has any; for `#` specifiers. */
  scopes?: PackageImports[];
  /** Output folders of tsconfigs (outDir → rootDir), longest first: a sibling's build output read as its source. */
  outputs?: OutputMapping[];
  /**
   * Set once the installed dependencies' declarations were looked for (lib/lang/typescript/package-types.ts): an
   * external package is then one without declarations, and a Node built-in one is too unless `@types/node` was found.
   */
  dependenciesRead?: { nodeTypes: boolean };
  [key: string]: unknown;
}

const posix = path.posix;

/** Reads tsconfig/jsconfig and package.json files through `readText` (relative paths). */
export function loadEcmaConfig(filePaths: readonly string[], readText: (relPath: string) => string | undefined): EcmaConfig {
  const dirs = new Set<string>(['']);
  for (const f of filePaths) {
    if (f.startsWith('node_modules/') || f.includes('/node_modules/')) continue;
    let d = posix.dirname(f);
    while (d !== '.' && d !== '' && !dirs.has(d)) { dirs.add(d); d = posix.dirname(d); }
  }
  // When the listing includes configuration files (the walker lists every file), read only those listed;
  // otherwise probe each folder. Files reached through `extends` are always read.
  const listed = new Set(filePaths.filter(isConfigName));
  const probe = (rel: string): string | undefined => (listed.size && !listed.has(rel) ? undefined : readText(rel));
  const read = readText;
  const tsconfigs: TsConfigFacts[] = [];
  const packages: LocalPackage[] = [];
  const scopes: PackageImports[] = [];
  const outputs: OutputMapping[] = [];
  for (const dir of [...dirs].sort()) {
    for (const name of ['tsconfig.json', 'jsconfig.json']) {
      const rel = dir ? `${dir}/${name}` : name;
      if (listed.size && !listed.has(rel)) continue;
      const opts = readCompilerOptions(rel, read, 0);
      if (!opts) continue;
      const t: TsConfigFacts = { dir };
      if (opts.baseUrl !== undefined) t.baseUrl = opts.baseUrl;
      if (opts.paths) t.paths = opts.paths;
      if (opts.conditions?.length) t.conditions = opts.conditions;
      if (opts.options && !opts.unread && (opts.noImplicitThis === false || (opts.noImplicitThis === undefined && opts.strict !== true))) t.looseThis = true;
      if (opts.options && !opts.unread && (opts.noImplicitAny === false || (opts.noImplicitAny === undefined && opts.strict !== true))) t.looseAny = true;
      tsconfigs.push(t);
      break;
    }
    // every tsconfig of the folder that builds somewhere (tsconfig.build.json, tsconfig.lib.json, …)
    for (const rel of listed.size ? [...listed].filter((l) => posix.dirname(l) === (dir || '.') && /(^|\/)tsconfig[^/]*\.json$/.test(l)).sort() : []) {
      const opts = readCompilerOptions(rel, read, 0);
      for (const out of [opts?.outDir, opts?.declarationDir]) {
        if (out === undefined || out === dir || outputs.some((o) => o.out === out)) continue;
        outputs.push({ out, root: opts!.rootDir ?? opts!.includeRoot ?? dir });
      }
    }
    const pkgRel = dir ? `${dir}/package.json` : 'package.json';
    const pkgText = probe(pkgRel);
    if (pkgText !== undefined) {
      const pkg = parseJsonc(pkgText) as Record<string, unknown> | undefined;
      if (pkg && typeof pkg.name === 'string') packages.push(packageFacts(pkg, dir));
      // every package.json is a scope: a nearer one without `imports` hides a farther one's (as in Node)
      if (pkg && typeof pkg === 'object') scopes.push({ dir, map: importsMap(pkg.imports) });
    }
  }
  const member = workspaceMembers(probe, [...listed].filter((l) => /(^|\/)tsconfig[^/]*\.json$/.test(l)).sort());
  if (member) for (const p of packages) if (member(p.dir)) p.workspace = true;
  const out: EcmaConfig = { tsconfigs, packages };
  if (scopes.some((s) => s.map.length)) out.scopes = scopes;
  if (outputs.length) out.outputs = outputs.sort((a, b) => b.out.length - a.out.length || (a.out < b.out ? -1 : 1));
  return out;
}

function isConfigName(rel: string): boolean {
  return /(^|\/)(tsconfig|jsconfig)[^/]*\.json$|(^|\/)package\.json$|^pnpm-workspace\.yaml$/.test(rel);
}

interface Options {
  baseUrl?: string;
  paths?: Array<[string, string[]]>;
  conditions?: string[];
  outDir?: string;
  declarationDir?: string;
  rootDir?: string;
  /** The one folder every `include` entry lies under (`["src"]`, `["src/**\/*"]`): the source root without rootDir. */
  includeRoot?: string;
  strict?: boolean;
  noImplicitThis?: boolean;
  noImplicitAny?: boolean;
  /**
   * The options in force are not all known: a config `extends` names was not found (a package's preset not installed),
   * or the config is solution-style (its files are its references').
   */
  unread?: true;
  /** Some config of the chain has `compilerOptions`. */
  options?: true;
}

/** compilerOptions of a config file with `extends` applied; paths relative to the repository root. */
function readCompilerOptions(rel: string, read: (rel: string) => string | undefined, depth: number): Options | undefined {
  if (depth > 8) return undefined;
  const text = read(rel);
  if (text === undefined) return undefined;
  const json = parseJsonc(text) as { extends?: string | string[]; compilerOptions?: Record<string, unknown> } | undefined;
  if (!json || typeof json !== 'object') return {};
  const dir = posix.dirname(rel) === '.' ? '' : posix.dirname(rel);
  let out: Options = {};
  const bases = typeof json.extends === 'string' ? [json.extends] : Array.isArray(json.extends) ? json.extends : [];
  for (const ext of bases) {
    if (typeof ext !== 'string') continue;
    const candidates = ext.startsWith('.') || ext.startsWith('/')
      ? [join(dir, ext), join(dir, `${ext}.json`)]
      : [join(dir, `node_modules/${ext}`), join(dir, `node_modules/${ext}.json`), join(dir, `node_modules/${ext}/tsconfig.json`)];
    let found = false;
    for (const c of candidates) {
      if (c === undefined || !c.endsWith('.json')) continue;
      const base = readCompilerOptions(c, read, depth + 1);
      if (base) { out = { ...out, ...base }; found = true; break; }
    }
    if (!found) out.unread = true;
  }
  const co = json.compilerOptions ?? {};
  for (const k of ['strict', 'noImplicitThis', 'noImplicitAny'] as const) if (typeof co[k] === 'boolean') out[k] = co[k] as boolean;
  if (json.compilerOptions && typeof json.compilerOptions === 'object') out.options = true;
  // (a solution-style config, `"files": []` and `references`, compiles nothing itself: the referenced ones' options
  // are in force for the files, see below)
  const files = (json as { files?: unknown }).files;
  if (Array.isArray(files) && files.length === 0) out.unread = true;
  if (Array.isArray(co.customConditions)) out.conditions = co.customConditions.filter((c): c is string => typeof c === 'string');
  for (const k of ['outDir', 'declarationDir', 'rootDir'] as const) {
    if (typeof co[k] === 'string') { const p = join(dir, co[k] as string); if (p !== undefined) out[k] = p; }
  }
  const include = (json as { include?: unknown }).include;
  if (Array.isArray(include) && include.length) {
    const roots = new Set(include.map((i) => (typeof i === 'string' ? join(dir, i.replace(/\/?\*.*$/, '').replace(/\/[^/]*\.[^/]*$/, '')) : undefined)));
    if (roots.size === 1) { const r = [...roots][0]; if (r !== undefined) out.includeRoot = r; }
  }
  let baseUrl = out.baseUrl;
  if (typeof co.baseUrl === 'string') baseUrl = join(dir, co.baseUrl) ?? baseUrl;
  if (baseUrl !== undefined) out.baseUrl = baseUrl;
  if (co.paths && typeof co.paths === 'object') {
    const root = typeof co.baseUrl === 'string' ? baseUrl ?? dir : dir;
    const paths: Array<[string, string[]]> = [];
    for (const [pattern, targets] of Object.entries(co.paths as Record<string, unknown>)) {
      if (!Array.isArray(targets)) continue;
      paths.push([pattern, targets.filter((t): t is string => typeof t === 'string').map((t) => join(root, t)).filter((t): t is string => t !== undefined)]);
    }
    out.paths = paths;
  }
  if (out.paths === undefined && out.baseUrl === undefined && Array.isArray((json as { references?: unknown }).references)) {
    // A solution-style config (`"files": []` plus `references`, as Vite's templates write) keeps its aliases in
    // the configs it references beside it (tsconfig.app.json); the first of those with paths or baseUrl stands
    // for the folder. A reference to another folder is that folder's own tsconfig, found by the folder walk.
    for (const ref of (json as { references: unknown[] }).references) {
      const p = ref && typeof ref === 'object' ? (ref as { path?: unknown }).path : undefined;
      if (typeof p !== 'string' || !p.endsWith('.json')) continue;
      const target = join(dir, p);
      if (target === undefined || target === rel || posix.dirname(target) !== posix.dirname(rel)) continue;
      const referenced = readCompilerOptions(target, read, depth + 1);
      if (referenced && (referenced.paths || referenced.baseUrl !== undefined)) return { ...out, ...referenced };
    }
  }
  return out;
}

function packageFacts(pkg: Record<string, unknown>, dir: string): LocalPackage {
  const entries: string[] = [];
  for (const k of ['source', 'types', 'typings', 'module', 'main']) {
    const v = pkg[k];
    if (typeof v === 'string' && !entries.includes(clean(v))) entries.push(clean(v));
  }
  const out: LocalPackage = { name: pkg.name as string, dir, entries };
  if (pkg.exports !== undefined && pkg.exports !== null) out.exports = pkg.exports;
  if (pkg.typesVersions && typeof pkg.typesVersions === 'object') out.typesVersions = pkg.typesVersions;
  return out;
}

/** A package.json `imports` value as `[pattern, value]` pairs (keys that do not start with `#` are ignored, as Node does). */
function importsMap(imports: unknown): PackageImports['map'] {
  const map: PackageImports['map'] = [];
  if (!imports || typeof imports !== 'object' || Array.isArray(imports)) return map;
  for (const [k, v] of Object.entries(imports as Record<string, unknown>)) {
    if (!k.startsWith('#') || k.indexOf('*') !== k.lastIndexOf('*') || v === null || v === undefined) continue;
    map.push([k, v]);
  }
  return map;
}

function clean(p: string): string { return p.replace(/^\.\//, ''); }
