/**
 * A generation's per-file parts (docs/storage.md, "Parts"): the facts cache, the references and the unresolved call
 * sites, each split by file into buckets — `facts/<k>.json`, `refs/<k>.json`, `unresolved/<k>.json` — a file's
 * bucket a hash of its path. A bucket none of whose files changed is the previous generation's file, hard-linked
 * rather than read and written again (generations are never modified once written, so a link is as safe as a copy):
 * a one-file run writes one bucket of each, and reads no reference or site of a bucket it links.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isAscii } from 'node:buffer';
import type { Reference, ReferenceKind } from '../lib/refs/reference-index.ts';
import type { UnresolvedCall } from '../lib/refs/unresolved-calls.ts';
import { asciiBytes, asciiOf, decodeText, jsonBytes, readText } from './ascii-json.ts';
import { lazyObject } from './lazy-json.ts';

/** The folders of the parts, one file per bucket in each. */
export const FACTS_DIR = 'facts';
export const REFS_DIR = 'refs';
export const SITES_DIR = 'unresolved';

/** What meta.json records of the parts: the bucket count and each bucket's numbers of references and sites. */
export interface PartsMeta {
  buckets: number;
  refs: number[];
  sites: number[];
}

/**
 * Files per bucket aimed at: a one-file run writes one bucket of each part (typeorm's 3,583 files: 64 buckets of
 * about 56 files, ≈ 0.7 MB of facts), and a reader opens buckets × 3 files.
 */
const FILES_PER_BUCKET = 64;
const MAX_BUCKETS = 1024;

/** Number of buckets for `files` files: the power of two nearest above files / FILES_PER_BUCKET (1 … 1024). */
export function bucketCount(files: number): number {
  let b = 1;
  while (b < MAX_BUCKETS && b * FILES_PER_BUCKET < files) b *= 2;
  return b;
}

/** The bucket of a file: FNV-1a of its path's UTF-16 code units, modulo `buckets` (a power of two). */
export function bucketOf(filePath: string, buckets: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < filePath.length; i++) h = Math.imul(h ^ filePath.charCodeAt(i), 0x01000193);
  return (h >>> 0) & (buckets - 1);
}

/** What a new generation may take from the previous one. */
export interface PreviousParts {
  dir: string;
  parts: PartsMeta;
  /** The previous generation's file table paths, in order. */
  paths: readonly string[];
  /** True when these facts are the previous generation's, as read from its bucket (their line unchanged). */
  cachedFacts(facts: unknown): boolean;
  /** Files whose references and unresolved sites are the previous generation's (not in `refs`, `sites`). */
  kept: ReadonlySet<string>;
}

/** A write of one part file: bytes to write, or the previous generation's file to link. */
export type PartWrite = { name: string; data: string | Uint8Array | readonly Uint8Array[] } | { name: string; link: string };

/**
 * The part files of a generation: `paths` (the file table, in order) with their `facts`; `refs` and `sites` of
 * every file but `previous.kept`'s, in file order. Returns the writes and the parts' meta.
 */
export function partWrites(input: {
  paths: readonly string[];
  facts: readonly unknown[];
  cachedText?: (facts: unknown) => string | Uint8Array | undefined;
  refs: readonly Reference[];
  sites: readonly UnresolvedCall[];
  previous?: PreviousParts;
}): { writes: PartWrite[]; meta: PartsMeta } {
  const { paths, facts, previous } = input;
  const buckets = bucketCount(paths.length);
  const members: number[][] = Array.from({ length: buckets }, () => []);
  for (let i = 0; i < paths.length; i++) members[bucketOf(paths[i], buckets)].push(i);
  const prev = previous && previous.parts.buckets === buckets ? previous : undefined;
  let prevMembers: string[][] | undefined;
  if (prev) {
    prevMembers = Array.from({ length: buckets }, () => []);
    for (const p of prev.paths) prevMembers[bucketOf(p, buckets)].push(p);
  }
  if (previous && !prev && previous.kept.size) throw new Error('the previous generation\'s parts do not fit this file table');
  const refsOf = byFile(input.refs);
  const sitesOf = byFile(input.sites);
  const writes: PartWrite[] = [];
  const meta: PartsMeta = { buckets, refs: [], sites: [] };
  let placedRefs = 0, placedSites = 0;
  for (let k = 0; k < buckets; k++) {
    const own = members[k];
    const name = `${k}.json`;
    const samePaths = !!prevMembers && prevMembers[k].length === own.length && own.every((i, j) => paths[i] === prevMembers![k][j]);
    // facts: the previous bucket when it holds these very files with their lines as read
    if (samePaths && own.every((i) => prev!.cachedFacts(facts[i]))) {
      writes.push({ name: `${FACTS_DIR}/${name}`, link: path.join(prev!.dir, FACTS_DIR, name) });
    } else {
      writes.push({ name: `${FACTS_DIR}/${name}`, data: factsLines(own.map((i) => facts[i]), input.cachedText) });
    }
    // references and sites: the previous bucket when every file of it is kept
    const kept = own.filter((i) => prev?.kept.has(paths[i]));
    if (samePaths && own.length > 0 && kept.length === own.length) {
      writes.push({ name: `${REFS_DIR}/${name}`, link: path.join(prev!.dir, REFS_DIR, name) });
      writes.push({ name: `${SITES_DIR}/${name}`, link: path.join(prev!.dir, SITES_DIR, name) });
      meta.refs.push(prev!.parts.refs[k]);
      meta.sites.push(prev!.parts.sites[k]);
      continue;
    }
    const prevRefs = kept.length ? byFile(readRefsPart(path.join(prev!.dir, REFS_DIR, name))) : undefined;
    const prevSites = kept.length ? byFile(readSitesPart(path.join(prev!.dir, SITES_DIR, name))) : undefined;
    const refs: Reference[] = [];
    const sites: UnresolvedCall[] = [];
    for (const i of own) {
      const p = paths[i];
      const fromPrev = prev?.kept.has(p);
      const r = (fromPrev ? prevRefs! : refsOf).get(p) ?? [];
      const s = (fromPrev ? prevSites! : sitesOf).get(p) ?? [];
      for (const x of r) refs.push(x);
      for (const x of s) sites.push(x);
      if (!fromPrev) { placedRefs += r.length; placedSites += s.length; }
    }
    writes.push({ name: `${REFS_DIR}/${name}`, data: jsonBytes(encodeRefs(refs)) });
    writes.push({ name: `${SITES_DIR}/${name}`, data: jsonBytes(encodeUnresolved(sites)) });
    meta.refs.push(refs.length);
    meta.sites.push(sites.length);
  }
  // (a reference or site of a file outside the table would have no bucket: never dropped silently)
  if (placedRefs !== input.refs.length || placedSites !== input.sites.length) throw new Error('references or unresolved sites of a file outside the file table');
  return { writes, meta };
}

/** Records grouped by their `filePath`, each group in its given order. */
function byFile<T extends { filePath: string }>(items: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  let last: T[] | undefined, lastPath: string | undefined;
  for (const x of items) {
    if (x.filePath !== lastPath) {
      lastPath = x.filePath;
      last = out.get(lastPath);
      if (!last) out.set(lastPath, (last = []));
    }
    last!.push(x);
  }
  return out;
}

const OPEN_LINES = Buffer.from('[\n');
const NEXT_LINE = Buffer.from(',\n');
const CLOSE_LINES = Buffer.from('\n]');

/**
 * A facts bucket: one JSON array, one file per line. `cachedText` gives the line a file's facts already have — its
 * bytes in the previous generation, or JSON text made earlier — so an unchanged file's facts are copied, not
 * serialised again. Every line is ASCII (ascii-json.ts), so the file reads fast.
 */
function factsLines(facts: readonly unknown[], cachedText?: (facts: unknown) => string | Uint8Array | undefined): string | Uint8Array[] {
  if (!facts.length) return '[]';
  const parts: Uint8Array[] = [OPEN_LINES];
  for (let i = 0; i < facts.length; i++) {
    if (i) parts.push(NEXT_LINE);
    const line = cachedText?.(facts[i]);
    parts.push(line === undefined ? jsonBytes(facts[i]) : typeof line === 'string' ? asciiBytes(line) : asciiOf(line));
  }
  parts.push(CLOSE_LINES);
  return parts;
}

/**
 * The bucket files of a part folder, in bucket order; throws when one is missing (their count is a power of two:
 * bucketCount, so a last bucket missing shows too).
 */
function bucketFiles(dir: string, part: string): string[] {
  const names = new Set(fs.readdirSync(path.join(dir, part)).filter((n) => /^\d+\.json$/.test(n)));
  let buckets = 1;
  while (buckets < names.size) buckets *= 2;
  const files: string[] = [];
  for (let k = 0; k < buckets; k++) {
    if (!names.has(`${k}.json`)) throw new Error(`${part}/${k}.json is missing`);
    files.push(path.join(dir, part, `${k}.json`));
  }
  return files;
}

/** Every bucket's records, merged into file path order (each file's records in their stored order). */
function mergeByFile<T extends { filePath: string }>(parts: readonly T[][]): T[] {
  const runs: { path: string; items: T[]; from: number; to: number }[] = [];
  let total = 0;
  for (const items of parts) {
    total += items.length;
    for (let i = 0; i < items.length;) {
      let j = i + 1;
      while (j < items.length && items[j].filePath === items[i].filePath) j++;
      runs.push({ path: items[i].filePath, items, from: i, to: j });
      i = j;
    }
  }
  runs.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const out: T[] = new Array(total);
  let k = 0;
  for (const r of runs) for (let i = r.from; i < r.to; i++) out[k++] = r.items[i];
  return out;
}

/** The references of a generation, in file order (each file's as the resolver ordered them). */
export function readRefs(dir: string): Reference[] { return mergeByFile(bucketFiles(dir, REFS_DIR).map(readRefsPart)); }

/** The unresolved call sites of a generation, in file, line, name order. */
export function readUnresolved(dir: string): UnresolvedCall[] { return mergeByFile(bucketFiles(dir, SITES_DIR).map(readSitesPart)); }

function readRefsPart(file: string): Reference[] { return decodeRefs(JSON.parse(readText(file)) as EncodedRefs); }
function readSitesPart(file: string): UnresolvedCall[] { return decodeUnresolved(JSON.parse(readText(file)) as EncodedUnresolved); }

/**
 * Every facts bucket of a generation, each read with readFactsFile; a bucket that cannot be read is left out
 * (its files are parsed again) and named in `failed`.
 */
export function readFactsParts(dir: string, opts: { lazy?: readonly string[] } = {}): { parts: { facts: unknown[]; lines?: Uint8Array[] }[]; failed: string[] } {
  const parts: { facts: unknown[]; lines?: Uint8Array[] }[] = [];
  const failed: string[] = [];
  let files: string[];
  try { files = bucketFiles(dir, FACTS_DIR); } catch (err) { return { parts, failed: [(err as Error).message] }; }
  for (const f of files) {
    try { parts.push(readFactsFile(f, opts)); } catch (err) { failed.push(`${path.relative(dir, f)}: ${(err as Error).message}`); }
  }
  return { parts, failed };
}

/**
 * A facts file with each file's line as bytes (written one file per line, so an unchanged file's line can be
 * written again as is, without decoding and encoding it); `lines` is undefined for a file in another layout. The
 * members named in `lazy` are parsed when first read (lazy-json.ts): an incremental analyze reads most files'
 * calls, references and locals not at all.
 */
export function readFactsFile(file: string, opts: { lazy?: readonly string[] } = {}): { facts: unknown[]; lines?: Uint8Array[] } {
  const buf = fs.readFileSync(file);
  const n = buf.length;
  // '[' '\n' … '\n' ']'
  if (n >= 4 && buf[0] === 0x5b && buf[1] === 0x0a && buf[n - 2] === 0x0a && buf[n - 1] === 0x5d) {
    // JSON.stringify never puts a raw line break inside a value, so every line but the brackets is one file.
    const lines: Uint8Array[] = [];
    const end = n - 2;
    for (let start = 2; start <= end;) {
      let stop = buf.indexOf(0x0a, start);
      if (stop < 0 || stop > end) stop = end;
      lines.push(buf.subarray(start, stop === end ? stop : stop - 1)); // without the ',' separator
      start = stop + 1;
    }
    // (lazy members are sliced as Latin-1: byte offsets are character offsets only in ASCII)
    if (opts.lazy?.length && isAscii(buf)) {
      const lazy = new Set(opts.lazy);
      const facts: unknown[] = [];
      for (const line of lines) {
        const o = lazyObject(buf, line.byteOffset - buf.byteOffset, line.byteOffset - buf.byteOffset + line.byteLength, lazy);
        if (!o) break;
        facts.push(o);
      }
      if (facts.length === lines.length) return { facts, lines };
    }
    // The array is parsed in one call (faster than a parse per line); the lines are only located.
    const facts = JSON.parse(decodeText(buf)) as unknown[];
    return lines.length === facts.length ? { facts, lines } : { facts };
  }
  return { facts: JSON.parse(decodeText(buf)) as unknown[] };
}

/**
 * References are the biggest part of a snapshot: stored column-wise with a string table (targets, files and
 * reasons repeat a lot), which makes the file several times smaller and faster to parse than objects.
 */
interface EncodedRefs {
  strings: string[];
  /** 8 numbers per reference: target, filePath, line, column, length, kind, from (-1 = none), reason (string ids). */
  rows: number[];
  confidence: number[];
}

/** A table of distinct strings, each numbered by its first use (the column-wise files' string ids). */
function stringTable(): { strings: string[]; sid: (s: string) => number } {
  const strings: string[] = [];
  const ids = new Map<string, number>();
  const sid = (s: string): number => {
    let id = ids.get(s);
    if (id === undefined) { id = strings.length; strings.push(s); ids.set(s, id); }
    return id;
  };
  return { strings, sid };
}

const KIND_IDS: readonly ReferenceKind[] = ['definition', 'call', 'import', 'export', 'type', 'value', 'jsx', 'shorthand'];

function encodeRefs(refs: readonly Reference[]): EncodedRefs {
  const { strings, sid } = stringTable();
  const rows: number[] = new Array(refs.length * 8);
  const confidence: number[] = new Array(refs.length);
  // References come ordered by file: the previous file's id saves most filePath lookups (same ids either way).
  let lastPath: string | undefined, lastPathId = -1;
  for (let i = 0; i < refs.length; i++) {
    const r = refs[i];
    const o = i * 8;
    rows[o] = sid(r.target);
    rows[o + 1] = r.filePath === lastPath ? lastPathId : (lastPathId = sid((lastPath = r.filePath)));
    rows[o + 2] = r.line;
    rows[o + 3] = r.column;
    rows[o + 4] = r.length;
    const k = KIND_IDS.indexOf(r.kind);
    rows[o + 5] = k >= 0 ? k : -1 - sid(r.kind); // an unknown kind survives as a string
    rows[o + 6] = r.from === undefined ? -1 : sid(r.from);
    rows[o + 7] = sid(r.reason);
    confidence[i] = r.confidence;
  }
  return { strings, rows, confidence };
}

function decodeRefs(enc: EncodedRefs): Reference[] {
  const { strings, rows, confidence } = enc;
  const n = confidence.length;
  const out: Reference[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const o = i * 8;
    const k = rows[o + 5];
    const ref: Reference = {
      target: strings[rows[o]],
      filePath: strings[rows[o + 1]],
      line: rows[o + 2],
      column: rows[o + 3],
      length: rows[o + 4],
      kind: (k >= 0 ? KIND_IDS[k] : strings[-1 - k]) as ReferenceKind,
      confidence: confidence[i],
      reason: strings[rows[o + 7]],
    };
    if (rows[o + 6] >= 0) ref.from = strings[rows[o + 6]];
    out[i] = ref;
  }
  return out;
}

/**
 * Unresolved call sites: a string table (names, files and enclosing uids repeat) and 4 numbers per site: name,
 * file, line, and the enclosing uid's id times two plus 1 when the call may run a method (UnresolvedCall.member).
 */
interface EncodedUnresolved {
  strings: string[];
  rows: number[];
}

function encodeUnresolved(sites: readonly UnresolvedCall[]): EncodedUnresolved {
  const { strings, sid } = stringTable();
  const rows: number[] = new Array(sites.length * 4);
  for (let i = 0; i < sites.length; i++) {
    const u = sites[i];
    const o = i * 4;
    rows[o] = sid(u.name);
    rows[o + 1] = sid(u.filePath);
    rows[o + 2] = u.line;
    rows[o + 3] = sid(u.from) * 2 + (u.member ? 1 : 0);
  }
  return { strings, rows };
}

function decodeUnresolved(enc: EncodedUnresolved): UnresolvedCall[] {
  const { strings, rows } = enc;
  const out: UnresolvedCall[] = new Array(rows.length >> 2);
  for (let i = 0; i < out.length; i++) {
    const o = i * 4;
    const from = rows[o + 3];
    out[i] = { name: strings[rows[o]], filePath: strings[rows[o + 1]], line: rows[o + 2], from: strings[from >> 1], member: (from & 1) === 1 };
  }
  return out;
}
