/**
 * Search documents reused across analyze runs. A symbol's document depends only on its file's text and its own
 * node properties (documents.ts), so for a file whose content hash is unchanged and whose symbols have the same
 * properties, the previous generation's documents are taken over without reading the file, describing the
 * symbols or tokenising them again: the embedding text from `search/docs.json`, the keyword counts from the
 * previous `keyword.bin` (its row of the document, see KeywordBuilder.addFrom). On a one-file change, that was
 * most of the search stage. `docs.json` is written by analyze only and never read by servers.
 */
import { readFileSync } from 'node:fs';
import type { GraphNode } from '../graph/schema.ts';
import type { CodeGraph } from '../graph/code-graph.ts';
import { digestAll } from './digest.ts';
import { describedProperties, documentsOfFile, searchableGroups, type SearchFields } from './documents.ts';

/**
 * Bump whenever documents.ts or tokenize.ts change what a document or its terms hold for the same input:
 * cached documents of another revision are ignored. (2: rows parallel to keyword.bin, counts kept there.)
 */
export const DOCS_REVISION = 2;

/** A symbol's document, ready for the keyword index and the embedder. */
export interface PreparedDoc {
  uid: string;
  filePath?: string;
  /** Digest of the node properties the document was made from. */
  key: string;
  /** The text the embedder sees. */
  embedText: string;
  /** Made now: the keyword fields. */
  fields?: SearchFields;
  /** Made now: the body's words (see SearchDoc.bodyWords). */
  bodyWords?: readonly string[];
  /** Taken over: the document's row in the previous generation (its keyword counts are there). */
  previousRow?: number;
}

/**
 * A previous generation's documents: by row, the uid, cache key and embedding text; by file, its content hash and
 * its rows (in row order, which is graph order: an unchanged file's symbols come back in the same order).
 */
export interface DocCache {
  files: Map<string, { hash: string; rows: number[] }>;
  uids: string[];
  keys: string[];
  texts: string[];
  /** The file's bytes and where each row's JSON is in them (row r: spans[2r] .. spans[2r+1]), when found (rowSpans). */
  raw?: { buf: Buffer; spans: Uint32Array };
}

/** The cache key of each node: a digest of the properties its document is made from. */
function keysOf(nodes: readonly GraphNode[]): string[] {
  return digestAll(nodes.map((n) => JSON.stringify(describedProperties(n))));
}

/**
 * Documents of every searchable symbol, in graph order (as buildDocuments), taking over a file's documents
 * from `previous` when `fileHash` of the file equals the cached hash and every symbol's properties match.
 */
export function prepareDocuments(graph: CodeGraph, readSource: (filePath: string) => string | undefined,
  fileHash?: (filePath: string) => string | undefined, previous?: DocCache): { docs: PreparedDoc[]; reusedFiles: number } {
  const { nodes, byFile, loose } = searchableGroups(graph);
  const docs = new Array<PreparedDoc>(nodes.length);
  let reusedFiles = 0;
  // Every key in one pass (one native call for all the digests), then file by file.
  const keys = keysOf(nodes);
  for (const [filePath, at] of byFile) {
    const hash = fileHash?.(filePath);
    const prev = hash !== undefined ? previous?.files.get(filePath) : undefined;
    const rows = prev && prev.hash === hash ? previousRows(previous!, prev.rows, at, nodes, keys) : undefined;
    if (rows) {
      for (let k = 0; k < at.length; k++) {
        const i = at[k];
        docs[i] = { uid: nodes[i].uid, filePath, key: keys[i], embedText: previous!.texts[rows[k]], previousRow: rows[k] };
      }
      reusedFiles++;
      continue;
    }
    place(docs, nodes, keys, at, readSource(filePath), filePath);
  }
  place(docs, nodes, keys, loose, undefined, undefined);
  return { docs, reusedFiles };
}

/** Documents made now for the symbols at positions `at` of one file (`text` its source). */
function place(docs: PreparedDoc[], nodes: readonly GraphNode[], keys: readonly string[], at: readonly number[], text: string | undefined, filePath: string | undefined): void {
  const made = documentsOfFile(at.map((i) => nodes[i]), text);
  for (let k = 0; k < at.length; k++) {
    const d = made[k];
    docs[at[k]] = { uid: d.uid, filePath, key: keys[at[k]], embedText: d.embedText, fields: d.fields, bodyWords: d.bodyWords };
  }
}

/**
 * The previous rows of the symbols at positions `at` (one file), when each has a cached document with its key;
 * undefined otherwise. The rows are first compared in order (an unchanged file's are the same list), else by uid.
 */
function previousRows(cache: DocCache, rows: readonly number[], at: readonly number[], nodes: readonly GraphNode[], keys: readonly string[]): readonly number[] | undefined {
  let same = rows.length === at.length;
  for (let k = 0; same && k < at.length; k++) same = cache.uids[rows[k]] === nodes[at[k]].uid;
  if (same) {
    for (let k = 0; k < at.length; k++) if (cache.keys[rows[k]] !== keys[at[k]]) return undefined;
    return rows;
  }
  const byUid = new Map<string, number>();
  for (const r of rows) byUid.set(cache.uids[r], r);
  const out: number[] = [];
  for (const i of at) {
    const r = byUid.get(nodes[i].uid);
    if (r === undefined || cache.keys[r] !== keys[i]) return undefined;
    out.push(r);
  }
  return out;
}

// On disk: {revision, files: {path: hash}, docs: [[uid, filePath, key, embedText]]}, one row per row of the
// generation's keyword index (a symbol without a file, or of a file without a hash, has filePath '' or no
// `files` entry and is never taken over).

/**
 * The documents serialised (all of them, in row order: `JSON.stringify` of the layout above). With a previous
 * generation whose rows were located (`previous.raw`), as slices instead: a taken-over document's row is the previous
 * file's bytes of its row (the same uid, path, key and text, serialised the same way), one slice per run of
 * consecutive previous rows, and only the rows made now and the file table are serialised. A one-file run then
 * writes docs.json without re-serialising the embedding texts of every symbol.
 */
export function docCacheBytes(docs: readonly PreparedDoc[], fileHash: (filePath: string) => string | undefined, previous?: DocCache): string | Uint8Array[] {
  const files: Record<string, string> = {};
  const row = (d: PreparedDoc): string[] => {
    const hash = d.filePath ? fileHash(d.filePath) : undefined;
    if (hash !== undefined) files[d.filePath!] = hash;
    return [d.uid, hash !== undefined ? d.filePath! : '', d.key, d.embedText];
  };
  const raw = previous?.raw;
  if (raw === undefined) return JSON.stringify({ revision: DOCS_REVISION, files, docs: docs.map(row) });
  // Slices of the previous file, and between them the rows made now (each gap serialised in one call).
  const pieces: Array<string[][] | Uint8Array> = [];
  let gap: string[][] = [];
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i];
    const p = d.previousRow;
    if (p === undefined) { gap.push(row(d)); continue; }
    let j = i; // rows i..j follow rows p..p+(j-i) of the previous file
    while (j + 1 < docs.length && docs[j + 1].previousRow === p + (j + 1 - i)) j++;
    // Their files' hashes, for the table (a taken-over document's file has one; files are met in row order).
    for (let k = i; k <= j; k++) if (k === i || docs[k].filePath !== docs[k - 1].filePath) files[docs[k].filePath!] = fileHash(docs[k].filePath!)!;
    if (gap.length > 0) { pieces.push(gap); gap = []; }
    pieces.push(raw.buf.subarray(raw.spans[2 * p], raw.spans[2 * (p + j - i) + 1]));
    i = j;
  }
  if (gap.length > 0) pieces.push(gap);
  const parts: Uint8Array[] = [];
  let text = `{"revision":${DOCS_REVISION},"files":${JSON.stringify(files)},"docs":[`;
  pieces.forEach((piece, k) => {
    if (k > 0) text += ',';
    if (piece instanceof Uint8Array) { parts.push(Buffer.from(text), piece); text = ''; }
    else text += JSON.stringify(piece).slice(1, -1);
  });
  parts.push(Buffer.from(text + ']}'));
  return parts;
}

const BACKSLASH = 0x5c, OPEN = 0x5b, CLOSE = 0x5d, COMMA = 0x2c, BRACE = 0x7d;
const DOCS_START = Buffer.from('"docs":[');
const ROW_END = Buffer.from('"]');

/** True when the `"` at `at` ends or starts a string (not an escaped quote inside one: an even run of backslashes before it). */
function unescaped(buf: Buffer, at: number): boolean {
  let k = at;
  while (k > 0 && buf[k - 1] === BACKSLASH) k--;
  return (at - k) % 2 === 0;
}

/** The first `needle` (starting with a quote) at or after `from` whose quote is not escaped; -1 when none. */
function unescapedIndexOf(buf: Buffer, needle: Buffer, from: number): number {
  for (let at = buf.indexOf(needle, from); at >= 0; at = buf.indexOf(needle, at + 1)) if (unescaped(buf, at)) return at;
  return -1;
}

/**
 * Where each of `count` rows of docs.json is (its `[` to its `]`), found from the text's structure: in JSON.stringify's
 * output a quote that is not escaped ends or starts a string, so a row ends at its first unescaped `"]`. Undefined when
 * the bytes are not laid out that way (then nothing is taken over as bytes).
 */
function rowSpans(buf: Buffer, count: number): Uint32Array | undefined {
  const spans = new Uint32Array(2 * count);
  const start = unescapedIndexOf(buf, DOCS_START, 0);
  if (start < 0) return undefined;
  let at = start + DOCS_START.length;
  for (let r = 0; r < count; r++) {
    if (buf[at] !== OPEN) return undefined;
    const end = unescapedIndexOf(buf, ROW_END, at);
    if (end < 0) return undefined;
    spans[2 * r] = at;
    spans[2 * r + 1] = end + 2;
    at = end + 2;
    if (r + 1 < count) { if (buf[at] !== COMMA) return undefined; at++; }
  }
  return buf[at] === CLOSE && buf[at + 1] === BRACE && at + 2 === buf.length ? spans : undefined;
}

/**
 * Reads a generation's cached documents (`rows` = its number of keyword rows); undefined when absent,
 * unreadable, of another revision or of another size.
 */
export function readDocCache(file: string, rows: number): DocCache | undefined {
  let raw: { revision?: number; files?: Record<string, string>; docs?: unknown[] };
  let bytes: Buffer;
  try { bytes = readFileSync(file); raw = JSON.parse(bytes.toString('utf8')); } catch { return undefined; }
  if (!raw || raw.revision !== DOCS_REVISION || !raw.files || typeof raw.files !== 'object' || !Array.isArray(raw.docs) || raw.docs.length !== rows) return undefined;
  const files: DocCache['files'] = new Map();
  for (const [filePath, hash] of Object.entries(raw.files)) {
    if (typeof hash !== 'string') return undefined;
    files.set(filePath, { hash, rows: [] });
  }
  const uids = new Array<string>(rows), keys = new Array<string>(rows), texts = new Array<string>(rows);
  for (let row = 0; row < rows; row++) {
    const r = raw.docs[row];
    if (!Array.isArray(r) || r.length !== 4) return undefined;
    const [uid, filePath, key, embedText] = r as unknown[];
    if (typeof uid !== 'string' || typeof filePath !== 'string' || typeof key !== 'string' || typeof embedText !== 'string') return undefined;
    uids[row] = uid; keys[row] = key; texts[row] = embedText;
    if (filePath === '') continue;
    const entry = files.get(filePath);
    if (!entry) return undefined;
    entry.rows.push(row);
  }
  const out: DocCache = { files, uids, keys, texts };
  const spans = rowSpans(bytes, rows);
  // Rows are taken over as bytes only when they read as this version serialises them (checked on the first and last).
  const same = (r: number): boolean => bytes.toString('utf8', spans![2 * r], spans![2 * r + 1]) === JSON.stringify(raw.docs![r]);
  if (spans !== undefined && (rows === 0 || (same(0) && same(rows - 1)))) out.raw = { buf: bytes, spans };
  return out;
}
