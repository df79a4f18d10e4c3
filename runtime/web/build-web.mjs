// Builds the web UI (runtime/web) into dist/web with esbuild: one script and one stylesheet named by their
// content hash, and index.html pointing at them. Everything the page needs is in those files (sigma,
// graphology, the layout worker's code): no CDN, so the page works offline. Old hashed files are removed.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

/** Builds the page into `out` (default `<root>/dist/web`); returns the file names written. */
export async function buildWebUi(root, writeAtomically, out = path.join(root, 'dist', 'web')) {
  const src = path.join(root, 'runtime', 'web');
  const result = await build({
    absWorkingDir: root,
    entryPoints: { app: path.join(src, 'main.ts'), style: path.join(src, 'style.css') },
    bundle: true, platform: 'browser', format: 'esm', target: ['chrome110', 'firefox110', 'safari16'],
    minify: true, sourcemap: 'linked', entryNames: '[name]-[hash]', outdir: out, write: false, logLevel: 'warning',
    legalComments: 'linked',
  });
  fs.mkdirSync(out, { recursive: true });
  const written = new Set();
  for (const file of result.outputFiles) {
    writeAtomically(file.path, file.contents);
    written.add(path.basename(file.path));
  }
  const pick = (re) => [...written].find((n) => re.test(n));
  const js = pick(/^app-[^.]+\.js$/);
  const css = pick(/^style-[^.]+\.css$/);
  if (!js || !css) throw new Error('codegraph build: the web UI bundle is missing its script or stylesheet');
  const html = fs.readFileSync(path.join(src, 'index.html'), 'utf8').replace('{{js}}', js).replace('{{css}}', css);
  writeAtomically(path.join(out, 'index.html'), html);
  written.add('index.html');
  for (const name of fs.readdirSync(out)) if (!written.has(name)) fs.rmSync(path.join(out, name), { force: true });
  return [...written].sort();
}
