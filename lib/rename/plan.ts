/**
 * Plans a rename in two phases, like the TypeScript language service: first decide whether the rename is
 * allowed (symbol found and inside the repository, a valid and different name, no collision), then compute
 * every location. Nothing here writes; `fileWrites` turns a plan into whole-file replacements.
 */
import type { FileWrite, Snapshot } from '../../index-store/snapshot.ts';
import { CodegraphError, isCodegraphError } from '../errors.ts';
import { libraryImportOf } from './library.ts';
import { SYMBOL_LABELS, type GraphNode } from '../graph/schema.ts';
import { nodeOf } from '../graph/code-graph.ts';
import { findCollisions, shadowingWarnings } from './collisions.ts';
import { collectGraphEdits } from './graph-edits.ts';
import { builtInMemberReason, checkNewName, hasIdentifierName, isMember, isTopLevel, languageRefusal } from './identifiers.ts';
import { findTarget } from './lookup.ts';
import { compareEdits, toWireEdit, type PlannedEdit } from './planned-edit.ts';
import { heritageNeighbours, renameGroup } from './related.ts';
import { outsideOverrideRefusal, unknownBaseWarning } from './outside.ts';
import { Sources } from './sources.ts';
import { sha256 } from './text.ts';
import { collectTextEdits } from './text-search.ts';
import type { FileChange, RenamedSymbol, RenameRequest, RenameResponse } from './types.ts';

export interface RenamePlan {
  target: GraphNode;
  /** The target first, then the symbols renamed with it. */
  group: GraphNode[];
  oldName: string;
  newName: string;
  /** Every edit, ordered by file, line, column. */
  edits: PlannedEdit[];
  warnings: string[];
  sources: Sources;
}

const SYMBOLS = new Set<string>(SYMBOL_LABELS);

/** Why a symbol cannot be renamed from this repository, or undefined when it can. */
function outsideReason(snapshot: Snapshot, n: GraphNode): string | undefined {
  if (!SYMBOLS.has(n.label)) return `${n.label} '${n.name}' is not a code symbol; only functions, classes, methods, interfaces, type aliases, enums, variables and properties can be renamed`;
  if (n.filePath === undefined || n.external === true || /(^|\/)node_modules\//.test(n.filePath) || !snapshot.files.has(n.filePath)) {
    return `${n.label} '${n.name}' is defined outside the repository${n.filePath ? ` (${n.filePath})` : ''}; a library symbol cannot be renamed here`;
  }
  return undefined;
}

function refused(message: string, details?: unknown): CodegraphError {
  return new CodegraphError('RENAME_REFUSED', message, details);
}

/** A symbol as the response names it. */
export function symbolOf(n: GraphNode): RenamedSymbol {
  return { uid: n.uid, name: n.name, type: n.label, filePath: n.filePath, line: n.line };
}

/** Decides whether the rename is allowed and computes all its edits; throws a CodegraphError when refused. */
export function planRename(snapshot: Snapshot, req: RenameRequest): RenamePlan {
  // Phase 1: is the rename allowed?
  let target: GraphNode;
  try {
    target = findTarget(snapshot.graph, { uid: req.symbol_uid, name: req.symbol_name, filePath: req.file_path, kind: req.kind });
  } catch (err) {
    // A name only a package provides: say it is a library symbol rather than "not found".
    const lib = isCodegraphError(err) && err.code === 'SYMBOL_NOT_FOUND' && req.symbol_uid === undefined && req.symbol_name !== undefined
      ? libraryImportOf(snapshot, req.symbol_name) : undefined;
    if (lib) throw refused(`'${req.symbol_name}' is not defined in the repository; it comes from the library '${lib.module}' (imported in ${lib.filePath}:${lib.line}), and a library symbol cannot be renamed here`, { module: lib.module, filePath: lib.filePath, line: lib.line });
    throw err;
  }
  const outside = outsideReason(snapshot, target);
  if (outside) throw refused(outside, { symbol: symbolOf(target) });
  const construct = languageRefusal(target);
  if (construct) throw refused(construct, { symbol: symbolOf(target) });
  if (!hasIdentifierName(target)) throw refused(`'${target.name}' is a computed or quoted member name, not an identifier; it cannot be renamed`);
  const oldName = target.name;
  const newName = req.new_name;
  if (newName === oldName) throw refused(`new_name is the same as the current name '${oldName}'; nothing to rename`);
  const group = renameGroup(snapshot.graph, target);
  for (const n of group.slice(1)) {
    const why = outsideReason(snapshot, n);
    if (why) throw refused(`${target.label} '${oldName}' is tied to ${n.label} ${n.uid} (it overrides or implements it), which cannot be renamed: ${why}`, { symbol: symbolOf(target), tied: symbolOf(n) });
  }
  for (const n of group) {
    const why = builtInMemberReason(n) ?? languageRefusal(n);
    if (why) throw refused(why, { symbol: symbolOf(n) });
  }
  const outsideOverride = outsideOverrideRefusal(target, group);
  if (outsideOverride) throw refused(outsideOverride.message, { symbol: symbolOf(target), tied: outsideOverride.node === target ? undefined : symbolOf(outsideOverride.node), overrides: outsideOverride.overrides });
  checkNewName(newName, group);

  // Phase 2: locations.
  const sources = new Sources(snapshot);
  const graphResult = collectGraphEdits(snapshot, sources, group, oldName, newName);
  if (graphResult.stale.length) throw staleError(graphResult.stale);
  if (graphResult.undeclared.length) {
    const n = graphResult.undeclared[0];
    throw refused(`the index has no declaration occurrence of ${n.label} '${n.name}' (${n.filePath}:${n.line}), so the rename could not be complete; re-run analyze`, { undeclared: graphResult.undeclared.map(symbolOf) });
  }
  const conflicts = findCollisions(snapshot, sources, group, newName, graphResult.edits);
  if (conflicts.length) {
    const c = conflicts[0];
    throw refused(`renaming '${oldName}' to '${newName}' would collide: ${c.reason} (${c.type} ${c.filePath ?? '?'}:${c.line ?? '?'})${conflicts.length > 1 ? ` and ${conflicts.length - 1} more` : ''}`, { conflicts });
  }

  // Occurrences handed to text_search: their positions are not covered by graph edits.
  const covered = new Map<string, Set<number>>();
  for (const e of graphResult.edits) {
    let s = covered.get(e.path);
    if (!s) covered.set(e.path, (s = new Set()));
    s.add(e.offset);
  }
  // A function, class or variable declared inside a function is out of reach of other files.
  const local = group.every((n) => !isMember(n) && !isTopLevel(n));
  const only = local ? new Set(group.map((n) => n.filePath!)) : undefined;
  // (the members of the name a base of a descendant declares, which the rename leaves apart: their occurrences are
  // listed for review, as the descendant may need them to agree)
  const neighbours = heritageNeighbours(snapshot.graph, target);
  const text = collectTextEdits(snapshot, sources, oldName, newName, { covered, group: new Set([...group, ...neighbours].map((n) => n.uid)), apply: req.include_text_search, only });
  if (req.include_text_search) {
    const stale = [...new Set(text.edits.map((e) => sources.get(e.path)!).filter((s) => s.indexedHash !== undefined && !s.current).map((s) => s.path))];
    if (stale.length) throw staleError(stale);
  }

  const edits = [...graphResult.edits, ...text.edits].sort(compareEdits);
  const warnings = shadowingWarnings(sources, newName, graphResult.edits);
  const unknownBase = unknownBaseWarning(snapshot.graph, group, oldName);
  if (unknownBase) warnings.push(unknownBase);
  if (graphResult.unconfirmed.length) {
    const r = graphResult.unconfirmed[0];
    warnings.push(`${graphResult.unconfirmed.length} indexed occurrence(s) did not match the file text and were left out (first: ${r.filePath}:${r.line}:${r.column}); re-run analyze if the files look right`);
  }
  if (graphResult.aliasBound.length) {
    const files = [...new Set(graphResult.aliasBound.map((e) => e.path))].sort();
    warnings.push(`${graphResult.aliasBound.length} occurrence(s) in ${files.slice(0, 5).join(', ')}${files.length > 5 ? ', …' : ''} reach the symbol through a local name the rename keeps (a default import, or a binding the index does not record); they are listed as text_search`);
  }
  if (graphResult.exportKept.length) {
    const files = [...new Set(graphResult.exportKept.map((e) => e.path))].sort();
    warnings.push(`${graphResult.exportKept.length} occurrence(s) in ${files.slice(0, 5).join(', ')}${files.length > 5 ? ', …' : ''} name the module's export property that holds the symbol (\`exports.${oldName}\`), a name of its own that the rename keeps; they are listed as text_search`);
  }
  if (graphResult.privateOutside.length) {
    const files = [...new Set(graphResult.privateOutside.map((e) => e.path))].sort();
    warnings.push(`${graphResult.privateOutside.length} occurrence(s) in ${files.slice(0, 5).join(', ')}${files.length > 5 ? ', …' : ''} reach the private member from outside its class, where the language's own rename leaves them; they are listed as text_search`);
  }
  if (graphResult.unnamedKeys.length) {
    const files = [...new Set(graphResult.unnamedKeys.map((e) => e.path))].sort();
    warnings.push(`${graphResult.unnamedKeys.length} quoted key(s) in ${files.slice(0, 5).join(', ')}${files.length > 5 ? ', …' : ''} name the symbol in a file that names it nowhere else, where the language's own rename leaves them; they are listed as text_search`);
  }
  if (neighbours.length) warnings.push(`${neighbours.length} member(s) of the same name that a type below this one also inherits (${neighbours.slice(0, 3).map((n) => n.uid).join(', ')}${neighbours.length > 3 ? ', …' : ''}) are not renamed with it (the language ties a member to its bases' and theirs below only); their occurrences are listed as text_search`);
  if (graphResult.guesses) warnings.push(`${graphResult.guesses} low-confidence (name-only) reference(s) are listed as text_search, not graph edits`);
  const generated = [...new Set(edits.map((e) => e.path))].filter((p) => nodeOf(snapshot.graph, `File:${p}`)?.generated).sort();
  if (generated.length) warnings.push(`${generated.length} file(s) with edits say a tool generated them (${generated.slice(0, 5).join(', ')}${generated.length > 5 ? ', …' : ''}): the edits keep the code building, but the next generation writes the old name again unless its source (a schema, a spec, the generator's input) changes too`);
  if (text.skipped.length) warnings.push(`text search skipped ${text.skipped.length} binary or oversized file(s): ${text.skipped.slice(0, 5).join(', ')}${text.skipped.length > 5 ? ', …' : ''}`);
  return { target, group, oldName, newName, edits, warnings, sources };
}

function staleError(paths: string[]): CodegraphError {
  return new CodegraphError('STALE_INDEX',
    `${paths.length} file(s) changed since the repository was indexed (${paths.slice(0, 5).join(', ')}${paths.length > 5 ? ', …' : ''}); re-run analyze before renaming`,
    { files: paths });
}

/** Applies edits (non-overlapping, any order) to a text. */
export function applyEdits(text: string, edits: readonly PlannedEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.offset - b.offset);
  const parts: string[] = [];
  let at = 0;
  for (const e of sorted) {
    if (e.offset < at || text.slice(e.offset, e.offset + e.oldText.length) !== e.oldText) {
      throw new CodegraphError('INTERNAL', `rename edit at ${e.path}:${e.line}:${e.column} does not match the text it was planned on`);
    }
    parts.push(text.slice(at, e.offset), e.newText);
    at = e.offset + e.oldText.length;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** Whole-file replacements for the edits an apply writes (`apply: true`), each with the hash it expects. */
export function fileWrites(plan: RenamePlan): FileWrite[] {
  const byFile = new Map<string, PlannedEdit[]>();
  for (const e of plan.edits) {
    if (!e.apply) continue;
    const l = byFile.get(e.path);
    if (l) l.push(e); else byFile.set(e.path, [e]);
  }
  const out: FileWrite[] = [];
  for (const [path, edits] of byFile) {
    const src = plan.sources.get(path)!;
    out.push({ path, expectedHash: src.indexedHash ?? src.hash, text: applyEdits(src.text, edits) });
  }
  return out;
}

/** The wire response for a plan. */
export function toResponse(plan: RenamePlan, applied: boolean): RenameResponse {
  const changes: FileChange[] = [];
  let graphEdits = 0, toApply = 0;
  const writeFiles = new Set<string>();
  for (const e of plan.edits) {
    let last = changes[changes.length - 1];
    if (!last || last.file_path !== e.path) changes.push((last = { file_path: e.path, edits: [] }));
    last.edits.push(toWireEdit(e));
    if (e.confidence === 'graph') graphEdits++;
    if (e.apply) { toApply++; writeFiles.add(e.path); }
  }
  return {
    changes,
    summary: {
      totalEdits: plan.edits.length, filesAffected: changes.length, graphEdits, textSearchEdits: plan.edits.length - graphEdits,
      editsToApply: toApply, filesToWrite: writeFiles.size,
    },
    applied,
    applied_edits: applied ? toApply : 0,
    symbol: symbolOf(plan.target),
    new_name: plan.newName,
    tied_symbols: plan.group.slice(1).map(symbolOf),
    warnings: plan.warnings,
    preview_id: previewId(plan),
  };
}

/**
 * What an apply of the plan writes, as a short fingerprint: each written file's path and the hash of the text
 * the edits were planned on, and every edit written there. Equal ids: the same edits on the same texts.
 */
export function previewId(plan: RenamePlan): string {
  const parts: string[] = [plan.target.uid, plan.newName];
  for (const e of plan.edits) {
    if (!e.apply) continue;
    parts.push(`${e.path}\0${plan.sources.get(e.path)?.hash ?? ''}\0${e.offset}\0${e.oldText}\0${e.newText}`);
  }
  return sha256(parts.join('\n')).slice(0, 24);
}

/** Files an apply would write that the index does not vouch for (no hash recorded at index time). */
export function unindexedWrites(plan: RenamePlan): string[] {
  const files = new Set<string>();
  for (const e of plan.edits) if (e.apply && plan.sources.get(e.path)?.indexedHash === undefined) files.add(e.path);
  return [...files].sort();
}
