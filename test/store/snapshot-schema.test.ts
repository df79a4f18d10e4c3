/** A snapshot of another format (SNAPSHOT_SCHEMA): analyze rebuilds it from scratch, readers refuse it with the fix. */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { SnapshotLoader } from '../../index-store/loader.ts';
import { SNAPSHOT_SCHEMA, readGraphData, readMeta, readPointer, readRefs, readUnresolved } from '../../index-store/format.ts';
import { loadSavedSnapshot } from '../../runtime/bundle/saved-snapshot.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { SMALL_PROJECT, tempRepo } from '../analyze/_helpers.ts';

const generationDir = (root: string): string => path.join(root, '.codegraph', readPointer(path.join(root, '.codegraph'))!);

/** Turns the current generation into what format 1 wrote: meta.json's schema 1, graph.json's edges as objects. */
function toFormat1(root: string): void {
  const dir = generationDir(root);
  fs.writeFileSync(path.join(dir, 'graph.json'), JSON.stringify(readGraphData(dir)));
  const meta = readMeta(dir);
  fs.writeFileSync(path.join(dir, 'meta.json'), JSON.stringify({ ...meta, schema: 1 }));
}

async function format1Repo() {
  const { root, home } = tempRepo(SMALL_PROJECT, 'old');
  await analyzeRepository(root, { home });
  const fresh = fs.readFileSync(path.join(generationDir(root), 'graph.json'), 'utf8');
  toFormat1(root);
  return { root, home, fresh };
}

test('the current format is 5: the per-file parts (facts/, bodies/, refs/, unresolved/ buckets)', (t) => {
  t.is(SNAPSHOT_SCHEMA, 5);
});

test('analyze over a format 4 snapshot (each file\'s facts whole in facts/, no bodies/) rebuilds from scratch and writes the bodies', async (t) => {
  const { root, home } = tempRepo(SMALL_PROJECT, 'old4');
  await analyzeRepository(root, { home });
  const dir = generationDir(root);
  const bodies = fs.readdirSync(path.join(dir, 'bodies')).sort();
  // as format 4 laid it out: the facts whole, no bodies folder
  fs.rmSync(path.join(dir, 'bodies'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'meta.json'), JSON.stringify({ ...readMeta(dir), schema: 4 }));
  const logs: string[] = [];
  const r = await analyzeRepository(root, { home, log: (m) => logs.push(m) });
  t.false(r.summary.upToDate);
  t.is(r.summary.files.reused, 0);
  t.true(logs.some((m) => /snapshot format 4; rebuilding with format 5/.test(m)));
  t.deepEqual(fs.readdirSync(path.join(r.dir, 'bodies')).sort(), bodies);
});

test('analyze over a format 3 snapshot (whole refs.json, unresolved.json, facts.json) rebuilds from scratch and writes the parts', async (t) => {
  const { root, home } = tempRepo(SMALL_PROJECT, 'old3');
  await analyzeRepository(root, { home });
  const dir = generationDir(root);
  const refs = JSON.stringify(readRefs(dir));
  const sites = JSON.stringify(readUnresolved(dir));
  // as format 3 laid it out: one file of each, no part folders
  for (const part of ['facts', 'bodies', 'refs', 'unresolved']) fs.rmSync(path.join(dir, part), { recursive: true });
  for (const file of ['facts.json', 'refs.json', 'unresolved.json']) fs.writeFileSync(path.join(dir, file), '[]');
  fs.writeFileSync(path.join(dir, 'meta.json'), JSON.stringify({ ...readMeta(dir), schema: 3, parts: undefined }));
  const logs: string[] = [];
  const r = await analyzeRepository(root, { home, log: (m) => logs.push(m) });
  t.false(r.summary.upToDate);
  t.is(r.summary.files.reused, 0);
  t.true(logs.some((m) => /snapshot format 3; rebuilding with format 5/.test(m)));
  t.is(JSON.stringify(readRefs(r.dir)), refs);
  t.is(JSON.stringify(readUnresolved(r.dir)), sites);
  t.deepEqual(fs.readdirSync(r.dir).filter((n) => n.endsWith('.json')).sort(), ['files.json', 'graph.json', 'meta.json']);
});

test('analyze over a format 1 snapshot rebuilds from scratch and writes the current format', async (t) => {
  const { root, home, fresh } = await format1Repo();
  const logs: string[] = [];
  const r = await analyzeRepository(root, { home, log: (m) => logs.push(m) });
  t.false(r.summary.upToDate);
  t.is(r.summary.files.parsed, 3);
  t.is(r.summary.files.reused, 0);
  t.true(logs.some((m) => new RegExp(`snapshot format 1; rebuilding with format ${SNAPSHOT_SCHEMA}`).test(m)));
  t.is(readMeta(r.dir).schema, SNAPSHOT_SCHEMA);
  t.is(fs.readFileSync(path.join(r.dir, 'graph.json'), 'utf8'), fresh);
  const snap = await new SnapshotLoader({ home }).get('old');
  t.true(snap.graph.hasNode('File:src/main.ts'));
});

test('the loader and the saved-snapshot reader refuse a format 1 snapshot with INDEX_MISSING and the command to run', async (t) => {
  const { root, home } = await format1Repo();
  const loader = new SnapshotLoader({ home });
  const err = await t.throwsAsync(loader.get('old'), { instanceOf: CodegraphError });
  t.is((err as CodegraphError).code, 'INDEX_MISSING');
  t.regex(err!.message, /snapshot format 1/);
  t.true(err!.message.includes(`codegraph analyze ${root}`));
  loader.close();
  const saved = await t.throwsAsync(loadSavedSnapshot(root), { instanceOf: CodegraphError });
  t.is((saved as CodegraphError).code, 'INDEX_MISSING');
  t.regex(saved!.message, /format 1/);
  t.true(saved!.message.includes(`codegraph analyze ${root}`));
});
