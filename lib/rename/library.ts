/**
 * Explains a miss: a name that no repository symbol has but that an indexed file imports from a package
 * (`import { pad } from 'left-pad'`, `require('x')`) belongs to a library, which rename refuses. The indexer
 * keeps no nodes for library symbols, so the import statements are read directly; this only chooses the error
 * message, it never produces an edit.
 */
import type { Snapshot } from '../../index-store/snapshot.ts';

export interface LibraryImport {
  /** The package specifier, e.g. `left-pad`, `node:fs`. */
  module: string;
  filePath: string;
  line: number;
}

function escapeRe(s: string): string { return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); }

/** The first import of `name` from a package (bare specifier) in an indexed file, in path order, if any. */
export function libraryImportOf(snapshot: Snapshot, name: string): LibraryImport | undefined {
  if (!/^[\p{ID_Start}$_][\p{ID_Continue}$]*$/u.test(name)) return undefined;
  const n = escapeRe(name);
  const spec = `['"]((?![./])[^'"\\n]+)['"]`;
  const patterns = [
    // import { a, b as c } from 'pkg' / export { a } from 'pkg'
    new RegExp(`(?:import|export)\\s+(?:type\\s+)?(?:[\\p{ID_Start}$_][\\p{ID_Continue}$]*\\s*,\\s*)?\\{[^}]*(?<![\\p{ID_Continue}$])${n}(?![\\p{ID_Continue}$])[^}]*\\}\\s*from\\s*${spec}`, 'u'),
    // import a from 'pkg' / import * as a from 'pkg'
    new RegExp(`import\\s+(?:type\\s+)?(?:\\*\\s+as\\s+)?${n}(?![\\p{ID_Continue}$])\\s*(?:,[^;]*?)?from\\s*${spec}`, 'u'),
    // const { a } = require('pkg') / const a = require('pkg')
    new RegExp(`(?:\\{[^}]*(?<![\\p{ID_Continue}$])${n}(?![\\p{ID_Continue}$])[^}]*\\}|(?<![\\p{ID_Continue}$])${n})\\s*=\\s*require\\(\\s*${spec}\\s*\\)`, 'u'),
  ];
  for (const path of [...snapshot.files.keys()].sort()) {
    const text = snapshot.host.readFile(path);
    if (!text || !text.includes(name)) continue;
    for (const re of patterns) {
      const m = re.exec(text);
      if (m) return { module: m[1], filePath: path, line: text.slice(0, m.index).split('\n').length };
    }
  }
  return undefined;
}
