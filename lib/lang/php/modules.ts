/**
 * PHP's project settings: Composer's autoload maps (`autoload` and `autoload-dev` of every composer.json: PSR-4 and
 * PSR-0 namespace prefixes to folders), which say where the class of a namespace lives, and the paths `require` and
 * `include` name. Classes are found by the namespace their file declares wherever it lies; the map only tells which
 * of two declarations of one class Composer would load.
 */
import { posix } from 'node:path';
import type { ReadText } from '../../resolve/rules.ts';

/** One namespace prefix of a Composer autoload map: the dotted prefix (`App.Models`, '' for all) and its folders. */
export interface Psr4Entry { prefix: string; dirs: string[] }

/** What PHP's rules read from the repository. */
export interface PhpSettings {
  psr4: Psr4Entry[];
  /** Every .php/.phtml path of the repository (what a `require` may name). */
  files: ReadonlySet<string>;
}

/** Reads every composer.json's autoload maps (longest prefix first) and lists the PHP files. */
export function loadPhpSettings(filePaths: readonly string[], readText: ReadText): PhpSettings {
  const psr4: Psr4Entry[] = [];
  const files = new Set<string>();
  for (const p of filePaths) {
    if (p.endsWith('.php') || p.endsWith('.phtml')) files.add(p);
    if (p !== 'composer.json' && !p.endsWith('/composer.json')) continue;
    let json: unknown;
    try { json = JSON.parse(readText(p) ?? ''); } catch { continue; }
    const base = posix.dirname(p) === '.' ? '' : `${posix.dirname(p)}/`;
    for (const key of ['autoload', 'autoload-dev']) {
      const section = (json as Record<string, unknown> | null)?.[key] as Record<string, unknown> | undefined;
      for (const kind of ['psr-4', 'psr-0']) {
        const map = section?.[kind];
        if (!map || typeof map !== 'object') continue;
        for (const [ns, dirs] of Object.entries(map as Record<string, unknown>)) {
          const list = (Array.isArray(dirs) ? dirs : [dirs]).filter((d): d is string => typeof d === 'string');
          const prefix = ns.replace(/\\+$/, '').split('\\').filter(Boolean).join('.');
          // PSR-0 keeps the namespace's folders below the mapped one
          const nsPath = kind === 'psr-0' ? prefix.replace(/\./g, '/') : '';
          psr4.push({ prefix, dirs: list.map((d) => folder(base + d.replace(/^\.\//, ''), nsPath)) });
        }
      }
    }
  }
  psr4.sort((a, b) => b.prefix.length - a.prefix.length);
  return { psr4, files };
}

function folder(dir: string, sub: string): string {
  const d = posix.normalize(`${dir}/${sub}/`).replace(/^\.\//, '');
  return d === './' || d === '/' ? '' : d;
}

/**
 * How a file that declares namespace `ns` weighs among declarations of one name: 0 where Composer's map would load
 * it (or no map covers the namespace), 1 elsewhere (a copy, a stub, a fixture).
 */
export function fileRankOf(filePath: string, ns: string | undefined, settings: PhpSettings | undefined): number {
  if (!settings?.psr4.length || ns === undefined) return 0;
  let covered = false;
  for (const e of settings.psr4) {
    if (e.prefix && ns !== e.prefix && !ns.startsWith(`${e.prefix}.`)) continue;
    covered = true;
    const rest = ns === e.prefix ? '' : ns.slice(e.prefix ? e.prefix.length + 1 : 0).replace(/\./g, '/');
    for (const d of e.dirs) if (filePath.startsWith(rest ? `${d}${rest}/` : d) && !filePath.slice((rest ? `${d}${rest}/` : d).length).includes('/')) return 0;
  }
  return covered ? 1 : 0;
}

/**
 * The project file a `require`/`include` string names, written in `fromFile`: beside the including file (the
 * `__DIR__ . '/x.php'` idiom keeps only the literal's `/x.php`), else from the repository's root.
 */
export function requiredFile(path: string, fromFile: string, settings: PhpSettings | undefined): string | undefined {
  if (!settings || !path || path.includes('$') || path.includes('://')) return undefined;
  const dir = posix.dirname(fromFile);
  const rel = path.replace(/^\/+/, '');
  for (const cand of [posix.normalize(posix.join(dir, rel)), posix.normalize(rel)]) if (settings.files.has(cand)) return cand;
  return undefined;
}
