/**
 * `graph` edits: taken only from the reference index (every resolved occurrence of each symbol in the rename
 * group), each confirmed against the file as indexed — the text at the recorded position must be the old
 * name as a whole word, so a string, a comment or an alias (`import { a as b }`: the `b` side) never becomes
 * a graph edit.
 */
import type { Snapshot } from '../../index-store/snapshot.ts';
import type { GraphNode } from '../graph/schema.ts';
import type { Reference } from '../refs/reference-index.ts';
import { isMember } from './identifiers.ts';
import type { PlannedEdit } from './planned-edit.ts';
import type { Sources } from './sources.ts';
import { contextLine, isWholeWordAt } from './text.ts';

export interface GraphEditResult {
  edits: PlannedEdit[];
  /** Indexed files holding occurrences whose current text differs from the indexed text (or is gone). */
  stale: string[];
  /** Group symbols whose declaring occurrence is missing from the index (a rename would be incomplete). */
  undeclared: GraphNode[];
  /** Occurrences whose position holds neither the old name nor another identifier (index/file mismatch). */
  unconfirmed: Reference[];
}

const IDENT_AT = /[#\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*/uy;

/**
 * Replacement text for an occurrence. A shorthand `{ a }` names both a property and a value: the side that is
 * renamed changes, the other stays written out, so the object keeps its shape and the binding its name.
 */
function replacement(ref: Reference, target: GraphNode, oldName: string, newName: string): string {
  if (ref.kind !== 'shorthand') return newName;
  return isMember(target) ? `${newName}: ${oldName}` : `${oldName}: ${newName}`;
}

/** Collects the confirmed occurrences of every symbol in `group`, one edit per position. */
export function collectGraphEdits(snapshot: Snapshot, sources: Sources, group: readonly GraphNode[], oldName: string, newName: string): GraphEditResult {
  const edits = new Map<string, PlannedEdit>();
  const stale = new Set<string>();
  const undeclared: GraphNode[] = [];
  const unconfirmed: Reference[] = [];
  for (const node of group) {
    for (const ref of snapshot.refs.byTarget(node.uid)) {
      const src = sources.get(ref.filePath);
      if (!src || !src.current) { stale.add(ref.filePath); continue; }
      const offset = src.lines.offset(ref.line, ref.column);
      if (offset < 0 || ref.length !== oldName.length || !isWholeWordAt(src.text, offset, oldName)) {
        // Another identifier there is an alias of the symbol (`b` in `import { a as b }`): it keeps its name.
        IDENT_AT.lastIndex = Math.max(offset, 0);
        const m = offset >= 0 ? IDENT_AT.exec(src.text) : null;
        if (!m || m[0].length !== ref.length) unconfirmed.push(ref);
        continue;
      }
      const key = `${ref.filePath}\u0000${offset}`;
      const newText = replacement(ref, node, oldName, newName);
      const prev = edits.get(key);
      // Two symbols of the group may share a position; a shorthand reading wins so the shape is kept.
      if (prev && !(ref.kind === 'shorthand' && prev.kind !== 'shorthand')) continue;
      edits.set(key, {
        path: ref.filePath, offset, line: ref.line, column: ref.column, oldText: oldName, newText,
        confidence: 'graph', kind: ref.kind, context: contextLine(src.lines, ref.line, ref.column, ref.length), apply: true,
      });
    }
  }
  // Each declaration must be among the edits, or the renamed code would still declare the old name. A
  // definition occurrence of any group symbol inside the node's line span counts (overloads may share one uid);
  // so does a shorthand there, which is how `const { a } = obj` declares `a`.
  const defs = [...edits.values()].filter((e) => e.kind === 'definition' || e.kind === 'shorthand');
  for (const node of group) {
    if (node.filePath === undefined || stale.has(node.filePath)) continue;
    const first = node.line ?? 0, last = node.endLine ?? first;
    if (!defs.some((e) => e.path === node.filePath && e.line >= first && e.line <= last)) undeclared.push(node);
  }
  return { edits: [...edits.values()], stale: [...stale].sort(), undeclared, unconfirmed };
}
