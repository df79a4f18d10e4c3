/**
 * Choosing flows: per entry, one path per terminal (the longest); across the repository, a flow whose
 * steps appear in order inside a longer flow is dropped; then a budget growing with the repository is
 * filled round-robin over entries (best entry first), so many entries are covered before any gets a second flow.
 */

export interface Candidate {
  /** Rank of the entry (0 = best). */
  entryRank: number;
  /** Rank of this path among its entry's paths (0 = best). */
  pathRank: number;
  /** Node ids, entry first. */
  steps: number[];
}

export interface SelectOptions {
  /** Flows kept per entry (default 3). */
  maxPerEntry?: number;
  /** Shortest flow, in steps (default 3; registered entries such as routes and commands: 2). */
  minSteps?: number;
}

/**
 * Picks the paths of one entry: the longest path to each terminal, ranked by length, then by a terminal
 * called from few places (a logger called from everywhere says little), then by trace order.
 */
export function pickPerEntry(paths: number[][], fanIn: Int32Array, minSteps: number, maxPerEntry: number): number[][] {
  const byTerminal = new Map<number, { p: number[]; order: number }>();
  paths.forEach((p, order) => {
    if (p.length < minSteps) return;
    const t = p[p.length - 1];
    const cur = byTerminal.get(t);
    if (!cur || p.length > cur.p.length) byTerminal.set(t, { p, order: cur ? Math.min(cur.order, order) : order });
  });
  return [...byTerminal.values()]
    .sort((x, y) => y.p.length - x.p.length || fanIn[x.p[x.p.length - 1]] - fanIn[y.p[y.p.length - 1]] || x.order - y.order)
    .slice(0, maxPerEntry)
    .map((x) => x.p);
}

/**
 * Drops every candidate whose steps form a contiguous run inside a longer (or equal, earlier) kept one.
 * Every contiguous run of a kept flow is registered under a numeric hash (paths are short: O(depth²) runs
 * per flow); a hit is verified step by step, so a hash collision can never drop a flow wrongly.
 */
export function dropContained(candidates: Candidate[]): Candidate[] {
  const sorted = candidates.slice().sort((x, y) =>
    y.steps.length - x.steps.length || x.entryRank - y.entryRank || x.pathRank - y.pathRank);
  // Hash → chain of registered runs, in flat arrays (kept flow, start in it, next run with the same hash):
  // no object or closure per run.
  const head = new Map<number, number>();
  const runFlow: number[] = [], runStart: number[] = [], runNext: number[] = [];
  const kept: Candidate[] = [];
  // Only runs as long as the shortest candidate can ever match: shorter ones are never looked up.
  let shortest = Infinity;
  for (const c of candidates) if (c.steps.length < shortest) shortest = c.steps.length;
  for (const c of sorted) {
    const s = c.steps;
    let contained = false;
    for (let r = head.get(runHash(s, 0, s.length)) ?? -1; r >= 0; r = runNext[r]) {
      if (sameRun(kept[runFlow[r]].steps, runStart[r], s)) { contained = true; break; }
    }
    if (contained) continue;
    const f = kept.length;
    kept.push(c);
    for (let i = 0; i < s.length; i++) {
      let h = 0;
      for (let j = i; j < s.length; j++) {
        h = mix(h, s[j]);
        if (j - i + 1 < shortest) continue;
        const r = runFlow.length;
        runFlow.push(f); runStart.push(i); runNext.push(head.get(h) ?? -1);
        head.set(h, r);
      }
    }
  }
  return kept;
}

/** Order-sensitive hash of a sequence of node ids, built one step at a time (kept within 2^31). */
function mix(h: number, id: number): number {
  return (Math.imul(h ^ (id + 0x9e3779b9), 0x01000193) + id) | 0;
}

function runHash(s: readonly number[], from: number, to: number): number {
  let h = 0;
  for (let i = from; i < to; i++) h = mix(h, s[i]);
  return h;
}

function sameRun(path: readonly number[], start: number, s: readonly number[]): boolean {
  if (start + s.length > path.length) return false;
  for (let k = 0; k < s.length; k++) if (path[start + k] !== s[k]) return false;
  return true;
}

/** Fills `limit` slots round-robin by entry rank; returns the chosen flows ordered by entry rank, then path rank. */
export function budget(candidates: Candidate[], limit: number): Candidate[] {
  const byEntry = new Map<number, Candidate[]>();
  for (const c of candidates) {
    const l = byEntry.get(c.entryRank);
    if (l) l.push(c); else byEntry.set(c.entryRank, [c]);
  }
  const entries = [...byEntry.keys()].sort((a, b) => a - b);
  for (const e of entries) byEntry.get(e)!.sort((x, y) => x.pathRank - y.pathRank);
  const chosen: Candidate[] = [];
  for (let round = 0; chosen.length < limit; round++) {
    let any = false;
    for (const e of entries) {
      const c = byEntry.get(e)![round];
      if (!c) continue;
      any = true;
      chosen.push(c);
      if (chosen.length === limit) break;
    }
    if (!any) break;
  }
  return chosen.sort((x, y) => x.entryRank - y.entryRank || x.pathRank - y.pathRank);
}

/** Default number of flows for a repository with `callables` functions and methods: 10 + 3·√n, at most 500. */
export function defaultMaxProcesses(callables: number): number {
  return Math.min(500, Math.round(10 + 3 * Math.sqrt(callables)));
}
