/**
 * The Go fixtures' call graph against go/types, offline (bench/go-oracle, built with Debian's golang-go): every call
 * site's static callee as the type checker gives it, against the call occurrence codegraph records there
 * (bench/nominal-sites.ts). The figures on real code bases (tune and held-out halves) come from
 * `bench/go-callgraph-diff.ts` (docs/benchmarks.md).
 */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { goSites } from '../../bench/go-callgraph-diff.ts';
import { indexFolder, scoreSites } from '../../bench/nominal-sites.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'go');

test('the Go fixtures\' call sites agree with go/types: precision 1.0 and recall 1.0 (method values held by a local apart)', (t) => {
  t.timeout(600_000);
  let oracle = 0, ours = 0, right = 0;
  const wrong: string[] = [];
  // calls go/types leaves to a function value that codegraph follows to the one method value the local holds
  const beyond: string[] = [];
  for (const name of fs.readdirSync(FIXTURES).sort()) {
    const src = path.join(FIXTURES, name);
    const mod = /^module\s+(\S+)/m.exec(fs.readFileSync(path.join(src, 'go.mod'), 'utf8'))![1];
    // GOPATH mode: the module's folder at its import path
    const gopath = fs.mkdtempSync(path.join(os.tmpdir(), 'cg-go-oracle-'));
    try {
      const root = path.join(gopath, 'src', mod);
      fs.cpSync(src, root, { recursive: true });
      const s = scoreSites(indexFolder(root).result, goSites(root, gopath), (f) => f.endsWith('.go'));
      oracle += s.oracleProject; ours += s.ours; right += s.tp;
      for (const w of s.wrong) if (w.oracle === 'dynamic') beyond.push(`${name}/${w.site}`); else wrong.push(`${name}/${w.site}: ours ${w.ours}, go/types ${w.oracle}`);
      for (const m of s.missed) wrong.push(`${name}/${m.site}: missed ${m.oracle}`);
    } finally {
      fs.rmSync(gopath, { recursive: true, force: true });
    }
  }
  t.log(`sites: ${right} right of ours ${ours}, go/types ${oracle}`);
  t.deepEqual(wrong, []);
  t.deepEqual(beyond, ['basics/main.go:35:2', 'generics-embedding/main.go:33:2']);
  t.true(oracle >= 20, 'the fixtures hold enough project calls to mean something');
});
