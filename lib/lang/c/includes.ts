/**
 * `#include` resolution for C and C++: the directories a compiler searches, from `compile_commands.json` when the
 * repository has one (its `-I`, `-iquote`, `-isystem` and `-idirafter` folders, taken to the repository folder they
 * end in), else the repository's own include folders (`include`, `inc`) and its root. A quoted include is looked for
 * beside the including file first; a name found in no searched folder is taken to the one project header whose path
 * ends with it (nearest the includer when several do); anything else is a system or library header.
 */
import { posix } from 'node:path';
import type { ReadText } from '../../resolve/rules.ts';

/** The include search of one repository (plain JSON). */
export interface IncludeSettings {
  /** Searched folders, relative to the repository root ('' for the root itself), in search order. */
  dirs: string[];
  /** Every C and C++ file of the repository (relative paths), sorted. */
  files: string[];
  /** Whether the folders came from a compile_commands.json. */
  fromCompileCommands: boolean;
}

const SOURCE = /\.(?:c|h|cc|cpp|cxx|c\+\+|hh|hpp|hxx|h\+\+|inl|ipp|tcc|inc)$/i;
const INCLUDE_DIR = /(?:^|\/)(?:include|includes|inc)$/;

/** Reads the include search folders of a repository. */
export function loadIncludeSettings(filePaths: readonly string[], readText: ReadText): IncludeSettings {
  const files = filePaths.filter((p) => SOURCE.test(p)).sort();
  const folders = new Set<string>(['']);
  for (const p of filePaths) for (let d = posix.dirname(p); d !== '.' && !folders.has(d); d = posix.dirname(d)) folders.add(d);
  const ccPath = filePaths.includes('compile_commands.json') ? 'compile_commands.json' : filePaths.find((p) => p.endsWith('/compile_commands.json'));
  const fromCc = ccPath ? compileCommandDirs(readText(ccPath), folders) : [];
  if (fromCc.length) return { dirs: fromCc, files, fromCompileCommands: true };
  const dirs = [...folders].filter((d) => INCLUDE_DIR.test(d)).sort();
  return { dirs: ['', ...dirs], files, fromCompileCommands: false };
}

/** The include folders a compile_commands.json names, as repository folders (none when it cannot be read). */
function compileCommandDirs(text: string | undefined, folders: ReadonlySet<string>): string[] {
  if (!text) return [];
  let entries: unknown;
  try { entries = JSON.parse(text); } catch { return []; }
  if (!Array.isArray(entries)) return [];
  const out: string[] = [];
  const seen = new Set<string>();
  for (const e of entries as Array<{ directory?: unknown; command?: unknown; arguments?: unknown }>) {
    if (!e || typeof e !== 'object') continue;
    const args = Array.isArray(e.arguments) ? e.arguments.filter((a): a is string => typeof a === 'string') : typeof e.command === 'string' ? splitCommand(e.command) : [];
    const base = typeof e.directory === 'string' ? e.directory : '';
    for (let i = 0; i < args.length; i++) {
      const m = /^-(I|iquote|isystem|idirafter)(.*)$/.exec(args[i]);
      if (!m) continue;
      const dir = m[2] || args[++i];
      if (!dir) continue;
      const repo = repoFolder(posix.resolve('/', base, dir), folders);
      if (repo !== undefined && !seen.has(repo)) { seen.add(repo); out.push(repo); }
    }
  }
  return out;
}

/** Splits a shell command line on spaces, honouring simple quotes. */
function splitCommand(cmd: string): string[] {
  return [...cmd.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** The repository folder an absolute path ends in: its longest tail that is one ('' for the root), if any. */
function repoFolder(abs: string, folders: ReadonlySet<string>): string | undefined {
  const parts = abs.split('/').filter(Boolean);
  for (let i = 0; i < parts.length; i++) {
    const tail = parts.slice(i).join('/');
    if (folders.has(tail) && tail) return tail;
  }
  return undefined;
}

const byPath = new WeakMap<IncludeSettings, { set: Set<string>; byBase: Map<string, string[]> }>();

function index(s: IncludeSettings): { set: Set<string>; byBase: Map<string, string[]> } {
  let x = byPath.get(s);
  if (!x) {
    x = { set: new Set(s.files), byBase: new Map() };
    for (const f of s.files) {
      const b = posix.basename(f);
      const l = x.byBase.get(b);
      if (l) l.push(f); else x.byBase.set(b, [f]);
    }
    byPath.set(s, x);
  }
  return x;
}

/** The project file `#include` of `spec` (`"a/b.h"` or `<a/b.h>` as written, or its content) in `fromFile` names. */
export function includedFile(spec: string, fromFile: string, s: IncludeSettings | undefined): string | undefined {
  if (!s) return undefined;
  const system = spec.startsWith('<');
  const name = spec.replace(/^[<"]|[>"]$/g, '').trim();
  if (!name || posix.isAbsolute(name)) return undefined;
  const { set, byBase } = index(s);
  const at = (dir: string): string | undefined => {
    const p = posix.normalize(dir ? `${dir}/${name}` : name);
    return !p.startsWith('..') && set.has(p) ? p : undefined;
  };
  if (!system) {
    const d = posix.dirname(fromFile);
    const here = at(d === '.' ? '' : d);
    if (here) return here;
  }
  for (const d of s.dirs) { const hit = at(d); if (hit) return hit; }
  // a header the search folders do not reach (a build's generated -I, a vendored tree): the project file ending so;
  // a bare `<name.h>` is a system header's name (a project's own `compat/stdio.h` is no `<stdio.h>`)
  if (system && !name.includes('/')) return undefined;
  const tail = posix.normalize(name);
  const cands = (byBase.get(posix.basename(tail)) ?? []).filter((f) => f === tail || f.endsWith(`/${tail}`));
  if (!cands.length) return undefined;
  if (cands.length === 1) return cands[0];
  return nearest(cands, fromFile);
}

/** The candidate sharing the most leading folders with `fromFile` (the first in order on a tie). */
function nearest(cands: readonly string[], fromFile: string): string {
  const from = fromFile.split('/');
  let best = cands[0], bestN = -1;
  for (const c of cands) {
    const parts = c.split('/');
    let n = 0;
    while (n < parts.length - 1 && n < from.length - 1 && parts[n] === from[n]) n++;
    if (n > bestN) { best = c; bestN = n; }
  }
  return best;
}
