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
import { describedProperties, documentsOfFile, inGraphOrder, searchableByFile, type SearchFields } from './documents.ts';

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

/** A previous generation's documents by file: the file's content hash and its documents by uid. */
export type DocCache = Map<string, { hash: string; docs: Map<string, { row: number; key: string; embedText: string }> }>;

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
  const { byFile, loose } = searchableByFile(graph);
  const made = new Map<string, PreparedDoc>();
  let reusedFiles = 0;
  // Every key in one pass (one native call for all the digests), then file by file.
  const allKeys = keysOf([...[...byFile.values()].flat(), ...loose]);
  let nextKey = 0;
  for (const [filePath, nodes] of byFile) {
    const keys = allKeys.slice(nextKey, nextKey += nodes.length);
    const hash = fileHash?.(filePath);
    const prev = hash !== undefined ? previous?.get(filePath) : undefined;
    if (prev && prev.hash === hash && nodes.every((n, i) => prev.docs.get(n.uid)?.key === keys[i])) {
      nodes.forEach((n, i) => {
        const p = prev.docs.get(n.uid)!;
        made.set(n.uid, { uid: n.uid, filePath, key: keys[i], embedText: p.embedText, previousRow: p.row });
      });
      reusedFiles++;
      continue;
    }
    documentsOfFile(nodes, readSource(filePath)).forEach((d, i) => {
      made.set(d.uid, { uid: d.uid, filePath, key: keys[i], embedText: d.embedText, fields: d.fields, bodyWords: d.bodyWords });
    });
  }
  documentsOfFile(loose, undefined).forEach((d, i) => {
    made.set(d.uid, { uid: d.uid, key: allKeys[nextKey + i], embedText: d.embedText, fields: d.fields, bodyWords: d.bodyWords });
  });
  return { docs: inGraphOrder(graph, made), reusedFiles };
}

// On disk: {revision, files: {path: hash}, docs: [[uid, filePath, key, embedText]]}, one row per row of the
// generation's keyword index (a symbol without a file, or of a file without a hash, has filePath '' or no
// `files` entry and is never taken over).

/** Serialises the documents (all of them, in row order). */
export function docCacheJSON(docs: readonly PreparedDoc[], fileHash: (filePath: string) => string | undefined): string {
  const files: Record<string, string> = {};
  const rows: string[][] = [];
  for (const d of docs) {
    const hash = d.filePath ? fileHash(d.filePath) : undefined;
    if (hash !== undefined) files[d.filePath!] = hash;
    rows.push([d.uid, hash !== undefined ? d.filePath! : '', d.key, d.embedText]);
  }
  return JSON.stringify({ revision: DOCS_REVISION, files, docs: rows });
}

/**
 * Reads a generation's cached documents (`rows` = its number of keyword rows); undefined when absent,
 * unreadable, of another revision or of another size.
 */
export function readDocCache(file: string, rows: number): DocCache | undefined {
  let raw: { revision?: number; files?: Record<string, string>; docs?: unknown[] };
  try { raw = JSON.parse(readFileSync(file, 'utf8')); } catch { return undefined; }
  if (!raw || raw.revision !== DOCS_REVISION || !raw.files || !Array.isArray(raw.docs) || raw.docs.length !== rows) return undefined;
  const out: DocCache = new Map();
  for (const [filePath, hash] of Object.entries(raw.files)) out.set(filePath, { hash, docs: new Map() });
  for (let row = 0; row < raw.docs.length; row++) {
    const r = raw.docs[row];
    if (!Array.isArray(r) || r.length !== 4 || !r.every((x) => typeof x === 'string')) return undefined;
    const [uid, filePath, key, embedText] = r as string[];
    if (filePath === '') continue;
    const entry = out.get(filePath);
    if (!entry) return undefined;
    entry.docs.set(uid, { row, key, embedText });
  }
  return out;
}
