/**
 * Import roots the Python tools' own configurations add, relative to the folder of the file that declares them:
 * pytest's `pythonpath` (put first on `sys.path` while tests run), pyright's and basedpyright's `extraPaths` (also
 * those of its `executionEnvironments`, applied to the whole repository here) and mypy's `mypy_path`. A checker or a
 * test run resolves an import through them, so a project that relies on one (`pythonpath = ["tests/support"]`) has
 * its helpers found where neither the package roots nor the importing file's folder hold them.
 */
import { parse as parseToml } from 'smol-toml';
import { parseJsonc } from '../jsonc.ts';
import { readSetupCfg } from './setup-cfg.ts';

/** The configuration files read here besides pyproject.toml and setup.cfg (which also hold the package roots). */
export const TOOL_CONFIG_NAMES: readonly string[] = ['pytest.ini', '.pytest.ini', 'tox.ini', 'pyrightconfig.json', 'mypy.ini', '.mypy.ini'];

/** The folders (relative to the file's own folder) that configuration file `name` adds as import roots. */
export function toolPaths(name: string, text: string): string[] {
  const out = name === 'pyproject.toml' ? fromPyproject(text)
    : name === 'pyrightconfig.json' ? fromPyright(parseJson(text))
      : name.endsWith('.ini') || name === 'setup.cfg' ? fromIni(name, text)
        : [];
  return out.map(clean).filter((p): p is string => p !== undefined);
}

function fromPyproject(text: string): string[] {
  let doc: Record<string, unknown>;
  try { doc = parseToml(text) as Record<string, unknown>; } catch { return []; }
  const tool = obj(doc.tool);
  const out: string[] = [];
  const pytest = obj(obj(tool?.pytest)?.ini_options)?.pythonpath;
  out.push(...(typeof pytest === 'string' ? words(pytest) : strings(pytest)));
  out.push(...fromPyright(obj(tool?.pyright)), ...fromPyright(obj(tool?.basedpyright)));
  const mypy = obj(tool?.mypy)?.mypy_path;
  out.push(...(typeof mypy === 'string' ? mypyPaths(mypy) : strings(mypy)));
  return out;
}

/** pyright's `extraPaths`, top level and per execution environment. */
function fromPyright(cfg: Record<string, unknown> | undefined): string[] {
  if (!cfg) return [];
  const out = strings(cfg.extraPaths);
  for (const env of arr(cfg.executionEnvironments)) out.push(...strings(obj(env)?.extraPaths));
  return out;
}

/** pytest's `[pytest]` (`[tool:pytest]` in setup.cfg) `pythonpath` and mypy's `[mypy]` `mypy_path`. */
function fromIni(name: string, text: string): string[] {
  const { sections } = readSetupCfg(text);
  const pytest = sections.get(name === 'setup.cfg' ? 'tool:pytest' : 'pytest')?.get('pythonpath');
  const mypy = sections.get('mypy')?.get('mypy_path');
  return [...(pytest ? words(pytest) : []), ...(mypy ? mypyPaths(mypy) : [])];
}

/** A folder as written, made relative and posix; undefined for what names no folder of the repository. */
function clean(p: string): string | undefined {
  const s = p.replace(/\\/g, '/').replace(/^\$(MYPY_CONFIG_FILE_DIR|\{MYPY_CONFIG_FILE_DIR\})(\/|$)/, './').trim();
  if (!s || s.includes('$') || s.startsWith('/') || s.startsWith('~') || /^[A-Za-z]:\//.test(s)) return undefined;
  return s;
}

/** pytest's paths value: whitespace-separated, quotes around a path with spaces. */
function words(v: string): string[] {
  return [...v.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** mypy's `mypy_path`: separated by commas or colons. */
function mypyPaths(v: string): string[] {
  return v.split(/[,:\n]/).map((s) => s.trim()).filter(Boolean);
}

function parseJson(text: string): Record<string, unknown> | undefined {
  return obj(parseJsonc(text));
}

function obj(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}
function arr(v: unknown): unknown[] { return Array.isArray(v) ? v : []; }
function strings(v: unknown): string[] { return arr(v).filter((x): x is string => typeof x === 'string'); }
