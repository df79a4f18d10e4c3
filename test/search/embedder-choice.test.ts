import test from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveEmbedder } from '../../lib/search/embedders/index.ts';
import { DEFAULT_MODEL, findLocalModel } from '../../lib/search/embedders/transformers.ts';

// The environment is the process's: these run one after another.
const saved = { dir: process.env.CODEGRAPH_MODEL_DIR, emb: process.env.CODEGRAPH_EMBEDDER, dl: process.env.CODEGRAPH_ALLOW_DOWNLOAD };
test.beforeEach(() => { delete process.env.CODEGRAPH_MODEL_DIR; delete process.env.CODEGRAPH_EMBEDDER; delete process.env.CODEGRAPH_ALLOW_DOWNLOAD; });
test.after.always(() => {
  for (const [k, v] of [['CODEGRAPH_MODEL_DIR', saved.dir], ['CODEGRAPH_EMBEDDER', saved.emb], ['CODEGRAPH_ALLOW_DOWNLOAD', saved.dl]] as const) {
    if (v === undefined) delete process.env[k]; else process.env[k] = v;
  }
});

test.serial('with no model asked for and none on the machine, the built-in embedder is used without a word', async (t) => {
  if (await findLocalModel(DEFAULT_MODEL)) return t.pass('the default sentence model is on this machine');
  const said: string[] = [];
  const e = await resolveEmbedder(undefined, (m) => said.push(m));
  t.is(e.spec.kind, 'trained');
  t.deepEqual(said, []);
});

test.serial('a model asked for by name that is not on the machine is said once, and the built-in embedder answers', async (t) => {
  const said: string[] = [];
  const e1 = await resolveEmbedder('Example/no-such-model', (m) => said.push(m));
  const e2 = await resolveEmbedder('Example/no-such-model', (m) => said.push(m));
  t.is(e1.spec.kind, 'trained');
  t.is(e2.spec.id, e1.spec.id);
  t.is(said.length, 1);
  t.regex(said[0], /no embedding model 'Example\/no-such-model'/);
});

test.serial('CODEGRAPH_MODEL_DIR naming a folder without a model is said', async (t) => {
  if (await findLocalModel(DEFAULT_MODEL)) return t.pass('the default sentence model is on this machine');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cg-model-dir-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  process.env.CODEGRAPH_MODEL_DIR = dir;
  const said: string[] = [];
  const e = await resolveEmbedder(undefined, (m) => said.push(m));
  t.is(e.spec.kind, 'trained');
  t.is(said.length, 1);
  t.regex(said[0], /no embedding model/);
});
