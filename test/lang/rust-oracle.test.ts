/**
 * Rust's call graph against rustc's MIR (bench/rust-callgraph-diff.ts: every call rustc names in a crate that Debian's
 * librust-*-dev packages ship, against the call codegraph records in its span), with the floors honestly reached.
 * Needs a rustc that takes `-Zmir-include-spans` (1.77 or later; Debian bookworm's 1.63 does not) and the crates'
 * packages: where either is missing the test says so and is skipped rather than passing.
 */
import test from 'ava';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { RUST_CORPORA, rustDiff } from '../../bench/rust-callgraph-diff.ts';

function rustcMinor(): number | undefined {
  try {
    const v = /rustc 1\.(\d+)\./.exec(execFileSync('rustc', ['--version'], { encoding: 'utf8' }))?.[1];
    return v === undefined ? undefined : Number(v);
  } catch {
    return undefined;
  }
}

const minor = rustcMinor();
const ready = (name: string): boolean => minor !== undefined && minor >= 77 && existsSync(path.join('/usr/share/cargo/registry', RUST_CORPORA[name].dir));

// floors: what the resolver reaches today (docs/benchmarks.md); the crates marked `tune` in bench/rust-callgraph-diff.ts
// tuned it (their misses were read), the rest are held out (fnv makes no project call: nothing to measure)
const FLOORS: Record<string, { precision: number; recall: number }> = {
  smallvec: { precision: 0.99, recall: 0.95 },
  either: { precision: 1, recall: 1 },
  semver: { precision: 0.99, recall: 0.99 },
  itoa: { precision: 1, recall: 0.5 },
  'regex-syntax': { precision: 0.99, recall: 0.85 },
  base64: { precision: 0.99, recall: 0.92 },
  hex: { precision: 1, recall: 0.88 },
  glob: { precision: 0.99, recall: 0.99 },
  arrayvec: { precision: 0.99, recall: 0.93 },
  slab: { precision: 0.99, recall: 0.99 },
  tinyvec: { precision: 0.99, recall: 0.93 },
  humantime: { precision: 0.99, recall: 0.97 },
  'unicode-bidi': { precision: 0.99, recall: 0.94 },
  'bit-vec': { precision: 0.99, recall: 0.97 },
  fixedbitset: { precision: 0.99, recall: 0.99 },
  json: { precision: 0.99, recall: 0.81 },
  'linked-hash-map': { precision: 0.99, recall: 0.99 },
  vec_map: { precision: 0.99, recall: 0.99 },
  strsim: { precision: 0.99, recall: 0.99 },
  smawk: { precision: 0.99, recall: 0.99 },
  bytes: { precision: 0.98, recall: 0.82 },
  memchr: { precision: 0.98, recall: 0.9 },
};

for (const [name, floor] of Object.entries(FLOORS)) {
  (ready(name) ? test : test.skip)(`${name}'s calls agree with rustc's MIR: precision ≥ ${floor.precision}, recall ≥ ${floor.recall}`, (t) => {
    t.timeout(300_000);
    const d = rustDiff(name);
    t.log(`${d.version}: rustc project calls ${d.project}, ours ${d.ours}, precision ${d.precision.toFixed(3)}, recall ${d.recall.toFixed(3)}`);
    t.true(d.project >= 3, 'the crate holds project calls to measure');
    t.true(d.precision >= floor.precision, `precision ${d.precision} (wrong: ${d.wrong.slice(0, 5).join('; ')})`);
    t.true(d.recall >= floor.recall, `recall ${d.recall}`);
  });
}
