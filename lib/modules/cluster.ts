/**
 * Partition of the ties graph into modules: seeded Louvain (graphology-communities-louvain), then repairs that matter for code —
 * split any community that is not connected by its own ties (Louvain's known defect, the guarantee Leiden
 * adds), then fold groups too small to be a functional area into the neighbour they are most tied to.
 */
import { UndirectedGraph } from 'graphology';
import louvainModule from 'graphology-communities-louvain';
import { seededRandom } from '../util/seeded-random.ts';
import type { TieGraph } from './ties.ts';
import { dirOf } from '../util/paths.ts';


export interface ClusterOptions {
  /** Louvain resolution: higher gives more, smaller modules (default 1). */
  resolution?: number;
  /** Seed of the random walk; the same seed and graph always give the same modules (default 0x5eed). */
  seed?: number;
  /**
   * Louvain runs with seeds seed, seed+1, …; the most modular partition wins. Small graphs are the ones a
   * single unlucky walk can mislead, and they cost nothing: default 3 runs up to 500 nodes, 1 above (which
   * also moves nodes from a queue rather than by sweeps; see SMALL_GRAPH).
   */
  runs?: number;
  /** Groups with fewer symbols than this are merged away (default: 3 to 8, growing with repository size). */
  minSize?: number;
  /**
   * A unit used from at least this many files, no module holding half of its ties, is a shared helper: it is
   * placed by its folder, not by its busiest caller (default 6). Relations into shared helpers do not make a
   * group an adapter of their module (see `satelliteShare`).
   */
  spreadUsers?: number;
  /**
   * Modularity merges small, barely linked areas in large graphs (its resolution limit). Going down Louvain's
   * dendrogram, a part whose ties to the rest of its module are at most this share of its ties becomes a
   * module of its own (default 0.05).
   */
  looseShare?: number;
  /**
   * A group whose code ties lead at least this share to one larger module, and whose members live beside
   * that module's code (same folders), is a part of it — a pricing helper used only by the order service —
   * and joins it; so does a group of several files whose uses of other modules go at least this share to one
   * larger module's own (not shared) code — the order routes and handlers, which call only the order service
   * (default 0.8).
   */
  satelliteShare?: number;
  /**
   * Modularity cannot see areas smaller than about √(2m) of a large graph (its resolution limit) and glues
   * them into one module. A module holding more than this share of the symbols is partitioned again on its
   * own ties, where those areas are visible, and its parts again while they are that large (default 0.15).
   * Only in repositories of `largeFiles` files or more: in a small one a module that large is ordinary.
   */
  maxShare?: number;
  /** Files with symbols from which a repository is large enough for `maxShare` (default 1,000). */
  largeFiles?: number;
  /**
   * A large module is split only when its own partition is this modular at least (default 0.3): below, its
   * code really is one knit area, and it stays whole.
   */
  splitModularity?: number;
}

/** Module assignment: `group[i]` for every tie node, groups numbered 0..count-1 (−1: none). */
export interface Partition {
  group: Int32Array;
  count: number;
}


/**
 * Ties graphs up to this many nodes are small: one unlucky walk can mislead Louvain there, and runs cost
 * nothing, so they get three runs sweeping every node until none moves. Larger ones get one run with
 * queue-based local moving, which visits only where something changed.
 */
const SMALL_GRAPH = 500;

/** Default minimum module size: √symbols / 6, between 3 and 8 (3 for 300 symbols, 5 for 1000, 8 from 2300). */
export function defaultMinSize(symbolCount: number): number {
  return Math.min(8, Math.max(3, Math.round(Math.sqrt(symbolCount) / 6)));
}

/** Runs the whole partition: Louvain, connectivity split, small-group merge, renumbering by first node. */
export function partition(ties: TieGraph, options: ClusterOptions = {}): Partition {
  const n = ties.uids.length;
  if (n === 0) return { group: new Int32Array(0), count: 0 };
  let symbolCount = 0;
  for (let i = 0; i < n; i++) symbolCount += ties.size[i];
  const minSize = options.minSize ?? defaultMinSize(symbolCount);
  const adj = adjacency(ties);
  const small = n <= SMALL_GRAPH;
  const maxShare = filesWithSymbols(ties) >= (options.largeFiles ?? 1000) ? options.maxShare ?? 0.15 : 1, splitModularity = options.splitModularity ?? 0.3;
  const resolution = options.resolution ?? 1, seed = options.seed ?? 0x5eed;
  const levels = runLouvain(ties, resolution, seed, options.runs ?? (small ? 3 : 1), !small);
  const loose = splitLoose(levels, adj, ties, minSize, options.looseShare ?? 0.05);
  const refined = splitDisconnected(splitLarge(loose, adj, ties, symbolCount, maxShare, splitModularity, resolution, seed), adj, n);
  const { group, folderGroups } = placeSpread(refined, ties, options.spreadUsers ?? 6);
  const merged = mergeSmall(group, adj, ties, minSize, folderGroups);
  const share = options.satelliteShare ?? 0.8;
  const folded = foldAdapters(foldSatellites(merged, ties, share), ties, share, options.spreadUsers ?? 6, minSize);
  // Again once the repairs have made their merges: a module they made too large for one area is split, and
  // the small pieces of a split join their best-tied neighbour.
  const sized = splitLarge(folded, adj, ties, symbolCount, maxShare, splitModularity, resolution, seed);
  return renumber(sized === folded ? folded : mergeSmall(splitDisconnected(sized, adj, n), adj, ties, minSize, new Set()));
}

/** Files holding the tie graph's symbols. */
function filesWithSymbols(ties: TieGraph): number {
  const files = new Set<string>();
  for (let i = 0; i < ties.uids.length; i++) if (ties.size[i] > 0) files.add(ties.filePaths[i]);
  return files.size;
}

/** Compressed adjacency lists (both directions) of the ties graph. */
interface Adjacency { offsets: Int32Array; nbr: Int32Array; wt: Float64Array }

function adjacency(ties: TieGraph): Adjacency {
  const n = ties.uids.length;
  const m = ties.a.length;
  const deg = new Int32Array(n + 1);
  const ta = ties.a, tb = ties.b, tw = ties.w; // locals: see splitLoose
  for (let k = 0; k < m; k++) { deg[ta[k]]++; deg[tb[k]]++; }
  const offsets = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) offsets[i + 1] = offsets[i] + deg[i];
  const fill = offsets.slice(0, n);
  const nbr = new Int32Array(2 * m);
  const wt = new Float64Array(2 * m);
  for (let k = 0; k < m; k++) {
    const x = ta[k], y = tb[k], w = tw[k];
    nbr[fill[x]] = y; wt[fill[x]++] = w;
    nbr[fill[y]] = x; wt[fill[y]++] = w;
  }
  return { offsets, nbr, wt };
}

/**
 * Louvain's random walk can settle in a poor local optimum, more so on small graphs; a few seeded runs,
 * keeping the most modular, make the result both better and less sensitive to the seed. Returns the
 * dendrogram's levels (finest first; the last is the partition).
 */
function runLouvain(ties: TieGraph, resolution: number, seed: number, runs: number, fastLocalMoves: boolean): Int32Array[] {
  const graph = tieGraphology(ties);
  let best: { levels: Int32Array[]; modularity: number } | undefined;
  for (let r = 0; r < Math.max(1, runs); r++) {
    const result = louvainLevels(graph, resolution, seed + r, fastLocalMoves);
    if (!best || result.modularity > best.modularity + 1e-12) best = result;
  }
  return best!.levels;
}

/** graphology-communities-louvain is CommonJS (`module.exports = louvain`), typed as an ES default export. */
const louvain = ((louvainModule as { default?: unknown }).default ?? louvainModule) as typeof louvainModule.default;

/** The ties as a weighted graphology graph: node `i` is the tie node `i` (keys "0".."n-1", in order). */
function tieGraphology(ties: TieGraph): UndirectedGraph<Record<string, never>, { weight: number }> {
  const n = ties.uids.length;
  const g = new UndirectedGraph<Record<string, never>, { weight: number }>();
  for (let i = 0; i < n; i++) g.addNode(String(i));
  const ta = ties.a, tb = ties.b, tw = ties.w;
  for (let k = 0; k < ta.length; k++) g.addEdgeWithKey(String(k), String(ta[k]), String(tb[k]), { weight: tw[k] });
  return g;
}

/**
 * One seeded Louvain run of the library: the dendrogram's levels (community of every node after each
 * aggregation, finest first; the last is the partition) and the partition's modularity. A graph without ties
 * is one level of singletons.
 */
function louvainLevels(graph: UndirectedGraph<Record<string, never>, { weight: number }>, resolution: number, seed: number, fastLocalMoves: boolean): { levels: Int32Array[]; modularity: number } {
  const n = graph.order;
  if (graph.size === 0) return { levels: [Int32Array.from({ length: n }, (_, i) => i)], modularity: 0 };
  const d = louvain.detailed(graph, { resolution, rng: seededRandom(seed), getEdgeWeight: 'weight', fastLocalMoves });
  // dendrogram[0] is the singletons; each later entry maps every original node to its community at that level.
  const levels = d.dendrogram.slice(1).map((level) => Int32Array.from(level));
  if (!levels.length) levels.push(Int32Array.from(d.dendrogram[0]));
  return { levels, modularity: d.modularity };
}

/**
 * Partitions again each group holding more than `maxShare` of the symbols, on the ties inside it (see
 * ClusterOptions.maxShare); a part still that large is partitioned again. A group whose own partition has a
 * modularity under `minModularity` is one area and stays whole. Returns the new assignment.
 */
function splitLarge(group: Int32Array, adj: Adjacency, ties: TieGraph, symbolCount: number, maxShare: number, minModularity: number, resolution: number, seed: number): Int32Array {
  const n = group.length;
  const limit = maxShare * symbolCount;
  const out = group.slice();
  let next = 0;
  for (let i = 0; i < n; i++) if (out[i] + 1 > next) next = out[i] + 1;
  const sizeOfMembers = (members: number[]): number => { let k = 0; for (const v of members) k += ties.size[v]; return k; };
  const byGroup = new Map<number, number[]>();
  for (let i = 0; i < n; i++) { const l = byGroup.get(out[i]); if (l) l.push(i); else byGroup.set(out[i], [i]); }
  const pending = [...byGroup.keys()].sort((x, y) => y - x).map((g) => byGroup.get(g)!).filter((m) => sizeOfMembers(m) > limit);
  if (!pending.length) return group;
  const local = new Int32Array(n).fill(-1);
  while (pending.length) {
    const members = pending.pop()!;
    for (let k = 0; k < members.length; k++) local[members[k]] = k;
    const sub = new UndirectedGraph<Record<string, never>, { weight: number }>();
    for (let k = 0; k < members.length; k++) sub.addNode(String(k));
    for (let k = 0; k < members.length; k++) {
      const v = members[k];
      for (let p = adj.offsets[v], end = adj.offsets[v + 1]; p < end; p++) {
        const u = local[adj.nbr[p]];
        if (u > k) sub.addEdge(String(k), String(u), { weight: adj.wt[p] });
      }
    }
    const result = sub.size ? louvainLevels(sub, resolution, seed, members.length > SMALL_GRAPH) : undefined;
    for (const v of members) local[v] = -1;
    if (!result || result.modularity < minModularity) continue;
    const last = result.levels[result.levels.length - 1];
    const parts = new Map<number, number[]>();
    for (let k = 0; k < members.length; k++) { const c = last[k]; const l = parts.get(c); if (l) l.push(members[k]); else parts.set(c, [members[k]]); }
    if (parts.size < 2) continue;
    for (const c of [...parts.keys()].sort((x, y) => x - y)) {
      const part = parts.get(c)!;
      const id = next++;
      for (const v of part) out[v] = id;
      if (sizeOfMembers(part) > limit) pending.push(part);
    }
  }
  return out;
}

/** Splits every group into the connected components of its internal ties. */
function splitDisconnected(group: Int32Array, adj: Adjacency, n: number): Int32Array {
  const out = new Int32Array(n).fill(-1);
  const stack: number[] = [];
  let next = 0;
  const offsets = adj.offsets, nbr = adj.nbr;
  for (let s = 0; s < n; s++) {
    if (out[s] !== -1) continue;
    const g = group[s];
    out[s] = next;
    stack.push(s);
    while (stack.length) {
      const v = stack.pop()!;
      for (let p = offsets[v], end = offsets[v + 1]; p < end; p++) {
        const u = nbr[p];
        if (out[u] === -1 && group[u] === g) { out[u] = next; stack.push(u); }
      }
    }
    next++;
  }
  return out;
}

/**
 * Undoes the merges modularity forces in large graphs (its resolution limit glues small, barely linked areas
 * together). Louvain's dendrogram records how each module was assembled; going down it, a sub-community whose
 * ties to the rest of its module are at most `share` of its ties becomes a module of its own. Areas really knit
 * together are never split: their parts are not loose.
 */
function splitLoose(levels: Int32Array[], adj: Adjacency, ties: TieGraph, minSize: number, share: number): Int32Array {
  // Written with typed arrays and plain loops, no closures, spreads or per-part lists: V8 compiled the
  // closure-and-Map version of this for 160 ms (three times) on rxjs×4, more than the work itself. The arrays
  // are read through locals: the CLI runs this without TurboFan, where each \`adj.x\` in a loop is an
  // inline-cache call of its own.
  const n = ties.uids.length;
  const offsets = adj.offsets, nbr = adj.nbr, wt = adj.wt, unitSize = ties.size;
  const out = new Int32Array(n).fill(-1);
  let next = 0;
  const stamp = new Int32Array(n).fill(-1);
  let set = 0;
  const count = new Int32Array(n); // members per part (indexed by the part's community id)
  const at = new Int32Array(n);
  const keys = new Int32Array(n);
  const byPart = new Int32Array(n);
  // Pending work: node lists with the dendrogram level they were found at, handled depth-first.
  const stack: [Int32Array, number][] = [];
  const top = levels[levels.length - 1];
  {
    // Top-level communities in ascending order, members in node order.
    const { order, bounds } = bucket(top, n);
    for (let c = bounds.length - 2; c >= 0; c--) if (bounds[c + 1] > bounds[c]) stack.push([order.subarray(bounds[c], bounds[c + 1]), levels.length - 1]);
  }
  while (stack.length) {
    const [nodes, start] = stack.pop()!;
    let current = nodes;
    let level = start;
    const detached: [Int32Array, number][] = [];
    while (level > 0 && sizeOf(current, unitSize) >= 2 * minSize) {
      const below = levels[level - 1];
      // Parts: members grouped by their community one level down, parts by ascending id, members in order.
      let k = 0;
      for (let x = 0; x < current.length; x++) { const p = below[current[x]]; if (count[p]++ === 0) keys[k++] = p; }
      let changed = false;
      if (k > 1) {
        const sorted = keys.subarray(0, k).sort();
        let pos = 0;
        for (let y = 0; y < k; y++) { at[sorted[y]] = pos; pos += count[sorted[y]]; }
        for (let x = 0; x < current.length; x++) { const v = current[x]; byPart[at[below[v]]++] = v; }
        const mark = set++;
        for (let x = 0; x < current.length; x++) stamp[current[x]] = mark;
        let remaining = sizeOf(current, unitSize);
        const keep = new Int32Array(current.length);
        let kept = 0;
        let from = 0;
        for (let y = 0; y < k; y++) {
          const p = sorted[y], to = from + count[p];
          let inside = 0, outside = 0, psize = 0;
          for (let x = from; x < to; x++) {
            const v = byPart[x];
            psize += unitSize[v];
            for (let q = offsets[v], end = offsets[v + 1]; q < end; q++) {
              const u = nbr[q];
              if (stamp[u] !== mark) continue;
              if (below[u] === p) inside += wt[q] / 2; else outside += wt[q];
            }
          }
          // Only parts big enough to be an area of their own: a handful of symbols is not worth a module.
          if (psize >= 2 * minSize && remaining - psize >= minSize && outside <= share * (inside + outside)) {
            detached.push([byPart.slice(from, to), level - 1]);
            remaining -= psize;
            changed = true;
          } else {
            for (let x = from; x < to; x++) keep[kept++] = byPart[x];
          }
          from = to;
        }
        current = keep.subarray(0, kept);
      }
      for (let y = 0; y < k; y++) count[keys[y]] = 0;
      // After a detachment the parts that stayed are judged again at the same level; otherwise look finer.
      if (!changed) level--;
    }
    for (let x = 0; x < current.length; x++) out[current[x]] = next;
    next++;
    for (let d = detached.length - 1; d >= 0; d--) stack.push(detached[d]);
  }
  return out;
}

/** Symbols in a list of tie nodes. */
function sizeOf(nodes: Int32Array, size: Int32Array): number {
  let k = 0;
  for (let x = 0; x < nodes.length; x++) k += size[nodes[x]];
  return k;
}

/** Nodes 0..n−1 bucketed by label (labels < n): `order` holds bucket c at bounds[c]..bounds[c+1], in node order. */
function bucket(label: Int32Array, n: number): { order: Int32Array; bounds: Int32Array } {
  const bounds = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) bounds[label[i] + 1]++;
  for (let c = 0; c < n; c++) bounds[c + 1] += bounds[c];
  const fill = bounds.slice(0, n);
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[fill[label[i]]++] = i;
  return { order, bounds };
}

/**
 * Moves shared helpers (many users, no group holding half of their code ties) out of whichever caller's
 * group Louvain left them in, into one group per folder. Returns the new assignment and the folder groups.
 */
function placeSpread(group: Int32Array, ties: TieGraph, minUsers: number): { group: Int32Array; folderGroups: Set<number> } {
  const n = group.length;
  const folderGroups = new Set<number>();
  const candidates: number[] = [];
  // Files, not units, as in the ties' hub discount: the three handlers, the service variable and the setter of
  // one controller file are one place relying on its service, which is no shared helper for that.
  for (let i = 0; i < n; i++) if (ties.size[i] > 0 && ties.userFiles[i] >= minUsers) candidates.push(i);
  if (!candidates.length) return { group, folderGroups };
  const isCandidate = new Set(candidates);
  const share = new Map<number, Map<number, number>>();
  for (const i of candidates) share.set(i, new Map());
  const ta = ties.a, tb = ties.b, tw = ties.w, code = ties.code;
  for (let k = 0; k < ta.length; k++) {
    if (!code[k]) continue;
    const x = ta[k], y = tb[k], w = tw[k];
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
 * Places groups of shared helpers by folder, then folds each group with fewer than `minSize` symbols into the
 * group it is most tied to (ties: heavier
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

  // Shared helpers join the module that holds most of their folder's other symbols (rxjs's `util/`), and
  // keep a module of their own only when their folder has no such owner (a `shared/` folder of helpers).
  if (folderGroups.size) {
    const perDir = new Map<string, Map<number, number>>();
    for (let i = 0; i < n; i++) {
      if (!ties.size[i] || folderGroups.has(group[i])) continue;
      const d = dirOf(ties.filePaths[i]);
      let m = perDir.get(d);
      if (!m) perDir.set(d, (m = new Map()));
      m.set(group[i], (m.get(group[i]) ?? 0) + ties.size[i]);
    }
    for (const g of [...folderGroups].sort((x, y) => x - y)) {
      const first = members[g].find((v) => ties.size[v] > 0);
      const m = first === undefined ? undefined : perDir.get(dirOf(ties.filePaths[first]));
      if (!m) continue;
      let total = 0;
      for (const c of m.values()) total += c;
      const owner = argmax(m);
      if (2 * m.get(owner)! >= total) absorb(owner, g);
    }
  }

  // A few shared helpers alone are not an area: folder groups need twice the minimum to stand on their own.
  const order = [...Array(count).keys()]
    .filter((g) => find(g) === g && size[g] < (folderGroups.has(g) ? 2 * minSize : minSize))
    .sort((x, y) => size[x] - size[y] || x - y);
  const orphans: number[] = [];
  for (const g of order) {
    const root = find(g);
    if (root !== g || size[g] >= (folderGroups.has(g) ? 2 * minSize : minSize)) continue; // absorbed, or big enough
    if (folderGroups.has(g)) { orphans.push(g); continue; } // shared helpers go by folder, not by caller
    const best = bestLink(g);
    if (best < 0) { orphans.push(g); continue; }
    absorb(best, g);
  }

  // Orphans: groups tied to nothing, and small groups of shared helpers. Place them by folder: first into
  // the big group holding most symbols of their own folder; else pool orphans folder by folder, lifting a
  // pool that is still too small to the parent folder; a pool still small at the root joins its best-tied
  // group, else the largest one.
  if (orphans.length) {
    const dirOwner = new Map<string, Map<number, number>>();
    for (let i = 0; i < n; i++) {
      const h = find(group[i]);
      if (!ties.size[i] || size[h] < minSize || folderGroups.has(h)) continue;
      const d = dirOf(ties.filePaths[i]);
      let m = dirOwner.get(d);
      if (!m) dirOwner.set(d, (m = new Map()));
      m.set(h, (m.get(h) ?? 0) + ties.size[i]);
    }
    // Pools by folder depth, deepest first, so a lifted pool meets its siblings in the parent folder.
    const byDepth: Map<string, number[]>[] = [];
    const pool = (dir: string, g: number): void => {
      const d = dir ? dir.split('/').length : 0;
      const m = (byDepth[d] ??= new Map());
      const l = m.get(dir);
      if (l) l.push(g); else m.set(dir, [g]);
    };
    for (const g of orphans) {
      if (find(g) !== g) continue;
      const first = members[g].find((v) => ties.size[v] > 0) ?? members[g][0];
      const dir = dirOf(ties.filePaths[first]);
      const owner = dirOwner.get(dir);
      if (owner) absorb(argmax(owner), g); else pool(dir, g);
    }
    const leftovers: number[] = [];
    const kept: { dir: string; root: number }[] = [];
    for (let d = byDepth.length - 1; d >= 0; d--) {
      const m = byDepth[d];
      if (!m) continue;
      for (const dir of [...m.keys()].sort()) {
        const gs = m.get(dir)!;
        for (const g of gs.slice(1)) absorb(gs[0], g);
        const root = find(gs[0]);
        if (size[root] >= minSize) { kept.push({ dir, root }); continue; }
        // Too small: join the largest pool already kept below this folder (`shared/logger.ts` with
        // `shared/utils/`), else try again one folder up.
        let into = -1;
        for (const k of kept) {
          const r = find(k.root);
          if ((dir === '' || k.dir.startsWith(`${dir}/`)) && r !== root && (into < 0 || size[r] > size[into])) into = r;
        }
        if (into >= 0) absorb(into, root);
        else if (d === 0) leftovers.push(root);
        else pool(dirOf(dir), root);
      }
    }
    for (const g of leftovers) {
      if (find(g) !== g) continue;
      let target = bestLink(g);
      if (target < 0) {
        for (let h = 0; h < count; h++) if (find(h) === h && h !== g && (target < 0 || size[h] > size[target])) target = h;
      }
      if (target >= 0) absorb(target, g);
    }
  }

  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = find(group[i]);
  return out;

  /** The group `g` is most tied to (heavier link, then larger, then lower number), or −1. */
  function bestLink(g: number): number {
    const link = new Map<number, number>();
    const offsets = adj.offsets, nbr = adj.nbr, wt = adj.wt;
    for (const v of members[g]) {
      for (let p = offsets[v], end = offsets[v + 1]; p < end; p++) {
        const h = find(group[nbr[p]]);
        if (h !== g) link.set(h, (link.get(h) ?? 0) + wt[p]);
      }
    }
    let best = -1, bestW = -1;
    for (const [h, w] of link) {
      if (w > bestW || (w === bestW && (size[h] > size[best] || (size[h] === size[best] && h < best)))) { best = h; bestW = w; }
    }
    return best;
  }

  function absorb(into: number, from: number): void {
    const a = find(into), b = find(from);
    if (a === b) return;
    parent[b] = a;
    size[a] += size[b];
    for (const v of members[b]) members[a].push(v);
    members[b] = [];
  }
}

/**
 * Folds satellites into the module they serve. Modularity happily keeps a dense little helper chain apart
 * (`computeTotal → lineTotal`, with the `OrderLine` type it reads), but a reader sees the order feature's
 * pricing, not an area of its own: everything it is tied to is one module, and it lives in that module's
 * folders, and that module is what uses it. A group in a folder of its own (a `utils/` only the app's wiring
 * calls) is left alone, and so is a group that merely uses the module (operators calling one shared helper).
 * Linear: one pass over the ties, groups visited smallest first.
 */
function foldSatellites(group: Int32Array, ties: TieGraph, share: number): Int32Array {
  const n = group.length;
  let count = 0;
  for (let i = 0; i < n; i++) if (group[i] + 1 > count) count = group[i] + 1;
  const size = new Int32Array(count);
  for (let i = 0; i < n; i++) size[group[i]] += ties.size[i];
  // Code ties from each group to the others, and their total.
  const link: (Map<number, number> | undefined)[] = new Array(count);
  const external = new Float64Array(count);
  const ta = ties.a, tb = ties.b, tw = ties.w, code = ties.code, unitSize = ties.size; // locals: see splitLoose
  for (let k = 0; k < ta.length; k++) {
    if (!code[k]) continue;
    const x = ta[k], y = tb[k];
    if (!unitSize[x] || !unitSize[y]) continue;
    const gx = group[x], gy = group[y], w = tw[k];
    if (gx === gy) continue;
    external[gx] += w; external[gy] += w;
    const lx = (link[gx] ??= new Map()); lx.set(gy, (lx.get(gy) ?? 0) + w);
    const ly = (link[gy] ??= new Map()); ly.set(gx, (ly.get(gx) ?? 0) + w);
  }
  // Who uses each group: a satellite is used by its host (the order service calls the pricing helpers),
  // not merely a user of it (a group of operators calling one util that landed elsewhere).
  const usedBy: (Map<number, number> | undefined)[] = new Array(count);
  const used = new Int32Array(count);
  for (let k = 0; k < ties.relFrom.length; k++) {
    const gs = group[ties.relFrom[k]], gt = group[ties.relTo[k]];
    if (gs === gt) continue;
    used[gt]++;
    const m = (usedBy[gt] ??= new Map()); m.set(gs, (m.get(gs) ?? 0) + 1);
  }
  // Which groups hold symbols in each folder.
  const inDir = new Map<string, Set<number>>();
  for (let i = 0; i < n; i++) {
    if (!ties.size[i]) continue;
    const d = dirOf(ties.filePaths[i]);
    let s = inDir.get(d);
    if (!s) inDir.set(d, (s = new Set()));
    s.add(group[i]);
  }
  const members: number[][] = Array.from({ length: count }, () => []);
  for (let i = 0; i < n; i++) if (ties.size[i]) members[group[i]].push(i);
  const parent = new Int32Array(count);
  for (let g = 0; g < count; g++) parent[g] = g;
  const find = (g: number): number => { while (parent[g] !== g) { parent[g] = parent[parent[g]]; g = parent[g]; } return g; };
  const order = [...Array(count).keys()].filter((g) => size[g] > 0 && link[g]).sort((x, y) => size[x] - size[y] || x - y);
  for (const g of order) {
    const host = argmax(link[g]!);
    if (link[g]!.get(host)! < share * external[g]) continue;
    if ((usedBy[g]?.get(host) ?? 0) < share * used[g] || !used[g]) continue;
    const h = find(host);
    if (h === find(g) || size[g] >= size[h]) continue;
    // Beside the host's code: most of the satellite's symbols sit in folders where the host has symbols.
    let beside = 0;
    for (const v of members[g]) if (inDir.get(dirOf(ties.filePaths[v]))!.has(host)) beside += ties.size[v];
    if (2 * beside < size[g]) continue;
    parent[find(g)] = h;
    size[h] += size[g];
  }
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = find(group[i]);
  return out;
}

/** A group this many times the smallest module's size is an area by its size alone (foldAdapters). */
const AREA_SIZE = 5;

/**
 * Folds adapters into the module they serve: a group whose relations out of it (calls, references, heritage)
 * go at least `share` to one larger module's own code — units used from fewer than `spreadUsers` files —
 * is that feature's front end: HTTP handlers calling only the order service, a controller calling only the
 * user service. Modularity keeps such a layer apart when the feature's back end is dense (its record types,
 * its data access): a seam between layers, not between areas. Relations into shared helpers count against
 * the fold, never for it: operators calling one widely used subscriber helper are no part of its module.
 * Only a group spanning several files folds: a layer's slice (the order routes, handlers and views) is cut
 * across files and folders, while a group that is one file's code is a piece written for one purpose — a
 * lint rule built on the code-path API, a schema store the replies use — an area of its own even when all
 * its uses go to one module. Nor does a group of an area's size (AREA_SIZE times the smallest module's) under a
 * quarter of whose units use the module. Linear: one pass over the relations, groups visited smallest first.
 */
function foldAdapters(group: Int32Array, ties: TieGraph, share: number, spreadUsers: number, minSize: number): Int32Array {
  const n = group.length;
  let count = 0;
  for (let i = 0; i < n; i++) if (group[i] + 1 > count) count = group[i] + 1;
  const size = new Int32Array(count);
  for (let i = 0; i < n; i++) size[group[i]] += ties.size[i];
  const out = new Int32Array(count); // relations from each group into the others
  const uses: (Map<number, number> | undefined)[] = new Array(count); // … into each other group's own code
  const users: (Map<number, Set<number>> | undefined)[] = new Array(count); // … and which of its units make them
  for (let k = 0; k < ties.relFrom.length; k++) {
    const from = ties.relFrom[k], to = ties.relTo[k];
    const gs = group[from], gt = group[to];
    if (gs === gt) continue;
    out[gs]++;
    if (ties.userFiles[to] >= spreadUsers) continue;
    const m = (uses[gs] ??= new Map()); m.set(gt, (m.get(gt) ?? 0) + 1);
    const u = (users[gs] ??= new Map());
    let set = u.get(gt);
    if (!set) u.set(gt, (set = new Set()));
    set.add(from);
  }
  const units = new Int32Array(count);
  for (let i = 0; i < n; i++) if (ties.size[i]) units[group[i]]++;
  // Each group's file while it has one (undefined: none seen yet), null once a second file shows.
  const file = new Array<string | null | undefined>(count);
  for (let i = 0; i < n; i++) {
    if (!ties.size[i]) continue;
    const f = file[group[i]], p = ties.filePaths[i];
    if (f === undefined) file[group[i]] = p; else if (f !== null && f !== p) file[group[i]] = null;
  }
  const parent = new Int32Array(count);
  for (let g = 0; g < count; g++) parent[g] = g;
  const find = (g: number): number => { while (parent[g] !== g) { parent[g] = parent[parent[g]]; g = parent[g]; } return g; };
  const order = [...Array(count).keys()].filter((g) => size[g] > 0 && uses[g] && file[g] === null).sort((x, y) => size[x] - size[y] || x - y);
  for (const g of order) {
    const host = argmax(uses[g]!);
    if (uses[g]!.get(host)! < share * out[g]) continue;
    // A front end is made of the host's users: a good part of its units call into it. A group the size of an area
    // of its own, of whose units few make the calls out to the one module it uses (recurrence rules asking the time
    // zones for an offset), is no layer of that module, however few its other uses are.
    if (size[g] >= AREA_SIZE * minSize && users[g]!.get(host)!.size * 4 < units[g]) continue;
    const h = find(host);
    if (h === find(g) || size[g] >= size[h]) continue;
    parent[find(g)] = h;
    size[h] += size[g];
  }
  const res = new Int32Array(n);
  for (let i = 0; i < n; i++) res[i] = find(group[i]);
  return res;
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
