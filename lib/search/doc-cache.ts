/**
 * Search documents with their keyword terms, reused across analyze runs. A symbol's document depends only on
 * its file's text and its own node properties (documents.ts), so for a file whose content hash is unchanged
 * and whose symbols have the same properties, the previous generation's documents and terms are taken over
 * without reading the file, describing the symbols or tokenising them again — on a one-file change, that was
 * most of the search stage. Stored as `search/docs.json` in each generation (analyze only; never read by
 * servers).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { GraphNode } from '../graph/schema.ts';
import type { CodeGraph } from '../graph/code-graph.ts';
import { describedProperties, documentsOfFile, inGraphOrder, searchableByFile, type SearchFields } from './documents.ts';
import { fieldTerms } from './bm25.ts';

/**
 * Bump whenever documents.ts or tokenize.ts change what a document or its terms hold for the same input:
 * cached documents of another revision are ignored.
 */
export const DOCS_REVISION = 1;

const FIELDS = ['name', 'qualified', 'path', 'signature', 'doc', 'body'] as const satisfies ReadonlyArray<keyof SearchFields>;

/** A symbol's document, ready for the keyword index (terms per field) and the embedder (embedText). */
export interface PreparedDoc {
  uid: string;
  filePath?: string;
  /** Digest of the node properties the document was made from. */
  key: string;
  terms: Record<keyof SearchFields, string[]>;
  embedText: string;
}

/** The previous generation's documents by file: the file's content hash and its documents by uid. */
export type DocCache = Map<string, { hash: string; docs: Map<string, PreparedDoc> }>;

function keyOf(n: GraphNode): string {
  return createHash('sha1').update(JSON.stringify(describedProperties(n))).digest('base64url');
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
  for (const [filePath, nodes] of byFile) {
    const keys = nodes.map(keyOf);
    const hash = fileHash?.(filePath);
    const prev = hash !== undefined ? previous?.get(filePath) : undefined;
    if (prev && prev.hash === hash && nodes.every((n, i) => prev.docs.get(n.uid)?.key === keys[i])) {
      for (const n of nodes) made.set(n.uid, prev.docs.get(n.uid)!);
      reusedFiles++;
      continue;
    }
    documentsOfFile(nodes, readSource(filePath)).forEach((d, i) => {
      made.set(d.uid, { uid: d.uid, filePath, key: keys[i], terms: fieldTerms(d.fields), embedText: d.embedText });
    });
  }
  documentsOfFile(loose, undefined).forEach((d, i) => {
    made.set(d.uid, { uid: d.uid, key: keyOf(loose[i]), terms: fieldTerms(d.fields), embedText: d.embedText });
  });
  return { docs: inGraphOrder(graph, made), reusedFiles };
}

// On disk: {revision, files: {path: hash}, docs: [[uid, filePath, key, embedText, ...terms per FIELDS joined by
// spaces]]}. Terms never contain spaces (they are letter and digit runs), so joining keeps the file compact.

/** Serialises the documents of files with a known hash. */
export function docCacheJSON(docs: readonly PreparedDoc[], fileHash: (filePath: string) => string | undefined): string {
  const files: Record<string, string> = {};
  const rows: string[][] = [];
  for (const d of docs) {
    if (!d.filePath) continue;
    const hash = fileHash(d.filePath);
    if (hash === undefined) continue;
    files[d.filePath] = hash;
    rows.push([d.uid, d.filePath, d.key, d.embedText, ...FIELDS.map((f) => d.terms[f].join(' '))]);
  }
  return JSON.stringify({ revision: DOCS_REVISION, files, docs: rows });
}

/** Reads a generation's cached documents; undefined when absent, unreadable or of another revision. */
export function readDocCache(file: string): DocCache | undefined {
  let raw: { revision?: number; files?: Record<string, string>; docs?: string[][] };
  try { raw = JSON.parse(readFileSync(file, 'utf8')); } catch { return undefined; }
  if (raw.revision !== DOCS_REVISION || !raw.files || !Array.isArray(raw.docs)) return undefined;
  const out: DocCache = new Map();
  for (const [filePath, hash] of Object.entries(raw.files)) out.set(filePath, { hash, docs: new Map() });
  for (const row of raw.docs) {
    if (!Array.isArray(row) || row.length !== 4 + FIELDS.length) return undefined;
    const [uid, filePath, key, embedText] = row;
    const entry = out.get(filePath);
    if (!entry) return undefined;
    const terms = {} as Record<keyof SearchFields, string[]>;
    FIELDS.forEach((f, i) => { const s = row[4 + i]; terms[f] = s === '' ? [] : s.split(' '); });
    entry.docs.set(uid, { uid, filePath, key, terms, embedText });
  }
  return out;
}
