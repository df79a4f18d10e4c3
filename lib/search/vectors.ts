/**
 * The vector index. On disk it is a packed Float32 file (`vectors.f32`, row-major, little-endian: what the
 * loader reads) plus a Vectra LocalIndex (the interoperable format DESIGN.md §3 names), sharded so a reader
 * that loads one shard at a time stays small. In memory it is a column-major Float32Array searched by
 * brute-force cosine: Vectra's own query path re-reads JSON and scores row objects, far over a 10 ms budget
 * (see docs/search.md).
 */
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { topK } from './top.ts';
import { writeParts, writeStreamed } from './write-parts.ts';

export { topK } from './top.ts';

/** Items per Vectra shard: bounds what a reader loading one shard holds (and Vectra's duplicate-id scans). */
export const SHARD_SIZE = 2048;

/** Vectors are rounded to 6 decimals before storing, in both files, so both hold the same float32 values. */
export function roundVector(v: Float32Array): Float32Array {
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) if (v[i] !== 0) out[i] = Math.round(v[i] * 1e6) / 1e6;
  return out;
}

/** One stored vector. */
export interface StoredVector { uid: string; hash: string; vector: Float32Array }

/** The rows to store: N uids and text hashes, and their vectors. */
export interface VectorRows {
  uids: readonly string[];
  hashes: readonly string[];
  /** Row-major vectors of the rows made now: row r's are at `packed[r * dim]`, or at `made[r] * dim` when given. */
  packed: Float32Array;
  dim: number;
  /** Per row, the previous generation's row its vector was copied from (same uid preferred), or -1. */
  source?: Int32Array;
  /** The previous generation's packed vectors: a row with `source[r] >= 0` is read there (packed may lack it). */
  previousPacked?: Float32Array;
  /** Per row made now, its row in `packed` (the rest are -1): with `previousPacked`, only those rows are made. */
  made?: Int32Array;
}

/** The array row r's vector is in (see rowBase). Two functions, not a pair: no array per row in cold code. */
function rowArray(rows: VectorRows, r: number): Float32Array {
  return rows.source !== undefined && rows.previousPacked !== undefined && rows.source[r] >= 0 ? rows.previousPacked : rows.packed;
}

/** Where row r's vector starts in rowArray(rows, r). */
function rowBase(rows: VectorRows, r: number): number {
  if (rows.source !== undefined && rows.previousPacked !== undefined && rows.source[r] >= 0) return rows.source[r] * rows.dim;
  return (rows.made !== undefined ? rows.made[r] : r) * rows.dim;
}

/** Where the previous generation's files can be taken over from (same rows → same file). */
export interface PreviousVectors { folder: string; uids: readonly string[]; hashes: readonly string[] }

/**
 * Writes the packed copy and the Vectra shards under `folder` (created).
 *
 * The shards are written directly in Vectra's LocalIndex format (`{version, metadata_config, items: [{id,
 * metadata, vector, norm}]}`, what `LocalIndex.createIndex` + `insertItem` + `endUpdate` write, checked by
 * test/search/build.test.ts opening them with Vectra): importing Vectra costs ~0.4 s per process (it pulls in
 * a GPT tokenizer, a web fetcher and a server) and its insert scans for duplicate ids. A file whose rows (uid
 * and text hash, hence vector) equal the previous generation's is hard-linked instead of rewritten. A rewritten
 * file takes what the previous generation has from its bytes, without copying them: the rows of vectors.f32
 * and the items of a shard whose uid and vector come from the previous generation are written straight from the
 * previous file's bytes (one slice per run of consecutive rows: a new symbol shifts every later row, but leaves
 * their bytes as they were), beside the rows made now.
 */
export function writeVectors(folder: string, rows: VectorRows, previous?: PreviousVectors): void {
  mkdirSync(folder, { recursive: true });
  const count = rows.uids.length;
  const packedFile = path.join(folder, 'vectors.f32');
  const allSame = previous !== undefined && previous.uids.length === count && sameRows(rows, previous, 0, count);
  if (!allSame || !linkOrCopy(path.join(previous!.folder, 'vectors.f32'), packedFile)) writeParts(packedFile, packedParts(rows));
  const shards = Math.max(1, Math.ceil(count / SHARD_SIZE));
  let items: PreviousItems | undefined;
  for (let s = 0; s < shards; s++) {
    const name = `vectra-${String(s).padStart(4, '0')}`;
    const from = s * SHARD_SIZE;
    const to = Math.min(count, from + SHARD_SIZE);
    mkdirSync(path.join(folder, name), { recursive: true });
    const target = path.join(folder, name, 'index.json');
    if (previous && sameRowsIn(rows, previous, from, to, SHARD_SIZE) && linkOrCopy(path.join(previous.folder, name, 'index.json'), target)) continue;
    if (previous && rows.source && !items) items = new PreviousItems(previous);
    writeStreamed(target, (sink) => printShard(rows, from, to, items, sink));
  }
}

/** vectors.f32 as slices: runs of rows taken from the previous file, and of rows made now. */
function packedParts(rows: VectorRows): Uint8Array[] {
  const parts: Uint8Array[] = [];
  const count = rows.uids.length;
  const bytes = rows.dim * 4;
  // All rows made now (a cold build): the matrix as it is.
  if (rows.previousPacked === undefined && rows.made === undefined) return [new Uint8Array(rows.packed.buffer, rows.packed.byteOffset, count * bytes)];
  for (let r = 0; r < count;) {
    const arr = rowArray(rows, r);
    const at = rowBase(rows, r);
    let end = r + 1;
    // Extend while the next row follows this one in the same array.
    while (end < count && rowArray(rows, end) === arr && rowBase(rows, end) === at + (end - r) * rows.dim) end++;
    parts.push(new Uint8Array(arr.buffer, arr.byteOffset + at * 4, (end - r) * bytes));
    r = end;
  }
  return parts;
}

function sameRows(rows: VectorRows, prev: PreviousVectors, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (rows.uids[i] !== prev.uids[i] || rows.hashes[i] !== prev.hashes[i]) return false;
  return true;
}

/** True when the previous generation had exactly rows from..to at these positions (and no more in the shard). */
function sameRowsIn(rows: VectorRows, prev: PreviousVectors, from: number, to: number, span: number): boolean {
  const prevCount = Math.max(0, Math.min(span, prev.uids.length - from));
  return prevCount === to - from && sameRows(rows, prev, from, to);
}

/** Hard link (generations are immutable once published), else a copy; false when the source is gone. */
function linkOrCopy(src: string, dest: string): boolean {
  try { linkSync(src, dest); return true; } catch { /* other file system, or no such file */ }
  try { copyFileSync(src, dest); return true; } catch { return false; }
}

const ITEM_START = Buffer.from('{"id":');

/** The start of row r's item: `{"id":<uid>,"metadata":{"hash":<hash>},"vector":[`. */
function itemHead(uid: string, hash: string): Buffer {
  return Buffer.from(`{"id":${JSON.stringify(uid)},"metadata":{"hash":${JSON.stringify(hash)}},"vector":[`);
}

/**
 * The items of the previous generation's shards, as bytes by row. An item starts with `{"id":`, which cannot
 * occur inside one (a quote inside a JSON string is escaped). A shard is used only when it holds as many items
 * as the previous generation had rows there, and a run of its items only when the first and last start as
 * their rows' uid and hash say (so a shard of another layout is simply not copied from).
 */
class PreviousItems {
  private readonly shards = new Map<number, { buf: Buffer; starts: number[] } | null>();
  constructor(private readonly prev: PreviousVectors) {}

  private shard(s: number): { buf: Buffer; starts: number[] } | null {
    let shard = this.shards.get(s);
    if (shard === undefined) {
      shard = null;
      try {
        const buf = readFileSync(path.join(this.prev.folder, `vectra-${String(s).padStart(4, '0')}`, 'index.json'));
        const starts: number[] = [];
        for (let at = buf.indexOf(ITEM_START); at >= 0; at = buf.indexOf(ITEM_START, at + ITEM_START.length)) starts.push(at);
        if (starts.length === Math.max(0, Math.min(SHARD_SIZE, this.prev.uids.length - s * SHARD_SIZE))) shard = { buf, starts };
      } catch { /* gone: nothing to copy */ }
      this.shards.set(s, shard);
    }
    return shard;
  }

  /** Whether row `row`'s item is the first of a shard's (no comma before it in the shard). */
  static firstOfShard(row: number): boolean { return row % SHARD_SIZE === 0; }

  /**
   * Whether previous row `row`'s item is the one to write for `uid` and `hash`: a vector may come from another
   * symbol's row with the same text (lib/search/index.ts reuseVectors), but that row's item names the other symbol.
   */
  holds(row: number, uid: string, hash: string): boolean { return this.prev.uids[row] === uid && this.prev.hashes[row] === hash; }

  /**
   * Bytes of the previous rows first..last's items (with the commas between them), all in one shard, when they are
   * there and the first and last are (uid, hash)'s of those rows.
   */
  items(first: number, last: number): Buffer | undefined {
    const s = Math.floor(first / SHARD_SIZE);
    if (Math.floor(last / SHARD_SIZE) !== s) return undefined;
    const shard = this.shard(s);
    if (!shard) return undefined;
    const k0 = first - s * SHARD_SIZE, k1 = last - s * SHARD_SIZE;
    const start = shard.starts[k0];
    // The last item ends before the comma that precedes the next one, or before the closing `]}` of the file.
    const end = k1 + 1 < shard.starts.length ? shard.starts[k1 + 1] - 1 : shard.buf.length - 2;
    if (end <= start || !this.startsAs(shard, k0, first) || (k1 !== k0 && !this.startsAs(shard, k1, last))) return undefined;
    return shard.buf.subarray(start, end);
  }

  private startsAs(shard: { buf: Buffer; starts: number[] }, k: number, row: number): boolean {
    const head = itemHead(this.prev.uids[row], this.prev.hashes[row]);
    const at = shard.starts[k];
    return at + head.length <= shard.buf.length && shard.buf.compare(head, 0, head.length, at, at + head.length) === 0;
  }
}

const COMMA = 44, ZERO = 48, DOT = 46, MINUS = 45;
/** `buf`, or a larger copy of its first `at` bytes, with room for `n` more. (No closure: `buf` and `at` stay registers.) */
function room(buf: Buffer, at: number, n: number): Buffer {
  if (at + n <= buf.length) return buf;
  const next = Buffer.allocUnsafe(Math.max(buf.length * 2, at + n));
  buf.copy(next, 0, 0, at);
  return next;
}

/** The three digits of 0..999 (`DIGITS[3k..3k+3)`), and how many of them are left without trailing zeros. */
const DIGITS = new Uint8Array(3000);
const KEPT = new Uint8Array(1000);
for (let k = 0; k < 1000; k++) {
  const d = [Math.floor(k / 100), Math.floor(k / 10) % 10, k % 10];
  DIGITS.set(d.map((x) => ZERO + x), 3 * k);
  KEPT[k] = d[2] !== 0 ? 3 : d[1] !== 0 ? 2 : d[0] !== 0 ? 1 : 0;
}

/**
 * One shard as Vectra's JsonCodec writes it: JSON of `{version: 1, metadata_config: {}, items}` with items
 * `{id, metadata: {hash}, vector, norm}`. Written as bytes: the stored values are float32 copies of 6-decimal
 * numbers, printed as those decimals (which read back, through Float32Array.from, to the identical float32,
 * in a third of the characters of the float32's shortest form) straight from their integer millionths, three
 * digits at a time from a table — JavaScript's number-to-string was most of the cost. JSON has no −0: a −0 is
 * written as 0, as Vectra's own writer does. `norm` is the Euclidean length of the printed numbers, in doubles,
 * as Vectra computes it.
 */
export function vectraShard(rows: VectorRows, from: number, to: number, previous?: PreviousItems): Buffer {
  const chunks: Buffer[] = [];
  printShard(rows, from, to, previous, (bytes) => chunks.push(Buffer.from(bytes)));
  return Buffer.concat(chunks);
}

/**
 * The bytes of a shard (vectraShard), in order, to `sink`: the items printed now, and runs of items taken as they
 * are from the previous generation's shard (rows whose `source` rows follow each other there). The sink must be done
 * with a chunk when it returns: the printed bytes go into one buffer kept between calls, which is handed over and
 * reused every FLUSH_BYTES or so. A whole shard of 2,048 rows printed first would take ~4 MB, and more while its
 * buffer grew by copies (on rxjs, a quarter of a cold analyze's growth in RSS during search); a cold build still
 * faults in no fresh pages per shard.
 */
function printShard(rows: VectorRows, from: number, to: number, previous: PreviousItems | undefined, sink: (bytes: Uint8Array) => void): void {
  const { dim } = rows;
  let buf = shardScratch.buf;
  let at = 0;
  let mark = 0; // printed bytes from `mark` on are not handed over yet
  let single = -1; // rows up to this one are taken one by one (their run as a whole could not be)
  at += buf.write('{"version":1,"metadata_config":{},"items":[', at, 'latin1');
  for (let r = from; r < to; r++) {
    if (r > from) { buf = room(buf, at, 1); buf[at++] = COMMA; }
    const src = rows.source && previous ? rows.source[r] : -1;
    if (src >= 0 && previous!.holds(src, rows.uids[r], rows.hashes[r])) {
      let last = r;
      if (r > single) {
        while (last + 1 < to && rows.source![last + 1] === src + (last + 1 - r) && !PreviousItems.firstOfShard(src + (last + 1 - r))
          && previous!.holds(src + (last + 1 - r), rows.uids[last + 1], rows.hashes[last + 1])) last++;
      }
      let old = previous!.items(src, src + (last - r));
      if (!old && last > r) { single = last; last = r; old = previous!.items(src, src); }
      if (old) {
        if (at > mark) sink(buf.subarray(mark, at));
        sink(old);
        at = mark = 0;
        r = last;
        continue;
      }
    }
    const uid = rows.uids[r], hash = rows.hashes[r];
    // Written in place (no Buffer per item); room for the worst case: JSON escapes a code unit as up to 6 bytes.
    buf = room(buf, at, 6 * (uid.length + hash.length) + 64 + dim * 12 + 64);
    at += buf.write(`{"id":${JSON.stringify(uid)},"metadata":{"hash":${JSON.stringify(hash)}},"vector":[`, at);
    const packed = rowArray(rows, r);
    const base = rowBase(rows, r);
    const end = writeRow(buf, at, packed, base, dim);
    if (end >= 0) at = end;
    else { buf = room(buf, at, dim * 32 + 64); at = writeRowSlow(buf, at, packed, base, dim); }
    if (dim > 0) at--; // the last value's comma
    at += buf.write(`],"norm":${Math.sqrt(rowSum[0])}}`, at, 'latin1');
    if (at - mark >= FLUSH_BYTES) {
      sink(buf.subarray(mark, at));
      at = mark = 0;
    }
  }
  buf = room(buf, at, 2);
  at += buf.write(']}', at, 'latin1');
  sink(buf.subarray(mark, at));
  shardScratch.buf = buf; // a grown buffer is kept for the next shard
}
/** The printing buffer of printShard, kept between shards. */
const shardScratch: { buf: Buffer } = { buf: Buffer.allocUnsafe(1 << 16) };
/** Printed bytes are handed to the sink once there are this many (the buffer then holds one more item at most). */
const FLUSH_BYTES = 1 << 18;

/** The sum of squares of the last row written (writeRow's second result). */
const rowSum = new Float64Array(1);

/**
 * Writes one row's values, each followed by a comma, at `at` (the caller made room: 12 bytes per value); returns
 * the end and leaves the sum of the printed numbers' squares in `rowSum`, or −1 when a value is 10 or more in
 * magnitude (never in unit vectors; the caller then writes the row with writeRowSlow). A small function of its own: V8
 * optimises it after a few rows, where the same loop inside the shard writer waited for on-stack replacement.
 */
function writeRow(buf: Buffer, at: number, packed: Float32Array, base: number, dim: number): number {
  let sum = 0;
  for (let j = 0; j < dim; j++) {
    const x = packed[base + j];
    // Lexical vectors are mostly zeros: the common case first, no call.
    if (x === 0) { buf[at++] = ZERO; buf[at++] = COMMA; continue; }
    let n = Math.round(x * 1e6);
    if (n === 0) { buf[at++] = ZERO; buf[at++] = COMMA; continue; }
    const v = n / 1e6;
    sum += v * v;
    // n / 10^6 as JavaScript prints it (no exponent for |n| ≥ 1): sign, integer part (< 10 here), fraction
    // without trailing zeros.
    if (n < 0) { buf[at++] = MINUS; n = -n; }
    const ip = Math.floor(n / 1e6);
    if (!(ip < 10)) return -1; // NaN too
    const fr = n - ip * 1e6;
    buf[at++] = ZERO + ip;
    if (fr !== 0) {
      // The six fraction digits as two groups of three; trailing zeros dropped (the same table loads either way,
      // so the rare `lo === 0` leaves no code without type feedback to deoptimise on).
      buf[at++] = DOT;
      const hi = Math.floor(fr / 1000);
      const lo = fr - hi * 1000;
      const full = lo === 0 ? 0 : 3;
      const tail = lo === 0 ? hi : lo;
      let d = 3 * hi;
      for (let i = 0; i < full; i++) buf[at++] = DIGITS[d + i];
      d = 3 * tail;
      const kept = KEPT[tail];
      for (let i = 0; i < kept; i++) buf[at++] = DIGITS[d + i];
    }
    buf[at++] = COMMA;
  }
  rowSum[0] = sum;
  return at;
}

/** writeRow for a row with a value of 10 or more (printed by JavaScript, as the 6-decimal number it is). */
function writeRowSlow(buf: Buffer, at: number, packed: Float32Array, base: number, dim: number): number {
  let sum = 0;
  for (let j = 0; j < dim; j++) {
    const n = Math.round(packed[base + j] * 1e6);
    const v = n === 0 ? 0 : n / 1e6;
    sum += v * v;
    at += buf.write(`${v},`, at, 'latin1');
  }
  rowSum[0] = sum;
  return at;
}

/** Reads the packed copy: N rows of `dim` floats, or undefined when absent or of the wrong size. */
export function readPacked(folder: string, count: number, dim: number): Float32Array | undefined {
  const file = path.join(folder, 'vectors.f32');
  if (!existsSync(file)) return undefined;
  const buf = readFileSync(file);
  if (buf.byteLength !== count * dim * 4) return undefined;
  if (buf.byteOffset % 4 === 0) return new Float32Array(buf.buffer, buf.byteOffset, count * dim);
  // Copy into an aligned buffer: a Node Buffer may sit at an odd offset of its pool.
  const out = new Float32Array(count * dim);
  new Uint8Array(out.buffer).set(buf);
  return out;
}

/** Reads vectors back from the Vectra shards (the slow, format-level path: used when the packed copy is gone). */
export function readVectraShards(folder: string): StoredVector[] {
  const out: StoredVector[] = [];
  let names: string[];
  try { names = readdirSync(folder).filter((n) => n.startsWith('vectra-')).sort(); } catch { return out; }
  for (const name of names) {
    const raw = JSON.parse(readFileSync(path.join(folder, name, 'index.json'), 'utf8')) as { items: Array<{ id: string; vector: number[]; metadata?: { hash?: string } }> };
    for (const it of raw.items) out.push({ uid: it.id, hash: String(it.metadata?.hash ?? ''), vector: Float32Array.from(it.vector) });
  }
  return out;
}

/** The packed rows of a generation in `uids` order: the packed copy, else rebuilt from the Vectra shards by uid. */
export function readRows(folder: string, uids: readonly string[], dim: number): Float32Array | undefined {
  const packed = readPacked(folder, uids.length, dim);
  if (packed) return packed;
  const byUid = new Map(readVectraShards(folder).map((v) => [v.uid, v.vector] as const));
  if (byUid.size !== uids.length) return undefined;
  const rows = new Float32Array(uids.length * dim);
  for (let i = 0; i < uids.length; i++) {
    const v = byUid.get(uids[i]);
    if (!v || v.length !== dim) return undefined;
    rows.set(v, i * dim);
  }
  return rows;
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
