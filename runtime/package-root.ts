/** Where this codegraph package is installed (a clone, a global npm install, or a bundle inside either). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The codegraph package's own folder: the nearest package.json named codegraph above this module; undefined if none. */
export function packageRoot(from: string = path.dirname(fileURLToPath(import.meta.url))): string | undefined {
  let dir = from;
  for (;;) {
    try {
      if (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name === 'codegraph') return dir;
    } catch { /* not here */ }
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/** The package's command-line entry (bin/codegraph.mjs). */
export function binPath(root: string): string {
  return path.join(root, 'bin', 'codegraph.mjs');
}
