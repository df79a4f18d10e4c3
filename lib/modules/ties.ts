/**
 * The weighted, undirected "ties" graph that community detection runs on: code symbols plus their files as
 * weak hubs, with one tie per pair of nodes summing every confident relation between them.
 */
import type { CodeGraph } from '../graph/code-graph.ts';
import { SYMBOL_LABELS, type GraphEdge, type GraphNode, type RelType } from '../graph/schema.ts';
import { dirOf, isTestPath } from './paths.ts';

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

/** Relation weights: calls and heritage say "works with", a type mention says less. Containment makes units. */
const TYPE_WEIGHT: Partial<Record<RelType, number>> = {
  CALLS: 1,
  EXTENDS: 1,
  IMPLEMENTS: 0.8,
  REFERENCES: 0.5,
};

/** Weight of a REFERENCES edge whose function is passed as a callback (it will be called: like a call). */
const CALLBACK_WEIGHT = 1;

export interface TieGraph {
  /** Node uids, sorted: units (a top-level symbol with its members) and the file and folder hubs. */
  uids: string[];
  /** Symbols in each unit (0 for a file or folder hub). */
  size: Int32Array;
  /** Symbol uids of each unit, root first then by uid ([] for hubs). */
  members: string[][];
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
  /** Directed code relations between units (source unit → target unit), one per graph edge: who uses whom. */
  relFrom: Int32Array;
  relTo: Int32Array;
}

const SYMBOLS = new Set<string>(SYMBOL_LABELS);
const STRUCTURAL = new Set<RelType>(['DEFINES', 'CONTAINS', 'HAS_METHOD']);

/** True for nodes that become module members. */
export function isSymbolNode(n: GraphNode): boolean {
  return SYMBOLS.has(n.label);
}

/** True when an edge is trustworthy enough to shape modules and flows. */
export function isConfident(e: GraphEdge, minConfidence: number): boolean {
  return e.reason !== 'name-only' && e.confidence >= minConfidence;
}

/**
 * Builds the ties graph in an order that depends only on uids (not on file walk order). A class and its
 * methods and properties form one unit, so a module never separates a method from its class.
 */
export function buildTies(graph: CodeGraph, options: TieOptions = {}): TieGraph {
  const minConfidence = options.minConfidence ?? 0.5;
  const fileTie = options.fileTie ?? 0.1;
  const testFactor = options.testFactor ?? 0.2;
  const folderTie = options.folderTie ?? 0.5;
  const hubUsers = options.hubUsers ?? 3;

  const symbols: GraphNode[] = [];
  for (const n of graph.nodes) if (isSymbolNode(n)) symbols.push(n);

  // Units: follow symbol → symbol containment (class → method, …) up to the top-level symbol.
  const parent = new Map<string, string>();
  for (const e of graph.edges) {
    if (!STRUCTURAL.has(e.type) || e.source === e.target) continue;
    const src = graph.node(e.source), dst = graph.node(e.target);
    if (src && dst && isSymbolNode(src) && isSymbolNode(dst) && (!parent.has(e.target) || e.source < parent.get(e.target)!)) parent.set(e.target, e.source);
  }
  // Indexers do not always draw an edge from an interface to its properties or from a function to the
  // functions nested in it; the qualified name (`Owner.member` in the same file) says it as well.
  const byQualified = new Map<string, string>();
  for (const s of symbols) if (s.qualifiedName) byQualified.set(`${s.filePath ?? ''}\u0000${s.qualifiedName}`, s.uid);
  for (const s of symbols) {
    const q = s.qualifiedName;
    const dot = q ? q.lastIndexOf('.') : -1;
    if (parent.has(s.uid) || dot <= 0) continue;
    const owner = byQualified.get(`${s.filePath ?? ''}\u0000${q!.slice(0, dot)}`);
    if (owner && owner !== s.uid) parent.set(s.uid, owner);
  }
  const rootOf = (uid: string): string => {
    let r = uid;
    for (let steps = 0; parent.has(r) && steps < 64; steps++) r = parent.get(r)!; // bounded: containment cycles are a bug upstream
    return r;
  };
  const unitMembers = new Map<string, string[]>();
  const unitOfSymbol = new Map<string, string>();
  for (const s of symbols) {
    const r = rootOf(s.uid);
    unitOfSymbol.set(s.uid, r);
    const l = unitMembers.get(r);
    if (l) l.push(s.uid); else unitMembers.set(r, [s.uid]);
  }

  // Files become hubs only when they hold a symbol; folders above them are virtual hubs.
  const fileUidByPath = new Map<string, string>();
  for (const f of graph.byLabel('File')) if (f.filePath) fileUidByPath.set(f.filePath, f.uid);
  const hubFiles = new Set<string>();
  for (const s of symbols) {
    const fu = s.filePath ? fileUidByPath.get(s.filePath) : undefined;
    if (fu) hubFiles.add(fu);
  }
  const hubFolders = new Set<string>();
  for (const fu of hubFiles) for (let d = dirOf(graph.node(fu)!.filePath); ; d = dirOf(d)) {
    hubFolders.add(`${FOLDER_HUB}${d}`);
    if (!d) break;
  }

  const uids = [...unitMembers.keys(), ...hubFiles, ...hubFolders].sort(compareStrings);
  const n = uids.length;
  const index = new Map<string, number>();
  for (let i = 0; i < n; i++) index.set(uids[i], i);
  const size = new Int32Array(n);
  const members: string[][] = new Array(n);
  const filePaths: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const list = unitMembers.get(uids[i]);
    if (list) {
      const root = uids[i];
      members[i] = [root, ...list.filter((u) => u !== root).sort(compareStrings)];
      size[i] = list.length;
      filePaths[i] = graph.node(root)!.filePath ?? '';
    } else {
      members[i] = [];
      filePaths[i] = uids[i].startsWith(FOLDER_HUB) ? uids[i].slice(FOLDER_HUB.length) : graph.node(uids[i])!.filePath ?? '';
    }
  }
  const nodeIndex = (uid: string): number | undefined => {
    const u = unitOfSymbol.get(uid);
    return index.get(u ?? uid);
  };

  // Sum ties per unordered pair: one small map per lower end keeps keys small integers (fast maps).
  const rows: (Map<number, number> | undefined)[] = new Array(n);
  const codeRows: (Set<number> | undefined)[] = new Array(n);
  const inner = new Float64Array(n);
  // Weights are summed as integers (millionths): exact sums, so the order edges arrive in cannot matter.
  const add = (i: number, j: number, real: number, isCode: boolean): void => {
    const weight = Math.round(real * 1e6);
    if (weight <= 0) return;
    if (i === j) { if (isCode) inner[i] += weight; return; }
    const lo = i < j ? i : j, hi = i < j ? j : i;
    const row = (rows[lo] ??= new Map());
    row.set(hi, (row.get(hi) ?? 0) + weight);
    if (isCode) (codeRows[lo] ??= new Set()).add(hi);
  };
  const isTest = new Uint8Array(n);
  for (let i = 0; i < n; i++) isTest[i] = isTestPath(filePaths[i]) ? 1 : 0;

  // Every symbol is tied to its file, whatever edges the indexer emitted for containment.
  for (const s of symbols) {
    const fu = s.filePath ? fileUidByPath.get(s.filePath) : undefined;
    if (fu) { const i = nodeIndex(s.uid)!; add(i, index.get(fu)!, fileTie * (isTest[i] ? testFactor : 1), false); }
  }
  // Files tie to their folder and folders to their parent, so the layout breaks near-ties between areas.
  for (const fu of hubFiles) add(index.get(fu)!, index.get(FOLDER_HUB + dirOf(graph.node(fu)!.filePath))!, folderTie, false);
  for (const fo of hubFolders) {
    const d = fo.slice(FOLDER_HUB.length);
    if (d) add(index.get(fo)!, index.get(FOLDER_HUB + dirOf(d))!, folderTie, false);
  }

  // The code relations that count, once: ends as tie-node indexes, and their weight before hub discounts.
  const relI: number[] = [], relJ: number[] = [], relW: number[] = [];
  for (const e of graph.edges) {
    const base = TYPE_WEIGHT[e.type];
    if (base === undefined || STRUCTURAL.has(e.type) || e.source === e.target || !isConfident(e, minConfidence)) continue;
    const i = nodeIndex(e.source);
    const j = nodeIndex(e.target);
    if (i === undefined || j === undefined) continue;
    let weight = e.type === 'REFERENCES' && e.role === 'callback' ? CALLBACK_WEIGHT : base;
    // Repeated sites strengthen a tie, with diminishing returns.
    weight *= e.confidence * (1 + Math.log2(Math.max(1, e.count ?? 1)) * 0.5);
    if (isTest[i] || isTest[j]) weight *= testFactor;
    relI.push(i); relJ.push(j); relW.push(weight);
  }

  // How many distinct units lean on each unit: a helper everyone calls says little about where a caller belongs.
  const users = new Int32Array(n);
  {
    const order = relI.map((_, k) => k).sort((x, y) => relJ[x] - relJ[y] || relI[x] - relI[y]);
    for (let k = 0; k < order.length; k++) {
      const r = order[k], prev = k > 0 ? order[k - 1] : -1;
      if (relI[r] === relJ[r]) continue;
      if (prev >= 0 && relJ[prev] === relJ[r] && relI[prev] === relI[r]) continue;
      users[relJ[r]]++;
    }
  }
  // How many distinct files use each unit: four handlers of one controller file calling their service are one
  // place that relies on it, not four; a helper called from many files is the shared kind.
  const userFiles = new Int32Array(n);
  {
    const fileId = new Map<string, number>();
    const fid = (i: number): number => { const f = filePaths[i]; let k = fileId.get(f); if (k === undefined) fileId.set(f, (k = fileId.size)); return k; };
    const src = relI.map(fid);
    const order = relI.map((_, k) => k).sort((x, y) => relJ[x] - relJ[y] || src[x] - src[y]);
    for (let k = 0; k < order.length; k++) {
      const r = order[k], prev = k > 0 ? order[k - 1] : -1;
      if (relI[r] === relJ[r]) continue;
      if (prev >= 0 && relJ[prev] === relJ[r] && src[prev] === src[r]) continue;
      userFiles[relJ[r]]++;
    }
  }

  for (let k = 0; k < relI.length; k++) {
    const i = relI[k], j = relJ[k];
    let weight = relW[k];
    if (userFiles[j] > hubUsers) weight *= Math.sqrt(hubUsers / userFiles[j]);
    const both = size[i] > 0 && size[j] > 0;
    // Top-level code of a file (the source is the File) ties only weakly, like containment.
    add(i, j, both ? weight : weight * fileTie, both);
  }

  let m = 0;
  for (const row of rows) if (row) m += row.size;
  const a = new Int32Array(m);
  const b = new Int32Array(m);
  const w = new Float64Array(m);
  const code = new Uint8Array(m);
  let k = 0;
  for (let lo = 0; lo < n; lo++) {
    const row = rows[lo];
    if (!row) continue;
    const cs = codeRows[lo];
    for (const hi of [...row.keys()].sort((x, y) => x - y)) {
      a[k] = lo; b[k] = hi; w[k] = row.get(hi)! / 1e6; code[k] = cs?.has(hi) ? 1 : 0; k++;
    }
  }
  for (let i = 0; i < n; i++) inner[i] /= 1e6;
  let r = 0;
  for (let k = 0; k < relI.length; k++) if (relI[k] !== relJ[k] && size[relI[k]] > 0 && size[relJ[k]] > 0) r++;
  const relFrom = new Int32Array(r), relTo = new Int32Array(r);
  r = 0;
  for (let k = 0; k < relI.length; k++) if (relI[k] !== relJ[k] && size[relI[k]] > 0 && size[relJ[k]] > 0) { relFrom[r] = relI[k]; relTo[r++] = relJ[k]; }
  return { uids, size, members, filePaths, a, b, w, code, inner, users, relFrom, relTo };
}

/** Prefix of the virtual folder hubs' keys (not graph uids; `Folder:` nodes may or may not exist). */
const FOLDER_HUB = '\u0000folder:';

/** Plain code-unit comparison (locale-independent, so every machine sorts alike). */
export function compareStrings(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}
