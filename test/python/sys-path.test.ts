/**
 * Import roots scripts add at run time (lib/lang/python/sys-path.ts): which `sys.path` changes the collector
 * evaluates, and which folders the resolver takes from them. The fixture test/fixtures/python/sys-path-roots shows
 * the resolution they give.
 */
import test from 'ava';
import { extractFile } from '../../lib/lang/index.ts';
import type { PyFacts } from '../../lib/lang/python/facts.ts';
import { rootFolder } from '../../lib/lang/python/sys-path.ts';

const sysPathOf = (file: string, text: string): PyFacts['sysPath'] => (extractFile(file, text, 'python').py as PyFacts).sysPath;

test('sys.path changes are evaluated where their path is known, and only there', (t) => {
  const text = [
    'import os, site, sys',
    'from os.path import join, dirname',
    'from pathlib import Path',
    'ROOT = dirname(dirname(os.path.realpath(__file__)))',
    'sys.path.insert(0, join(ROOT, "lib"))',
    'sys.path.append(os.path.join(os.getcwd(), "plugins"))',
    'sys.path.insert(0, str(Path(__file__).parents[1] / "vendored"))',
    'site.addsitedir(Path(__file__).parent.joinpath("site"))',
    'sys.path.insert(0, os.environ["EXTRA"])',
    'sys.path.append(f"{ROOT}/gen")',
    'sys.path.append("/usr/lib/python3/dist-packages")',
    'ROOT = compute()',
    'sys.path.append(ROOT)',
    'def setup():',
    '    sys.path.insert(0, os.path.abspath("tests/lib"))',
  ].join('\n');
  t.deepEqual(sysPathOf('tools/ci/run.py', text), [
    { path: 'tools/lib', line: 5 },
    { path: 'plugins', cwd: true, line: 6 },
    { path: 'tools/vendored', line: 7 },
    { path: 'tools/ci/site', line: 8 },
    { path: 'tests/lib', cwd: true, line: 15 },
  ]);
  t.is(sysPathOf('a.py', 'import sys\nsys.path.insert(0, sys.argv[1])\n'), undefined);
});

test('a run-time root is a folder of the repository: from its root, else the script\'s folder; never outside', (t) => {
  const folders = new Set(['', 'pylib', 'scripts', 'scripts/deploylib']);
  const has = (d: string): boolean => folders.has(d);
  t.is(rootFolder({ path: 'pylib', cwd: true }, 'scripts/build.py', has), 'pylib');
  t.is(rootFolder({ path: 'deploylib', cwd: true }, 'scripts/build.py', has), 'scripts/deploylib');
  t.is(rootFolder({ path: 'scripts/../pylib' }, 'x.py', has), 'pylib');
  t.is(rootFolder({ path: '../outside' }, 'x.py', has), undefined);
  t.is(rootFolder({ path: '../../pylib', cwd: true }, 'scripts/build.py', has), undefined);
  t.is(rootFolder({ path: 'missing', cwd: true }, 'scripts/build.py', has), undefined);
});
