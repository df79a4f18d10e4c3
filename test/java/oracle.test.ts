/**
 * The Java fixtures' call graph against javac, offline (bench/java-oracle/Oracle.java on the JDK's Trees API): every
 * method call's and `new`'s static callee as javac attributes it, against the call occurrence codegraph records there
 * (bench/nominal-sites.ts). The figures on real code (tune and held-out halves) come from
 * `bench/java-callgraph-diff.ts` (docs/benchmarks.md).
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { javaSites } from '../../bench/java-callgraph-diff.ts';
import { indexFolder, scoreSites } from '../../bench/nominal-sites.ts';

const LAMBDA_SITES = new Set(['generics/src/main/java/org/lib/Printer.java:61:24']);
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'java');

test('the Java fixtures\' call sites agree with javac: precision 1.0 and recall 1.0 (calls in lambdas on their untyped parameters apart)', (t) => {
  t.timeout(600_000);
  let oracle = 0, ours = 0, right = 0;
  const wrong: string[] = [];
  // a lambda's parameters are untyped (their functional interface is not read): its calls javac types are missed
  const lambda: string[] = [];
  for (const name of fs.readdirSync(FIXTURES).sort()) {
    const root = path.join(FIXTURES, name);
    const s = scoreSites(indexFolder(root).result, javaSites(root), (f) => f.endsWith('.java'));
    oracle += s.oracleProject; ours += s.ours; right += s.tp;
    for (const w of s.wrong) wrong.push(`${name}/${w.site}: ours ${w.ours}, javac ${w.oracle}`);
    for (const m of s.missed) (LAMBDA_SITES.has(`${name}/${m.site}`) ? lambda : wrong).push(`${name}/${m.site}: missed ${m.oracle}`);
  }
  t.log(`sites: ${right} right of ours ${ours}, javac ${oracle}`);
  t.deepEqual(wrong, []);
  t.deepEqual(lambda.length, LAMBDA_SITES.size);
  t.true(oracle >= 25, 'the fixtures hold enough project calls to mean something');
});
