/**
 * C#'s project files: the `<Using Include="N" />` items of a `.csproj` (or of a `Directory.Build.props`, which every
 * project under its folder imports) are global usings of every source file under that folder, as the .NET SDK
 * writes them into a generated file the repository does not hold.
 */
import type { ReadText } from '../../resolve/rules.ts';

/** A namespace (or, with `isStatic`, a type) every C# file under `dir` imports, with its alias when written. */
export interface ProjectUsing { dir: string; path: string; alias?: string; isStatic?: boolean }

/** C#'s settings: the project files' global usings. */
export interface CsharpSettings { usings: ProjectUsing[] }

const PROJECT_FILE = /(?:^|\/)(?:[^/]+\.csproj|Directory\.Build\.props)$/;
const USING_ITEM = /<Using\b([^>]*?)\/?>/g;

/** Reads the global usings of the repository's project files (sorted by folder, then as written). */
export function loadCsharpSettings(filePaths: readonly string[], readText: ReadText): CsharpSettings {
  const usings: ProjectUsing[] = [];
  for (const p of filePaths) {
    if (!PROJECT_FILE.test(p)) continue;
    const text = readText(p);
    if (!text) continue;
    const dir = p.slice(0, p.lastIndexOf('/') + 1);
    for (const m of text.matchAll(USING_ITEM)) {
      const attrs = m[1];
      const include = /\bInclude\s*=\s*"([^"]+)"/.exec(attrs)?.[1]?.trim();
      if (!include || !/^[\p{L}_][\p{L}\p{N}_.]*$/u.test(include)) continue;
      const alias = /\bAlias\s*=\s*"([^"]+)"/.exec(attrs)?.[1]?.trim();
      const isStatic = /\bStatic\s*=\s*"true"/i.test(attrs);
      usings.push({ dir, path: include, ...(alias ? { alias } : {}), ...(isStatic ? { isStatic } : {}) });
    }
  }
  return { usings };
}
