/**
 * What an analyze takes over from the previous generation's search files for the symbols whose document cannot
 * have changed, so that a run after a small edit tokenises only the changed files' symbols. A document depends
 * only on its file's text and on the node's own properties (documents.ts documentsOfFile), so a row's key is a
 * digest of the two; a row of the previous generation with the same key had the same fields, hence the same
 * keyword entries (its postings in keyword.bin, merged renumbered: KeywordIndex.remapped), the same embedding text (its digest is
 * in rows.json) and the same weighted terms (bags.bin, below). What is made from them is then what a cold run
 * makes: the snapshot stays byte-identical.
 *
 * bags.bin (little-endian): magic, row count N, entry count B (u32 each), row offsets (u32 × N+1), term numbers in
 * the same generation's keyword dictionary (u32 × B), weights (f64 × B). A row's entries keep the order its
 * weighted-terms map had, since the learned model sums in that order.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describedProperties } from './documents.ts';
import { digest64 } from './digest.ts';
import type { GraphNode } from '../graph/schema.ts';
import type { KeywordIndex } from './keyword.ts';
import type { StoredBags } from './embedders/cooc-update.ts';

const BAGS_MAGIC = 0x31474142; // "BAG1"
export const BAGS_FILE = 'bags.bin';

let stamp: string | undefined;
/** The stamp when the code's files cannot be read: rows it made are never taken over. */
const UNKNOWN_CODE = 'unknown';
/** A bundle chunk's name (build.mjs chunkNames `cli-[name]-[hash]`): entry files carry no digest. */
const HASHED_CHUNK = /^cli-.+-[A-Z0-9]{8}\.mjs$/;

/**
 * The code that made a generation's rows: their entries and terms are taken over only from a generation made
 * by the same code (tokenising or describing differently would give other rows than a cold run). From sources,
 * a digest of lib/search's files; from the bundle, of the names of the chunks beside this one (esbuild names
 * each chunk by a digest of its content; the entry files, which carry none, hold no search code).
 */
export function searchStamp(): string {
  if (stamp) return stamp;
  const here = fileURLToPath(import.meta.url);
  const dir = path.dirname(here);
  const h = createHash('sha256');
  try {
    if (here.endsWith('.ts')) {
      for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((x) => x.endsWith('.ts')).sort()) {
        h.update(f).update('\0').update(readFileSync(path.join(dir, f))).update('\0');
      }
    } else {
      for (const f of readdirSync(dir).filter((x) => HASHED_CHUNK.test(x)).sort()) h.update(f).update('\0');
    }
  } catch {
    return (stamp = UNKNOWN_CODE);
  }
  return (stamp = h.digest('hex').slice(0, 32));
}

/** The key of a symbol's document: its file's content digest and the node's described properties. */
export function documentKey(node: GraphNode, fileDigest: string): string {
  return digest64(`${fileDigest}\n${JSON.stringify(describedProperties(node))}`);
}

/**
 * The weighted terms of every row as bags.bin's bytes, or undefined when a term is not in `keyword`'s dictionary.
 * A row given as a number is that row of `stored` (a previous generation's bags.bin), copied without a map.
 */
export function bagsToBuffer(bags: ReadonlyArray<ReadonlyMap<string, number> | number>, keyword: KeywordIndex, stored?: StoredBags): Buffer | undefined {
  const ids = new Map<string, number>();
  keyword.terms.forEach((t, i) => ids.set(t, i));
  let storedIds: Int32Array | undefined;
  let B = 0;
  for (const b of bags) B += typeof b === 'number' ? stored!.offsets[b + 1] - stored!.offsets[b] : b.size;
  const N = bags.length;
  const offsets = new Uint32Array(N + 1);
  const terms = new Uint32Array(B);
  const weights = new Float64Array(B);
  let e = 0;
  for (let r = 0; r < N; r++) {
    offsets[r] = e;
    const bag = bags[r];
    if (typeof bag === 'number') {
      const from = stored!;
      storedIds ??= Int32Array.from(from.dict, (t) => ids.get(t) ?? -1);
      for (let s = from.offsets[bag], end = from.offsets[bag + 1]; s < end; s++) {
        const id = storedIds[from.terms[s]];
        if (id < 0) return undefined;
        terms[e] = id; weights[e] = from.weights[s]; e++;
      }
      continue;
    }
    for (const [t, w] of bag) {
      const id = ids.get(t);
      if (id === undefined) return undefined;
      terms[e] = id; weights[e] = w; e++;
    }
  }
  offsets[N] = e;
  const head = Buffer.alloc(12);
  head.writeUInt32LE(BAGS_MAGIC, 0);
  head.writeUInt32LE(N, 4);
  head.writeUInt32LE(B, 8);
  const view = (a: ArrayBufferView): Buffer => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  return Buffer.concat([head, view(offsets), view(terms), view(weights)]);
}

/** What a previous generation offers for its rows, by key. */
export class PreviousRows {
  private readonly byKey = new Map<string, number>();

  private constructor(
    readonly keyword: KeywordIndex,
    readonly hashes: readonly string[],
    private readonly bags: Omit<StoredBags, 'dict'> | undefined,
    keys: readonly string[],
  ) {
    keys.forEach((k, r) => this.byKey.set(k, r));
  }

  /** The previous generation's rows in `dir` (its search folder), or undefined when they cannot be read. */
  static read(dir: string, keys: readonly string[] | undefined, madeBy: string | undefined, hashes: readonly string[], keyword: () => KeywordIndex): PreviousRows | undefined {
    if (!keys || madeBy !== searchStamp() || madeBy === UNKNOWN_CODE) return undefined;
    try {
      const index = keyword();
      if (index.size !== keys.length) return undefined;
      return new PreviousRows(index, hashes, readBags(path.join(dir, BAGS_FILE), keys.length, index.terms.length), keys);
    } catch {
      return undefined;
    }
  }

  /** The previous row whose document had this key, or -1. */
  rowOf(key: string): number { return this.byKey.get(key) ?? -1; }

  /** Every previous row's weighted terms (bags.bin over the keyword dictionary); undefined when it was not written. */
  storedBags(): StoredBags | undefined {
    return this.bags && { ...this.bags, dict: this.keyword.terms };
  }

  /** A previous row's weighted terms, in their original order; undefined when bags.bin was not written. */
  bag(row: number): Map<string, number> | undefined {
    if (!this.bags) return undefined;
    const { offsets, terms, weights } = this.bags;
    const out = new Map<string, number>();
    const dict = this.keyword.terms;
    for (let e = offsets[row], end = offsets[row + 1]; e < end; e++) out.set(dict[terms[e]], weights[e]);
    return out;
  }
}

/** bags.bin of `rows` rows over a dictionary of `T` terms; undefined when absent or not consistent. */
function readBags(file: string, rows: number, T: number): Omit<StoredBags, 'dict'> | undefined {
  let buf: Buffer;
  try { buf = readFileSync(file); } catch { return undefined; }
  if (buf.length < 12 || buf.readUInt32LE(0) !== BAGS_MAGIC || buf.readUInt32LE(4) !== rows) return undefined;
  const B = buf.readUInt32LE(8);
  if (buf.length !== 12 + 4 * (rows + 1) + 12 * B) return undefined;
  const copy = (at: number, bytes: number): ArrayBuffer => {
    const ab = new ArrayBuffer(bytes);
    new Uint8Array(ab).set(buf.subarray(at, at + bytes));
    return ab;
  };
  const offsets = new Uint32Array(copy(12, 4 * (rows + 1)));
  const terms = new Uint32Array(copy(12 + 4 * (rows + 1), 4 * B));
  const weights = new Float64Array(copy(12 + 4 * (rows + 1) + 4 * B, 8 * B));
  if (offsets[rows] !== B) return undefined;
  for (let r = 0; r < rows; r++) if (offsets[r] > offsets[r + 1]) return undefined;
  for (let e = 0; e < B; e++) if (terms[e] >= T) return undefined;
  return { offsets, terms, weights };
}
