/**
 * OVERRIDES edges vs the TypeScript checker on the pinned TypeScript corpora (bench/callgraph-corpora.ts), in the two
 * readings of bench/overrides-oracle.ts, with precision and recall.
 *
 *   node --import tsx bench/overrides-diff.ts [corpus ...] [--folder <path>] [--verbose]
 *
 * `--folder` measures a folder of TypeScript sources instead (the default compiler settings).
 */
import path from 'node:path';
import { CORPORA, corpus } from './callgraph-corpora.ts';
import { overridesDiff } from './overrides-oracle.ts';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const folderAt = args.indexOf('--folder');
const folder = folderAt >= 0 ? path.resolve(args[folderAt + 1]) : undefined;
const names = args.filter((a, i) => !a.startsWith('--') && (folderAt < 0 || i !== folderAt + 1));
const chosen = folder ? [folder] : names.length ? names : Object.keys(CORPORA).filter((n) => n !== 'three');
let tc = 0, to = 0, tm = 0;
for (const name of chosen) {
  const c = folder ? { root: folder, compilerOptions: {} } : corpus(name);
  for (const mode of ['paths', 'property'] as const) {
  const d = overridesDiff(c.root, c.compilerOptions, mode);
  if (mode === 'paths') { tc += d.common; to += d.ours; tm += d.checker; }
  const p = d.ours ? d.common / d.ours : 1, r = d.checker ? d.common / d.checker : 1;
  console.log(`${path.basename(name).padEnd(18)} ${mode.padEnd(8)} files ${String(d.files).padStart(4)}  methods ${String(d.methods).padStart(5)}  checker ${String(d.checker).padStart(4)}  ours ${String(d.ours).padStart(4)}  common ${String(d.common).padStart(4)}  precision ${p.toFixed(4)}  recall ${r.toFixed(4)}  (object-literal edges ${d.literals}, unmapped methods ${d.unmapped})`);
  if (verbose || d.missed.length + d.extra.length <= 20) {
    for (const m of d.missed.slice(0, 30)) console.log(`   - ${m}`);
    for (const e of d.extra.slice(0, 30)) console.log(`   + ${e}`);
  }
  }
}
console.log(`all (paths): precision ${(to ? tc / to : 1).toFixed(4)}  recall ${(tm ? tc / tm : 1).toFixed(4)}  (${tc} common of ours ${to}, checker ${tm})`);
