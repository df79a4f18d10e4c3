/**
 * The search stage of analyze and its loader. Files under `<generation>/search/`:
 *   meta.json   format, embedder spec, symbol uids and text hashes (row order of everything below)
 *   bm25.json   the wink BM25 index (exportJSON)
 *   vectors/    Vectra shards (vectra-0000/index.json, …) and the packed copy vectors.f32
 *   docs.json   the symbol documents and their terms, for the next analyze (doc-cache.ts; only with fileHash)
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CodeGraph } from '../graph/code-graph.ts';
import { KeywordIndex } from './bm25.ts';
import { docCacheJSON, prepareDocuments, readDocCache } from './doc-cache.ts';
import { embedderFor, resolveEmbedder, type Embedder, type EmbedderSpec } from './embedders/index.ts';
import { SearchIndex } from './engine.ts';
import { readPacked, readVectraShards, roundVector, toColumns, VectorMatrix, writeVectors, type StoredVector } from './vectors.ts';

export { SearchIndex } from './engine.ts';
export type { RankedSymbol, RankRequest, RankResult, QueryVectors, RankMode } from './engine.ts';

export interface BuildSearchOptions {
  graph: CodeGraph;
  /** Text of an indexed file by relative path (for symbol bodies). */
  readSource(filePath: string): string | undefined;
  /** The new snapshot generation folder to write search files into. */
  dir: string;
  /** The previous generation folder, when one exists, to reuse unchanged embeddings. */
  previousDir?: string;
  /**
   * Content hash of an indexed file (analyze's file table). When given, the documents are cached in
   * `search/docs.json` and a file with the same hash and unchanged symbols reuses the previous generation's
   * documents without being read (doc-cache.ts).
   */
  fileHash?(filePath: string): string | undefined;
  /** Rebuild every document even when the previous generation has them (analyze --force). */
  fresh?: boolean;
  /** Embedder choice, e.g. from CLI/env; undefined = default resolution (local model, else built-in lexical). */
  embedder?: string;
  /** One-line messages for the user (e.g. "no model found, using the built-in lexical embedder"). */
  log(message: string): void;
  /** Progress of embedding, when a terminal shows it. */
  progress?(done: number, total: number): void;
}

export interface BuildSearchResult {
  embeddings: number;
  embedder: string;
  /** Vectors taken over from the previous generation (same embedder, same text). */
  reused?: number;
  /** Files whose documents and terms were taken over from the previous generation (needs `fileHash`). */
  reusedFiles?: number;
}

/** Version of the files below; a loader refuses other versions (the snapshot is then re-built). */
export const SEARCH_FORMAT = 1;
const SUBDIR = 'search';
const DOCS_FILE = 'docs.json';

interface SearchMeta {
  format: number;
  embedder: EmbedderSpec;
  count: number;
  uids: string[];
  hashes: string[];
}

/** Texts per embedding batch: large enough to amortise a model call, small enough to show progress. */
const BATCH = { lexical: 512, transformers: 32 } as const;

/** Builds the keyword and vector indexes into `opts.dir`. */
export async function buildSearch(opts: BuildSearchOptions): Promise<BuildSearchResult> {
  const out = path.join(opts.dir, SUBDIR);
  await mkdir(out, { recursive: true });
  const cached = opts.previousDir && opts.fileHash && !opts.fresh ? readDocCache(path.join(opts.previousDir, SUBDIR, DOCS_FILE)) : undefined;
  const { docs, reusedFiles } = prepareDocuments(opts.graph, opts.readSource, opts.fileHash, cached);
  const keyword = KeywordIndex.build(docs);
  await writeFile(path.join(out, 'bm25.json'), keyword.toJSON());
  if (opts.fileHash) await writeFile(path.join(out, DOCS_FILE), docCacheJSON(docs, opts.fileHash));

  let said = false;
  const logOnce = (m: string): void => { if (!said) { said = true; opts.log(m); } };
  const embedder = await resolveEmbedder(opts.embedder, logOnce);
  const hashes = docs.map((d) => textHash(embedder.id, d.embedText));
  const prevMeta = opts.previousDir ? readMeta(opts.previousDir) : undefined;
  const sameEmbedder = !!prevMeta && prevMeta.embedder.id === embedder.id && prevMeta.embedder.dim === embedder.dim;
  const previous = sameEmbedder ? await previousVectors(opts.previousDir!, prevMeta!) : new Map<string, Float32Array>();

  const vectors: Array<Float32Array | undefined> = hashes.map((h) => previous.get(h));
  const reused = vectors.filter(Boolean).length;
  const pending = docs.map((_, i) => i).filter((i) => !vectors[i]);
  // Similar lengths batch together: a transformer pads every text of a batch to the longest.
  pending.sort((a, b) => docs[a].embedText.length - docs[b].embedText.length || a - b);
  const batch = BATCH[embedder.kind];
  const total = pending.length;
  opts.progress?.(0, total);
  for (let start = 0; start < total; start += batch) {
    const rows = pending.slice(start, start + batch);
    const made = await embedder.embed(rows.map((i) => docs[i].embedText));
    rows.forEach((row, k) => { vectors[row] = roundVector(made[k]); });
    opts.progress?.(Math.min(total, start + batch), total);
  }

  const items: StoredVector[] = docs.map((d, i) => ({ uid: d.uid, hash: hashes[i], vector: vectors[i]! }));
  const prevFiles = sameEmbedder ? { folder: path.join(opts.previousDir!, SUBDIR, 'vectors'), uids: prevMeta!.uids, hashes: prevMeta!.hashes } : undefined;
  await writeVectors(path.join(out, 'vectors'), items, embedder.dim, prevFiles);
  const meta: SearchMeta = { format: SEARCH_FORMAT, embedder: embedder.spec, count: docs.length, uids: docs.map((d) => d.uid), hashes };
  await writeFile(path.join(out, 'meta.json'), JSON.stringify(meta));
  return { embeddings: docs.length, embedder: embedder.id, reused, reusedFiles };
}

function textHash(embedderId: string, text: string): string {
  return createHash('sha1').update(embedderId).update('\0').update(text).digest('base64url');
}

/** Vectors of the previous generation by text hash (the caller checked it used the same embedder). */
async function previousVectors(dir: string, meta: SearchMeta): Promise<Map<string, Float32Array>> {
  const out = new Map<string, Float32Array>();
  const dim = meta.embedder.dim;
  const folder = path.join(dir, SUBDIR, 'vectors');
  const packed = readPacked(folder, meta.count, dim);
  if (packed) {
    meta.hashes.forEach((h, i) => out.set(h, packed.slice(i * dim, (i + 1) * dim)));
  } else {
    for (const v of await readVectraShards(folder)) if (v.vector.length === dim) out.set(v.hash, v.vector);
  }
  return out;
}

function readMeta(dir: string): SearchMeta | undefined {
  const file = path.join(dir, SUBDIR, 'meta.json');
  if (!existsSync(file)) return undefined;
  try {
    const meta = JSON.parse(readFileSync(file, 'utf8')) as SearchMeta;
    if (meta.format !== SEARCH_FORMAT || !Array.isArray(meta.uids) || meta.uids.length !== meta.count) return undefined;
    return meta;
  } catch { return undefined; }
}

/** Loads what buildSearch wrote; the result goes into `snapshot.search` (undefined when nothing was built). */
export async function loadSearch(dir: string): Promise<SearchIndex | undefined> {
  const meta = readMeta(dir);
  if (!meta) return undefined;
  const base = path.join(dir, SUBDIR);
  const bm25File = path.join(base, 'bm25.json');
  const keyword = KeywordIndex.fromJSON(existsSync(bm25File) ? readFileSync(bm25File, 'utf8') : '', meta.count);
  const dim = meta.embedder.dim;
  const folder = path.join(base, 'vectors');
  let rows = readPacked(folder, meta.count, dim);
  if (!rows) {
    // The packed copy is a cache of the Vectra shards: rebuild the matrix from them, by uid.
    const byUid = new Map((await readVectraShards(folder)).map((v) => [v.uid, v.vector] as const));
    if (byUid.size === meta.count) {
      rows = new Float32Array(meta.count * dim);
      meta.uids.forEach((u, i) => { const v = byUid.get(u); if (v && v.length === dim) rows!.set(v, i * dim); });
    }
  }
  const matrix = rows ? new VectorMatrix(toColumns(rows, meta.count, dim), meta.count, dim) : undefined;
  return new SearchIndex(meta.uids, keyword, matrix, meta.embedder);
}

const metaCache = new Map<string, { mtimeMs: number; spec: EmbedderSpec }>();

/** Embeds texts with the embedder recorded in `dir` (for SnapshotHost.embed). */
export async function embedWith(dir: string, texts: string[]): Promise<Float32Array[]> {
  const file = path.join(dir, SUBDIR, 'meta.json');
  let mtimeMs = -1;
  try { mtimeMs = statSync(file).mtimeMs; } catch { /* absent: handled below */ }
  let cached = metaCache.get(dir);
  if (!cached || cached.mtimeMs !== mtimeMs) {
    const meta = readMeta(dir);
    if (!meta) return texts.map(() => new Float32Array(0));
    cached = { mtimeMs, spec: meta.embedder };
    metaCache.set(dir, cached);
  }
  const embedder: Embedder = await embedderFor(cached.spec);
  return embedder.embed(texts);
}
