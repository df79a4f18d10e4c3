/**
 * The search stage of analyze and its loader. Files under `<generation>/search/` (format 2):
 *   meta.json    format, embedder spec, row count (all a server reads at start-up)
 *   rows.json    symbol uids and embedding-text hashes: the row order of everything below
 *   keyword.bin  the BM25 index: term dictionary and posting lists (bm25.ts)
 *   vectors/     the packed vectors vectors.f32 and the Vectra shards (vectra-0000/index.json, …)
 *   docs.json    the symbol documents, for the next analyze (doc-cache.ts; only with fileHash)
 * Format 1 (bm25.json from wink, uids in meta.json) is still read (legacy-v1.ts), never written.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CodeGraph } from '../graph/code-graph.ts';
import { KeywordBuilder, KeywordIndex, type ForwardIndex } from './bm25.ts';
import { digestAll } from './digest.ts';
import { docCacheBytes, prepareDocuments, readDocCache } from './doc-cache.ts';
import type { SearchFields } from './documents.ts';
import { embedderFor, lexicalIntoAll, LEXICAL_DIM, LEXICAL_ID, resolveEmbedder, type Embedder, type EmbedderSpec } from './embedders/index.ts';
import { SearchIndex, type SearchParts } from './engine.ts';
import { LegacyKeywordIndex } from './legacy-v1.ts';
import { readPacked, readRows, toColumns, VectorMatrix, writeVectors } from './vectors.ts';
import { writeParts } from './write-parts.ts';

export { SearchIndex } from './engine.ts';
export { packSearchable, unpackSearchable, type PackedSymbols } from './documents.ts';
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
  /** Wall time of the steps (ms): documents, keyword, vectors (embedding), write (vector files); for benches. */
  steps?: Record<string, number>;
}

/** Version of the files below; a loader reads this one and format 1, and ignores others (the snapshot is then re-built). */
export const SEARCH_FORMAT = 2;
const LEGACY_FORMAT = 1;
const SUBDIR = 'search';
const DOCS_FILE = 'docs.json';
const KEYWORD_FILE = 'keyword.bin';
const ROWS_FILE = 'rows.json';

interface SearchMeta {
  format: number;
  embedder: EmbedderSpec;
  count: number;
}

/** rows.json: row order of the keyword index and the vectors. */
interface SearchRows {
  uids: string[];
  hashes: string[];
}

/** Texts per embedding batch: large enough to amortise a model call, small enough to show progress. */
const BATCH = { lexical: 512, transformers: 32 } as const;

/** A previous generation of format 2, as far as analyze takes things over from it. */
interface Previous { dir: string; meta: SearchMeta; rows: SearchRows }

/** Builds the keyword and vector indexes into `opts.dir`. */
export async function buildSearch(opts: BuildSearchOptions): Promise<BuildSearchResult> {
  const steps: Record<string, number> = {};
  let mark = performance.now();
  const step = (name: string): void => { const now = performance.now(); steps[name] = (steps[name] ?? 0) + now - mark; mark = now; };
  const out = path.join(opts.dir, SUBDIR);
  mkdirSync(out, { recursive: true });
  const previous = opts.previousDir ? readPrevious(opts.previousDir) : undefined;

  // Documents: unchanged files take theirs over (their keyword counts from the previous keyword.bin).
  let counts: ForwardIndex | undefined;
  let cached;
  if (previous && opts.fileHash && !opts.fresh) {
    cached = readDocCache(path.join(previous.dir, SUBDIR, DOCS_FILE), previous.meta.count);
    counts = cached ? readForward(previous.dir, previous.meta.count) : undefined;
    if (!counts) cached = undefined;
  }
  const { docs, reusedFiles } = prepareDocuments(opts.graph, opts.readSource, opts.fileHash, cached);
  step('documents');
  const builder = new KeywordBuilder(counts);
  // Fresh documents in runs between taken-over ones (one run when cold): the builder counts a run in one pass.
  let fresh: Array<{ fields: SearchFields; bodyWords?: readonly string[] }> = [];
  for (const d of docs) {
    if (d.previousRow === undefined) { fresh.push({ fields: d.fields!, bodyWords: d.bodyWords }); continue; }
    if (fresh.length > 0) { builder.addAllFields(fresh); fresh = []; }
    builder.addFrom(counts!, d.previousRow);
  }
  if (fresh.length > 0) builder.addAllFields(fresh);
  writeFileSync(path.join(out, KEYWORD_FILE), builder.finish().toBuffer());
  if (opts.fileHash) {
    const bytes = docCacheBytes(docs, opts.fileHash, cached);
    if (typeof bytes === 'string') writeFileSync(path.join(out, DOCS_FILE), bytes);
    else writeParts(path.join(out, DOCS_FILE), bytes);
  }
  step('keyword');

  // Vectors: the previous generation's for unchanged texts (same embedder), the embedder's for the rest.
  let said = false;
  const logOnce = (m: string): void => { if (!said) { said = true; opts.log(m); } };
  const embedder = await resolveEmbedder(opts.embedder, logOnce);
  const dim = embedder.dim;
  const idPrefix = embedder.id + '\0';
  const sameEmbedder = !!previous && previous.meta.embedder.id === embedder.id && previous.meta.embedder.dim === dim;
  // A taken-over document has its previous row's text, hence (same embedder) its previous hash and vector.
  const takenOver = (d: (typeof docs)[number]): boolean => sameEmbedder && d.previousRow !== undefined && previous!.rows.uids[d.previousRow] === d.uid;
  const hashes = new Array<string>(docs.length);
  const source = new Int32Array(docs.length).fill(-1);
  const madeTexts: string[] = [];
  const madeRows: number[] = [];
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i];
    if (takenOver(d)) { hashes[i] = previous!.rows.hashes[d.previousRow!]; source[i] = d.previousRow!; }
    else { madeTexts.push(idPrefix + d.embedText); madeRows.push(i); }
  }
  const madeHashes = digestAll(madeTexts);
  for (let k = 0; k < madeRows.length; k++) hashes[madeRows[k]] = madeHashes[k];
  const prevPacked = sameEmbedder && previous!.meta.count > 0 ? readPacked(path.join(previous!.dir, SUBDIR, 'vectors'), previous!.meta.count, dim) : undefined;
  if (prevPacked) reuseVectors(previous!.rows, madeRows, docs, hashes, source);
  else source.fill(-1);
  // With the previous vectors at hand only the rows without one are made (`made`: their row in `packed`).
  const pending: number[] = [];
  for (let i = 0; i < docs.length; i++) if (source[i] < 0) pending.push(i);
  const made = prevPacked ? new Int32Array(docs.length).fill(-1) : undefined;
  if (made) pending.forEach((row, k) => { made[row] = k; });
  const packed = new Float32Array((made ? pending.length : docs.length) * dim);
  const rowBase = (row: number): number => (made ? made[row] : row) * dim;
  const reused = docs.length - pending.length;
  // Similar lengths batch together: a transformer pads every text of a batch to the longest.
  pending.sort((a, b) => docs[a].embedText.length - docs[b].embedText.length || a - b);
  const batch = BATCH[embedder.kind];
  const total = pending.length;
  opts.progress?.(0, total);
  // The built-in embedder writes straight into the matrix (rounded as stored): no vector per symbol.
  const direct = embedder.id === LEXICAL_ID && dim === LEXICAL_DIM;
  for (let start = 0; start < total; start += batch) {
    if (direct) {
      const end = Math.min(total, start + batch);
      const texts: string[] = [];
      const at = new Int32Array(end - start);
      for (let k = start; k < end; k++) { texts.push(docs[pending[k]].embedText); at[k - start] = rowBase(pending[k]); }
      lexicalIntoAll(texts, packed, at, true);
      opts.progress?.(end, total);
      continue;
    }
    const rows = pending.slice(start, start + batch);
    const vectors = await embedder.embed(rows.map((i) => docs[i].embedText));
    rows.forEach((row, k) => {
      // Stored numbers are rounded to 6 decimals, so the Vectra shards (printed decimals) hold the same values.
      const v = vectors[k];
      const base = rowBase(row);
      for (let j = 0; j < dim; j++) if (v[j] !== 0) packed[base + j] = Math.round(v[j] * 1e6) / 1e6;
    });
    opts.progress?.(Math.min(total, start + batch), total);
  }

  step('vectors');
  const uids = docs.map((d) => d.uid);
  const prevFiles = sameEmbedder ? { folder: path.join(previous!.dir, SUBDIR, 'vectors'), uids: previous!.rows.uids, hashes: previous!.rows.hashes } : undefined;
  writeVectors(path.join(out, 'vectors'), { uids, hashes, packed, dim, source, previousPacked: prevPacked, made }, prevFiles);
  writeFileSync(path.join(out, ROWS_FILE), JSON.stringify({ uids, hashes } satisfies SearchRows));
  const meta: SearchMeta = { format: SEARCH_FORMAT, embedder: embedder.spec, count: docs.length };
  writeFileSync(path.join(out, 'meta.json'), JSON.stringify(meta));
  step('write');
  return { embeddings: docs.length, embedder: embedder.id, reused, reusedFiles, steps };
}

/**
 * For the documents at `rows` (not taken over), a previous row with the same vector: the same symbol's when its
 * text is unchanged, else the last row with the same text (hash); into `source`. One pass over the previous rows,
 * looking up only these documents' uids and hashes.
 */
function reuseVectors(prev: SearchRows, rows: readonly number[], docs: ReadonlyArray<{ uid: string }>, hashes: readonly string[], source: Int32Array): void {
  if (rows.length === 0) return;
  const byUid = new Map<string, number>();
  const byHash = new Map<string, number>();
  for (const i of rows) { byUid.set(docs[i].uid, -1); byHash.set(hashes[i], -1); }
  for (let p = 0; p < prev.uids.length; p++) {
    if (byUid.has(prev.uids[p])) byUid.set(prev.uids[p], p);
    if (byHash.has(prev.hashes[p])) byHash.set(prev.hashes[p], p);
  }
  for (const i of rows) {
    const own = byUid.get(docs[i].uid)!;
    const r = own >= 0 && prev.hashes[own] === hashes[i] ? own : byHash.get(hashes[i])!;
    if (r >= 0) source[i] = r;
  }
}

/** The previous generation when it is of this format and readable; undefined otherwise (nothing is taken over). */
function readPrevious(dir: string): Previous | undefined {
  const meta = readMeta(dir);
  if (!meta || meta.format !== SEARCH_FORMAT) return undefined;
  try {
    return { dir, meta, rows: readRowsFile(dir, meta.count) };
  } catch { return undefined; }
}

/** The keyword counts of a previous generation by row, when its index is readable and made with today's weights. */
function readForward(dir: string, count: number): ForwardIndex | undefined {
  try {
    const idx = KeywordIndex.fromBuffer(readFileSync(path.join(dir, SUBDIR, KEYWORD_FILE)));
    return idx.size === count && idx.current ? idx.forward() : undefined;
  } catch { return undefined; }
}

function readMeta(dir: string): (SearchMeta & { uids?: string[]; hashes?: string[] }) | undefined {
  const file = path.join(dir, SUBDIR, 'meta.json');
  if (!existsSync(file)) return undefined;
  try {
    const meta = JSON.parse(readFileSync(file, 'utf8')) as SearchMeta & { uids?: string[] };
    if (!meta || typeof meta !== 'object' || !Number.isInteger(meta.count) || meta.count < 0 || !meta.embedder || typeof meta.embedder.id !== 'string') return undefined;
    if (meta.format === SEARCH_FORMAT) return meta;
    if (meta.format === LEGACY_FORMAT && Array.isArray(meta.uids) && meta.uids.length === meta.count) return meta;
    return undefined;
  } catch { return undefined; }
}

function readRowsFile(dir: string, count: number): SearchRows {
  const rows = JSON.parse(readFileSync(path.join(dir, SUBDIR, ROWS_FILE), 'utf8')) as SearchRows;
  if (!Array.isArray(rows.uids) || !Array.isArray(rows.hashes) || rows.uids.length !== count || rows.hashes.length !== count) {
    throw new Error(`${ROWS_FILE} does not list ${count} rows`);
  }
  return rows;
}

/**
 * Loads what buildSearch wrote; the result goes into `snapshot.search` (undefined when nothing was built).
 * Only meta.json is read now: the index itself is read on its first use (SearchIndex.load), so a server
 * holding many snapshots pays for the ones that are queried.
 */
export async function loadSearch(dir: string): Promise<SearchIndex | undefined> {
  const meta = readMeta(dir);
  if (!meta) return undefined;
  if (meta.format === LEGACY_FORMAT) return SearchIndex.lazy(meta.count, meta.embedder, () => legacyParts(dir, meta.uids!, meta.embedder.dim));
  return SearchIndex.lazy(meta.count, meta.embedder, () => storedParts(dir, meta));
}

function storedParts(dir: string, meta: SearchMeta): SearchParts {
  const { uids } = readRowsFile(dir, meta.count);
  const keyword = KeywordIndex.fromBuffer(readFileSync(path.join(dir, SUBDIR, KEYWORD_FILE)));
  if (keyword.size !== meta.count) throw new Error(`${KEYWORD_FILE} has ${keyword.size} rows where ${meta.count} were recorded`);
  return { uids, keyword, vectors: matrixOf(dir, uids, meta.embedder.dim) };
}

function legacyParts(dir: string, uids: string[], dim: number): SearchParts {
  const bm25File = path.join(dir, SUBDIR, 'bm25.json');
  const keyword = LegacyKeywordIndex.fromJSON(existsSync(bm25File) ? readFileSync(bm25File, 'utf8') : '', uids.length);
  return { uids, keyword, vectors: matrixOf(dir, uids, dim) };
}

/** The vectors column-major (packed copy, else the Vectra shards); undefined when neither can be read. */
function matrixOf(dir: string, uids: readonly string[], dim: number): VectorMatrix | undefined {
  const rows = readRows(path.join(dir, SUBDIR, 'vectors'), uids, dim);
  return rows ? new VectorMatrix(toColumns(rows, uids.length, dim), uids.length, dim) : undefined;
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
