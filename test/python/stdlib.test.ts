/**
 * The standard library's module list (lib/lang/python/stdlib.ts) is typeshed's, as the pinned pyright bundles it:
 * an import of one of these names never resolves to a project file beside the importer.
 */
import test from 'ava';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isStdlibModule } from '../../lib/lang/python/stdlib.ts';

const require = createRequire(import.meta.url);

test('every top-level module of typeshed\'s stdlib/VERSIONS is a standard library module; project names are not', (t) => {
  const versions = path.join(path.dirname(require.resolve('pyright/package.json')), 'dist', 'typeshed-fallback', 'stdlib', 'VERSIONS');
  const names = fs.readFileSync(versions, 'utf8').split('\n')
    .map((l) => l.replace(/#.*/, '').trim()).filter(Boolean)
    .map((l) => l.split(':')[0].trim()).filter((n) => !n.includes('.'));
  t.true(names.length > 250);
  t.deepEqual(names.filter((n) => !isStdlibModule(n)), []);
  for (const n of ['requests', 'numpy', 'helpers', 'to_import', 'django', '']) t.false(isStdlibModule(n), n);
});
