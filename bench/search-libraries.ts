/**
 * The design card's search libraries against what lib/search does, on one real repository's symbols (the
 * measured reasons in docs/architecture.md "Decisions"): wink-bm25-text-search (build, export, import, query)
 * against the keyword index (keyword.ts), and a Vectra LocalIndex (write, load, query) against vectors.f32 and
 * the in-memory matrix; and the learned embedder's cost. CPU milliseconds, one process, after one warm-up query each.
 *   node --import tsx bench/search-libraries.ts [--repo owner/name]   (a repository of bench/search-history/repos.ts)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { LocalIndex } from 'vectra';
import { buildDocuments } from '../lib/search/documents.ts';
import { KeywordBuilder, KeywordIndex } from '../lib/search/keyword.ts';
import { queryTerms } from '../lib/search/query-terms.ts';
import { lexicalVector, LEXICAL_DIM } from '../lib/search/embedders/index.ts';
import { coocToBuffer, documentTerms, embedTerms, learnCooccurrence } from '../lib/search/embedders/cooccurrence.ts';
import { readPacked, VectorMatrix, writePacked } from '../lib/search/vectors.ts';
import { splitIdentifier, STOP_WORDS } from '../lib/search/tokenize.ts';
import { HISTORY_REPOS } from './search-history/repos.ts';
import { DEFAULT_MIRROR } from './search-history/mine.ts';
import { snapshotOf } from './search-history/eval.ts';

const require = createRequire(import.meta.url);
const arg = (name: string, def: string): string => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : def; };
const repo = HISTORY_REPOS.find((r) => r.repo === arg('--repo', 'vuejs/core'))!;
const snap = await snapshotOf(repo, DEFAULT_MIRROR);
const docs = buildDocuments(snap.graph, (p) => snap.host.readFile(p));
const QUERIES = ['handle disabled teleport with updateCssVars', 'preserve appContext during update', 'reject CR in attribute names', 'normalize hidden states during hydration'];
const cpu = async (f: () => unknown): Promise<number> => { const c = process.cpuUsage(); await f(); const d = process.cpuUsage(c); return (d.user + d.system) / 1000; };
const mb = (n: number): string => `${(n / 1e6).toFixed(1)} MB`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codegraph-libs-'));
console.log(`${repo.repo}: ${docs.length} symbols`);

// Keyword: wink with the same fields (weights multiplied into the counts, as wink does) against keyword.ts.
{
  const BM25 = require('wink-bm25-text-search');
  const prep = (t: string): string[] => {
    const out: string[] = [];
    for (const run of t.match(/[\p{L}\p{N}_$]+/gu) ?? []) for (const w of splitIdentifier(run)) if (!STOP_WORDS.has(w)) out.push(w);
    return out;
  };
  let engine = BM25();
  let json = '';
  const build = await cpu(() => {
    engine.defineConfig({ fldWeights: { name: 3, owner: 2, path: 3, signature: 1, doc: 3, comments: 8, strings: 3, body: 3 } });
    engine.definePrepTasks([prep]);
    docs.forEach((d, i) => engine.addDoc({ ...d.fields }, i));
    engine.consolidate();
  });
  const exp = await cpu(() => { json = engine.exportJSON(); });
  fs.writeFileSync(path.join(dir, 'wink.json'), json);
  const imp = await cpu(() => { engine = BM25(); engine.importJSON(fs.readFileSync(path.join(dir, 'wink.json'), 'utf8')); engine.definePrepTasks([prep]); });
  engine.search(QUERIES[0], 100);
  const q = await cpu(() => { for (const t of QUERIES) engine.search(t, 100); });
  console.log(`wink-bm25-text-search  build ${build.toFixed(0)} ms, export ${exp.toFixed(0)} ms, file ${mb(json.length)}, import ${imp.toFixed(0)} ms, query ${(q / QUERIES.length).toFixed(2)} ms`);

  let idx: KeywordIndex | undefined;
  let buf: Buffer = Buffer.alloc(0);
  const b2 = await cpu(() => { buf = KeywordBuilder.build(docs).toBuffer(); });
  fs.writeFileSync(path.join(dir, 'keyword.bin'), buf);
  const l2 = await cpu(() => { idx = KeywordIndex.fromBuffer(fs.readFileSync(path.join(dir, 'keyword.bin'))); });
  idx!.search(queryTerms(QUERIES[0]), 100);
  const q2 = await cpu(() => { for (const t of QUERIES) idx!.search(queryTerms(t), 100); });
  console.log(`keyword.ts (BM25F)     build ${b2.toFixed(0)} ms (with file), file ${mb(buf.length)}, load ${l2.toFixed(0)} ms, query ${(q2 / QUERIES.length).toFixed(2)} ms`);
}

// Vectors: a Vectra LocalIndex of the same vectors against vectors.f32.
{
  const rows = new Float32Array(docs.length * LEXICAL_DIM);
  docs.forEach((d, i) => rows.set(lexicalVector(d.embedText), i * LEXICAL_DIM));
  const folder = path.join(dir, 'vectra');
  const index = new LocalIndex(folder);
  const write = await cpu(async () => {
    await index.createIndex({ version: 1 });
    await index.beginUpdate();
    for (let i = 0; i < docs.length; i++) await index.insertItem({ id: docs[i].uid, vector: Array.from(rows.subarray(i * LEXICAL_DIM, (i + 1) * LEXICAL_DIM)), metadata: {} });
    await index.endUpdate();
  });
  const size = fs.statSync(path.join(folder, 'index.json')).size;
  const reader = new LocalIndex(folder);
  const load = await cpu(async () => { await reader.listItems(); });
  const qv = Array.from(lexicalVector(QUERIES[0]));
  await reader.queryItems(qv, '', 100);
  const q = await cpu(async () => { for (const t of QUERIES) await reader.queryItems(Array.from(lexicalVector(t)), '', 100); });
  console.log(`vectra LocalIndex      write ${write.toFixed(0)} ms, file ${mb(size)}, load ${load.toFixed(0)} ms, query ${(q / QUERIES.length).toFixed(2)} ms`);

  const w2 = await cpu(() => writePacked(dir, rows));
  let m: VectorMatrix | undefined;
  const l2 = await cpu(() => { m = VectorMatrix.fromRows(readPacked(dir, docs.length, LEXICAL_DIM)!, docs.length, LEXICAL_DIM); });
  m!.search(lexicalVector(QUERIES[0]), 100);
  const q2 = await cpu(() => { for (const t of QUERIES) m!.search(lexicalVector(t), 100); });
  console.log(`vectors.f32 + matrix   write ${w2.toFixed(0)} ms, file ${mb(rows.byteLength)}, load ${l2.toFixed(0)} ms, query ${(q2 / QUERIES.length).toFixed(2)} ms`);
}
// The learned embedder: learning the model and embedding every symbol.
{
  let model: ReturnType<typeof learnCooccurrence> | undefined;
  const learn = await cpu(() => { model = learnCooccurrence(docs); });
  const embed = await cpu(() => { for (const d of docs) embedTerms(model!, documentTerms(d.fields)); });
  console.log(`learned embedder       learn ${learn.toFixed(0)} ms, embed ${embed.toFixed(0)} ms (${((learn + embed) / docs.length).toFixed(3)} ms per symbol), ${model!.terms.length} terms, model ${mb(coocToBuffer(model!).length)}`);
}
fs.rmSync(dir, { recursive: true, force: true });
