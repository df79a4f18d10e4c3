/**
 * `text_search` edits: whole-word occurrences of the old name that the graph does not account for — comments,
 * strings, docs, configuration, dynamic property access, code the indexer could not resolve — anywhere in the
 * repository, indexed or not. Occurrences the reference index attributes to another symbol are left out: they
 * are known to be something else. Built in: plain string scanning over the host's files.
 */
import type { Snapshot } from '../../index-store/snapshot.ts';
import type { PlannedEdit } from './planned-edit.ts';
import type { Sources } from './sources.ts';
import { contextLine, wholeWordOffsets } from './text.ts';
import { GRAPH_MIN_CONFIDENCE } from './graph-edits.ts';

/** Files larger than this (UTF-16 units) are skipped: generated data, bundles, logs. */
export const TEXT_SEARCH_MAX_CHARS = 2_000_000;

export interface TextSearchOptions {
  /** Offsets already covered by graph edits, per file. */
  covered: ReadonlyMap<string, ReadonlySet<number>>;
  /** uids of the rename group: references to anything else mark an occurrence as not ours. */
  group: ReadonlySet<string>;
  /** Whether an apply writes these edits. */
  apply: boolean;
  /** Only these files (a symbol local to a function cannot be named from another file); all when absent. */
  only?: ReadonlySet<string>;
}

export interface TextSearchResult {
  edits: PlannedEdit[];
  /** Files skipped as binary or too large. */
  skipped: string[];
}

/** Scans every repository file the host lists (plus indexed files) for uncovered whole-word occurrences. */
export function collectTextEdits(snapshot: Snapshot, sources: Sources, oldName: string, newName: string, opts: TextSearchOptions): TextSearchResult {
  const paths = new Set(opts.only ?? snapshot.host.listFiles());
  if (!opts.only) for (const p of snapshot.files.keys()) paths.add(p);
  const edits: PlannedEdit[] = [];
  const skipped: string[] = [];
  for (const path of [...paths].sort()) {
    if (path === '.codegraph' || path.startsWith('.codegraph/')) continue;
    const text = snapshot.host.readFile(path);
    if (text === undefined || !text.includes(oldName)) continue;
    if (text.length > TEXT_SEARCH_MAX_CHARS || text.includes('\u0000')) { skipped.push(path); continue; }
    const offsets = wholeWordOffsets(text, oldName);
    if (!offsets.length) continue;
    const src = sources.adopt(path, text);
    const covered = opts.covered.get(path);
    const others = src.current ? otherSymbolOffsets(snapshot, src, opts.group) : undefined;
    for (const off of offsets) {
      if (covered?.has(off) || others?.has(off)) continue;
      const { line, column } = src.lines.position(off);
      edits.push({
        path, offset: off, line, column, oldText: oldName, newText: newName, confidence: 'text_search',
        context: contextLine(src.lines, line, column, oldName.length), apply: opts.apply,
      });
    }
  }
  return { edits, skipped };
}

/** Offsets in an indexed, unchanged file where the reference index confidently names a symbol outside the group. */
function otherSymbolOffsets(snapshot: Snapshot, src: { path: string; lines: { offset(l: number, c: number): number } }, group: ReadonlySet<string>): Set<number> {
  const out = new Set<number>();
  for (const r of snapshot.refs.byFile(src.path)) {
    if (group.has(r.target) || r.confidence < GRAPH_MIN_CONFIDENCE || r.reason === 'name-only') continue;
    const off = src.lines.offset(r.line, r.column);
    if (off >= 0) out.add(off);
  }
  return out;
}
