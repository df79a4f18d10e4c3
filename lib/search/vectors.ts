/**
 * The vector index. On disk: `vectors.f32`, the vectors row-major as little-endian Float32. In memory: a
 * column-major Float32Array searched by brute-force cosine (the vectors are unit length), which for the
 * repositories this tool indexes answers in a few milliseconds.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { topK } from './top.ts';

export { topK } from './top.ts';

export const VECTORS_FILE = 'vectors.f32';

/** Writes N row-major vectors into `folder/vectors.f32`. */
export function writePacked(folder: string, rows: Float32Array): void {
  writeFileSync(path.join(folder, VECTORS_FILE), Buffer.from(rows.buffer, rows.byteOffset, rows.byteLength));
}

/** Reads the packed vectors: N rows of `dim` floats, or undefined when absent or of the wrong size. */
export function readPacked(folder: string, count: number, dim: number): Float32Array | undefined {
  const file = path.join(folder, VECTORS_FILE);
  if (!existsSync(file)) return undefined;
  const buf = readFileSync(file);
  if (buf.byteLength !== count * dim * 4) return undefined;
  // Copied into an aligned buffer: a Node Buffer may sit at an odd offset of its pool.
  const out = new Float32Array(count * dim);
  new Uint8Array(out.buffer).set(buf);
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

/** Columns summed per pass of `similarities`: each pass reads and writes the scores once for this many columns. */
const BLOCK = 8;

/** In-memory cosine search over unit vectors stored column-major. */
export class VectorMatrix {
  /** Scores in doubles: the sums stay exact to the float32 inputs, and topK always reads one array type. */
  private readonly scores: Float64Array;
  constructor(readonly cols: Float32Array, readonly count: number, readonly dim: number) {
    this.scores = new Float64Array(count);
  }

  /** A matrix from row-major vectors. */
  static fromRows(rows: Float32Array, count: number, dim: number): VectorMatrix {
    return new VectorMatrix(toColumns(rows, count, dim), count, dim);
  }

  /**
   * Cosine similarity of every row to `q` (a shared scratch array). Columns are taken BLOCK at a time, so the
   * score array is read and written once per block rather than once per column (the scan is what a query's
   * vector lane costs); a sparse `q` (the lexical embedder's) is taken column by column over its non-zero entries.
   */
  similarities(q: Float32Array): Float64Array {
    const n = this.count;
    const s = this.scores;
    s.fill(0);
    if (q.length !== this.dim) return s;
    const cols = this.cols;
    let nonZero = 0;
    for (let j = 0; j < this.dim; j++) if (q[j] !== 0) nonZero++;
    // A sparse query (the lexical embedder's) is summed column by column over its non-zero entries only.
    let j = 0;
    if (nonZero * 4 >= this.dim) for (; j + BLOCK <= this.dim; j += BLOCK) {
      const q0 = q[j], q1 = q[j + 1], q2 = q[j + 2], q3 = q[j + 3], q4 = q[j + 4], q5 = q[j + 5], q6 = q[j + 6], q7 = q[j + 7];
      const b0 = j * n, b1 = b0 + n, b2 = b1 + n, b3 = b2 + n, b4 = b3 + n, b5 = b4 + n, b6 = b5 + n, b7 = b6 + n;
      for (let i = 0; i < n; i++) {
        s[i] += q0 * cols[b0 + i] + q1 * cols[b1 + i] + q2 * cols[b2 + i] + q3 * cols[b3 + i]
          + q4 * cols[b4 + i] + q5 * cols[b5 + i] + q6 * cols[b6 + i] + q7 * cols[b7 + i];
      }
    }
    for (; j < this.dim; j++) {
      const qj = q[j];
      if (qj === 0) continue;
      const base = j * n;
      for (let i = 0; i < n; i++) s[i] += qj * cols[base + i];
    }
    return s;
  }

  /** Cosine similarity of one row to `q` (unit vectors). */
  similarity(q: Float32Array, row: number): number {
    if (q.length !== this.dim || row < 0 || row >= this.count) return 0;
    let s = 0;
    for (let j = 0; j < this.dim; j++) if (q[j] !== 0) s += q[j] * this.cols[j * this.count + row];
    return s;
  }

  /**
   * Rows ranked by cosine similarity to `q` (unit length), best first, at most `limit`, only positive
   * similarities. Cost is count × (non-zero entries of q).
   */
  search(q: Float32Array, limit: number): Array<{ row: number; score: number }> {
    if (q.length !== this.dim || this.count === 0) return [];
    return topK(this.similarities(q), limit);
  }
}
