/**
 * The search stage of analyze (its loader: load.ts). Files under `<generation>/search/` (format 3):
 *   meta.json    format, embedder spec, row count (all a server reads at start-up)
 *   rows.json    symbol uids, their files and embedding-text hashes: the row order of everything below
 *   keyword.bin  the BM25F index: term dictionary and per-field posting lists (keyword.ts)
 *   vectors.f32  the vectors, row-major Float32 (vectors.ts)
 *   embedder.bin, cooc-sums.bin, bags.bin  the learned model, its sums and every row's weighted terms, when the
 *                embedder is the learned one or `both` (embedders/cooccurrence.ts, embedders/cooc-update.ts, reuse.ts)
 * Older formats are not read: such a snapshot answers from an index built in memory until it is analyzed again.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { GraphView } from '../graph/code-graph.ts';
import type { GraphNode } from '../graph/schema.ts';
import { digest64 } from './digest.ts';
import { deferredDocument, documentsOfFile, searchableGroups, type SearchDoc } from './documents.ts';
import { coocFromBuffer, documentTerms, learnCooccurrence, primeDocumentTerms, type CoocModel } from './embedders/cooccurrence.ts';
import { coocSumsToBuffer, updateCooccurrence, withSums, type CoocUpdate } from './embedders/cooc-update.ts';
import { BAGS_FILE, bagsToBuffer, documentKey, PreviousRows, searchStamp } from './reuse.ts';
import { embedderFor, resolveEmbedder, sameLearnedFamily, storedLearnedEmbedder, trainedEmbedder, type Embedder, type EmbedderSpec, type Learn } from './embedders/index.ts';
import type { SearchParts } from './engine.ts';
import { KeywordBuilder, KeywordIndex } from './keyword.ts';
import { readPacked, VectorMatrix, writePacked } from './vectors.ts';

export { packSearchable, unpackSearchable, type PackedSymbols } from './documents.ts';
export type { RankedSymbol, RankRequest, RankResult, QueryVectors, RankMode } from './engine.ts';

export interface BuildSearchOptions {
  /** The graph, or its nodes in graph order (search reads nothing else of it). */
  graph: GraphView | readonly GraphNode[];
  /** Text of an indexed file by relative path (for symbol bodies). */
  readSource(filePath: string): string | undefined;
  /** The new snapshot generation folder to write search files into. */
  dir: string;
  /** The previous generation folder, when one exists, to reuse the vectors of unchanged texts. */
  previousDir?: string;
  /** A digest of an indexed file's content (the file table's hash), when known; else its text is digested. */
  fileDigest?(filePath: string): string | undefined;
  /** Embed every text again even when the previous generation has its vector (analyze --force). */
  fresh?: boolean;
  /** Embedder choice, e.g. from CLI/env; undefined = default resolution (local model, else built-in). */
  embedder?: string;
  /** One-line messages for the user (e.g. "no model found, using the built-in embedder"). */
  log(message: string): void;
  /** Progress of embedding, when a terminal shows it. */
  progress?(done: number, total: number): void;
  /**
   * Called once the keyword index is written, when the caller wants memory back (lib/analyze after a large
   * parse): describing and tokenising every document leaves most of this stage's garbage by then, and learning
   * and embedding allocate next.
   */
  collectGarbage?(): Promise<void>;
}

export interface BuildSearchResult {
  embeddings: number;
  embedder: string;
  /** Vectors taken over from the previous generation (same embedder, same text). */
  reused?: number;
  /** Documents taken over from the previous generation (same file text, same node properties). */
  reusedRows?: number;
  /** Wall time of the steps (ms): documents, keyword, vectors, write; for benches. */
  steps?: Record<string, number>;
}

/** Version of the files below; other versions are not read (the snapshot answers from memory until re-analyzed). */
export const SEARCH_FORMAT = 3;
const SUBDIR = 'search';
const KEYWORD_FILE = 'keyword.bin';
const ROWS_FILE = 'rows.json';
/** The learned embedder's model (embedders/cooccurrence.ts), when the index was made with it. */
const EMBEDDER_FILE = 'embedder.bin';
/** The learned model's fixed-point sums, for the next analyze to update (embedders/cooc-update.ts). */
const SUMS_FILE = 'cooc-sums.bin';

interface SearchMeta {
  format: number;
  embedder: EmbedderSpec;
  count: number;
}

/** rows.json: row order of the keyword index and the vectors. */
interface SearchRows {
  uids: string[];
  files: string[];
  /** digest64 of each row's embedding text. */
  hashes: string[];
  /** Each row's document key (reuse.ts documentKey); absent in generations written before keys were. */
  keys?: string[];
  /** The code that made the rows (reuse.ts searchStamp): keys are read only from a generation made by the same. */
  stamp?: string;
}

/** Texts per embedding batch: large enough to amortise a model call, small enough to show progress. */
const BATCH = 64;

/** Builds the keyword and vector indexes into `opts.dir`. */
export async function buildSearch(opts: BuildSearchOptions): Promise<BuildSearchResult> {
  const steps: Record<string, number> = {};
  let mark = performance.now();
  const step = (name: string): void => { const now = performance.now(); steps[name] = (steps[name] ?? 0) + now - mark; mark = now; };
  const out = path.join(opts.dir, SUBDIR);
  mkdirSync(out, { recursive: true });

  // Rows whose document cannot have changed are taken over from the previous generation (reuse.ts).
  const previous = opts.previousDir && !opts.fresh ? readPrevious(opts.previousDir) : undefined;
  const { nodes, byFile, loose } = searchableGroups(opts.graph);
  const N = nodes.length;
  const fileDigests = new Map<string, string>();
  const fileDigest = (file: string): string => {
    let d = fileDigests.get(file);
    if (d === undefined) {
      d = opts.fileDigest?.(file);
      if (d === undefined) { const text = opts.readSource(file); d = text === undefined ? '-' : digest64(text); }
      fileDigests.set(file, d);
    }
    return d;
  };
  const keys = nodes.map((n) => documentKey(n, n.filePath ? fileDigest(n.filePath) : ''));
  const prev = previous && PreviousRows.read(path.join(previous.dir, SUBDIR), previous.rows.keys, previous.rows.stamp, previous.rows.hashes,
    () => KeywordIndex.fromBuffer(readFileSync(path.join(previous.dir, SUBDIR, KEYWORD_FILE))));
  const prevRow = new Int32Array(N).fill(-1);
  if (prev) for (let i = 0; i < N; i++) prevRow[i] = prev.rowOf(keys[i]);
  const docs = new Array<SearchDoc>(N);
  const stored = prev?.storedBags();
  const place = (at: readonly number[], file: string | undefined): void => {
    const fresh = at.filter((i) => prevRow[i] < 0);
    if (fresh.length) {
      const made = documentsOfFile(fresh.map((i) => nodes[i]), file === undefined ? undefined : opts.readSource(file));
      fresh.forEach((i, k) => { docs[i] = made[k]; });
    }
    for (const i of at) {
      if (prevRow[i] < 0) continue;
      docs[i] = deferredDocument(nodes[i], () => documentsOfFile([nodes[i]], file === undefined ? undefined : opts.readSource(file))[0]);
      if (stored) primeDocumentTerms(docs[i].fields, () => prev!.bag(prevRow[i])!);
    }
  };
  for (const [file, at] of byFile) place(at, file);
  place(loose, undefined);
  step('documents');
  // The rows are the previous generation's symbols in the same order (an edit that added or removed none): the
  // keyword index and the learned model are the previous ones with the changed rows replaced.
  const sameRows = !!prev && previous!.rows.uids.length === N && previous!.rows.uids.every((u, i) => u === docs[i].uid);
  let reusedRows = 0;
  for (let i = 0; i < N; i++) if (prevRow[i] >= 0) reusedRows++;
  // The previous index with the rows taken over renumbered and the others tokenised (keyword.ts remapped).
  const keyword = prev ? prev.keyword.remapped(prevRow, (i) => docs[i].fields) : KeywordBuilder.build(docs);
  writeFileSync(path.join(out, KEYWORD_FILE), keyword.toBuffer());
  step('keyword');
  if (opts.collectGarbage) {
    await opts.collectGarbage();
    step('collect');
  }

  // The learned model is updated from the previous one when the rows are the same symbols in the same order.
  let update: CoocUpdate | undefined;
  let learned: CoocModel | undefined;
  const previousModel = sameRows && stored && previous!.meta.embedder.kind === 'learned' ? readModel(previous!.dir) : undefined;
  const learn: Learn = (all) => {
    update = previousModel && updateCooccurrence(previousModel, stored!, docs.map((d, i) => (prevRow[i] === i ? undefined : documentTerms(d.fields))));
    return (learned = update?.model ?? learnCooccurrence(all));
  };
  const embedder = await resolveEmbedder(opts.embedder, opts.log, docs, learn);
  step('learn');
  const dim = embedder.dim;
  // The embedding text's digest; vectors are taken over only from a generation made by the same embedder.
  const hashes = docs.map((d, i) => (prevRow[i] >= 0 ? prev!.hashes[prevRow[i]] : digest64(d.embedText)));
  const packed = new Float32Array(docs.length * dim);
  const done = new Uint8Array(docs.length);
  let reused = 0;
  /** Copies the previous generation's vector of row `rowOf(i)` (-1: none) into each document not yet done. */
  const takeOver = (rowOf: (i: number) => number): void => {
    const prevPacked = readPacked(path.join(previous!.dir, SUBDIR), previous!.meta.count, dim);
    if (!prevPacked) return;
    for (let i = 0; i < docs.length; i++) {
      const r = done[i] ? -1 : rowOf(i);
      if (r < 0) continue;
      packed.set(prevPacked.subarray(r * dim, r * dim + dim), i * dim);
      done[i] = 1;
      reused++;
    }
  };
  // A learned model's vectors read every field, not just the text: none is taken over (they are cheap to make).
  if (previous && !embedder.embedDocuments && previous.meta.embedder.id === embedder.id && previous.meta.embedder.dim === dim) {
    const byHash = new Map<string, number>();
    previous.rows.hashes.forEach((h, r) => byHash.set(h, r));
    takeOver((i) => byHash.get(hashes[i]) ?? -1);
  }
  // A fixed model's vector depends on its document alone: a document taken over keeps its vector, and an edit
  // embeds only the documents it changed (the learned model's vectors move with every document's terms).
  if (prev && embedder.local && previous!.meta.embedder.id === embedder.id && previous!.meta.embedder.dim === dim) takeOver((i) => prevRow[i]);
  // A learned vector none of whose terms changed is its previous row's (cooc-update.ts).
  if (update && embedder.embedDocuments && previous!.meta.embedder.dim === dim && sameLearnedFamily(previous!.meta.embedder.id, embedder.id)) {
    const same = update.same;
    takeOver((i) => (same[i] ? i : -1));
  }
  const pending: number[] = [];
  for (let i = 0; i < docs.length; i++) if (!done[i]) pending.push(i);
  // Similar lengths batch together: a transformer pads every text of a batch to the longest.
  if (!embedder.embedDocuments) pending.sort((a, b) => docs[a].embedText.length - docs[b].embedText.length || a - b);
  const total = pending.length;
  opts.progress?.(0, total);
  for (let start = 0; start < total; start += BATCH) {
    const rows = pending.slice(start, start + BATCH);
    // The learned embedder alone reads nothing but the model and the terms the update holds.
    const vectors = update && embedder.id === update.model.id ? rows.map((i) => update!.embed(i))
      : embedder.embedDocuments ? embedder.embedDocuments(rows.map((i) => docs[i])) : await embedder.embed(rows.map((i) => docs[i].embedText));
    rows.forEach((row, k) => packed.set(vectors[k].subarray(0, dim), row * dim));
    opts.progress?.(Math.min(total, start + BATCH), total);
  }
  step('vectors');

  writePacked(out, packed);
  const model = embedder.modelBytes?.();
  if (model) writeFileSync(path.join(out, EMBEDDER_FILE), model);
  const sums = model && learned && coocSumsToBuffer(learned);
  if (sums) writeFileSync(path.join(out, SUMS_FILE), sums);
  // The weighted terms the learned model read (every document's, made while learning), for the next run to take
  // over; an embedder whose vectors are local needs none. (A row taken over as it was is copied from the previous
  // bags.bin without a map.)
  const bagBytes = embedder.embedDocuments && !embedder.local ? bagsToBuffer(docs.map((d, i) => (stored && prevRow[i] >= 0 ? prevRow[i] : documentTerms(d.fields))), keyword, stored) : undefined;
  if (bagBytes) writeFileSync(path.join(out, BAGS_FILE), bagBytes);
  writeFileSync(path.join(out, ROWS_FILE), JSON.stringify({ uids: docs.map((d) => d.uid), files: docs.map((d) => d.file), hashes, keys, stamp: searchStamp() } satisfies SearchRows));
  const meta: SearchMeta = { format: SEARCH_FORMAT, embedder: embedder.spec, count: docs.length };
  writeFileSync(path.join(out, 'meta.json'), JSON.stringify(meta));
  step('write');
  return { embeddings: docs.length, embedder: embedder.id, reused, reusedRows, steps };
}

/** The learned model a previous generation stored, with its sums, when both are readable. */
function readModel(dir: string): CoocModel | undefined {
  try {
    return withSums(coocFromBuffer(readFileSync(path.join(dir, SUBDIR, EMBEDDER_FILE))), readFileSync(path.join(dir, SUBDIR, SUMS_FILE)));
  } catch { return undefined; }
}

/** A previous generation of this format, when readable. */
function readPrevious(dir: string): { dir: string; meta: SearchMeta; rows: SearchRows } | undefined {
  const meta = readMeta(dir);
  if (!meta) return undefined;
  try {
    return { dir, meta, rows: readRowsFile(dir, meta.count) };
  } catch { return undefined; }
}

function readMeta(dir: string): SearchMeta | undefined {
  const file = path.join(dir, SUBDIR, 'meta.json');
  if (!existsSync(file)) return undefined;
  try {
    const meta = JSON.parse(readFileSync(file, 'utf8')) as SearchMeta;
    if (!meta || typeof meta !== 'object' || meta.format !== SEARCH_FORMAT || !Number.isInteger(meta.count) || meta.count < 0
      || !meta.embedder || typeof meta.embedder.id !== 'string') return undefined;
    return meta;
  } catch { return undefined; }
}

function readRowsFile(dir: string, count: number): SearchRows {
  const rows = JSON.parse(readFileSync(path.join(dir, SUBDIR, ROWS_FILE), 'utf8')) as SearchRows;
  if (![rows.uids, rows.files, rows.hashes].every((a) => Array.isArray(a) && a.length === count)) {
    throw new Error(`${ROWS_FILE} does not list ${count} rows`);
  }
  if (rows.keys !== undefined && !(Array.isArray(rows.keys) && rows.keys.length === count)) delete rows.keys;
  return rows;
}

/**
 * What buildSearch wrote in `dir`, when it is of this format: its row count, its embedder and a reader of the index
 * itself (load.ts makes the query engine's index of it).
 */
export function storedSearch(dir: string): { count: number; embedder: EmbedderSpec; parts: () => SearchParts } | undefined {
  const meta = readMeta(dir);
  if (!meta) return undefined;
  return { count: meta.count, embedder: meta.embedder, parts: () => storedParts(dir, meta) };
}

function storedParts(dir: string, meta: SearchMeta): SearchParts {
  const { uids, files } = readRowsFile(dir, meta.count);
  const keyword = KeywordIndex.fromBuffer(readFileSync(path.join(dir, SUBDIR, KEYWORD_FILE)));
  if (keyword.size !== meta.count) throw new Error(`${KEYWORD_FILE} has ${keyword.size} rows where ${meta.count} were recorded`);
  const dim = meta.embedder.dim;
  const rows = readPacked(path.join(dir, SUBDIR), meta.count, dim);
  const learned = meta.embedder.kind === 'learned' ? learnedOf(dir, meta.embedder) : meta.embedder.kind === 'trained' ? trainedOf(meta.embedder) : undefined;
  return {
    uids, files, keyword, vectors: rows ? VectorMatrix.fromRows(rows, meta.count, dim) : undefined,
    ...(learned ? { embed: (texts: string[]) => texts.map((t) => learned.embedText(t)) } : {}),
  };
}

/** The learned embedder stored in `dir` (the model its vectors were made with). */
function learnedOf(dir: string, spec: EmbedderSpec): { embedText(t: string): Float32Array; embedder: Embedder } {
  const e = storedLearnedEmbedder(readFileSync(path.join(dir, SUBDIR, EMBEDDER_FILE)), spec.id);
  if (e.id !== spec.id) throw new Error(`${EMBEDDER_FILE} is ${e.id}, not the recorded ${spec.id}`);
  return { embedText: e.embedText!, embedder: e };
}

/** The shipped code-search model, when it is the one the index was made with. */
function trainedOf(spec: EmbedderSpec): { embedText(t: string): Float32Array; embedder: Embedder } {
  const e = trainedEmbedder();
  if (e.id !== spec.id) throw new Error(`the index was made with ${spec.id}, this codegraph ships ${e.id}: analyze again`);
  return { embedText: e.embedText, embedder: e };
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
  if (cached.spec.kind === 'learned') return learnedOf(dir, cached.spec).embedder.embed(texts);
  if (cached.spec.kind === 'trained') return trainedOf(cached.spec).embedder.embed(texts);
  const embedder: Embedder = await embedderFor(cached.spec);
  return embedder.embed(texts);
}
