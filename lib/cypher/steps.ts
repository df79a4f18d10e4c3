/**
 * Match steps: each step opens a cursor over one row's candidates (a scan, an expansion, a filter) and
 * advances it, writing its variables into the row. Plans are sequences of steps run depth-first.
 */
import type { Direction } from './ast.ts';
import type { IdList, PropertyGraph } from './graph.ts';
import type { ExecCtx, Ev, Row } from './runtime.ts';
import { NodeVal, PathVal, RelVal, equals, type Value } from './values.ts';

/** A cursor advances to the next binding (writing its slots into the row) or returns false when exhausted. */
export type Cursor = () => boolean;
export type Step = (row: Row, ctx: ExecCtx) => Cursor;

const NO_MORE: Cursor = () => false;

export const EMPTY_IDS: IdList = [];

export interface ExpandCfg {
  from: number; to: number; rel: number; dir: Direction; types: string[]; toLabels: string[]; toBound: boolean;
  relBound: boolean; uniqRels: number[]; uniqLists: number[];
  /** False when nothing reads the target node (an anonymous end of the pattern). */
  bindTo: boolean;
}

export function hasLabels(g: PropertyGraph, id: number, labels: string[]): boolean {
  for (const l of labels) if (!g.hasLabel(id, l)) return false;
  return true;
}
export function hasAnyType(g: PropertyGraph, r: number, types: string[]): boolean {
  for (const t of types) if (g.relHasType(r, t)) return true;
  return false;
}
export function unique(row: Row, r: number, uniqRels: number[], uniqLists: number[]): boolean {
  for (const s of uniqRels) { const v = row[s]; if (v instanceof RelVal && v.id === r) return false; }
  for (const s of uniqLists) { const l = row[s]; if (Array.isArray(l)) for (const x of l) if ((x as RelVal).id === r) return false; }
  return true;
}

/** Adjacency lists to walk from `node` in direction `dir` (an `in` list marks the relationships walked backwards). */
export function adjacency(g: PropertyGraph, node: number, dir: Direction, types: string[]): { lists: IdList[]; forward: boolean[] } {
  const lists: IdList[] = [], forward: boolean[] = [];
  const t = types.length === 1 ? types[0] : undefined;
  if (dir !== 'in') { lists.push(g.outRels(node, t)); forward.push(true); }
  if (dir !== 'out') { lists.push(g.inRels(node, t)); forward.push(false); }
  return { lists, forward };
}

export function expandStep(cfg: ExpandCfg): Step {
  const { from, to, rel, dir, types, toLabels, toBound, relBound, uniqRels, uniqLists, bindTo } = cfg;
  const multi = types.length > 1;
  return (row, ctx) => {
    const fv = row[from];
    if (!(fv instanceof NodeVal)) return NO_MORE;
    const f = fv.id;
    const g = ctx.graph;
    if (relBound) {
      let done = false;
      return () => {
        if (done) return false;
        done = true;
        const rv = row[rel];
        if (!(rv instanceof RelVal)) return false;
        const r = rv.id;
        if (types.length && !hasAnyType(g, r, types)) return false;
        const s = g.relSource(r), t = g.relTarget(r);
        let other: number;
        if (dir === 'out') { if (s !== f) return false; other = t; }
        else if (dir === 'in') { if (t !== f) return false; other = s; }
        else if (s === f) other = t;
        else if (t === f) other = s;
        else return false;
        if (!unique(row, r, uniqRels, uniqLists)) return false;
        if (toLabels.length && !hasLabels(g, other, toLabels)) return false;
        if (toBound) { const tv = row[to]; return tv instanceof NodeVal && tv.id === other; }
        row[to] = new NodeVal(other);
        return true;
      };
    }
    // Phase 0 walks the outgoing list, phase 1 the incoming one (allocation-free when the graph offers ranges).
    const t = types.length === 1 ? types[0] : undefined;
    let phase = dir === 'in' ? 1 : 0;
    const lastPhase = dir === 'out' ? 0 : 1;
    let ids: IdList = EMPTY_IDS, k = 0, end = 0;
    const load = () => {
      if (g.adjacencyRange) { const r = g.adjacencyRange(f, phase === 0, t); ids = r.ids; k = r.start; end = r.end; }
      else { ids = phase === 0 ? g.outRels(f, t) : g.inRels(f, t); k = 0; end = ids.length; }
    };
    load();
    return () => {
      for (;;) {
        if (k >= end) {
          if (phase >= lastPhase) return false;
          phase++;
          load();
          continue;
        }
        const r = ids[k++];
        ctx.budget.tick();
        if (multi && !hasAnyType(g, r, types)) continue;
        const fw = phase === 0;
        const other = fw ? g.relTarget(r) : g.relSource(r);
        // An undirected pattern sees a self-loop in both lists; count it once.
        if (!fw && dir === 'both' && other === f) continue;
        if (toBound) {
          const tv = row[to];
          if (!(tv instanceof NodeVal) || tv.id !== other) continue;
        }
        if (toLabels.length && !hasLabels(g, other, toLabels)) continue;
        if (!unique(row, r, uniqRels, uniqLists)) continue;
        row[rel] = new RelVal(r);
        if (!toBound && bindTo) row[to] = new NodeVal(other);
        return true;
      }
    };
  };
}

export function varExpandStep(cfg: ExpandCfg, range: { min: number; max: number; unbounded: boolean }, props: [string, Ev][], leftward: boolean): Step {
  const { from, to, rel, dir, types, toLabels, toBound, uniqRels, uniqLists } = cfg;
  const multi = types.length > 1;
  return (row, ctx) => {
    const fv = row[from];
    if (!(fv instanceof NodeVal)) return NO_MORE;
    const g = ctx.graph;
    const start = fv.id;
    const min = range.min;
    const max = range.unbounded ? Math.max(min, ctx.budget.opts.maxVarLengthHops) : range.max;
    const propVals = props.map(([k, ev]) => [k, ev(row, ctx)] as [string, Value]);
    const frames: { lists: IdList[]; forward: boolean[]; li: number; k: number; node: number }[] = [];
    const pathRels: number[] = [];
    const open = (node: number) => { const a = adjacency(g, node, dir, types); frames.push({ ...a, li: 0, k: 0, node }); };
    if (max >= 1) open(start);
    let zeroPending = min === 0;

    const endOk = (node: number): boolean => {
      if (toBound) { const tv = row[to]; if (!(tv instanceof NodeVal) || tv.id !== node) return false; }
      return !toLabels.length || hasLabels(g, node, toLabels);
    };
    const bind = (node: number) => {
      const list: Value[] = pathRels.map((r) => new RelVal(r));
      if (leftward) list.reverse();
      row[rel] = list;
      if (!toBound) row[to] = new NodeVal(node);
    };
    const relOk = (r: number): boolean => {
      for (const [k, v] of propVals) if (equals(g.relProperty(r, k), v) !== true) return false;
      return true;
    };

    return () => {
      if (zeroPending) {
        zeroPending = false;
        if (endOk(start)) { bind(start); return true; }
      }
      while (frames.length) {
        while (pathRels.length > frames.length - 1) pathRels.pop();
        const fr = frames[frames.length - 1];
        if (fr.li >= fr.lists.length) { frames.pop(); continue; }
        const list = fr.lists[fr.li];
        if (fr.k >= list.length) { fr.li++; fr.k = 0; continue; }
        const r = list[fr.k++];
        ctx.budget.tick();
        if (multi && !hasAnyType(g, r, types)) continue;
        const fw = fr.forward[fr.li];
        const other = fw ? g.relTarget(r) : g.relSource(r);
        if (!fw && dir === 'both' && other === fr.node) continue;
        if (pathRels.includes(r)) continue;
        if (!unique(row, r, uniqRels, uniqLists)) continue;
        if (propVals.length && !relOk(r)) continue;
        pathRels.push(r);
        const depth = pathRels.length;
        if (depth < max) open(other);
        else if (range.unbounded && ctx.warnings && canExtend(g, other, dir, types, pathRels)) ctx.warnings.add(`an unbounded variable-length relationship stopped at ${max} hops; give an explicit upper bound (e.g. *1..20) to go further`);
        if (depth >= min && endOk(other)) { bind(other); return true; }
      }
      return false;
    };
  };
}

export function boundListStep(cfg: ExpandCfg, leftward: boolean): Step {
  const { from, to, rel, dir, types, toLabels, toBound } = cfg;
  return (row, ctx) => {
    let done = false;
    return () => {
      if (done) return false;
      done = true;
      const fv = row[from], lv = row[rel];
      if (!(fv instanceof NodeVal) || !Array.isArray(lv)) return false;
      const g = ctx.graph;
      const list = leftward ? [...lv].reverse() : lv;
      let cur = fv.id;
      for (const x of list) {
        if (!(x instanceof RelVal)) return false;
        if (types.length && !hasAnyType(g, x.id, types)) return false;
        const s = g.relSource(x.id), t = g.relTarget(x.id);
        if (dir !== 'in' && s === cur) cur = t;
        else if (dir !== 'out' && t === cur) cur = s;
        else return false;
      }
      if (toLabels.length && !hasLabels(g, cur, toLabels)) return false;
      if (toBound) { const tv = row[to]; return tv instanceof NodeVal && tv.id === cur; }
      row[to] = new NodeVal(cur);
      return true;
    };
  };
}

/** Whether a path ending at `node` has a relationship it could still follow (for the capped-`*` warning). */
export function canExtend(g: PropertyGraph, node: number, dir: Direction, types: string[], used: number[]): boolean {
  const { lists } = adjacency(g, node, dir, types);
  for (const l of lists) for (let i = 0; i < l.length; i++) if (!used.includes(l[i]) && (types.length <= 1 || hasAnyType(g, l[i], types))) return true;
  return false;
}

export function pathStep(nodeSlots: number[], relInfo: { slot: number; varLen: boolean }[], slot: number): Step {
  return (row, ctx) => {
    let done = false;
    return () => {
      if (done) return false;
      done = true;
      const g = ctx.graph;
      const first = row[nodeSlots[0]] as NodeVal;
      const pn: number[] = [first.id];
      const pr: number[] = [];
      let cur = first.id;
      for (let i = 0; i < relInfo.length; i++) {
        const v = row[relInfo[i].slot];
        const list = relInfo[i].varLen ? (v as RelVal[]) : [v as RelVal];
        for (const r of list) {
          const s = g.relSource(r.id), t = g.relTarget(r.id);
          cur = s === cur ? t : s;
          pr.push(r.id);
          pn.push(cur);
        }
        cur = (row[nodeSlots[i + 1]] as NodeVal).id;
      }
      row[slot] = new PathVal(pn, pr);
      return true;
    };
  };
}

export function guardStep(preds: Ev[]): Step {
  return (row, ctx) => {
    let done = false;
    return () => {
      if (done) return false;
      done = true;
      for (const p of preds) if (p(row, ctx) !== true) return false;
      return true;
    };
  };
}

export function withFilters(step: Step, filters: Ev[]): Step {
  if (filters.length === 0) return step;
  return (row, ctx) => {
    const c = step(row, ctx);
    return () => {
      while (c()) {
        let ok = true;
        for (const f of filters) if (f(row, ctx) !== true) { ok = false; break; }
        if (ok) return true;
      }
      return false;
    };
  };
}

/**
 * Push-mode execution: calls `cb` with the working row for each complete match. The row is only valid during
 * the call (it is overwritten by the next match); a consumer that keeps it must copy it.
 */
export function pushSteps(steps: Step[], input: Row, ctx: ExecCtx, cb: (row: Row) => void): void {
  const row = input.slice();
  const n = steps.length;
  const cur: Cursor[] = new Array(n);
  let i = 0;
  cur[0] = steps[0](row, ctx);
  while (i >= 0) {
    if (cur[i]()) {
      if (i === n - 1) cb(row);
      else { i++; cur[i] = steps[i](row, ctx); }
    } else {
      i--;
    }
  }
}

/** Depth-first execution of the step cursors over one input row; yields a copy per complete match. */
export function* runSteps(steps: Step[], input: Row, ctx: ExecCtx): Generator<Row> {
  const row = input.slice();
  const n = steps.length;
  const cur: Cursor[] = new Array(n);
  let i = 0;
  cur[0] = steps[0](row, ctx);
  while (i >= 0) {
    if (cur[i]()) {
      if (i === n - 1) yield row.slice();
      else { i++; cur[i] = steps[i](row, ctx); }
    } else {
      i--;
    }
  }
}

/** A node bound before this step: passes once if it is a live node with the labels. */
export function argumentStep(slot: number, labels: string[]): Step {
  return (row, ctx) => {
    let done = false;
    return () => {
      if (done) return false;
      done = true;
      const v = row[slot];
      return v instanceof NodeVal && ctx.graph.nodeExists(v.id) && hasLabels(ctx.graph, v.id, labels);
    };
  };
}

/** Binds each candidate node with the labels; `source` null means every node. */
export function nodeScanStep(slot: number, labels: string[], source: (row: Row, ctx: ExecCtx) => IdList | null): Step {
  return (row, ctx) => {
    const g = ctx.graph;
    let ids = source(row, ctx);
    let all = false;
    if (ids === null) { all = true; ids = EMPTY_IDS; }
    const count = all ? g.nodeCount : ids.length;
    let k = 0;
    return () => {
      while (k < count) {
        const id = all ? k : ids![k];
        k++;
        ctx.budget.tick();
        if (all && !g.nodeExists(id)) continue;
        if (labels.length && !hasLabels(g, id, labels)) continue;
        row[slot] = new NodeVal(id);
        return true;
      }
      return false;
    };
  };
}

export interface RelScanCfg {
  aSlot: number; bSlot: number; rSlot: number; aLabels: string[]; bLabels: string[];
  /** False for an anonymous end nothing reads. */
  bindA: boolean; bindB: boolean;
  /** Both ends are the same variable (a self-loop pattern). */
  same: boolean;
  types: string[]; dir: Direction; uniqRels: number[]; uniqLists: number[];
}

/** Scans relationships of the types in storage order, binding the relationship and both ends (twice if undirected). */
export function relScanStep(cfg: RelScanCfg): Step {
  const { aSlot, bSlot, rSlot, aLabels, bLabels, bindA, bindB, same, types, dir, uniqRels, uniqLists } = cfg;
  const multi = types.length > 1;
  return (row, ctx) => {
    const g = ctx.graph;
    const ids = types.length === 1 ? g.relsOfType(types[0]) : g.relsOfType();
    let k = 0, flip = false;
    return () => {
      for (;;) {
        let r: number, s: number, t: number;
        if (flip) {
          flip = false;
          r = ids[k - 1];
          s = g.relTarget(r); t = g.relSource(r);
        } else {
          if (k >= ids.length) return false;
          r = ids[k++];
          ctx.budget.tick();
          if (multi && !hasAnyType(g, r, types)) continue;
          const src = g.relSource(r), tgt = g.relTarget(r);
          if (dir === 'in') { s = tgt; t = src; } else { s = src; t = tgt; }
          if (dir === 'both' && src !== tgt) flip = true;
        }
        if (same && s !== t) continue;
        if (aLabels.length && !hasLabels(g, s, aLabels)) continue;
        if (bLabels.length && !hasLabels(g, t, bLabels)) continue;
        if (!unique(row, r, uniqRels, uniqLists)) continue;
        row[rSlot] = new RelVal(r);
        if (bindA) row[aSlot] = new NodeVal(s);
        if (bindB) row[bSlot] = new NodeVal(t);
        return true;
      }
    };
  };
}
