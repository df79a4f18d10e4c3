/**
 * PHP's call graph against PHP's own name resolution (bench/php-oracle/oracle.php: nikic/php-parser's NameResolver
 * and the folder's classes and functions): on the fixtures, and on real code Debian ships — php-parser 4.15.4-1's own
 * sources (/usr/share/php/PhpParser), the tune corpus of bench/php-callgraph-diff.ts. Needs `php` and Debian's
 * php-parser (`.ci/run` installs them). The held-out corpus's figures are docs/benchmarks.md's.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { phpCorpusDiff, phpDiff } from '../../bench/php-callgraph-diff.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'php');

test('the PHP fixtures\' decidable call sites agree with PHP\'s name resolution: precision 1.0 and recall 1.0', (t) => {
  let project = 0;
  for (const name of fs.readdirSync(FIXTURES).sort()) {
    const d = phpDiff(path.join(FIXTURES, name));
    t.log(`${name}: ${d.tp} right of ours ${d.ours}, oracle ${d.oracleProject} (${d.sites} sites)`);
    t.deepEqual(d.wrong, [], name);
    t.deepEqual(d.missed, [], name);
    project += d.oracleProject;
  }
  t.true(project >= 15, 'the fixtures hold enough project calls to mean something');
});

test('real code (Debian php-parser 4.15.4-1): every call site PHP\'s name resolution decides, resolved as it resolves it', (t) => {
  t.timeout(600_000);
  const d = phpCorpusDiff('php-parser');
  t.log(`${d.files} files, ${d.lines} lines: oracle ${d.oracleProject} project calls of ${d.sites} sites; ours ${d.ours}, right ${d.tp}`);
  t.true(d.files >= 250 && d.oracleProject >= 1500, 'the whole library was read');
  // floors honestly reached (docs/benchmarks.md): 100% and 100% when measured
  t.true(d.precision >= 0.995, `precision ${d.precision}`);
  t.true(d.recall >= 0.99, `recall ${d.recall}`);
});
