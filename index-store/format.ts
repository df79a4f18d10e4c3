/**
 * The on-disk snapshot format (docs/storage.md). Under `<repo>/.codegraph/`:
 *   .gitignore        `*` — the index never shows up in the repository's own status
 *   CURRENT           name of the published generation folder (switched by rename: the commit point)
 *   g-<id>/           one generation: meta.json, graph.json, files.json, the per-file parts (parts.ts: facts/, refs/,
 *                     unresolved/), search files
 * A generation folder is complete before CURRENT names it, so a reader never sees half a snapshot.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { codeGraphFromData, denseGraph, type CodeGraph, type CodeGraphData, type GraphView } from '../lib/graph/code-graph.ts';
import { GraphBuilder } from '../lib/graph/builder.ts';
import type { GraphEdge, GraphNode } from '../lib/graph/schema.ts';
import type { IndexedFile, RepoStats } from './snapshot.ts';
import { fsyncDirAsync, fsyncTreeAsync, writeFileAtomic, writeFileFlushing } from './atomic.ts';
import { fileSizes } from './verify.ts';
import { jsonBytes, readText } from './ascii-json.ts';
import { BODIES_DIR, FACTS_DIR, REFS_DIR, SITES_DIR, partWrites, type PartsMeta } from './parts.ts';

export { readFactsFile, readFactsParts, readRefs, readUnresolved, type FactsText, type PartsMeta, type PreviousParts } from './parts.ts';
import { type EdgeEnds, type EncodedEdges, decodeEdges, encodeEdges, storedEnds } from './graph-edges.ts';

/** Bumped whenever the layout or meaning of a snapshot file changes; older snapshots are rebuilt, not read. */
export const SNAPSHOT_SCHEMA = 5;
export const INDEX_DIR = '.codegraph';
export const POINTER_FILE = 'CURRENT';
const GENERATION_PREFIX = 'g-';

/** meta.json: what was indexed, when, with what. */
export interface SnapshotMeta {
  schema: number;
  generation: string;
  /** Registry name at index time. */
  name: string;
  /** Real absolute path of the repository root. */
  root: string;
  indexedAt: string;
  /** HEAD at index time, null outside git. */
  commit: string | null;
  /** Embedder id reported by buildSearch. */
  embedder: string;
  /** Version of the extractor whose facts are cached in the facts buckets (a change invalidates the cache). */
  extractVersion: string;
  stats: RepoStats;
  /** Hashes of the configuration files read for module resolution (tsconfig, package.json, …); '' = absent. */
  configFiles: Record<string, string>;
  /** sha256 of the sorted list of walked `.json` paths: a configuration file appearing or vanishing changes it. */
  configListing?: string;
  /** The analyze summary of this generation (JSON; shape in lib/analyze/summary.ts). */
  summary: unknown;
  /**
   * What a later analyze needs to take this generation's relations over (lib/analyze/incremental.ts): the
   * identity of the code that made it, and whether its relation edges split by their source's file.
   */
  incremental?: { stamp: string; partitioned: boolean; modules?: string; processes?: string };
  /** The per-file parts' bucket count and each bucket's numbers of references and unresolved sites (parts.ts). */
  parts?: PartsMeta;
  /** Size in bytes of every other file of the generation (relative paths), so a reader can tell it is whole (verify.ts). */
  sizes?: Record<string, number>;
}

/** A row of the file table: what the snapshot records of an indexed file, plus the stat pre-check data. */
export interface FileRecord extends IndexedFile {
  size: number;
  mtimeMs: number;
}

/** A file the walk saw but did not index (kept so a no-op analyze need not re-read it). */
export interface SkipRecord {
  path: string;
  reason: string;
  size?: number;
  mtimeMs?: number;
  hash?: string;
}

export interface FileTable {
  files: FileRecord[];
  skipped: SkipRecord[];
}

/** `<root>/.codegraph`. */
export function indexDirOf(root: string): string { return path.join(root, INDEX_DIR); }

/** Creates the index folder (with its `.gitignore` of `*`) and a fresh, empty generation folder in it. */
export function createGeneration(indexDir: string): { name: string; dir: string } {
  fs.mkdirSync(indexDir, { recursive: true });
  const ignore = path.join(indexDir, '.gitignore');
  if (!fs.existsSync(ignore)) writeFileAtomic(ignore, '*\n');
  const name = `${GENERATION_PREFIX}${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  const dir = path.join(indexDir, name);
  fs.mkdirSync(dir);
  return { name, dir };
}

/**
 * Writes a generation's own files (lib/search writes the search files into the same folder) as each becomes
 * final, while the analyze goes on: the data is serialised and written here, in the calling thread (into the
 * page cache), and flushed to disk on libuv's thread pool meanwhile. `finish` completes the generation; after a failure, `settle` before
 * removing the folder so no write is still in flight.
 */
export class GenerationWriter {
  private readonly pending: Promise<void>[] = [];

  constructor(readonly dir: string) {}

  /** files.json. */
  files(table: FileTable): void { this.put('files.json', jsonBytes(table)); }

  /**
   * The per-file parts (parts.ts): facts/, refs/ and unresolved/, one file per bucket; a bucket whose files are
   * unchanged since `previous` is hard-linked from it (copied where the file system cannot link). Returns what
   * meta.json records of them.
   */
  parts(input: Parameters<typeof partWrites>[0]): PartsMeta {
    const { writes, meta } = partWrites(input);
    for (const d of [FACTS_DIR, BODIES_DIR, REFS_DIR, SITES_DIR]) fs.mkdirSync(path.join(this.dir, d));
    for (const w of writes) {
      if ('data' in w) { this.put(w.name, w.data); continue; }
      const to = path.join(this.dir, w.name);
      try { fs.linkSync(w.link, to); } catch { this.put(w.name, fs.readFileSync(w.link)); }
    }
    // (a linked file's data is on disk already: its folder's entry is what remains to flush)
    for (const d of [FACTS_DIR, BODIES_DIR, REFS_DIR, SITES_DIR]) this.pending.push(fsyncDirAsync(path.join(this.dir, d)));
    return meta;
  }

  /**
   * graph.json: `{"nodes": [...], "edges": {...}}`, the nodes as JSON.stringify writes them in graph order, the
   * edges column-wise in key order (graph-edges.ts). Non-ASCII characters are escaped, and the text is serialised and encoded
   * in pieces — slices of nodes, one piece per edge column: one large string costs a flattening copy, and its
   * UTF-8 pass is the slow two-byte one as soon as one doc comment has a non-Latin-1 character; a slice of
   * records without one stays one-byte.
   */
  graph(graph: GraphView): void {
    const { nodes, edges, src, dst } = denseGraph(graph);
    this.graphData({ nodes: nodes as GraphNode[], edges: edges as GraphEdge[] }, { src, dst });
  }

  /** graph.json of nodes and edges as they are (`ends`, when given, the positions of each edge's ends in `data.nodes`). */
  graphData(data: CodeGraphData, ends?: EdgeEnds): void {
    const parts: Uint8Array[] = [Buffer.from('{"nodes":')];
    jsonArrayInto(parts, data.nodes);
    parts.push(Buffer.from(',"edges":'));
    edgesInto(parts, encodeEdges(data.edges, data.nodes, ends));
    parts.push(Buffer.from('}'));
    this.put('graph.json', parts);
  }

  /**
   * Waits for every file written so far, flushes the search files (lib/search writes them without flushing),
   * then writes meta.json — last: a generation folder with meta.json is complete — and flushes the folder.
   * Afterwards the generation can be published.
   */
  async finish(meta: SnapshotMeta): Promise<void> {
    this.pending.push(fsyncTreeAsync(path.join(this.dir, 'search')));
    await this.settle(true);
    meta = { ...meta, sizes: fileSizes(this.dir) };
    // meta.json exists (written, not yet flushed) once writeFileFlushing returns: its flush and the folder's
    // (which records every file's name, meta.json's included) can run side by side.
    const metaFlushed = writeFileFlushing(path.join(this.dir, 'meta.json'), JSON.stringify(meta, null, 1));
    await Promise.all([metaFlushed, fsyncDirAsync(this.dir)]);
  }

  /** Resolves when nothing is in flight any more; with `rethrow`, rejects with the first failure. */
  async settle(rethrow = false): Promise<void> {
    const results = await Promise.allSettled(this.pending);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (rethrow && failed) throw failed.reason;
  }

  private put(name: string, data: string | Uint8Array | readonly Uint8Array[]): void {
    let p: Promise<void>;
    try {
      p = writeFileFlushing(path.join(this.dir, name), data);
    } catch (err) {
      p = Promise.reject(err);
    }
    p.catch(() => {}); // reported by finish(); never an unhandled rejection meanwhile
    this.pending.push(p);
  }
}

/** Records per slice in jsonArrayInto: large enough that JSON.stringify's per-call cost does not show. */
const JSON_SLICE = 256;

/** Appends JSON.stringify(items) as ASCII bytes (ascii-json.ts) to `parts`, serialised JSON_SLICE records at a time. */
function jsonArrayInto(parts: Uint8Array[], items: readonly unknown[]): void {
  if (!items.length) { parts.push(Buffer.from('[]')); return; }
  for (let i = 0; i < items.length; i += JSON_SLICE) {
    const bytes = jsonBytes(items.slice(i, i + JSON_SLICE));
    // Each slice is `[…]`: keep the first slice's '[' and the last one's ']', join the others with ','.
    const first = i === 0, last = i + JSON_SLICE >= items.length;
    if (!first) parts.push(COMMA);
    parts.push(bytes.subarray(first ? 0 : 1, last ? bytes.length : bytes.length - 1));
  }
}

/** Appends an EncodedEdges as JSON (ASCII), its arrays serialised one by one (same text as one JSON.stringify). */
function edgesInto(parts: Uint8Array[], enc: EncodedEdges): void {
  parts.push(Buffer.from(`{"count":${enc.count},"keys":`), jsonBytes(enc.keys), Buffer.from(',"shapes":'), jsonBytes(enc.shapes));
  parts.push(Buffer.from(',"shape":'), jsonBytes(enc.shape), Buffer.from(',"strings":'), jsonBytes(enc.strings));
  parts.push(Buffer.from(',"columns":['));
  enc.columns.forEach(([kind, values], k) => {
    parts.push(Buffer.from(`${k ? ',' : ''}[${kind},`), jsonBytes(values), Buffer.from(']'));
  });
  parts.push(Buffer.from(']}'));
}

const COMMA = Buffer.from(',');

/** Publishes a complete generation: CURRENT is replaced by rename, the single commit point. */
export function publishGeneration(indexDir: string, name: string): void {
  writeFileAtomic(path.join(indexDir, POINTER_FILE), name + '\n');
}

/** Name of the published generation, or undefined when there is none. */
export function readPointer(indexDir: string): string | undefined {
  try {
    const name = fs.readFileSync(path.join(indexDir, POINTER_FILE), 'utf8').trim();
    return name.startsWith(GENERATION_PREFIX) && !name.includes('/') && !name.includes('\\') ? name : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Removes generation folders other than `keep` (the published one and the one it replaced, which a reader
 * that looked at CURRENT a moment ago may still be loading); temporary files of killed writers go at the start
 * of an analyze (atomic.ts removeStaleTemps, recoverInterruptedWrites).
 */
export function cleanupGenerations(indexDir: string, keep: readonly string[]): void {
  let names: string[];
  try { names = fs.readdirSync(indexDir); } catch { return; }
  for (const n of names) {
    if (n.startsWith(GENERATION_PREFIX) && !keep.includes(n)) fs.rmSync(path.join(indexDir, n), { recursive: true, force: true });
  }
}

/**
 * Removes every generation but `current` (the published one) off the main thread, provided the pointer was
 * switched at least `graceMs` ago: a reader that read it before then has had that long to load the one it
 * replaced. Otherwise removes nothing (cleanupGenerations at the end of the analyze does it). An analyze starts
 * this first thing, so the deletion overlaps its work instead of following it. The folders to remove are
 * listed now, synchronously: a generation created after this call (the analyze's own) is never among them.
 * Never rejects.
 */
export function sweepGenerations(indexDir: string, current: string | undefined, graceMs: number): Promise<void> {
  if (!current) return Promise.resolve();
  let doomed: string[];
  try {
    if (Date.now() - fs.statSync(path.join(indexDir, POINTER_FILE)).mtimeMs < graceMs) return Promise.resolve();
    doomed = fs.readdirSync(indexDir).filter((n) => n.startsWith(GENERATION_PREFIX) && n !== current);
  } catch {
    return Promise.resolve(); // best effort: whatever is left is removed by cleanupGenerations later
  }
  return Promise.all(doomed.map((n) => fs.promises.rm(path.join(indexDir, n), { recursive: true, force: true }).catch(() => {})))
    .then(() => {});
}

export function readMeta(dir: string): SnapshotMeta { return readJson(path.join(dir, 'meta.json')) as SnapshotMeta; }
/** graph.json as CodeGraphData (edges as objects again); a format 1 file (edges as objects) reads as it is. */
export function readGraphData(dir: string): CodeGraphData {
  return readGraphFile(dir).data;
}

/**
 * graph.json as the snapshot's graphology graph (what readGraphData gives, loaded with the stored end positions:
 * no uid read per edge). A format 1 file's edges (objects, possibly a relation twice) are merged first.
 */
export function readGraph(dir: string): CodeGraph {
  const { data, ends } = readGraphFile(dir);
  return ends ? codeGraphFromData(data, ends) : GraphBuilder.fromJSON(data).toGraph();
}

function readGraphFile(dir: string): { data: CodeGraphData; ends?: EdgeEnds } {
  const file = readJson(path.join(dir, 'graph.json')) as { nodes: CodeGraphData['nodes']; edges: CodeGraphData['edges'] | EncodedEdges };
  const { nodes, edges } = file;
  if (Array.isArray(edges)) return { data: { nodes, edges } };
  return { data: { nodes, edges: decodeEdges(edges, nodes) }, ends: storedEnds(edges) };
}
export function readFileTable(dir: string): FileTable { return readJson(path.join(dir, 'files.json')) as FileTable; }

function readJson(file: string): unknown { return JSON.parse(readText(file)); }
