/**
 * Swift's modules: a Swift Package Manager target is a module, its files those under its folder — `Sources/<Target>`
 * by default (`Tests/<Target>` for a test target), or the `path:` its Package.swift gives (`.target(name:
 * "Kingfisher", path: "Sources")`: every file under `Sources/` is module Kingfisher). A file under no declared target
 * is in the module its `Sources/<X>/` or `Tests/<X>/` folder names, else in the repository's one module.
 */
import { posix } from 'node:path';
import type { ReadText } from '../../resolve/rules.ts';

/** The targets every Package.swift declares (plain JSON): a target's folder and its module name, longest folder first. */
export interface SwiftSettings {
  targets: Array<{ dir: string; name: string }>;
}

const TARGET_CALL = /\.(target|executableTarget|testTarget|macro|plugin|systemLibrary|binaryTarget)\s*\(/g;

/** Reads every Package.swift (a manifest per package root; `Package@swift-5.9.swift` variants name the same targets). */
export function loadSwiftSettings(filePaths: readonly string[], readText: ReadText): SwiftSettings | undefined {
  const targets: SwiftSettings['targets'] = [];
  const seen = new Set<string>();
  for (const p of [...filePaths].sort()) {
    const base = posix.basename(p);
    if (base !== 'Package.swift' && !/^Package@swift-[\d.]+\.swift$/.test(base)) continue;
    const root = posix.dirname(p) === '.' ? '' : posix.dirname(p);
    for (const t of manifestTargets(readText(p) ?? '')) {
      const dir = posix.normalize(posix.join(root, t.path)).replace(/^\.\/?$|\/$/g, '');
      if (dir.startsWith('..') || seen.has(dir)) continue;
      seen.add(dir);
      targets.push({ dir: dir === '.' ? '' : dir, name: t.name });
    }
  }
  if (!targets.length) return undefined;
  targets.sort((a, b) => b.dir.length - a.dir.length || (a.dir < b.dir ? -1 : 1));
  return { targets };
}

/** The targets of one manifest: each `.target(name: "X", …, path: "P")` call's name and folder (its default when no path is given). */
function manifestTargets(text: string): Array<{ name: string; path: string }> {
  const out: Array<{ name: string; path: string }> = [];
  for (const m of text.matchAll(TARGET_CALL)) {
    const args = balanced(text, m.index + m[0].length);
    const name = /\bname\s*:\s*"([^"]+)"/.exec(args)?.[1];
    if (!name) continue;
    const path = /\bpath\s*:\s*"([^"]*)"/.exec(args)?.[1];
    out.push({ name, path: path ?? `${m[1] === 'testTarget' ? 'Tests' : 'Sources'}/${name}` });
  }
  return out;
}

/** The text from `from` to the parenthesis that closes the one opened right before it (strings skipped). */
function balanced(text: string, from: number): string {
  let depth = 1;
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') { const end = text.indexOf('"', i + 1); if (end < 0) break; i = end; continue; }
    if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return text.slice(from, i);
  }
  return text.slice(from);
}

/** The module of a file: the declared target whose folder holds it, else its `Sources/<X>/` or `Tests/<X>/` folder, else the repository's one. */
export function swiftModuleOf(path: string, settings: SwiftSettings | undefined): string {
  for (const t of settings?.targets ?? []) if (t.dir === '' || path.startsWith(`${t.dir}/`)) return t.name;
  const m = /(?:^|\/)(?:Sources|Tests)\/([^/]+)\//.exec(path);
  return m ? m[1] : '';
}
