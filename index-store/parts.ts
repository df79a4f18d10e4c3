/**
 * A generation's per-file parts (docs/storage.md, "Parts"): the facts cache (each file's facts in `facts/<k>.json`
 * but for its own sites, which are in `bodies/<k>.json`), the references and the unresolved call sites, each split
 * by file into buckets — `facts/<k>.json`, `bodies/<k>.json`, `refs/<k>.json`, `unresolved/<k>.json` — a file's
 * bucket a hash of its path. A bucket none of whose files changed is the previous generation's file, hard-linked
 * rather than read and written again (generations are never modified once written, so a link is as safe as a copy):
 * a one-file run writes one bucket of each, and reads no reference or site of a bucket it links.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Reference, ReferenceKind } from '../lib/refs/reference-index.ts';
import type { UnresolvedCall } from '../lib/refs/unresolved-calls.ts';
import { OWN_SITE_FACTS } from '../lib/extract/facts.ts';
import { asciiBytes, asciiOf, decodeText, jsonBytes, readText } from './ascii-json.ts';

/** The folders of the parts, one file per bucket in each. */
export const FACTS_DIR = 'facts';
export const BODIES_DIR = 'bodies';
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
 * The members of a file's facts stored apart, in the bodies bucket: its own sites — calls, references and locals,
 * most of the facts' bytes — which an incremental run reads only for the files it resolves, or whose locals another
 * file's evaluation reaches (lib/resolve/shape.ts leaves them out of the outward shape). The facts bucket holds the
 * rest, each such member written as 0 in its place among the keys, so the facts read back enumerate and serialise as
 * they were made. Stored apart rather than located inside one line: finding a member's end in a line meant scanning
 * every byte of every file's facts in JavaScript, which cost typeorm's body edit more than parsing the rest.
 */
export const BODY_MEMBERS: readonly string[] = OWN_SITE_FACTS;

/** A file's two stored lines: its facts (the body members as 0) and its body members, as JSON text or ASCII bytes. */
export interface FactsText { readonly head: string | Uint8Array; readonly body: string | Uint8Array }

/** True for a body member's value that goes to the bodies bucket (a non-empty list or an object). */
const stored = (v: unknown): boolean => (Array.isArray(v) ? v.length > 0 : typeof v === 'object' && v !== null);

/** The two objects a file's facts are stored as: the facts with each stored body member as 0, and those members. */
export function splitFacts(facts: unknown): { head: unknown; body: Record<string, unknown> } {
  const o = facts as Record<string, unknown>;
  let head: Record<string, unknown> | undefined;
  const body: Record<string, unknown> = {};
  for (const k of BODY_MEMBERS) {
    const v = o[k];
    if (!stored(v)) continue;
    head ??= { ...o };
    head[k] = 0;
    body[k] = v;
  }
  return { head: head ?? o, body };
}

/** A file's facts as its two stored lines (ASCII bytes). */
export function factsBytes(facts: unknown): FactsText {
  const { head, body } = splitFacts(facts);
  return { head: jsonBytes(head), body: jsonBytes(body) };
}

/** The facts of a file stored as `head` and `body` JSON (splitFacts): the head's object with the body's members in place. */
export function joinFacts(head: string, body: string): unknown {
  const o = JSON.parse(head) as Record<string, unknown>;
  const b = JSON.parse(body) as Record<string, unknown>;
  for (const k in b) o[k] = b[k];
  return o;
}

/**
 * The part files of a generation: `paths` (the file table, in order) with their `facts`; `refs` and `sites` of
 * every file but `previous.kept`'s, in file order. Returns the writes and the parts' meta.
 */
export function partWrites(input: {
  paths: readonly string[];
  facts: readonly unknown[];
  cachedText?: (facts: unknown) => FactsText | undefined;
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
    // facts and bodies: the previous buckets when they hold these very files with their lines as read
    if (samePaths && own.every((i) => prev!.cachedFacts(facts[i]))) {
      writes.push({ name: `${FACTS_DIR}/${name}`, link: path.join(prev!.dir, FACTS_DIR, name) });
      writes.push({ name: `${BODIES_DIR}/${name}`, link: path.join(prev!.dir, BODIES_DIR, name) });
    } else {
      const texts = own.map((i) => input.cachedText?.(facts[i]) ?? factsBytes(facts[i]));
      writes.push({ name: `${FACTS_DIR}/${name}`, data: jsonLines(texts.map((x) => x.head)) });
      writes.push({ name: `${BODIES_DIR}/${name}`, data: jsonLines(texts.map((x) => x.body)) });
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
 * A facts or bodies bucket: one JSON array, one file per line, each line the JSON a file's facts already have — its
 * bytes in the previous generation, or text made earlier (factsBytes, a worker's) — so an unchanged file's facts are
 * copied, not serialised again. Every line is ASCII (ascii-json.ts), so the file reads fast.
 */
function jsonLines(lines: readonly (string | Uint8Array)[]): string | Uint8Array[] {
  if (!lines.length) return '[]';
  const parts: Uint8Array[] = [OPEN_LINES];
  for (let i = 0; i < lines.length; i++) {
    if (i) parts.push(NEXT_LINE);
    const line = lines[i];
    parts.push(typeof line === 'string' ? asciiBytes(line) : asciiOf(line));
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
 * Every facts bucket of a generation with its bodies bucket, each read with readFactsFile; a bucket that cannot be
 * read is left out (its files are parsed again) and named in `failed`. `sizes` (meta.json's, when it records them)
 * are the sizes the bodies buckets were written with: one that has another (cut short, or written over) is left
 * out with its facts bucket, since its lines are read only later, when a run asks for them.
 */
export function readFactsParts(dir: string, sizes?: Readonly<Record<string, number>>): { parts: { facts: unknown[]; lines?: FactsText[] }[]; failed: string[] } {
  const parts: { facts: unknown[]; lines?: FactsText[] }[] = [];
  const failed: string[] = [];
  let files: string[];
  try { files = bucketFiles(dir, FACTS_DIR); } catch (err) { return { parts, failed: [(err as Error).message] }; }
  for (const f of files) {
    try {
      const bodies = path.join(dir, BODIES_DIR, path.basename(f));
      const written = sizes?.[`${BODIES_DIR}/${path.basename(f)}`];
      if (written !== undefined && fs.statSync(bodies).size !== written) throw new Error(`${bodyName(bodies)} is not as it was written`);
      parts.push(readFactsFile(f, bodies));
    } catch (err) { failed.push(`${path.relative(dir, f)}: ${(err as Error).message}`); }
  }
  return { parts, failed };
}

/** The lines of a bucket written one file per line (`[`, the lines, `]`), without their `,`; undefined for another layout. */
function bucketLines(buf: Buffer): Buffer[] | undefined {
  const n = buf.length;
  if (n === 2 && buf[0] === 0x5b && buf[1] === 0x5d) return [];
  // '[' '\n' … '\n' ']'
  if (!(n >= 4 && buf[0] === 0x5b && buf[1] === 0x0a && buf[n - 2] === 0x0a && buf[n - 1] === 0x5d)) return undefined;
  // JSON.stringify never puts a raw line break inside a value, so every line but the brackets is one file.
  const lines: Buffer[] = [];
  const end = n - 2;
  for (let start = 2; start <= end;) {
    let stop = buf.indexOf(0x0a, start);
    if (stop < 0 || stop > end) stop = end;
    lines.push(buf.subarray(start, stop === end ? stop : stop - 1));
    start = stop + 1;
  }
  return lines;
}

/**
 * A facts bucket, each file's line kept as bytes (so an unchanged file's line can be written again as is, without
 * decoding and encoding it). With `bodies` (its bodies bucket, which must exist), each body member stored there
 * (BODY_MEMBERS, written as 0 in the facts) becomes an accessor that parses the file's body line on first read and
 * then turns, with the file's other body members, into a plain data property in the same place among the keys. The
 * bodies bucket itself is read when the first of its lines is asked for: a one-file run reads the bodies of the
 * buckets it resolves a file of, and no other (the bucket is then checked to hold a line per file, and throws
 * otherwise). `lines` is undefined for a file in another layout.
 */
export function readFactsFile(file: string, bodies?: string): { facts: unknown[]; lines?: FactsText[] } {
  const buf = fs.readFileSync(file);
  const heads = bucketLines(buf);
  // The array is parsed in one call (faster than a parse per line); the lines are only located.
  const facts = JSON.parse(decodeText(buf)) as unknown[];
  if (!heads || heads.length !== facts.length) return { facts };
  if (bodies === undefined) return { facts, lines: heads.map((head) => ({ head, body: '{}' })) };
  if (!fs.statSync(bodies).isFile()) throw new Error(`${bodyName(bodies)} is not a file`);
  let read: Buffer[] | undefined;
  const bodyLine = (i: number): Buffer => {
    if (!read) {
      const lines = bucketLines(fs.readFileSync(bodies));
      if (!lines || lines.length !== facts.length) throw new Error(`${bodyName(bodies)} does not hold a line per file`);
      read = lines;
    }
    return read[i];
  };
  for (let i = 0; i < facts.length; i++) deferBody(facts[i] as Record<string, unknown>, () => bodyLine(i));
  return { facts, lines: heads.map((head, i) => ({ head, get body() { return bodyLine(i); } })) };
}

const bodyName = (file: string): string => `${path.basename(path.dirname(file))}/${path.basename(file)}`;

/** Makes the body members `o` holds as 0 accessors that read them from its body line (readFactsFile). */
function deferBody(o: Record<string, unknown>, line: () => Buffer): void {
  let keys: string[] | undefined;
  for (const k of BODY_MEMBERS) if (o[k] === 0) (keys ??= []).push(k);
  if (!keys) return;
  const members = keys;
  const settle = (key: string, value: unknown): void => { Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true }); };
  const load = (): void => {
    const body = JSON.parse(decodeText(line())) as Record<string, unknown>;
    for (const k of members) settle(k, body[k]);
  };
  for (const key of members) {
    Object.defineProperty(o, key, {
      enumerable: true, configurable: true,
      get() { load(); return o[key]; },
      set(value: unknown) { load(); settle(key, value); },
    });
  }
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

const KIND_IDS: readonly ReferenceKind[] = ['definition', 'call', 'import', 'export', 'type', 'value', 'jsx', 'shorthand', 'keyword'];

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
