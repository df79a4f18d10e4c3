/**
 * Import roots a script adds at run time: `sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'lib'))`,
 * `sys.path.append('pylib')`, `site.addsitedir(…)`, with the path evaluated where it is written: string literals,
 * `__file__` and `sys.argv[0]` (the script itself), `os.path.join`/`dirname`/`abspath`/`realpath`/`normpath`,
 * `os.getcwd()`, pathlib's `Path(…)`, `.parent`, `.parents[n]`, `.resolve()`, `.absolute()`, `.joinpath(…)` and `/`,
 * `str(…)`/`os.fspath(…)`, and names assigned one of those before. Anything else (an environment variable, a
 * function's result) is no path. A path made from `__file__` is relative to the repository; a path from a literal
 * or `os.getcwd()` is relative to the directory the script runs in (the resolver tries the repository root, then the
 * script's folder).
 */
import path from 'node:path';
import type { PyFacts } from './facts.ts';
import type { PySettings } from './modules.ts';

const posix = path.posix;

/** A path a script computes: repository-relative (from `__file__`) or relative to the working directory. */
export interface PathValue { base: 'repo' | 'cwd'; path: string }

/** What the evaluator reads of the collector's tree: node types, texts and children, and names through imports. */
export interface PathTree {
  type(i: number): string;
  txt(i: number): string;
  child(i: number, field: string): number;
  namedKids(i: number): number[];
  /** A string literal's text (undefined for an f-string or a concatenation). */
  stringText(i: number): string | undefined;
  /** The dotted name of an expression as the file's imports make it (`osp.join` → `os.path.join`), if it is one. */
  canonical(i: number): string | undefined;
}

/** The calls that add a root, and which of their arguments is the path. */
export const SYS_PATH_CALLS: ReadonlyMap<string, number> = new Map([['sys.path.insert', 1], ['sys.path.append', 0], ['site.addsitedir', 0]]);

const SAME = new Set(['os.path.abspath', 'os.path.realpath', 'os.path.normpath', 'os.fspath', 'str', 'posixpath.abspath', 'posixpath.realpath', 'posixpath.normpath']);
const JOIN = new Set(['os.path.join', 'posixpath.join', 'pathlib.Path', 'pathlib.PurePath', 'pathlib.PosixPath']);
const DIRNAME = new Set(['os.path.dirname', 'posixpath.dirname']);
const CWD = new Set(['os.getcwd', 'pathlib.Path.cwd']);

/** The path expression `i` evaluates to, or undefined when it is no path this can know. */
export function pathValue(i: number, t: PathTree, file: string, vars: ReadonlyMap<string, PathValue>, depth = 0): PathValue | undefined {
  if (i < 0 || depth > 16) return undefined;
  const at = (j: number): PathValue | undefined => pathValue(j, t, file, vars, depth + 1);
  switch (t.type(i)) {
    case 'string': {
      const s = t.stringText(i);
      if (s === undefined || s.startsWith('/') || s.startsWith('~') || /^[A-Za-z]:[\\/]/.test(s)) return undefined;
      return { base: 'cwd', path: s.replace(/\\/g, '/') };
    }
    case 'identifier': {
      const name = t.txt(i);
      return name === '__file__' ? { base: 'repo', path: file } : vars.get(name);
    }
    case 'parenthesized_expression': return at(t.namedKids(i)[0] ?? -1);
    case 'subscript': {
      const value = t.child(i, 'value');
      const index = t.child(i, 'subscript');
      const n = index >= 0 && t.type(index) === 'integer' ? Number(t.txt(index)) : NaN;
      if (t.canonical(value) === 'sys.argv' && n === 0) return { base: 'repo', path: file };
      // `p.parents[n]`: n + 1 folders up
      if (value >= 0 && t.type(value) === 'attribute' && t.txt(t.child(value, 'attribute')) === 'parents' && Number.isInteger(n)) {
        let v = at(t.child(value, 'object'));
        for (let k = 0; v && k <= n; k++) v = dirname(v);
        return v;
      }
      return undefined;
    }
    case 'attribute': {
      if (t.txt(t.child(i, 'attribute')) !== 'parent') return undefined;
      const v = at(t.child(i, 'object'));
      return v && dirname(v);
    }
    case 'binary_operator': {
      if (t.txt(t.child(i, 'operator')) !== '/') return undefined;
      return join([at(t.child(i, 'left')), at(t.child(i, 'right'))]);
    }
    case 'call': {
      const fn = t.child(i, 'function');
      const argsNode = t.child(i, 'arguments');
      const args = argsNode >= 0 && t.type(argsNode) === 'argument_list' ? t.namedKids(argsNode).filter((a) => t.type(a) !== 'keyword_argument') : [];
      const name = t.canonical(fn);
      if (name !== undefined) {
        if (CWD.has(name)) return args.length === 0 ? { base: 'cwd', path: '' } : undefined;
        if (SAME.has(name)) return args.length === 1 ? at(args[0]) : undefined;
        if (DIRNAME.has(name)) { const v = args.length === 1 ? at(args[0]) : undefined; return v && dirname(v); }
        if (JOIN.has(name)) return args.length ? join(args.map(at)) : undefined;
      }
      // methods of a path: `p.resolve()`, `p.absolute()`, `p.joinpath('a', 'b')`
      if (fn >= 0 && t.type(fn) === 'attribute') {
        const method = t.txt(t.child(fn, 'attribute'));
        const self = t.child(fn, 'object');
        if ((method === 'resolve' || method === 'absolute') && args.length === 0) return at(self);
        if (method === 'joinpath') return join([at(self), ...args.map(at)]);
      }
      return undefined;
    }
    default: return undefined;
  }
}

function dirname(v: PathValue): PathValue {
  const d = posix.dirname(v.path);
  return { base: v.base, path: d === '.' ? '' : d };
}

/** `os.path.join` of known parts: the first one's base, the others relative pieces (a second `__file__` is no path). */
function join(parts: Array<PathValue | undefined>): PathValue | undefined {
  const [first, ...rest] = parts;
  if (!first || rest.some((p) => !p || p.base !== 'cwd')) return undefined;
  return { base: first.base, path: posix.join(first.path, ...rest.map((p) => p!.path)) };
}

/**
 * The repository folder a run-time root names, given the folders holding Python files (`''` for the root): a
 * repository-relative path as it is, a working-directory one from the repository root, else from the script's
 * folder; undefined when it leaves the repository or names no such folder.
 */
export function rootFolder(v: { path: string; cwd?: boolean }, file: string, hasFolder: (dir: string) => boolean): string | undefined {
  const scriptDir = posix.dirname(file) === '.' ? '' : posix.dirname(file);
  const bases = v.cwd ? ['', scriptDir] : [''];
  for (const b of bases) {
    const n = posix.normalize(posix.join(b || '.', v.path || '.'));
    const dir = n === '.' ? '' : n.replace(/\/$/, '');
    if (dir === '..' || dir.startsWith('../')) continue;
    if (hasFolder(dir)) return dir;
  }
  return undefined;
}

/**
 * The settings with the import roots scripts add at run time (`sys.path.insert`, facts' `sysPath`): a script's
 * `sys.path` change holds for every module the process imports after it, so each root is the repository's, beside
 * the declared ones, most specific first. Roots outside the repository or naming no folder of Python files are left
 * out.
 */
export function withRuntimeRoots(settings: PySettings, files: ReadonlyArray<{ path: string; py: PyFacts }>, paths: readonly string[]): PySettings {
  const added = new Set<string>();
  let dirs: Set<string> | undefined;
  for (const f of files) {
    for (const p of f.py.sysPath ?? []) {
      if (!dirs) {
        dirs = new Set(['']);
        for (const q of paths) for (let d = q.lastIndexOf('/'); d > 0; d = q.lastIndexOf('/', d - 1)) dirs.add(q.slice(0, d));
      }
      const dir = rootFolder(p, f.path, (d) => dirs!.has(d));
      if (dir !== undefined && !settings.roots.includes(dir)) added.add(dir);
    }
  }
  if (!added.size) return settings;
  return { ...settings, roots: [...settings.roots, ...added].sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0)) };
}
