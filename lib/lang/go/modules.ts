/**
 * Go's packages: a directory is a package, named by its import path — the module path of the nearest go.mod above it
 * followed by the directory's path below that go.mod. Without a go.mod (GOPATH layouts, Debian's
 * /usr/share/gocode/src), the path below the last `src/` folder, else the directory itself; an import path that
 * names no package exactly is taken to the package whose path it ends with (a repository vendored at another
 * path).
 */
import { posix } from 'node:path';
import type { ReadText } from '../../resolve/rules.ts';

/** go.mod modules and the import path of every directory holding Go files. */
export interface GoSettings {
  /** Import path by directory ('' for the repository root). */
  dirs: Record<string, string>;
}

/** Reads every go.mod's module path and names each Go directory's package. */
export function loadGoSettings(filePaths: readonly string[], readText: ReadText): GoSettings {
  const mods: Array<{ dir: string; module: string }> = [];
  const dirs = new Set<string>();
  for (const p of filePaths) {
    if (p === 'go.mod' || p.endsWith('/go.mod')) {
      const m = /^\s*module\s+("?)([^\s"]+)\1/m.exec(readText(p) ?? '');
      if (m) mods.push({ dir: dirOf(p), module: m[2] });
    } else if (p.endsWith('.go')) dirs.add(dirOf(p));
  }
  // nearest go.mod first
  mods.sort((a, b) => b.dir.length - a.dir.length);
  const out: Record<string, string> = {};
  for (const d of [...dirs].sort()) out[d] = importPathOf(d, mods);
  return { dirs: out };
}

function dirOf(p: string): string {
  const d = posix.dirname(p);
  return d === '.' ? '' : d;
}

function importPathOf(dir: string, mods: ReadonlyArray<{ dir: string; module: string }>): string {
  for (const m of mods) {
    if (m.dir === '' || dir === m.dir || dir.startsWith(`${m.dir}/`)) {
      const rest = m.dir === '' ? dir : dir.slice(m.dir.length + 1);
      return rest ? `${m.module}/${rest}` : m.module;
    }
  }
  const src = dir.lastIndexOf('src/');
  if (src === 0 || (src > 0 && dir[src - 1] === '/')) return dir.slice(src + 4);
  return dir;
}

/** The import path of a file's directory. */
export function packageOfFile(path: string, s: GoSettings | undefined): string {
  const d = dirOf(path);
  return s?.dirs[d] ?? d;
}

const suffixIndex = new WeakMap<GoSettings, Map<string, string[]>>();

/** The project package an import path names: exactly, else the one package whose import path it ends with. */
export function importedPackage(path: string, s: GoSettings | undefined): string | undefined {
  if (!s) return undefined;
  let bySuffix = suffixIndex.get(s);
  if (!bySuffix) {
    bySuffix = new Map();
    for (const key of Object.values(s.dirs)) {
      const l = bySuffix.get(key);
      if (l) { if (!l.includes(key)) l.push(key); } else bySuffix.set(key, [key]);
    }
    suffixIndex.set(s, bySuffix);
  }
  if (bySuffix.has(path)) return path;
  // a package whose path is a suffix of the import path (the repository vendored under another import path)
  const keys = [...bySuffix.keys()].filter((k) => k && path.endsWith(`/${k}`) && k.includes('/'));
  return keys.length === 1 ? keys[0] : undefined;
}
