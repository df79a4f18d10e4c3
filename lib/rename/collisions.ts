/**
 * Would the new name collide with a declaration in the same scope? Only scopes the graph knows are checked:
 *  - a member: other members of its class/interface/enum, and of every class or interface above or below it
 *    in the heritage chains (taking a name an ancestor or descendant already has would change overriding);
 *  - a top-level symbol: top-level declarations of its file; a function or class declared inside a function:
 *    the declarations the graph records in that same function;
 *  - every file where the rename changes a top-level binding (the declaring file, files whose import of the
 *    symbol is renamed): declarations and imports already binding the new name there;
 *  - every file where a renamed `export` changes a public name: another export of the new name there.
 * Locals (parameters, variables inside functions) are not in the graph; their possible shadowing is reported
 * as a warning instead (see `shadowingWarnings`).
 */
import type { Snapshot } from '../../index-store/snapshot.ts';
import { nodeOf, type CodeGraph } from '../graph/code-graph.ts';
import type { GraphNode } from '../graph/schema.ts';
import { isMember, isTopLevel, membersApart } from './identifiers.ts';
import { byFileLine, qualifiedNameOf } from '../symbols/lookup.ts';
import type { PlannedEdit } from './planned-edit.ts';
import { containerOf, declaredAt, isStatic, linked, membersNamed } from './related.ts';
import type { Sources } from './sources.ts';
import { isWholeWordAt, wholeWordOffsets } from './text.ts';

export interface Conflict {
  uid?: string;
  name: string;
  type: string;
  filePath?: string;
  line?: number;
  /** Why it collides, in words. */
  reason: string;
}

const HERITAGE = ['EXTENDS', 'IMPLEMENTS'] as const;

/** Containers reachable from `start` along heritage edges in one direction (start excluded). */
function heritageClosure(graph: CodeGraph, start: GraphNode, up: boolean): GraphNode[] {
  const seen = new Set<string>([start.uid]);
  const out: GraphNode[] = [];
  const stack = [start];
  while (stack.length) {
    const k = stack.pop()!;
    for (const n of linked(graph, k.uid, up ? 'out' : 'in', HERITAGE)) {
      if (seen.has(n.uid)) continue;
      seen.add(n.uid);
      out.push(n);
      stack.push(n);
    }
  }
  return out;
}

/** Declarations the new name would collide with (empty when the rename is safe as far as the graph knows). */
export function findCollisions(snapshot: Snapshot, sources: Sources, group: readonly GraphNode[], newName: string, edits: readonly PlannedEdit[]): Conflict[] {
  const graph = snapshot.graph;
  const inGroup = new Set(group.map((n) => n.uid));
  const found = new Map<string, Conflict>();
  const add = (n: GraphNode, reason: string) => {
    if (!inGroup.has(n.uid) && !found.has(n.uid)) found.set(n.uid, { uid: n.uid, name: n.name, type: n.label, filePath: n.filePath, line: n.line, reason });
  };

  for (const node of group) {
    if (isMember(node)) {
      const k = containerOf(graph, node);
      if (!k) continue;
      // A static and an instance member of the same name live on different objects: no clash; nor a field and a
      // method where the language keeps them apart.
      const apart = membersApart(node);
      const named = (c: GraphNode) => membersNamed(graph, c, newName).filter((m) => isStatic(m) === isStatic(node) && !(apart && (m.label === 'Method') !== (node.label === 'Method')));
      for (const m of named(k)) add(m, `a member of ${k.name} is already called '${newName}'`);
      for (const up of heritageClosure(graph, k, true)) for (const m of named(up)) add(m, `${k.name} would override ${up.name}.${newName}`);
      for (const down of heritageClosure(graph, k, false)) for (const m of named(down)) add(m, `${down.name}.${newName} would override the renamed member`);
    } else if (node.filePath !== undefined) {
      // Same scope: the file's top level, or the function a nested declaration sits in.
      const qn = qualifiedNameOf(node);
      const parent = qn.includes('.') ? qn.slice(0, qn.lastIndexOf('.')) : '';
      const where = parent ? `in ${parent} (${node.filePath})` : `at the top level of ${node.filePath}`;
      for (const n of declaredAt(graph, node.filePath, parent ? `${parent}.${newName}` : newName)) add(n, `'${newName}' is already declared ${where}`);
    }
  }

  // Files where a top-level binding or a public export name changes.
  const bindingFiles = new Set<string>();
  const exportFiles = new Set<string>();
  // Only a top-level symbol binds in a file's scope and can be imported or exported (a group is all members,
  // or all bindings of one declaration site).
  const topLevelRename = !isMember(group[0]) && isTopLevel(group[0]);
  for (const node of group) if (topLevelRename && node.filePath !== undefined) bindingFiles.add(node.filePath);
  for (const e of edits) {
    if (e.confidence !== 'graph' || !topLevelRename) continue;
    if (e.kind === 'import') bindingFiles.add(e.path);
    if (e.kind === 'export') exportFiles.add(e.path);
  }
  for (const file of [...bindingFiles, ...exportFiles]) {
    const isBinding = bindingFiles.has(file);
    for (const n of declaredAt(graph, file, newName)) {
      if (isBinding || n.exported) add(n, `'${newName}' is already ${isBinding ? 'declared' : 'exported'} in ${file}`);
    }
    const src = sources.get(file);
    if (!src || !src.current) continue;
    for (const r of snapshot.refs.byFile(file)) {
      if (inGroup.has(r.target) || r.length !== newName.length) continue;
      if (!((isBinding && r.kind === 'import') || (exportFiles.has(file) && r.kind === 'export'))) continue;
      const off = src.lines.offset(r.line, r.column);
      if (off < 0 || !isWholeWordAt(src.text, off, newName)) continue;
      const n = nodeOf(graph, r.target);
      const reason = r.kind === 'import' ? `${file} already imports a '${newName}'` : `${file} already exports a '${newName}'`;
      if (n) add(n, reason);
      else if (!found.has(`${file}:${r.line}`)) found.set(`${file}:${r.line}`, { name: newName, type: 'Import', filePath: file, line: r.line, reason });
    }
  }
  return [...found.values()].sort((a, b) => byFileLine(
    { uid: a.uid ?? '', label: 'File', name: a.name, filePath: a.filePath, line: a.line },
    { uid: b.uid ?? '', label: 'File', name: b.name, filePath: b.filePath, line: b.line }));
}

/**
 * Places where the new name already occurs as a word in a file that gets graph edits: the graph does not know
 * local scopes, so a parameter or local of that name could shadow the renamed symbol (or be shadowed by it).
 */
export function shadowingWarnings(sources: Sources, newName: string, edits: readonly PlannedEdit[]): string[] {
  const files = [...new Set(edits.filter((e) => e.confidence === 'graph').map((e) => e.path))].sort();
  const out: string[] = [];
  for (const f of files) {
    const src = sources.get(f);
    if (!src) continue;
    const offs = wholeWordOffsets(src.text, newName);
    if (!offs.length) continue;
    const lines = [...new Set(offs.map((o) => src.lines.position(o).line))];
    out.push(`'${newName}' already occurs in ${f} (line${lines.length > 1 ? 's' : ''} ${lines.slice(0, 5).join(', ')}${lines.length > 5 ? ', …' : ''}); the graph does not track local scopes, so check that it does not shadow or get shadowed by the renamed symbol`);
  }
  return out;
}
