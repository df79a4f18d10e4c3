/**
 * The weighted, undirected "ties" graph that community detection runs on: code symbols plus their files as
 * weak hubs, with one tie per pair of nodes summing every confident relation between them.
 */
import { denseGraph, type GraphView } from '../graph/code-graph.ts';
import { SYMBOL_LABELS, isConfident, type RelType } from '../graph/schema.ts';
import { dirOf, isTestPath } from '../util/paths.ts';

/** Tuning knobs for the ties graph; every field has a documented default. */
export interface TieOptions {
  /** Edges below this confidence, and every `name-only` edge, are left out (default 0.5). */
  minConfidence?: number;
  /** Weight of a symbol's tie to its own file, so that same-file symbols stay together (default 0.1). */
  fileTie?: number;
  /** Weight of a file's tie to its folder, and of a folder's to its parent: the layout's own grouping (default 0.5). */
  folderTie?: number;
  /**
   * A unit used by more than this many other units is a shared helper: ties to it are scaled by
   * √(hubUsers / users), so it settles with its own folder rather than in its busiest caller's module (default 3).
   */
  hubUsers?: number;
  /** Factor on ties that touch a test file: tests call everything and would glue areas together (default 0.2). */
  testFactor?: number;
}

/**
 * Relation weights: calls and heritage say "works with", a type mention says less (0: not a code relation;
 * containment makes units). Compared by identity rather than read from a table keyed by type: every edge of the
 * graph is asked, cold, and a keyed load by a varying string (absent for most types) cost more than the rest of
 * the loop.
 */
function typeWeight(type: RelType): number {
  if (type === 'CALLS' || type === 'EXTENDS') return 1;
  if (type === 'REFERENCES') return 0.5;
  if (type === 'IMPLEMENTS') return 0.8;
  return 0;
}

/** Weight of a REFERENCES edge whose function is passed as a callback (it will be called: like a call). */
const CALLBACK_WEIGHT = 1;

export interface TieGraph {
  /** Node uids, sorted: units (a top-level symbol with its members) and the file and folder hubs. */
  uids: string[];
  /** Symbols in each unit (0 for a file or folder hub). */
  size: Int32Array;
  /** Symbols of each unit as positions in `graph.nodes`, root first then by uid (empty for hubs). */
  memberIds: Int32Array[];
  /** File path of each node (a file hub: its own path; a folder hub: the folder). */
  filePaths: string[];
  /** Undirected ties, each once with a < b, sorted by (a, b). */
  a: Int32Array;
  b: Int32Array;
  w: Float64Array;
  /** 1 when the tie comes from code relations (counts for cohesion), 0 for a pure file or folder tie. */
  code: Uint8Array;
  /** Code-relation weight between members of the same unit (a method calling its sibling), for cohesion. */
  inner: Float64Array;
  /** Distinct other units with a confident relation into each unit (its users). */
  users: Int32Array;
  /** Distinct files of those users, tests left out (its own file too when another unit there uses it). */
  userFiles: Int32Array;
  /** Directed code relations between units (source unit → target unit), one per graph edge: who uses whom. */
  relFrom: Int32Array;
  relTo: Int32Array;
  /**
   * Confident CALLS / REFERENCES / EXTENDS / IMPLEMENTS edges pointing at each graph node (by position in
   * `graph.nodes`): how much the code leans on a symbol. Counted in the same pass over the edges.
   */
  importance: Int32Array;
}

const SYMBOLS = new Set<string>(SYMBOL_LABELS);
/** Containment relations (they make units). */
function isStructural(type: RelType): boolean {
  return type === 'DEFINES' || type === 'HAS_METHOD' || type === 'CONTAINS';
}


/**
 * Builds the ties graph in an order that depends only on uids (not on file walk order). A class and its
 * methods and properties form one unit, so a module never separates a method from its class.
 *
 * Everything is indexed by position in `graph.nodes` and summed in typed arrays (no per-pair maps, no
 * comparator sorts): this runs cold in every analyze, where each allocation and each interpreted callback counts.
 */
export function buildTies(graph: GraphView, options: TieOptions = {}): TieGraph {
  const minConfidence = options.minConfidence ?? 0.5;
  const fileTie = options.fileTie ?? 0.1;
  const testFactor = options.testFactor ?? 0.2;
  const folderTie = options.folderTie ?? 0.5;
  const hubUsers = options.hubUsers ?? 3;

  const dense = denseGraph(graph);
  const { nodes, edges, position } = dense;
  const N = nodes.length;
  const isSym = new Uint8Array(N);
  // Loops over the symbols are indexed, not for…of: without TurboFan each step of an array iterator is a call
  // and a result object (×12 passes over 11k–14k symbols).
  const symbols: number[] = [];
  for (let v = 0; v < N; v++) if (SYMBOLS.has(nodes[v].label)) { isSym[v] = 1; symbols.push(v); }

  // Edge ends as node positions, looked up once per graph (and shared with flow tracing, which walks the same edges).
  const M = edges.length;
  const { src, dst } = dense;

  // Units: follow symbol → symbol containment (class → method, …) up to the top-level symbol.
  const parent = new Int32Array(N).fill(-1);
  for (let k = 0; k < M; k++) {
    // Positions first (typed arrays): most edges end at a file or folder and are settled without reading the
    // edge; equal positions are equal uids (a self edge).
    const x = src[k], y = dst[k];
    if (x < 0 || y < 0 || x === y || !isSym[x] || !isSym[y]) continue;
    const e = edges[k];
    if (isStructural(e.type) && (parent[y] < 0 || e.source < nodes[parent[y]].uid)) parent[y] = x;
  }
  // Indexers do not always draw an edge from an interface to its properties or from a function to the
  // functions nested in it; the qualified name (`Owner.member` in the same file) says it as well.
  let byQualified: Map<string, Map<string, number>> | undefined;
  // The members of one owner usually follow each other: the last owner found is tried first, its name
  // compared in place (no slice of the qualified name, no hashing it, no lookups).
  let lastFile: string | undefined, lastOwnerName = '', lastOwner = -1;
  for (let sx = 0; sx < symbols.length; sx++) {
    const v = symbols[sx];
    const q = nodes[v].qualifiedName;
    if (parent[v] >= 0 || !q) continue;
    const dot = q.lastIndexOf('.');
    if (dot <= 0) continue;
    const file = nodes[v].filePath ?? '';
    if (lastOwner >= 0 && dot === lastOwnerName.length && file === lastFile && q.startsWith(lastOwnerName)) {
      if (lastOwner !== v) parent[v] = lastOwner;
      continue;
    }
    if (!byQualified) {
      byQualified = new Map();
      for (let sx = 0; sx < symbols.length; sx++) {
        const x = symbols[sx], n = nodes[x];
        if (!n.qualifiedName) continue;
        const f = n.filePath ?? '';
        let m = byQualified.get(f);
        if (!m) byQualified.set(f, (m = new Map()));
        const had = m.get(n.qualifiedName);
        if (had === undefined || n.uid < nodes[had].uid) m.set(n.qualifiedName, x); // same name twice: the smaller uid, whatever the order
      }
    }
    const ownerName = q.slice(0, dot);
    const owner = byQualified.get(file)?.get(ownerName);
    if (owner !== undefined && owner !== v) parent[v] = owner;
    if (owner !== undefined) { lastFile = file; lastOwnerName = ownerName; lastOwner = owner; }
  }
  const root = new Int32Array(N).fill(-1);
  for (let sx = 0; sx < symbols.length; sx++) {
    const v = symbols[sx];
    let r = v;
    for (let steps = 0; parent[r] >= 0 && steps < 64; steps++) r = parent[r]; // bounded: containment cycles are a bug upstream
    root[v] = r;
  }

  // Files become hubs only when they hold a symbol; folders above them are virtual hubs.
  const fileByPath = new Map<string, number>();
  for (let v = 0; v < N; v++) if (nodes[v].label === 'File' && nodes[v].filePath) fileByPath.set(nodes[v].filePath!, v);
  const fileOf = new Int32Array(N).fill(-1); // each symbol's File node, when there is one
  const isHubFile = new Uint8Array(N);
  const hubFiles: number[] = [];
  for (let sx = 0; sx < symbols.length; sx++) {
    const v = symbols[sx];
    const p = nodes[v].filePath;
    const f = p ? fileByPath.get(p) : undefined;
    if (f === undefined) continue;
    fileOf[v] = f;
    if (!isHubFile[f]) { isHubFile[f] = 1; hubFiles.push(f); }
  }
  const hubFolders = new Set<string>();
  for (const f of hubFiles) for (let d = dirOf(nodes[f].filePath); ; d = dirOf(d)) {
    const key = FOLDER_HUB + d;
    if (hubFolders.has(key)) break; // its parents are in already
    hubFolders.add(key);
    if (!d) break;
  }

  const isRoot = new Uint8Array(N);
  for (let sx = 0; sx < symbols.length; sx++) { const v = symbols[sx]; isRoot[root[v]] = 1; }
  const uids: string[] = [];
  for (let sx = 0; sx < symbols.length; sx++) { const v = symbols[sx]; if (isRoot[v]) uids.push(nodes[v].uid); }
  for (const f of hubFiles) uids.push(nodes[f].uid);
  for (const fo of hubFolders) uids.push(fo);
  uids.sort(); // default sort compares UTF-16 code units, as compareStrings does, natively
  const n = uids.length;
  const folderIndex = new Map<string, number>();
  const tieOf = new Int32Array(N).fill(-1); // graph node → its tie node (unit or file hub)
  for (let i = 0; i < n; i++) {
    const u = uids[i];
    if (u.startsWith(FOLDER_HUB)) folderIndex.set(u, i); else tieOf[position.get(u)!] = i;
  }
  const unitTie = tieOf.slice(); // read the roots' entries before symbols overwrite theirs (containment cycles)
  for (let sx = 0; sx < symbols.length; sx++) { const v = symbols[sx]; tieOf[v] = unitTie[root[v]]; }

  const size = new Int32Array(n);
  for (let sx = 0; sx < symbols.length; sx++) { const v = symbols[sx]; size[tieOf[v]]++; }
  const memberLists: number[][] = new Array(n);
  for (let sx = 0; sx < symbols.length; sx++) { const v = symbols[sx], i = tieOf[v]; if (root[v] !== v || !isRoot[v]) (memberLists[i] ??= []).push(v); }
  const memberIds: Int32Array[] = new Array(n);
  const filePaths: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const u = uids[i];
    if (size[i] > 0) {
      const r = position.get(u)!;
      const list = memberLists[i];
      const ids = new Int32Array(list ? list.length + 1 : 1);
      ids[0] = r;
      if (list && list.length === 1) ids[1] = list[0];
      else if (list) {
        // By uid: the uids sorted natively (no comparator called back), then their positions looked up.
        const rest = list.map((v) => nodes[v].uid).sort();
        for (let k = 0; k < rest.length; k++) ids[k + 1] = position.get(rest[k])!;
      }
      memberIds[i] = ids;
      filePaths[i] = nodes[r].filePath ?? '';
    } else {
      memberIds[i] = EMPTY_IDS;
      filePaths[i] = u.startsWith(FOLDER_HUB) ? u.slice(FOLDER_HUB.length) : nodes[position.get(u)!].filePath ?? '';
    }
  }
  // Files numbered (units share them): the test-path pattern runs once per file, and users are counted by file below.
  const fileId = new Map<string, number>();
  const fid = new Int32Array(n);
  const testFile: number[] = [];
  for (let i = 0; i < n; i++) {
    const f = filePaths[i];
    let x = fileId.get(f);
    if (x === undefined) { fileId.set(f, (x = fileId.size)); testFile.push(isTestPath(f) ? 1 : 0); }
    fid[i] = x;
  }
  const isTest = new Uint8Array(n);
  for (let i = 0; i < n; i++) isTest[i] = testFile[fid[i]];

  // Ties are collected as (i, j, integer millionths, code?) and summed per pair below. Integer sums are
  // exact, so the order edges arrive in cannot matter.
  // At most one tie per symbol (to its file), per file and folder hub (to its folder) and per edge.
  const pairs = new TieList(symbols.length + hubFiles.length + hubFolders.size + M);
  const inner = new Float64Array(n);
  const add = (i: number, j: number, real: number, isCode: boolean): void => {
    const weight = Math.round(real * 1e6);
    if (weight <= 0) return;
    if (i === j) { if (isCode) inner[i] += weight; return; }
    pairs.push(i, j, weight, isCode);
  };

  // Every symbol is tied to its file, whatever edges the indexer emitted for containment.
  for (let sx = 0; sx < symbols.length; sx++) {
    const v = symbols[sx];
    if (fileOf[v] < 0) continue;
    const i = tieOf[v];
    add(i, tieOf[fileOf[v]], fileTie * (isTest[i] ? testFactor : 1), false);
  }
  // Files tie to their folder and folders to their parent, so the layout breaks near-ties between areas.
  for (const f of hubFiles) add(tieOf[f], folderIndex.get(FOLDER_HUB + dirOf(nodes[f].filePath))!, folderTie, false);
  for (const fo of hubFolders) {
    const d = fo.slice(FOLDER_HUB.length);
    if (d) add(folderIndex.get(fo)!, folderIndex.get(FOLDER_HUB + dirOf(d))!, folderTie, false);
  }

  // The code relations that count, once: ends as tie-node indexes, and their weight before hub discounts.
  // Typed arrays of the most relations there can be (one per edge), filled in place: no growing arrays, and
  // each edge's fields and ends read once (this loop visits every edge, in baseline code).
  const importance = new Int32Array(N);
  const relI = new Int32Array(M), relJ = new Int32Array(M), relW = new Float64Array(M);
  let R = 0;
  for (let k = 0; k < M; k++) {
    const e = edges[k];
    const type = e.type;
    const base = typeWeight(type);
    if (base === 0 || !isConfident(e, minConfidence)) continue;
    const x = src[k], y = dst[k];
    if (y >= 0) importance[y]++;
    if (x < 0 || y < 0 || x === y) continue; // equal positions: a self edge
    const i = tieOf[x];
    const j = tieOf[y];
    if (i < 0 || j < 0) continue;
    let weight = type === 'REFERENCES' && e.role === 'callback' ? CALLBACK_WEIGHT : base;
    // Repeated sites strengthen a tie, with diminishing returns.
    weight *= e.confidence * (1 + Math.log2(Math.max(1, e.count ?? 1)) * 0.5);
    if (isTest[i] || isTest[j]) weight *= testFactor;
    relI[R] = i; relJ[R] = j; relW[R] = weight; R++;
  }

  // How many distinct units lean on each unit: a helper everyone calls says little about where a caller
  // belongs. And how many distinct files: four handlers of one controller file calling their service are one
  // place that relies on it, not four; a helper called from many files is the shared kind. Tests are not
  // counted: a test touching a type does not make it shared machinery. Relations are bucketed by target,
  // distinct sources counted with stamps: linear, no sort.
  const users = new Int32Array(n);
  const userFiles = new Int32Array(n);
  {
    const start = new Int32Array(n + 1);
    for (let r = 0; r < R; r++) if (relI[r] !== relJ[r]) start[relJ[r] + 1]++;
    for (let j = 0; j < n; j++) start[j + 1] += start[j];
    const at = start.slice(0, n);
    const byTarget = new Int32Array(start[n]);
    for (let r = 0; r < R; r++) if (relI[r] !== relJ[r]) byTarget[at[relJ[r]]++] = relI[r];
    const seenUnit = new Int32Array(n).fill(-1), seenFile = new Int32Array(fileId.size).fill(-1);
    for (let j = 0; j < n; j++) {
      for (let q = start[j]; q < start[j + 1]; q++) {
        const i = byTarget[q];
        if (isTest[i]) continue;
        if (seenUnit[i] !== j) { seenUnit[i] = j; users[j]++; }
        if (seenFile[fid[i]] !== j) { seenFile[fid[i]] = j; userFiles[j]++; }
      }
    }
  }

  for (let r = 0; r < R; r++) {
    const i = relI[r], j = relJ[r];
    let weight = relW[r];
    if (userFiles[j] > hubUsers) weight *= Math.sqrt(hubUsers / userFiles[j]);
    const both = size[i] > 0 && size[j] > 0;
    // Top-level code of a file (the source is the File) ties only weakly, like containment.
    add(i, j, both ? weight : weight * fileTie, both);
  }

  const { a, b, w, code } = pairs.sum(n);
  for (let i = 0; i < n; i++) inner[i] /= 1e6;
  let rc = 0;
  for (let r = 0; r < R; r++) if (relI[r] !== relJ[r] && size[relI[r]] > 0 && size[relJ[r]] > 0) rc++;
  const relFrom = new Int32Array(rc), relTo = new Int32Array(rc);
  rc = 0;
  for (let r = 0; r < R; r++) if (relI[r] !== relJ[r] && size[relI[r]] > 0 && size[relJ[r]] > 0) { relFrom[rc] = relI[r]; relTo[rc++] = relJ[r]; }
  return { uids, size, memberIds, filePaths, a, b, w, code, inner, users, userFiles, relFrom, relTo, importance };
}

const EMPTY_IDS = new Int32Array(0);

/** Unordered ties as they come (lower end, higher end, integer weight, code flag), summed per pair on demand. */
class TieList {
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  private readonly wt: Float64Array;
  private readonly code: Uint8Array;
  private m = 0;

  /** `capacity`: the most ties that will be pushed (typed arrays, allocated once). */
  constructor(capacity: number) {
    this.lo = new Int32Array(capacity);
    this.hi = new Int32Array(capacity);
    this.wt = new Float64Array(capacity);
    this.code = new Uint8Array(capacity);
  }

  push(i: number, j: number, weight: number, isCode: boolean): void {
    const k = this.m++;
    if (i < j) { this.lo[k] = i; this.hi[k] = j; } else { this.lo[k] = j; this.hi[k] = i; }
    this.wt[k] = weight;
    this.code[k] = isCode ? 1 : 0;
  }

  /** One tie per pair, sorted by (a, b), weights back in real units: bucketed by lower end, then summed. */
  sum(n: number): { a: Int32Array; b: Int32Array; w: Float64Array; code: Uint8Array } {
    const { lo, hi, wt, code, m } = this;
    const start = new Int32Array(n + 1);
    for (let k = 0; k < m; k++) start[lo[k] + 1]++;
    for (let i = 0; i < n; i++) start[i + 1] += start[i];
    const at = start.slice(0, n);
    const order = new Int32Array(m);
    for (let k = 0; k < m; k++) order[at[lo[k]]++] = k;
    const acc = new Float64Array(n), isCode = new Uint8Array(n), seen = new Uint8Array(n);
    const touched = new Int32Array(n);
    const a = new Int32Array(m), b = new Int32Array(m), w = new Float64Array(m), c = new Uint8Array(m);
    let out = 0;
    for (let i = 0; i < n; i++) {
      let t = 0;
      for (let q = start[i]; q < start[i + 1]; q++) {
        const k = order[q], j = hi[k];
        if (!seen[j]) { seen[j] = 1; touched[t++] = j; }
        acc[j] += wt[k];
        if (code[k]) isCode[j] = 1;
      }
      const row = touched.subarray(0, t).sort(); // numeric, native
      for (let x = 0; x < t; x++) {
        const j = row[x];
        a[out] = i; b[out] = j; w[out] = acc[j] / 1e6; c[out] = isCode[j]; out++;
        acc[j] = 0; isCode[j] = 0; seen[j] = 0;
      }
    }
    return { a: a.slice(0, out), b: b.slice(0, out), w: w.slice(0, out), code: c.slice(0, out) };
  }
}

/** Prefix of the virtual folder hubs' keys (not graph uids; `Folder:` nodes may or may not exist). */
const FOLDER_HUB = '\u0000folder:';

/** Plain code-unit comparison (locale-independent, so every machine sorts alike). */
export function compareStrings(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}
