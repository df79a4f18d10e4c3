/**
 * Python module resolution over a project's files, as `sys.path` would find them: the import roots are the
 * repository root, the folder of every `pyproject.toml`/`setup.cfg`/`setup.py`, the package folders those declare
 * (`package-dir = {"" = "pylib"}`, `packages.find.where`, poetry's `from`, hatch's wheel packages, setup.cfg's
 * `package_dir` and `[options.packages.find] where`, setup.py's `package_dir={"": "src"}`), a `src/` folder beside them (the src layout)
 * and the folders the tools' configurations add (pytest's `pythonpath`, pyright's `extraPaths`, mypy's `mypy_path`: tool-paths.ts).
 * A module is `a/b.py` (or `.pyi`), a package `a/__init__.py`, a namespace package a folder of Python files without
 * one. Relative imports count dots from the importing file's package; absolute imports search the importing file's
 * own roots and project first (rootsFor), then, for a name that is no standard library module, the importing file's
 * folder and each folder above it (besideFile).
 */
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { dictValue, listValue, readSetupCfg } from './setup-cfg.ts';
import { toolPaths, TOOL_CONFIG_NAMES } from './tool-paths.ts';
import { isStdlibModule } from './stdlib.ts';

const posix = path.posix;

/** Reads a repository file by its relative path (undefined when it is not there). */
export type ReadText = (relPath: string) => string | undefined;

/**
 * The settings read from the repository: import roots (relative folders, '' for the root), most specific first; the
 * folders holding a project file (`projects`: a root belongs to the deepest one holding it); the console scripts the
 * project declares (`name = "pkg.mod:func"`), which start flows.
 */
export interface PySettings { roots: string[]; projects?: string[]; scripts?: Array<{ name: string; target: string }> }

/** A module: its file (a `.py`, or a package's `__init__.py`) and, for a package, its folder. */
export interface PyModule {
  /** Dotted name relative to its root (`a.b`). */
  name: string;
  file?: string;
  /** A package's folder (also a namespace package's, which has no file). */
  dir?: string;
}

/** Reads the import roots from the project files (pyproject.toml, setup.cfg, setup.py), the tools' configurations and the src layout. */
export function loadPythonSettings(filePaths: readonly string[], readText: ReadText): PySettings {
  const roots = new Set<string>(['']);
  const scripts: Array<{ name: string; target: string }> = [];
  const projects = new Set<string>();
  const dirs = new Set<string>();
  for (const p of filePaths) dirs.add(posix.dirname(p));
  const add = (base: string, rel: string): void => {
    const r = posix.normalize(posix.join(base === '.' ? '' : base, rel.replace(/\\/g, '/'))).replace(/^\.\/?$/, '').replace(/\/$/, '');
    if (!r.startsWith('..')) roots.add(r === '.' ? '' : r);
  };
  for (const p of filePaths) {
    const base = posix.dirname(p);
    const name = posix.basename(p);
    const tool = TOOL_CONFIG_NAMES.includes(name);
    if (name !== 'pyproject.toml' && name !== 'setup.cfg' && name !== 'setup.py' && !tool) continue;
    const text = readText(p);
    if (name !== 'setup.py' && text !== undefined) for (const r of toolPaths(name, text)) add(base, r);
    if (tool) continue;
    add(base, '');
    projects.add(base === '.' ? '' : base);
    if (text === undefined) continue;
    if (name === 'pyproject.toml') {
      for (const r of pyprojectRoots(text)) add(base, r);
      scripts.push(...pyprojectScripts(text));
    } else if (name === 'setup.cfg') {
      const cfg = setupCfg(text);
      for (const r of cfg.roots) add(base, r);
      scripts.push(...cfg.scripts);
    } else {
      for (const r of setupPyRoots(text)) add(base, r);
      const m = /['"]console_scripts['"]\s*:\s*\[([^\]]*)\]/.exec(text);
      if (m) scripts.push(...entryPointLines([...m[1].matchAll(/['"]([^'"]+)['"]/g)].map((x) => x[1])));
    }
  }
  // the src layout: `src/` holding Python packages, beside the repository root or a project file
  for (const r of [...roots]) {
    const src = r ? `${r}/src` : 'src';
    if ([...dirs].some((d) => d === src || d.startsWith(`${src}/`))) roots.add(src);
  }
  // the longest (most specific) root first: a file under `src/` is named from there
  const out: PySettings = { roots: [...roots].sort((a, b) => b.length - a.length || (a < b ? -1 : 1)) };
  if (projects.size) out.projects = [...projects].sort();
  if (scripts.length) out.scripts = scripts;
  return out;
}

/** `[project.scripts]`, `[project.gui-scripts]` and poetry's `[tool.poetry.scripts]`: name → `module:function`. */
function pyprojectScripts(text: string): Array<{ name: string; target: string }> {
  let doc: Record<string, unknown>;
  try { doc = parseToml(text) as Record<string, unknown>; } catch { return []; }
  const out: Array<{ name: string; target: string }> = [];
  const project = obj(doc.project);
  for (const table of [obj(project?.scripts), obj(project?.['gui-scripts']), obj(obj(obj(doc.tool)?.poetry)?.scripts)]) {
    for (const [name, v] of Object.entries(table ?? {})) {
      const target = typeof v === 'string' ? v : typeof obj(v)?.reference === 'string' ? obj(v)!.reference as string : undefined;
      if (target && target.includes(':')) out.push({ name, target: target.split('[')[0].trim() });
    }
  }
  return out;
}

/** `name = module:function` lines of an entry-points value. */
function entryPointLines(lines: readonly string[]): Array<{ name: string; target: string }> {
  const out: Array<{ name: string; target: string }> = [];
  for (const l of lines) {
    const m = /^\s*([^=\s]+)\s*=\s*([\w.]+\s*:\s*[\w.]+)/.exec(l);
    if (m) out.push({ name: m[1], target: m[2].replace(/\s+/g, '') });
  }
  return out;
}

/** Package folders pyproject.toml declares (setuptools, poetry, hatch, pdm, flit's default is the root). */
function pyprojectRoots(text: string): string[] {
  let doc: Record<string, unknown>;
  try { doc = parseToml(text) as Record<string, unknown>; } catch { return []; }
  const out: string[] = [];
  const tool = obj(doc.tool);
  const st = obj(tool?.setuptools);
  const pd = obj(st?.['package-dir']);
  if (pd && typeof pd[''] === 'string') out.push(pd['']);
  const find = obj(obj(st?.packages)?.find);
  for (const w of arr(find?.where)) if (typeof w === 'string') out.push(w);
  for (const p of arr(obj(tool?.poetry)?.packages)) { const from = obj(p)?.from; if (typeof from === 'string') out.push(from); }
  const wheel = obj(obj(obj(obj(tool?.hatch)?.build)?.targets)?.wheel);
  for (const p of arr(wheel?.packages)) if (typeof p === 'string' && p.includes('/')) out.push(posix.dirname(p));
  const pdm = obj(obj(tool?.pdm)?.build);
  if (typeof pdm?.['package-dir'] === 'string') out.push(pdm['package-dir']);
  return out;
}

/**
 * What a setup.cfg declares: the package root folders (`[options] package_dir` entry without a name, `= src`, and
 * `[options.packages.find] where`) and the console scripts (`[options.entry_points] console_scripts`).
 */
function setupCfg(text: string): { roots: string[]; scripts: Array<{ name: string; target: string }> } {
  const { sections } = readSetupCfg(text);
  const roots: string[] = [];
  for (const [k, v] of dictValue(sections.get('options')?.get('package_dir'))) if (k === '' && v) roots.push(v);
  const where = sections.get('options.packages.find')?.get('where');
  if (where) roots.push(where);
  return { roots, scripts: entryPointLines(listValue(sections.get('options.entry_points')?.get('console_scripts'))) };
}

/** `package_dir={"": "src"}` (or `{'': 'lib'}`) in a setup.py call. */
function setupPyRoots(text: string): string[] {
  const m = /package_dir\s*=\s*\{\s*(['"])\1\s*:\s*(['"])([^'"]+)\2/.exec(text);
  return m ? [m[3]] : [];
}

function obj(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}
function arr(v: unknown): unknown[] { return Array.isArray(v) ? v : []; }

/** A module found beside an importing file (besideFile), and the folder that holds it. */
interface Beside { module: PyModule; dir: string }

/** Module lookup over the project's Python files. */
export class PyModules {
  private readonly files: ReadonlySet<string>;
  /** Folders holding Python files (directly or below): packages and namespace packages. */
  private readonly dirs = new Set<string>();
  private readonly memo = new Map<string, PyModule | null>();
  /** besideFile's answers, by folder and dotted name. */
  private readonly besideMemo = new Map<string, Beside | null>();
  /** The roots in the order a folder's files search them (rootsFor), by folder. */
  private readonly orders = new Map<string, { key: number; roots: readonly string[] }>();
  private readonly orderKeys = new Map<string, number>();

  constructor(files: Iterable<string>, private readonly settings: PySettings) {
    const py = new Set<string>();
    for (const f of files) if (f.endsWith('.py') || f.endsWith('.pyi')) py.add(f);
    this.files = py;
    for (const f of py) for (let d = posix.dirname(f); d !== '.' && d !== '' && !this.dirs.has(d); d = posix.dirname(d)) this.dirs.add(d);
  }

  /** The root a file's module name starts from (the most specific import root containing it). */
  rootOf(file: string): string {
    for (const r of this.settings.roots) if (r === '' || file.startsWith(`${r}/`)) return r;
    return '';
  }

  /** A file's dotted module name (`pkg/__init__.py` → `pkg`, `pkg/a.py` → `pkg.a`). */
  moduleName(file: string): string {
    const root = this.rootOf(file);
    let rel = root ? file.slice(root.length + 1) : file;
    rel = rel.replace(/\.pyi?$/, '');
    if (rel === '__init__' ) return '';
    if (rel.endsWith('/__init__')) rel = rel.slice(0, -'/__init__'.length);
    return rel.split('/').join('.');
  }

  /** The module a file is (its own file; a package `__init__.py` also has its folder). */
  moduleOfFile(file: string): PyModule {
    const name = this.moduleName(file);
    const base = posix.basename(file);
    return base === '__init__.py' || base === '__init__.pyi' ? { name, file, dir: posix.dirname(file) === '.' ? '' : posix.dirname(file) } : { name, file };
  }

  /**
   * The module `source` (as written in an import: `a.b`, `.`, `..pkg.m`) names from file `from`, or undefined when no
   * project file or folder is that module (an outside package, or a missing one).
   */
  resolve(from: string, source: string): PyModule | undefined {
    const dots = /^\.*/.exec(source)![0].length;
    const rest = source.slice(dots);
    if (dots > 0) {
      // the importing file's package, then one folder up per further dot
      let dir = posix.dirname(from);
      if (dir === '.') dir = '';
      for (let k = 1; k < dots; k++) { if (dir === '') return undefined; dir = posix.dirname(dir); if (dir === '.') dir = ''; }
      return rest ? this.inDir(dir, rest.split('.')) : this.packageAt(dir);
    }
    return this.inRoots(from, rest) ?? this.besideFile(from, rest)?.module;
  }

  /** True when absolute module `source` is no root's but found beside file `from` (besideFile). */
  foundBeside(from: string, source: string): boolean {
    return !source.startsWith('.') && !this.inRoots(from, source) && this.besideFile(from, source) !== undefined;
  }

  /**
   * The module `import a.b.c` binds as `a`: the roots' `a`, else, beside the file, the `a` of the folder that holds
   * the whole of `a.b.c` (a folder holding only an `a` is some other `a`: a project package named like the installed
   * one it wraps, `gis/geoip2/` beside `gis/geoip2/base.py`'s `import geoip2.database`).
   */
  resolveHead(from: string, source: string): PyModule | undefined {
    const head = source.split('.')[0];
    if (!head || head === source) return this.resolve(from, source);
    const rooted = this.inRoots(from, head);
    if (rooted) return rooted;
    const found = this.besideFile(from, source);
    return found && this.inDir(found.dir, [head]);
  }

  /** The absolute module `rest` in the roots file `from` searches (rootsFor), memoised by their order. */
  private inRoots(from: string, rest: string): PyModule | undefined {
    const order = this.rootsFor(from);
    const key = `${order.key}:${rest}`;
    const hit = this.memo.get(key);
    if (hit !== undefined) return hit ?? undefined;
    let out: PyModule | undefined;
    for (const r of order.roots) {
      out = this.inDir(r, rest.split('.'));
      if (out) break;
    }
    this.memo.set(key, out ?? null);
    return out;
  }

  /**
   * An absolute import no root holds, looked for in the importing file's folder, then in each folder above it below
   * the repository root (the module, and the folder it was found in). A script's own folder is the first entry of
   * `sys.path` when it runs (`python tools/run.py` imports `tools/helpers.py` as `helpers`), pytest puts a rootless
   * test's folder there, and type checkers resolve such an import this way once the roots, the standard library and
   * the installed packages do not hold it. A file of a regular package (its folder holds an `__init__.py`) runs as part
   * of the package, whose folder is on no `sys.path`: its absolute imports are the roots' or installed packages'
   * (uvicorn's `protocols/websockets/websockets_impl.py`'s `import websockets` is the installed package, not the
   * project's `protocols/websockets/` above it), as a checker finds them once the package is installed. A standard library name is left to the standard library (`import json` beside
   * a `json.py`), as a checker reads it. A module that imports its own name (`backends/trio.py`'s `import trio`, a
   * package's `__init__.py` importing the package's name) means the installed package it wraps, which the project
   * does not hold, never itself.
   */
  private besideFile(from: string, rest: string): Beside | undefined {
    const head = rest.split('.')[0];
    if (!head || isStdlibModule(head)) return undefined;
    const dir = posix.dirname(from);
    if (this.isRegularPackage(dir)) return undefined;
    const found = this.besideFolder(dir, rest);
    return found && found.module.file === from ? undefined : found;
  }

  /** The module `rest` names in folder `dir` or the nearest folder above it (below the repository root). */
  private besideFolder(dir: string, rest: string): Beside | undefined {
    if (dir === '.' || dir === '') return undefined;
    const key = `${dir}\0${rest}`;
    const hit = this.besideMemo.get(key);
    if (hit !== undefined) return hit ?? undefined;
    const module = this.inDir(dir, rest.split('.'));
    const out = module ? { module, dir } : this.besideFolder(posix.dirname(dir), rest);
    this.besideMemo.set(key, out ?? null);
    return out;
  }

  /**
   * The roots an absolute import in `file` searches, in order: those holding the file (most specific first), then the
   * other roots of the file's own project (the deepest project folder holding it), then the rest. A project nested in
   * another (a test project under `tests/packages/x/` with its own pyproject.toml) is not on the path the outer
   * project's code runs with, so its modules never shadow the outer project's packages of the same name.
   */
  private rootsFor(file: string): { key: number; roots: readonly string[] } {
    const dir = posix.dirname(file);
    let hit = this.orders.get(dir);
    if (hit) return hit;
    const under = (p: string, d: string): boolean => d === '' || p === d || p.startsWith(`${d}/`);
    const projects = this.settings.projects ?? [];
    const projectOf = (p: string): string => projects.filter((d) => under(p, d)).reduce((a, b) => (b.length > a.length ? b : a), '');
    const own = projectOf(dir === '.' ? '' : dir);
    const tier = (r: string): number => (under(file, r) ? 0 : projectOf(r) === own ? 1 : 2);
    // roots are most specific first already; a stable sort by tier keeps that order within a tier
    const roots = [...this.settings.roots].sort((a, b) => tier(a) - tier(b));
    const id = roots.join('\n');
    let key = this.orderKeys.get(id);
    if (key === undefined) { key = this.orderKeys.size; this.orderKeys.set(id, key); }
    hit = { key, roots };
    this.orders.set(dir, hit);
    return hit;
  }

  /** The submodule `name` of a package (`pkg` + `x` → `pkg/x.py` or `pkg/x/`), if the project has it. */
  submodule(pkg: PyModule, name: string): PyModule | undefined {
    if (pkg.dir === undefined) return undefined;
    const m = this.inDir(pkg.dir, [name]);
    if (m) m.name = pkg.name ? `${pkg.name}.${name}` : name;
    return m;
  }

  private inDir(dir: string, parts: string[]): PyModule | undefined {
    let d = dir;
    for (let k = 0; k < parts.length; k++) {
      const p = parts[k];
      const base = d ? `${d}/${p}` : p;
      if (k === parts.length - 1) {
        for (const ext of ['.py', '.pyi']) if (this.files.has(base + ext)) return { name: parts.join('.'), file: base + ext };
        const pkg = this.packageAt(base);
        if (pkg) return { ...pkg, name: parts.join('.') };
        return undefined;
      }
      if (!this.dirs.has(base)) return undefined;
      d = base;
    }
    return undefined;
  }

  /** True when folder `dir` is a regular package (it holds an `__init__.py` or `__init__.pyi`). */
  private isRegularPackage(dir: string): boolean {
    return dir !== '' && dir !== '.' && (this.files.has(`${dir}/__init__.py`) || this.files.has(`${dir}/__init__.pyi`));
  }

  /** The package whose folder is `dir` (its `__init__.py`, or a namespace package), if it holds Python files. */
  private packageAt(dir: string): PyModule | undefined {
    const init = ['__init__.py', '__init__.pyi'].map((n) => (dir ? `${dir}/${n}` : n)).find((f) => this.files.has(f));
    if (init) return { name: '', file: init, dir };
    if (dir === '' || this.dirs.has(dir)) return { name: '', dir };
    return undefined;
  }
}
