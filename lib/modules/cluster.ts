/**
 * Partition of the ties graph into modules: seeded Louvain, then two repairs that matter for code —
 * split any community that is not connected by its own ties (Louvain's known defect, the guarantee Leiden
 * adds), then fold groups too small to be a functional area into the neighbour they are most tied to.
 */
import louvainImport from 'graphology-communities-louvain';
import { UndirectedGraph } from 'graphology';
import type { TieGraph } from './ties.ts';
import { dirOf } from './paths.ts';

// A CommonJS package whose typings say `export default`: at run time the default import is the function.
const louvain = louvainImport as unknown as typeof louvainImport.default;

export interface ClusterOptions {
  /** Louvain resolution: higher gives more, smaller modules (default 1). */
  resolution?: number;
  /** Seed of the random walk; the same seed and graph always give the same modules (default 0x5eed). */
  seed?: number;
  /** Louvain runs with seeds seed, seed+1, …; the most modular partition wins (default 4). */
  runs?: number;
  /** Groups with fewer symbols than this are merged away (default: 3, growing slowly with repository size). */
  minSize?: number;
  /**
   * A unit with at least this many users, no module holding half of its ties, is a shared helper: it is
   * placed by its folder, not by its busiest caller (default 6).
   */
  spreadUsers?: number;
}

/** Module assignment: `group[i]` for every tie node, groups numbered 0..count-1 (−1: none). */
export interface Partition {
  group: Int32Array;
  count: number;
}

/** A small, fast, seedable PRNG (mulberry32): Louvain's random walk must not use Math.random. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Default minimum module size: 3, and one more per ~1000 symbols, at most 8. */
export function defaultMinSize(symbolCount: number): number {
  return Math.min(8, 3 + Math.floor(symbolCount / 1000));
}

/** Runs the whole partition: Louvain, connectivity split, small-group merge, renumbering by first node. */
export function partition(ties: TieGraph, options: ClusterOptions = {}): Partition {
  const n = ties.uids.length;
  if (n === 0) return { group: new Int32Array(0), count: 0 };
  let symbolCount = 0;
  for (let i = 0; i < n; i++) symbolCount += ties.size[i];
  const minSize = options.minSize ?? defaultMinSize(symbolCount);
  const adj = adjacency(ties);
  const raw = runLouvain(ties, options.resolution ?? 1, options.seed ?? 0x5eed, options.runs ?? 4);
  const connected = splitDisconnected(raw, adj, n);
  const { group, folderGroups } = placeSpread(connected, ties, options.spreadUsers ?? 6);
  const merged = mergeSmall(group, adj, ties, minSize, folderGroups);
  return renumber(merged);
}

/** Compressed adjacency lists (both directions) of the ties graph. */
interface Adjacency { offsets: Int32Array; nbr: Int32Array; wt: Float64Array }

function adjacency(ties: TieGraph): Adjacency {
  const n = ties.uids.length;
  const m = ties.a.length;
  const deg = new Int32Array(n + 1);
  for (let k = 0; k < m; k++) { deg[ties.a[k]]++; deg[ties.b[k]]++; }
  const offsets = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) offsets[i + 1] = offsets[i] + deg[i];
  const fill = offsets.slice(0, n);
  const nbr = new Int32Array(2 * m);
  const wt = new Float64Array(2 * m);
  for (let k = 0; k < m; k++) {
    const x = ties.a[k], y = ties.b[k], w = ties.w[k];
    nbr[fill[x]] = y; wt[fill[x]++] = w;
    nbr[fill[y]] = x; wt[fill[y]++] = w;
  }
  return { offsets, nbr, wt };
}

/**
 * Louvain's random walk can settle in a poor local optimum, more so on small graphs; a few seeded runs,
 * keeping the most modular, make the result both better and less sensitive to the seed.
 */
function runLouvain(ties: TieGraph, resolution: number, seed: number, runs: number): Int32Array {
  const n = ties.uids.length;
  const group = new Int32Array(n);
  if (ties.a.length === 0) { for (let i = 0; i < n; i++) group[i] = i; return group; }
  const g = new UndirectedGraph();
  // Node keys are indexes; insertion follows the uid order, so the walk is independent of file order.
  for (let i = 0; i < n; i++) g.addNode(String(i));
  for (let k = 0; k < ties.a.length; k++) g.addEdge(String(ties.a[k]), String(ties.b[k]), { weight: ties.w[k] });
  let best: { communities: Record<string, number>; modularity: number } | undefined;
  for (let r = 0; r < Math.max(1, runs); r++) {
    const d = louvain.detailed(g, { resolution, rng: seededRandom(seed + r), getEdgeWeight: 'weight' });
    if (!best || d.modularity > best.modularity + 1e-12) best = d;
  }
  for (let i = 0; i < n; i++) group[i] = best!.communities[String(i)];
  return group;
}

/** Splits every group into the connected components of its internal ties. */
function splitDisconnected(group: Int32Array, adj: Adjacency, n: number): Int32Array {
  const out = new Int32Array(n).fill(-1);
  const stack: number[] = [];
  let next = 0;
  for (let s = 0; s < n; s++) {
    if (out[s] !== -1) continue;
    const g = group[s];
    out[s] = next;
    stack.push(s);
    while (stack.length) {
      const v = stack.pop()!;
      for (let p = adj.offsets[v]; p < adj.offsets[v + 1]; p++) {
        const u = adj.nbr[p];
        if (out[u] === -1 && group[u] === g) { out[u] = next; stack.push(u); }
      }
    }
    next++;
  }
  return out;
}

/**
 * Moves shared helpers (many users, no group holding half of their code ties) out of whichever caller's
 * group Louvain left them in, into one group per folder. Returns the new assignment and the folder groups.
 */
function placeSpread(group: Int32Array, ties: TieGraph, minUsers: number): { group: Int32Array; folderGroups: Set<number> } {
  const n = group.length;
  const folderGroups = new Set<number>();
  const candidates: number[] = [];
  for (let i = 0; i < n; i++) if (ties.size[i] > 0 && ties.users[i] >= minUsers) candidates.push(i);
  if (!candidates.length) return { group, folderGroups };
  const isCandidate = new Set(candidates);
  const share = new Map<number, Map<number, number>>();
  for (const i of candidates) share.set(i, new Map());
  for (let k = 0; k < ties.a.length; k++) {
    if (!ties.code[k]) continue;
    const x = ties.a[k], y = ties.b[k], w = ties.w[k];
    if (isCandidate.has(x)) { const m = share.get(x)!; m.set(group[y], (m.get(group[y]) ?? 0) + w); }
    if (isCandidate.has(y)) { const m = share.get(y)!; m.set(group[x], (m.get(group[x]) ?? 0) + w); }
  }
  const out = group.slice();
  let next = 0;
  for (let i = 0; i < n; i++) if (group[i] + 1 > next) next = group[i] + 1;
  const byDir = new Map<string, number>();
  for (const i of candidates) {
    let total = 0, top = 0;
    for (const w of share.get(i)!.values()) { total += w; if (w > top) top = w; }
    if (total === 0 || top >= 0.5 * total) continue;
    const dir = dirOf(ties.filePaths[i]);
    let g = byDir.get(dir);
    if (g === undefined) { byDir.set(dir, (g = next++)); folderGroups.add(g); }
    out[i] = g;
  }
  return { group: out, folderGroups };
}

/**
 * Folds each group with fewer than `minSize` symbols into the group it is most tied to (ties: heavier
 * link, then larger group, then lower number). A group tied to nothing (or a small group of shared helpers)
 * joins the group holding most symbols of its folder, or failing that the nearest folder's group; only when
 * nothing else exists does it stay.
 */
function mergeSmall(group: Int32Array, adj: Adjacency, ties: TieGraph, minSize: number, folderGroups: Set<number>): Int32Array {
  const n = group.length;
  let count = 0;
  for (let i = 0; i < n; i++) if (group[i] + 1 > count) count = group[i] + 1;
  const size = new Int32Array(count);
  for (let i = 0; i < n; i++) size[group[i]] += ties.size[i];
  // Union-find over groups keeps merging cheap: small groups are visited once.
  const parent = new Int32Array(count);
  for (let g = 0; g < count; g++) parent[g] = g;
  const find = (g: number): number => { while (parent[g] !== g) { parent[g] = parent[parent[g]]; g = parent[g]; } return g; };
  const members: number[][] = Array.from({ length: count }, () => []);
  for (let i = 0; i < n; i++) members[group[i]].push(i);

  const order = [...Array(count).keys()].filter((g) => size[g] < minSize).sort((x, y) => size[x] - size[y] || x - y);
  const orphans: number[] = [];
  for (const g of order) {
    const root = find(g);
    if (root !== g || size[g] >= minSize) continue; // already absorbed or grown big enough
    if (folderGroups.has(g)) { orphans.push(g); continue; } // shared helpers go by folder, not by caller
    const link = new Map<number, number>();
    for (const v of members[g]) {
      for (let p = adj.offsets[v]; p < adj.offsets[v + 1]; p++) {
        const h = find(group[adj.nbr[p]]);
        if (h !== g) link.set(h, (link.get(h) ?? 0) + adj.wt[p]);
      }
    }
    let best = -1, bestW = -1;
    for (const [h, w] of link) {
      if (w > bestW || (w === bestW && (size[h] > size[best] || (size[h] === size[best] && h < best)))) { best = h; bestW = w; }
    }
    if (best < 0) { orphans.push(g); continue; }
    absorb(best, g);
  }

  // Orphans: no ties at all (hand-built graphs, files outside the graph). Place them by folder.
  if (orphans.length) {
    const folderCount = new Map<string, Map<number, number>>();
    for (let i = 0; i < n; i++) {
      const h = find(group[i]);
      if (!ties.size[i] || size[h] < minSize) continue;
      for (const d of ancestors(dirOf(ties.filePaths[i]))) {
        let m = folderCount.get(d);
        if (!m) folderCount.set(d, (m = new Map()));
        m.set(h, (m.get(h) ?? 0) + 1);
      }
    }
    const byFolder = new Map<string, number>();
    for (const g of orphans) {
      if (find(g) !== g) continue;
      const dir = dirOf(ties.filePaths[members[g][0]]);
      let target = -1;
      for (const d of ancestors(dir)) {
        const m = folderCount.get(d);
        if (m) { target = argmax(m); break; }
      }
      if (target < 0) {
        // Nothing big enough shares a folder: gather orphans of one folder into one group.
        const first = byFolder.get(dir);
        if (first === undefined) { byFolder.set(dir, g); continue; }
        target = first;
      }
      absorb(target, g);
    }
  }

  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = find(group[i]);
  return out;

  function absorb(into: number, from: number): void {
    const a = find(into), b = find(from);
    if (a === b) return;
    parent[b] = a;
    size[a] += size[b];
    for (const v of members[b]) members[a].push(v);
    members[b] = [];
  }
}

/** The folder and each of its ancestors, deepest first, ending with the root ''. */
function ancestors(dir: string): string[] {
  const out: string[] = [];
  let d = dir;
  while (d) { out.push(d); const i = d.lastIndexOf('/'); d = i < 0 ? '' : d.slice(0, i); }
  out.push('');
  return out;
}

function argmax(m: Map<number, number>): number {
  let best = -1, bestC = -1;
  for (const [k, c] of m) if (c > bestC || (c === bestC && k < best)) { best = k; bestC = c; }
  return best;
}

/** Renumbers groups 0..count-1 in order of their first node (nodes are in uid order). */
function renumber(group: Int32Array): Partition {
  const map = new Map<number, number>();
  const out = new Int32Array(group.length);
  for (let i = 0; i < group.length; i++) {
    let g = map.get(group[i]);
    if (g === undefined) map.set(group[i], (g = map.size));
    out[i] = g;
  }
  return { group: out, count: map.size };
}
