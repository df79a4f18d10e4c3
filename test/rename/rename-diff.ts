/**
 * Differential check of rename's `graph` edits against the TypeScript language service: for a seeded sample of
 * symbols, compare codegraph's edit positions with findRenameLocations started at the symbol's declaration.
 * Shared by test/rename/differential.test.ts (precision must be 1.0) and bench/rename-diff.ts (prints recall).
 */
import type { Snapshot } from '../../index-store/snapshot.ts';
import { isCodegraphError } from '../../lib/errors.ts';
import { SYMBOL_LABELS, type GraphNode } from '../../lib/graph/schema.ts';
import { graphData } from '../../lib/graph/code-graph.ts';
import { planRename } from '../../lib/rename/plan.ts';
import type { OracleLocation } from './ts-oracle.ts';
import { seededRandom } from '../../lib/util/seeded-random.ts';

export interface SymbolDiff {
  uid: string;
  label: string;
  /** Outcome: compared, refused by codegraph (code: message), or refused by TypeScript. */
  status: 'compared' | 'refused' | 'ts-refused';
  reason?: string;
  ours: number;
  theirs: number;
  common: number;
  /** TypeScript locations inside comments (JSDoc links and types), left out of `theirs`. */
  inComments: number;
  /** `file:line:col text` of positions only one side has (capped). */
  extra: string[];
  missed: string[];
}

export interface DiffReport {
  sampled: number;
  compared: number;
  refused: number;
  tsRefused: number;
  ours: number;
  theirs: number;
  common: number;
  inComments: number;
  precision: number;
  recall: number;
  /** Symbols whose edits equal TypeScript's exactly. */
  exact: number;
  /** TypeScript locations codegraph missed, by syntactic place. */
  missedBySyntax: Record<string, number>;
  symbols: SymbolDiff[];
}


/** Symbols eligible for the sample: every code symbol of an indexed file (refusals are reported, not hidden). */
export function eligibleSymbols(snapshot: Snapshot): GraphNode[] {
  const labels = new Set<string>(SYMBOL_LABELS);
  return graphData(snapshot.graph).nodes
    .filter((n) => labels.has(n.label) && n.filePath !== undefined && snapshot.files.has(n.filePath))
    .sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
}

/** A seeded sample of `count` symbols (Fisher–Yates over the sorted eligible list). */
export function sampleSymbols(snapshot: Snapshot, count: number, seed: number): GraphNode[] {
  const pool = eligibleSymbols(snapshot);
  const rnd = seededRandom(seed);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, count);
}

const CAP = Number(process.env.RENAME_DIFF_CAP ?? 8);

/** What the differential asks of a checker: the texts it reads, and where it renames from a declaration (undefined: refused). */
export interface RenameOracle {
  text(file: string): string;
  renameLocations(file: string, offset: number): OracleLocation[] | undefined;
}

/** The position a checker's rename starts from: codegraph's definition edit on the symbol's lines (else any definition edit). */
export function renameStart(node: GraphNode, graphEdits: ReadonlyArray<{ kind?: string; path: string; line: number; offset: number }>): { path: string; offset: number } | undefined {
  return graphEdits.find((e) => e.kind === 'definition' && e.path === node.filePath && e.line >= (node.line ?? 0) && e.line <= (node.endLine ?? node.line ?? 0))
    ?? graphEdits.find((e) => e.kind === 'definition');
}

/** codegraph's `graph` edits for renaming a symbol (its dry-run plan), or the refusal's code and message. */
export function graphEditsOf(snapshot: Snapshot, node: GraphNode): { edits: Array<{ kind?: string; path: string; line: number; offset: number }> } | { refused: string } {
  try {
    const plan = planRename(snapshot, { symbol_uid: node.uid, new_name: `${node.name}Renamed`, dry_run: true, include_text_search: false });
    return { edits: plan.edits.filter((e) => e.confidence === 'graph') };
  } catch (err) {
    if (!isCodegraphError(err)) throw err;
    return { refused: `${err.code}: ${err.message}` };
  }
}

/** Compares codegraph's graph edits with the checker's rename locations for each symbol. */
export function diffRenames(snapshot: Snapshot, oracle: RenameOracle, symbols: readonly GraphNode[]): DiffReport {
  const out: SymbolDiff[] = [];
  const missedBySyntax: Record<string, number> = {};
  for (const node of symbols) {
    const base: SymbolDiff = { uid: node.uid, label: node.label, status: 'compared', ours: 0, theirs: 0, common: 0, inComments: 0, extra: [], missed: [] };
    const planned = graphEditsOf(snapshot, node);
    if ('refused' in planned) { out.push({ ...base, status: 'refused', reason: planned.refused }); continue; }
    const graphEdits = planned.edits;
    const decl = renameStart(node, graphEdits);
    const theirs = decl ? oracle.renameLocations(decl.path, decl.offset) : undefined;
    if (!theirs) { out.push({ ...base, status: 'ts-refused', reason: decl ? 'the checker cannot rename here' : 'no declaration edit' }); continue; }
    const key = (file: string, offset: number) => `${file}\u0000${offset}`;
    const ourKeys = new Set(graphEdits.map((e) => key(e.path, e.offset)));
    const theirKeys = new Set(theirs.filter((l) => !l.inComment).map((l) => key(l.file, l.offset)));
    base.inComments = theirs.filter((l) => l.inComment).length;
    const show = (k: string) => {
      const [file, off] = k.split('\u0000');
      const text = oracle.text(file);
      const o = Number(off);
      const line = text.slice(0, o).split('\n').length;
      const lineStart = text.lastIndexOf('\n', o - 1) + 1;
      const lineEnd = text.indexOf('\n', o);
      return `${file}:${line}:${o - lineStart + 1} ${text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd).trim().slice(0, 120)}`;
    };
    let common = 0;
    for (const k of ourKeys) if (theirKeys.has(k)) common++; else if (base.extra.length < CAP) base.extra.push(show(k));
    const syntaxAt = new Map(theirs.map((l) => [key(l.file, l.offset), l.syntax]));
    for (const k of theirKeys) {
      if (ourKeys.has(k)) continue;
      const syn = syntaxAt.get(k) ?? 'other';
      missedBySyntax[syn] = (missedBySyntax[syn] ?? 0) + 1;
      if (base.missed.length < CAP) base.missed.push(`${show(k)}  [${syn}]`);
    }
    out.push({ ...base, ours: ourKeys.size, theirs: theirKeys.size, common });
  }
  const compared = out.filter((s) => s.status === 'compared');
  const sum = (f: (s: SymbolDiff) => number) => compared.reduce((a, s) => a + f(s), 0);
  const ours = sum((s) => s.ours), theirs = sum((s) => s.theirs), common = sum((s) => s.common), inComments = sum((s) => s.inComments);
  return {
    sampled: symbols.length, compared: compared.length,
    refused: out.filter((s) => s.status === 'refused').length, tsRefused: out.filter((s) => s.status === 'ts-refused').length,
    ours, theirs, common, inComments,
    precision: ours ? common / ours : 1, recall: theirs ? common / theirs : 1,
    exact: compared.filter((s) => s.common === s.ours && s.common === s.theirs).length,
    missedBySyntax,
    symbols: out,
  };
}
