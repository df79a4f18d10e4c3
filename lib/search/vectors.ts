/**
 * The vector index. On disk it is a Vectra LocalIndex (the interoperable format DESIGN.md §3 names), sharded
 * so Vectra's per-insert uniqueness scan stays linear overall, plus a packed Float32 copy (`vectors.f32`)
 * that loads in milliseconds. In memory it is a column-major Float32Array searched by brute-force cosine:
 * Vectra's own query path re-reads JSON and scores row objects, far over a 10 ms budget (see docs/search.md).
 */
import { copyFile, link, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Items per Vectra shard: bounds the quadratic cost of Vectra's duplicate-id check. */
export const SHARD_SIZE = 2048;

/** Vectors are rounded to 6 decimals before storing, in both files, so both hold the same numbers. */
export function roundVector(v: Float32Array): Float32Array {
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = Math.round(v[i] * 1e6) / 1e6;
  return out;
}

/** One stored vector. */
export interface StoredVector { uid: string; hash: string; vector: Float32Array }

/** Where the previous generation's shards can be taken over from (same rows → same file). */
export interface PreviousVectors { folder: string; uids: readonly string[]; hashes: readonly string[] }

/**
 * Writes the Vectra shards and the packed copy under `folder` (created). Rows in `items` order.
 *
 * The shards are written directly in Vectra's LocalIndex format (`{version, metadata_config, items: [{id,
 * metadata, vector, norm}]}`, what `LocalIndex.createIndex` + `insertItem` + `endUpdate` write, checked by
 * test/search/build.test.ts opening them with Vectra): importing Vectra costs ~0.4 s per process (it pulls in
 * a GPT tokenizer, a web fetcher and a server) and its insert scans for duplicate ids. A shard whose rows (uid
 * and text hash, hence vector) equal the previous generation's is hard-linked instead of rewritten.
 */
export async function writeVectors(folder: string, items: readonly StoredVector[], dim: number, previous?: PreviousVectors): Promise<void> {
  await mkdir(folder, { recursive: true });
  const packedFile = path.join(folder, 'vectors.f32');
  const allSame = previous !== undefined && previous.uids.length === items.length && sameRows(items, previous, 0, items.length);
  if (!allSame || !(await linkOrCopy(path.join(previous!.folder, 'vectors.f32'), packedFile))) {
    const packed = new Float32Array(items.length * dim);
    items.forEach((it, i) => packed.set(it.vector, i * dim));
    await writeFile(packedFile, Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength));
  }
  const shards = Math.max(1, Math.ceil(items.length / SHARD_SIZE));
  for (let s = 0; s < shards; s++) {
    const name = `vectra-${String(s).padStart(4, '0')}`;
    const from = s * SHARD_SIZE;
    const rows = items.slice(from, from + SHARD_SIZE);
    await mkdir(path.join(folder, name), { recursive: true });
    const target = path.join(folder, name, 'index.json');
    if (previous && sameRows(rows, previous, from, SHARD_SIZE) && (await linkOrCopy(path.join(previous.folder, name, 'index.json'), target))) continue;
    await writeFile(target, vectraIndexJSON(rows));
  }
}

/** True when the previous generation had exactly these rows at these positions (and no more in the `span`). */
function sameRows(rows: readonly StoredVector[], prev: PreviousVectors, from: number, span: number): boolean {
  const prevCount = Math.max(0, Math.min(span, prev.uids.length - from));
  if (prevCount !== rows.length) return false;
  for (let i = 0; i < rows.length; i++) {
    if (rows[i].uid !== prev.uids[from + i] || rows[i].hash !== prev.hashes[from + i]) return false;
  }
  return true;
}

/** Hard link (generations are immutable once published), else a copy; false when the source is gone. */
async function linkOrCopy(src: string, dest: string): Promise<boolean> {
  try { await link(src, dest); return true; } catch { /* other file system, or no such file */ }
  try { await copyFile(src, dest); return true; } catch { return false; }
}

/** One shard as Vectra's JsonCodec writes it: JSON of `{version: 1, metadata_config: {}, items}`. */
export function vectraIndexJSON(rows: readonly StoredVector[]): string {
  const parts: string[] = new Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const it = rows[r];
    const vec = it.vector;
    // Vectra's norm: the Euclidean length of the stored numbers, in doubles.
    let sum = 0;
    // Lexical vectors are mostly zeros (and JSON has no -0): runs of zeros are appended as one piece.
    const nums: string[] = [];
    let zeros = 0;
    for (let j = 0; j < vec.length; j++) {
      const x = vec[j];
      // The stored values are float32 copies of 6-decimal numbers: print the 6-decimal number, which reads
      // back (Float32Array.from) to the identical float32, in a third of the characters.
      const v = x === 0 ? 0 : Math.round(x * 1e6) / 1e6;
      if (v === 0) { zeros++; continue; }
      if (zeros) { nums.push(zeroRun(zeros)); zeros = 0; }
      sum += v * v;
      nums.push(String(v));
    }
    if (zeros) nums.push(zeroRun(zeros));
    parts[r] = `{"id":${JSON.stringify(it.uid)},"metadata":{"hash":${JSON.stringify(it.hash)}},"vector":[${nums.join(',')}],"norm":${Math.sqrt(sum)}}`;
  }
  return `{"version":1,"metadata_config":{},"items":[${parts.join(',')}]}`;
}

const zeroRuns: string[] = [];
/** "0,0,…,0" with `n` zeros, memoised. */
function zeroRun(n: number): string {
  return (zeroRuns[n] ??= new Array(n).fill('0').join(','));
}

/** Reads the packed copy: N rows of `dim` floats, or undefined when absent or of the wrong size. */
export function readPacked(folder: string, count: number, dim: number): Float32Array | undefined {
  const file = path.join(folder, 'vectors.f32');
  if (!existsSync(file)) return undefined;
  const buf = readFileSync(file);
  if (buf.byteLength !== count * dim * 4) return undefined;
  // Copy into an aligned buffer: a Node Buffer may sit at an odd offset of its pool.
  const out = new Float32Array(count * dim);
  new Uint8Array(out.buffer).set(buf);
  return out;
}

/** Reads vectors back from the Vectra shards (the slow, format-level path: used when the packed copy is gone). */
export async function readVectraShards(folder: string): Promise<StoredVector[]> {
  const out: StoredVector[] = [];
  let names: string[];
  try { names = (await readdir(folder)).filter((n) => n.startsWith('vectra-')).sort(); } catch { return out; }
  for (const name of names) {
    const raw = JSON.parse(await readFile(path.join(folder, name, 'index.json'), 'utf8')) as { items: Array<{ id: string; vector: number[]; metadata?: { hash?: string } }> };
    for (const it of raw.items) out.push({ uid: it.id, hash: String(it.metadata?.hash ?? ''), vector: Float32Array.from(it.vector) });
  }
  return out;
}

/** Column-major copy of a row-major N×dim matrix: column j is `cols[j*N .. j*N+N)`. */
export function toColumns(rows: Float32Array, count: number, dim: number): Float32Array {
  const cols = new Float32Array(count * dim);
  for (let i = 0; i < count; i++) {
    const base = i * dim;
    for (let j = 0; j < dim; j++) {
      const v = rows[base + j];
      if (v !== 0) cols[j * count + i] = v;
    }
  }
  return cols;
}

/** In-memory cosine search over unit vectors stored column-major. */
export class VectorMatrix {
  private readonly scores: Float32Array;
  constructor(readonly cols: Float32Array, readonly count: number, readonly dim: number) {
    this.scores = new Float32Array(count);
  }

  /**
   * Rows ranked by cosine similarity to `q` (unit length), best first, at most `limit`, only positive
   * similarities. Cost is count × (non-zero entries of q): sparse lexical queries touch few columns.
   */
  search(q: Float32Array, limit: number): Array<{ row: number; score: number }> {
    if (q.length !== this.dim || this.count === 0) return [];
    const n = this.count;
    const s = this.scores;
    s.fill(0);
    const cols = this.cols;
    for (let j = 0; j < this.dim; j++) {
      const qj = q[j];
      if (qj === 0) continue;
      const base = j * n;
      for (let i = 0; i < n; i++) s[i] += qj * cols[base + i];
    }
    return topK(s, limit);
  }
}

/** Indices of the `k` largest positive values, best first; ties by index (deterministic). */
export function topK(values: Float32Array, k: number): Array<{ row: number; score: number }> {
  const heapRow: number[] = [];
  const heapVal: number[] = [];
  const less = (a: number, b: number): boolean => heapVal[a] < heapVal[b] || (heapVal[a] === heapVal[b] && heapRow[a] > heapRow[b]);
  const swap = (a: number, b: number): void => {
    [heapRow[a], heapRow[b]] = [heapRow[b], heapRow[a]];
    [heapVal[a], heapVal[b]] = [heapVal[b], heapVal[a]];
  };
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!(v > 1e-9)) continue;
    if (heapRow.length < k) {
      heapRow.push(i); heapVal.push(v);
      let c = heapRow.length - 1;
      while (c > 0) { const p = (c - 1) >> 1; if (less(c, p)) { swap(c, p); c = p; } else break; }
    } else if (k > 0 && (v > heapVal[0] || (v === heapVal[0] && i < heapRow[0]))) {
      heapRow[0] = i; heapVal[0] = v;
      let c = 0;
      for (;;) {
        const l = 2 * c + 1, r = l + 1;
        let m = c;
        if (l < heapRow.length && less(l, m)) m = l;
        if (r < heapRow.length && less(r, m)) m = r;
        if (m === c) break;
        swap(c, m); c = m;
      }
    }
  }
  const out = heapRow.map((row, i) => ({ row, score: heapVal[i] }));
  out.sort((a, b) => b.score - a.score || a.row - b.row);
  return out;
}
