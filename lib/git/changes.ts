/**
 * Maps a parsed diff onto symbols: which were added, modified or deleted. Each file has an old and a new
 * version; the index describes at most one of them (checked by content hash: the working tree holds one side,
 * the diff rebuilds the other; see versionsOf), and its symbols come from the snapshot's per-file symbol
 * table — nothing is parsed at query time. The version the index does not describe is known only through the
 * diff's lines: a symbol of the known side whose every line went away is deleted (or added, seen from the new
 * side), one with changed lines is modified, and changed lines outside every symbol modify the file. When both
 * sides are known (a file added or deleted), symbols are matched by label and qualified name.
 */
import { createHash } from 'node:crypto';
import type { CodeGraph } from '../graph/code-graph.ts';
import type { GraphNode } from '../graph/schema.ts';
import type { IndexedFile, SnapshotHost } from '../../index-store/snapshot.ts';
import { fileNode, qualifiedNameOf, symbolsInFile } from '../symbols/lookup.ts';
import type { DiffHunk, FileDiff, FileStatus } from './diff.ts';
import { forwardApply, reverseApply } from './reconstruct.ts';
import { language, languageOf } from '../lang/index.ts';

export type ChangeType = 'added' | 'modified' | 'deleted';

export interface ChangedSymbol {
  uid: string;
  name: string;
  type: string;
  filePath: string;
  line: number;
  endLine: number;
  change_type: ChangeType;
  /** True when the uid is a node of the indexed graph (impact and flows can follow it). */
  indexed: boolean;
}

/** Which version of a file the index describes. */
export type IndexSide = 'old' | 'new' | 'stale' | 'none';

export interface ChangedFile {
  path: string;
  /** Previous path of a renamed or copied file. */
  old_path?: string;
  status: FileStatus;
  binary: boolean;
  additions: number;
  deletions: number;
  /** Which side of the diff the index describes; `stale`: neither (re-analyze for exact results). */
  index: IndexSide;
  /** Symbols of this file in `changed_symbols`. */
  symbols: number;
}

export interface ChangeSource {
  graph: CodeGraph;
  files: ReadonlyMap<string, IndexedFile>;
  host: Pick<SnapshotHost, 'readFile'>;
}

export interface MappedChanges {
  files: ChangedFile[];
  symbols: ChangedSymbol[];
}

/** Maps every file of a diff onto added / modified / deleted symbols. */
export function mapChanges(src: ChangeSource, diffs: readonly FileDiff[]): MappedChanges {
  const files: ChangedFile[] = [];
  const symbols: ChangedSymbol[] = [];
  for (const d of diffs) {
    const path = (d.newPath ?? d.oldPath)!;
    const entry: ChangedFile = {
      path, status: d.status, binary: d.binary, index: 'none', symbols: 0,
      additions: d.hunks.reduce((n, h) => n + h.added.length, 0), deletions: d.hunks.reduce((n, h) => n + h.removed.length, 0),
    };
    if (d.oldPath && d.newPath && d.oldPath !== d.newPath) entry.old_path = d.oldPath;
    files.push(entry);
    if (d.binary) continue;
    const found = mapFile(src, d);
    entry.index = found.side;
    entry.symbols = found.symbols.length;
    symbols.push(...found.symbols);
  }
  symbols.sort((a, b) => cmp(a.filePath, b.filePath) || a.line - b.line || cmp(a.change_type, b.change_type) || cmp(a.uid, b.uid));
  return { files, symbols };
}

interface Side {
  path: string | null;
  /** Symbols of this version; undefined when unknown. */
  symbols: GraphNode[] | undefined;
  /** Whether these symbols are the indexed graph's. */
  fromIndex: boolean;
}

function mapFile(src: ChangeSource, d: FileDiff): { side: IndexSide; symbols: ChangedSymbol[] } {
  const oldIdx = d.oldPath ? src.files.get(d.oldPath) : undefined;
  const newIdx = d.newPath ? src.files.get(d.newPath) : undefined;
  const { old: oldText, new: newText } = versionsOf(src, d);

  let side: IndexSide = 'none';
  if (newIdx && newText !== undefined && sameContent(newText, newIdx.hash)) side = 'new';
  else if (oldIdx && oldText !== undefined && sameContent(oldText, oldIdx.hash)) side = 'old';
  else if (oldIdx || newIdx) side = 'stale';

  const code = Boolean(languageOf(d.newPath ?? d.oldPath!));
  const version = (path: string | null, indexedHere: boolean, fallback: boolean): Side => {
    if (path === null) return { path, symbols: [], fromIndex: false };
    if (indexedHere) return { path, symbols: [...symbolsInFile(src.graph, path)], fromIndex: true };
    // Stale index: the indexed symbols are the best approximation of the old version.
    if (fallback) return { path, symbols: [...symbolsInFile(src.graph, path)], fromIndex: true };
    return { path, symbols: undefined, fromIndex: false };
  };
  // A copy leaves its source in place: everything in the copy is new.
  const oldSide = d.status === 'copied' ? { path: d.oldPath, symbols: [], fromIndex: false }
    : version(d.oldPath, side === 'old', side === 'stale' && Boolean(oldIdx));
  const newSide = version(d.newPath, side === 'new', side === 'stale' && !oldIdx && Boolean(newIdx));

  const out = classify(src.graph, d, oldSide, newSide, { old: oldText, new: newText });
  // The file itself: added / deleted, or modified when lines outside every symbol changed (imports, top-level code).
  if (code && (oldIdx || newIdx || d.status === 'added' || out.topLevel)) {
    const change: ChangeType | undefined = d.status === 'added' ? 'added' : d.status === 'deleted' ? 'deleted'
      : out.topLevel || d.oldPath !== d.newPath ? 'modified' : undefined;
    if (change) out.symbols.push(fileEntry(src.graph, change === 'deleted' ? d.oldPath! : d.newPath!, change === 'modified' ? d.oldPath : null, change));
  }
  return { side, symbols: out.symbols };
}

/**
 * Both versions of a file, from the working tree and the diff. The working tree holds the diff's new side after git's
 * own scopes, but a diff passed as text may not be applied yet (a patch under review, a commit's diff on its
 * parent): then the working tree holds the old side and the diff gives the new one. A text is only trusted when the
 * diff applies to it exactly (a staged diff with later edits applies neither way); when a diff applies both ways (a
 * deletion or an addition at the end of a file), the side whose end agrees with the hunks' context wins, and the new
 * side first.
 */
function versionsOf(src: ChangeSource, d: FileDiff): { old?: string; new?: string } {
  const onDiskNew = d.newPath === null ? '' : src.host.readFile(d.newPath);
  let read = false, onDiskOld: string | undefined;
  const oldOnDisk = () => {
    if (!read) onDiskOld = d.oldPath === null ? '' : d.oldPath === d.newPath ? onDiskNew : src.host.readFile(d.oldPath);
    read = true;
    return onDiskOld;
  };
  for (const endsAtShortContext of [true, false]) {
    if (onDiskNew !== undefined) {
      const old = d.oldPath === null ? '' : reverseApply(onDiskNew, d, { endsAtShortContext });
      if (old !== undefined) return { old, new: onDiskNew };
    }
    const before = oldOnDisk();
    if (before !== undefined) {
      const after = d.newPath === null ? '' : forwardApply(before, d, { endsAtShortContext });
      if (after !== undefined) return { old: before, new: after };
    }
  }
  return {};
}

function fileEntry(graph: CodeGraph, path: string, altPath: string | null, change: ChangeType): ChangedSymbol {
  const node = fileNode(graph, path) ?? (altPath ? fileNode(graph, altPath) : undefined);
  const p = node?.filePath ?? path;
  return { uid: node?.uid ?? `File:${p}`, name: p.split('/').pop()!, type: 'File', filePath: p, line: 1, endLine: 1, change_type: change, indexed: Boolean(node) };
}

/** Label and qualified name (with its `#n`), the identity of a symbol across versions and paths. */
function keyOf(n: GraphNode): string {
  const prefix = `${n.label}:${n.filePath ?? ''}:`;
  const tail = n.filePath && n.uid.startsWith(prefix) ? n.uid.slice(prefix.length) : qualifiedNameOf(n);
  return `${n.label}\u0000${tail}`;
}

function classify(graph: CodeGraph, d: FileDiff, oldSide: Side, newSide: Side, texts: { old?: string; new?: string }): { symbols: ChangedSymbol[]; topLevel: boolean } {
  // Blank and comment-only lines change no behaviour: they do not make a symbol or a file modified (a symbol
  // whose every line went away is still deleted, see rangeCovered).
  const isSignificant = significantIn(d.newPath ?? d.oldPath!);
  const oldLines = linesOf(texts.old, d, 'old'), newLines = linesOf(texts.new, d, 'new');
  // (a removed line is read in the old version, an added one in the new)
  const significant = (text: string, line: number, side: 'old' | 'new') => isSignificant(text, line, side === 'old' ? oldLines : newLines);
  const removed = sorted(d.hunks.flatMap((h) => h.removed.filter((l, k) => significant(h.removedText[k], l, 'old'))));
  const added = sorted(d.hunks.flatMap((h) => h.added.filter((l, k) => significant(h.addedText[k], l, 'new'))));
  const removedSet = new Set(d.hunks.flatMap((h) => h.removed));
  const addedSet = new Set(d.hunks.flatMap((h) => h.added));
  // With both versions known every change is a removed line (old) or an added line (new); the insertion and
  // removal points only stand in for the version that is not known. A point right after a removed (added)
  // line is a replacement, already counted through that line when that line counts (code put in place of a
  // blank or comment line is counted through its point).
  const both = Boolean(oldSide.symbols && newSide.symbols);
  const removedCounted = new Set(removed), addedCounted = new Set(added);
  // A decorator or annotation (`@…`) added right before a definition is part of it (a definition's lines start at
  // its decorators), not a top-level line between two symbols: it touches the line it decorates, in the version
  // known. Likewise one removed, seen from the new version.
  const addedDecorators = both ? [] : d.hunks.map((h) => decoratorLines(h.addedText, h.insertedAfterOld, (k) => significant(h.addedText[k], h.added[k], 'new')));
  const removedDecorators = both ? [] : d.hunks.map((h) => decoratorLines(h.removedText, h.removedAfterNew, (k) => significant(h.removedText[k], h.removed[k], 'old')));
  const insertedAfterOld = both ? [] : sorted(d.hunks.flatMap((h: DiffHunk, i) => h.insertedAfterOld.filter((p, k) => significant(h.addedText[k], h.added[k], 'new') && !removedCounted.has(p) && !addedDecorators[i].has(k))));
  const removedAfterNew = both ? [] : sorted(d.hunks.flatMap((h: DiffHunk, i) => h.removedAfterNew.filter((p, k) => significant(h.removedText[k], h.removed[k], 'old') && !addedCounted.has(p) && !removedDecorators[i].has(k))));
  const decoratedOld = d.hunks.flatMap((h, i) => [...(addedDecorators[i] ?? [])].map((k) => h.insertedAfterOld[k] + 1));
  const decoratedNew = d.hunks.flatMap((h, i) => [...(removedDecorators[i] ?? [])].map((k) => h.removedAfterNew[k] + 1));
  const oldOwn = ownTouches(oldSide.symbols ?? [], sorted([...removed, ...decoratedOld]), insertedAfterOld);
  const newOwn = ownTouches(newSide.symbols ?? [], sorted([...added, ...decoratedNew]), removedAfterNew);
  const oldByKey = new Map((oldSide.symbols ?? []).map((n) => [keyOf(n), n]));
  const newByKey = new Map((newSide.symbols ?? []).map((n) => [keyOf(n), n]));
  const out: ChangedSymbol[] = [];
  const push = (n: GraphNode, change: ChangeType, other?: GraphNode) => {
    // Prefer the uid the graph knows, so impact and flows can follow the change.
    const pick = graph.hasNode(n.uid) || !other || !graph.hasNode(other.uid) ? n : other;
    out.push({
      uid: pick.uid, name: pick.name, type: pick.label, filePath: pick.filePath ?? '', line: pick.line ?? 1,
      endLine: pick.endLine ?? pick.line ?? 1, change_type: change, indexed: graph.hasNode(pick.uid),
    });
  };
  const renamed = d.oldPath !== null && d.newPath !== null && d.oldPath !== d.newPath;

  if (both) {
    for (const [k, n] of oldByKey) if (!newByKey.has(k)) push(n, 'deleted');
    for (const [k, n] of newByKey) {
      const o = oldByKey.get(k);
      if (!o) { push(n, 'added'); continue; }
      // A moved file changes every importer's path: its exported symbols count as modified.
      if ((oldOwn.get(o) ?? 0) > 0 || (newOwn.get(n) ?? 0) > 0 || (renamed && movesImports(n))) {
        push(n, 'modified', o);
      }
    }
  } else if (oldSide.symbols) {
    // New version unknown: a symbol whose every line was removed is deleted.
    const gone = removedSet;
    const addedAt = d.hunks.flatMap((h) => h.addedText.map((text, k) => [h.insertedAfterOld[k], text] as const));
    for (const n of oldSide.symbols) {
      // Rewritten in place (its name is among the lines added where it stood) is a modification.
      if (rangeCovered(n, gone)) push(n, namedAround(n, addedAt) ? 'modified' : 'deleted');
      else if ((oldOwn.get(n) ?? 0) > 0 || (renamed && movesImports(n))) push(n, 'modified');
    }
  } else if (newSide.symbols) {
    // Old version unknown: a symbol whose every line was added is new.
    const fresh = addedSet;
    const removedAt = d.hunks.flatMap((h) => h.removedText.map((text, k) => [h.removedAfterNew[k], text] as const));
    for (const n of newSide.symbols) {
      if (rangeCovered(n, fresh)) push(n, namedAround(n, removedAt) ? 'modified' : 'added');
      else if ((newOwn.get(n) ?? 0) > 0 || (renamed && movesImports(n))) push(n, 'modified');
    }
  }
  // Changed lines inside no symbol on either known side: imports, top-level statements (a decorator added or removed
  // is its definition's, above).
  const topLevel = outsideAll(oldSide.symbols, removed, 0) || outsideAll(newSide.symbols, added, 0)
    || outsideAll(oldSide.symbols, insertedAfterOld, 1) || outsideAll(newSide.symbols, removedAfterNew, 1);
  return { symbols: out, topLevel };
}

/**
 * For a file: false for blank and comment-only lines, by the comment syntax of the file's language (`#` in Python
 * and Ruby, where `//` is code); C's syntax for a file of no known language. A line starting with `*` is a comment
 * only inside a block comment (`* @param x` under `/**`), never code such as C's `*p = x;` (a dereference) or a
 * pointer declaration: the lines above it in its version say which (`lines`: that version's lines by number).
 */
function significantIn(path: string): (text: string, line: number, lines: (n: number) => string | undefined) => boolean {
  const id = languageOf(path);
  const syntax = id ? language(id).comments : undefined;
  const leads = syntax ? [...syntax.line, ...(syntax.block ? [syntax.block[0]] : [])] : ['//', '/*'];
  const block = syntax ? syntax.block : ['/*', '*/'] as const;
  const star = block?.[0] === '/*';
  return (text, line, lines) => {
    const t = text.trim();
    if (t === '' || leads.some((lead) => t.startsWith(lead))) return false;
    return !(star && t.startsWith('*') && inBlockComment(line, lines));
  };
}

/** Lines of the diff's version searched upward for the block comment a `*` line may continue (a bound on the search). */
const COMMENT_LOOKBACK = 400;

/**
 * Whether line `line` lies inside a `/* … *\/` comment: the nearest line above it that opens or closes one decides.
 * Unknown lines (a version whose text is not known, beyond the diff's own lines) count as inside, the common case.
 */
function inBlockComment(line: number, lines: (n: number) => string | undefined): boolean {
  for (let n = line - 1; n >= 1 && n >= line - COMMENT_LOOKBACK; n--) {
    const t = lines(n);
    if (t === undefined) return true;
    const open = t.lastIndexOf('/*'), close = t.lastIndexOf('*/');
    if (open >= 0 && open + 1 !== close && open > close) return true;
    if (close >= 0) return false;
  }
  return false;
}

/**
 * A version's lines by number: from its whole text when known, else from the diff's own lines of that version
 * (context and removed or added lines), undefined elsewhere.
 */
function linesOf(text: string | undefined, d: FileDiff, side: 'old' | 'new'): (n: number) => string | undefined {
  if (text !== undefined) {
    const all = text.split('\n');
    return (n) => all[n - 1];
  }
  const known = new Map<number, string>();
  for (const h of d.hunks) {
    for (const [o, nw, t] of h.context) known.set(side === 'old' ? o : nw, t);
    if (side === 'old') h.removed.forEach((l, k) => known.set(l, h.removedText[k]));
    else h.added.forEach((l, k) => known.set(l, h.addedText[k]));
  }
  return (n) => known.get(n);
}

/** An exported top-level symbol: moving its file changes the path every importer uses. */
function movesImports(n: GraphNode): boolean {
  return n.exported === true && !qualifiedNameOf(n).includes('.');
}

/** True when a line placed at the symbol's span (after line p, line-1 <= p <= endLine) names it as a word. */
function namedAround(n: GraphNode, placed: readonly (readonly [number, string])[]): boolean {
  const from = (n.line ?? 1) - 1, to = n.endLine ?? n.line ?? 1;
  const word = new RegExp(`(^|[^A-Za-z0-9_$])${n.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z0-9_$])`);
  return placed.some(([p, text]) => p >= from && p <= to && word.test(text));
}

/** True when every line of the symbol is in `lines`. */
function rangeCovered(n: GraphNode, lines: Set<number>): boolean {
  const from = n.line ?? 1, to = n.endLine ?? from;
  for (let l = from; l <= to; l++) if (!lines.has(l)) return false;
  return true;
}

/**
 * True when some line lies outside every symbol. With `shrink` 1 the values are insertion points (after line
 * p), inside a symbol only when p < endLine.
 */
function outsideAll(symbols: GraphNode[] | undefined, lines: number[], shrink: 0 | 1): boolean {
  if (!symbols || lines.length === 0) return false;
  if (symbols.length === 0) return true;
  const ranges = symbols.map((n) => [n.line ?? 1, (n.endLine ?? n.line ?? 1) - shrink] as const).filter(([a, b]) => b >= a).sort((a, b) => a[0] - b[0]);
  // Merge ranges, then look each line up by binary search.
  const merged: [number, number][] = [];
  for (const [a, b] of ranges) {
    const last = merged[merged.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b); else merged.push([a, b]);
  }
  for (const l of lines) {
    let lo = 0, hi = merged.length - 1, inside = false;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (l < merged[mid][0]) hi = mid - 1; else if (l > merged[mid][1]) lo = mid + 1; else { inside = true; break; }
    }
    if (!inside) return true;
  }
  return false;
}

/**
 * Changed lines each symbol holds itself (not through a nested symbol): lines in [line, endLine], plus
 * insertion/removal points strictly inside (after line p where line <= p < endLine). O(S log L).
 */
function ownTouches(symbols: GraphNode[], lines: number[], points: number[]): Map<GraphNode, number> {
  const own = new Map<GraphNode, number>();
  const ordered = [...symbols].sort((a, b) => (a.line ?? 1) - (b.line ?? 1) || (b.endLine ?? 0) - (a.endLine ?? 0));
  const total = (n: GraphNode) => {
    const from = n.line ?? 1, to = n.endLine ?? from;
    return countIn(lines, from, to) + countIn(points, from, to - 1);
  };
  const stack: GraphNode[] = [];
  for (const n of ordered) {
    while (stack.length && (stack[stack.length - 1].endLine ?? stack[stack.length - 1].line ?? 1) < (n.line ?? 1)) stack.pop();
    own.set(n, total(n));
    const parent = stack[stack.length - 1];
    if (parent && (n.endLine ?? n.line ?? 1) <= (parent.endLine ?? parent.line ?? 1) && !statementOf(n, parent)) own.set(parent, own.get(parent)! - total(n));
    stack.push(n);
  }
  return own;
}

/**
 * A property or variable declared by a statement of a function's body (Python's `self.n = n` in `__init__`): its
 * lines are the function's too, so a change there changes the function as well as the declaration.
 */
function statementOf(n: GraphNode, parent: GraphNode): boolean {
  return (n.label === 'Property' || n.label === 'Variable') && (parent.label === 'Function' || parent.label === 'Method');
}

/**
 * Lines (their indexes) of one side's run of lines placed at one point of the other version that are decorators of
 * the definition right after that point: the run's last code lines, when they start with `@` (Python's decorators,
 * TypeScript's, Java's and Kotlin's annotations). A run that ends with other code (a whole new decorated function)
 * keeps its decorators to itself.
 */
function decoratorLines(texts: string[], points: number[], isCode: (k: number) => boolean): Set<number> {
  const out = new Set<number>();
  let k = texts.length - 1;
  while (k >= 0) {
    const point = points[k];
    let j = k;
    let decorating = true;
    for (; j >= 0 && points[j] === point; j--) {
      if (!decorating || !isCode(j)) continue;
      if (texts[j].trim().startsWith('@')) out.add(j);
      else decorating = false;
    }
    k = j;
  }
  return out;
}

/** Number of values of sorted `xs` in [from, to]. */
function countIn(xs: number[], from: number, to: number): number {
  if (to < from) return 0;
  return lowerBound(xs, to + 1) - lowerBound(xs, from);
}

function lowerBound(xs: number[], v: number): number {
  let lo = 0, hi = xs.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (xs[mid] < v) lo = mid + 1; else hi = mid; }
  return lo;
}

function sorted(xs: number[]): number[] { return xs.sort((a, b) => a - b); }

/** True when `text` is the content whose bytes hashed to `hash` (with or without a UTF-8 BOM, which decoding drops). */
function sameContent(text: string, hash: string): boolean {
  const h = (s: string) => createHash('sha256').update(s).digest('hex');
  return h(text) === hash || h('\uFEFF' + text) === hash;
}

function cmp(a: string, b: string): number { return a < b ? -1 : a > b ? 1 : 0; }
