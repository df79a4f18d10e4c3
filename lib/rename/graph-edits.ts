/**
 * `graph` edits: taken only from the reference index (every resolved occurrence of each symbol in the rename
 * group), each confirmed against the file as indexed — the text at the recorded position must be the old
 * name as a whole word, so a string, a comment or an alias (`import { a as b }`: the `b` side) never becomes
 * a graph edit.
 */
import type { Snapshot } from '../../index-store/snapshot.ts';
import type { GraphNode } from '../graph/schema.ts';
import { ALIASED_EXPORT, type Reference } from '../refs/reference-index.ts';
import { isMember } from './identifiers.ts';
import { containerOf } from './related.ts';
import { language, languageOf, rulesOf } from '../lang/index.ts';
import type { Language } from '../lang/types.ts';
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
  /**
   * Occurrences left to text_search because they name the symbol through a local binding the rename does not
   * change: a default import (`import greet from './a'` binds any name) or another alias the index does not
   * record as an import; renaming the uses without the binding would break the file.
   */
  aliasBound: PlannedEdit[];
  /** Quoted keys (`T['name']`) in files that name the symbol nowhere else, which the language's rename leaves: text_search. */
  unnamedKeys: PlannedEdit[];
  /**
   * Occurrences that name a module's export property holding the symbol (NameRules.exportProperty: CommonJS
   * `exports.f = f` and the uses through `require`), which the rename of a symbol declared on its own leaves: text_search.
   */
  exportKept: PlannedEdit[];
  /** Occurrences of a private member outside its class's body (NameRules.privateMember), which the language's rename leaves: text_search. */
  privateOutside: PlannedEdit[];
  /** Low-confidence (name-only) references, left to text_search. */
  guesses: number;
}

/** References below this confidence are guesses by name, not tracked references (schema.ts confidence guide). */
export const GRAPH_MIN_CONFIDENCE = 0.5;

/**
 * True when the identifier at `offset` is written after a qualifier (`ns.a`, `obj?.a`, Rust's `krate::a`): one of
 * the language's qualifier separators, spaces allowed between.
 */
function afterQualifier(text: string, offset: number, separators: readonly string[]): boolean {
  let i = offset;
  while (i > 0 && (text[i - 1] === ' ' || text[i - 1] === '\t' || text[i - 1] === '\n' || text[i - 1] === '\r')) i--;
  return separators.some((sep) => i >= sep.length && text.startsWith(sep, i - sep.length));
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

const ID_PART = /[\p{ID_Continue}$\u200C\u200D]/u;

/**
 * Whether `name` stands at `offset` right after a sigil of the file's language that is no part of it (PHP's `$` of
 * `$name` declaring a property, `self::$count`): the index recorded the name after it.
 */
function afterSigil(text: string, offset: number, name: string, filePath: string): boolean {
  const sigils = rulesOf(languageOf(filePath))?.names.sigils;
  if (!sigils || offset === 0 || !sigils.includes(text[offset - 1]) || !text.startsWith(name, offset)) return false;
  return !ID_PART.test(text[offset + name.length] ?? '');
}

/** Collects the confirmed occurrences of every symbol in `group`, one edit per position. */
export function collectGraphEdits(snapshot: Snapshot, sources: Sources, group: readonly GraphNode[], oldName: string, newName: string): GraphEditResult {
  const edits = new Map<string, PlannedEdit>();
  const stale = new Set<string>();
  const undeclared: GraphNode[] = [];
  const unconfirmed: Reference[] = [];
  let guesses = 0;
  const kept: PlannedEdit[] = [];
  const exportKept: PlannedEdit[] = [];
  const privateOutside: PlannedEdit[] = [];
  for (const node of group) {
    const refs = snapshot.refs.byTarget(node.uid);
    const viaExport = exportPropertyRule(node, refs, sources);
    const body = privateBody(snapshot, node);
    for (const ref of refs) {
      if (ref.confidence < GRAPH_MIN_CONFIDENCE || ref.reason === 'name-only') { guesses++; continue; }
      // an import of a name a re-export gave the symbol (`export { default as Logger }`), or a namespace's member of
      // that name (`lib.Logger`), keeps it, and so does that file's use of the import (see dropAliasBound)
      const aliased = ref.reason === ALIASED_EXPORT;
      const src = sources.get(ref.filePath);
      if (!src || !src.current) { stale.add(ref.filePath); continue; }
      const offset = src.lines.offset(ref.line, ref.column);
      if (offset < 0 || ref.length !== oldName.length || !(isWholeWordAt(src.text, offset, oldName) || afterSigil(src.text, offset, oldName, ref.filePath))) {
        // Another identifier there is an alias of the symbol (`b` in `import { a as b }`): it keeps its name.
        IDENT_AT.lastIndex = Math.max(offset, 0);
        const m = offset >= 0 ? IDENT_AT.exec(src.text) : null;
        if (!m || m[0].length !== ref.length) unconfirmed.push(ref);
        continue;
      }
      const key = `${ref.filePath}\u0000${offset}`;
      const planned = (newText: string): PlannedEdit => ({
        path: ref.filePath, offset, line: ref.line, column: ref.column, oldText: oldName, newText,
        confidence: 'graph', kind: ref.kind, context: contextLine(src.lines, ref.line, ref.column, ref.length), apply: true,
      });
      if (viaExport && (viaExport.qualifier.test(src.text.slice(Math.max(0, offset - 64), offset)) || (ref.filePath !== node.filePath && ref.reason === viaExport.reason))) {
        exportKept.push(planned(newName));
        continue;
      }
      if (aliased) {
        kept.push(planned(newName));
        continue;
      }
      if (body && (ref.filePath !== body.path || ref.line < body.first || ref.line > body.last)) {
        privateOutside.push(planned(newName));
        continue;
      }
      const prev = edits.get(key);
      // Two symbols of the group may share a position; a shorthand reading wins so the shape is kept.
      if (prev && !(ref.kind === 'shorthand' && prev.kind !== 'shorthand')) continue;
      edits.set(key, planned(replacement(ref, node, oldName, newName)));
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
  const aliasBound = [...kept, ...dropAliasBound(group, edits, sources)];
  const unnamedKeys = dropUnnamedKeys(edits, sources, oldName);
  return { edits: [...edits.values()], stale: [...stale].sort(), undeclared, unconfirmed, aliasBound, unnamedKeys, exportKept, privateOutside, guesses };
}

/**
 * The lines of the class body a private member (NameRules.privateMember matching its signature) is renamed in by the
 * language's own rename; undefined for any other symbol, or where the class is not known.
 */
function privateBody(snapshot: Snapshot, node: GraphNode): { path: string; first: number; last: number } | undefined {
  if (!isMember(node) || node.filePath === undefined || !node.signature) return undefined;
  const rule = rulesOf(languageOf(node.filePath))?.names.privateMember;
  if (!rule || !rule.test(node.signature)) return undefined;
  const owner = containerOf(snapshot.graph, node);
  if (!owner || owner.label !== 'Class' || owner.filePath !== node.filePath || owner.line === undefined) return undefined;
  return { path: owner.filePath, first: owner.line, last: owner.endLine ?? owner.line };
}

/**
 * The language's export-property rule (NameRules.exportProperty) when it applies to `node`: a symbol declared on its
 * own (`function f() {}`, then `exports.f = f` or `module.exports = { f }`). Not when an assignment to the property
 * declares it (`exports.f = function () {}`: the property is the symbol), nor for a symbol exported as an ES module
 * exports it (`export function f`, `export { f }`), whose importers through `require` use the symbol itself.
 */
function exportPropertyRule(node: GraphNode, refs: readonly Reference[], sources: Sources): { qualifier: RegExp; reason: string } | undefined {
  if (node.filePath === undefined || isMember(node)) return undefined;
  const rule = rulesOf(languageOf(node.filePath))?.names.exportProperty;
  const src = sources.get(node.filePath);
  if (!rule || !src) return undefined;
  const before = (r: Reference, pattern: RegExp): boolean => {
    const offset = src.lines.offset(r.line, r.column);
    return offset >= 0 && pattern.test(src.text.slice(Math.max(0, offset - 64), offset));
  };
  const own = refs.filter((r) => r.filePath === node.filePath);
  const def = own.find((r) => r.kind === 'definition');
  if (!def || before(def, rule.qualifier) || before(def, rule.esm) || own.some((r) => r.kind === 'export')) return undefined;
  return rule;
}

const BINDING_USES = new Set(['call', 'value', 'type', 'jsx', 'shorthand']);

/**
 * A top-level symbol is named in another file only through a binding there: an import (renamed with it), or a
 * member access on a namespace/module object (`ns.a`, or the language's other qualifiers: `krate::a`). A bare use in a file without a renamed import is bound
 * by something the rename does not touch — a default import's local name, typically — so it must keep its
 * name; such uses are removed from `edits` and returned. A global declaration has no binding to go through.
 */
function dropAliasBound(group: readonly GraphNode[], edits: Map<string, PlannedEdit>, sources: Sources): PlannedEdit[] {
  // (a global declaration, `declare global { interface ArkEnv … }`, is named in every file without a binding)
  if (group.some((n) => isMember(n) || n.global === true)) return [];
  const declaring = new Set(group.map((n) => n.filePath));
  const importing = new Set<string>();
  for (const e of edits.values()) if (e.kind === 'import') importing.add(e.path);
  const dropped: PlannedEdit[] = [];
  // (a wildcard import binds the symbol under its own name: `from .errors import *` then `make_error()`; read once a file)
  const wildcard = new Map<string, boolean>();
  const hasWildcard = (file: string, pattern: RegExp): boolean => {
    let has = wildcard.get(file);
    if (has === undefined) wildcard.set(file, (has = pattern.test(sources.get(file)!.text)));
    return has;
  };
  for (const [key, e] of edits) {
    if (declaring.has(e.path) || importing.has(e.path) || !BINDING_USES.has(e.kind ?? '')) continue;
    const names = rulesOf(languageOf(e.path))?.names;
    if (names?.sharedScope) continue;
    if (names?.wildcardImport && hasWildcard(e.path, names.wildcardImport)) continue;
    if (afterQualifier(sources.get(e.path)!.text, e.offset, names?.qualifiers ?? ['.'])) continue;
    edits.delete(key);
    dropped.push(e);
  }
  return dropped;
}

const QUOTES = new Set(['"', "'"]);

/** Whether the occurrence of `name` at `offset` is written between quotes (`T['name']`). */
function quotedAt(text: string, offset: number, name: string): boolean {
  return QUOTES.has(text[offset - 1] ?? '') && text[offset + name.length] === text[offset - 1];
}

/**
 * Where the language says so (quotedKeysWhereNamed), a quoted key in a file whose code names it nowhere outside
 * quotes is removed from `edits` and returned: the language's rename does not search such a file, so it stays for
 * review. A quoted occurrence that is no type's (an element access, `u['name']`, or a quoted key declared or written
 * in a literal) names it in that file as an identifier does: the language service's table of a file's names holds it.
 */
function dropUnnamedKeys(edits: Map<string, PlannedEdit>, sources: Sources, name: string): PlannedEdit[] {
  const dropped: PlannedEdit[] = [];
  const named = new Map<string, boolean>();
  const quotedValue = new Set<string>();
  for (const e of edits.values()) if (e.kind !== 'type' && quotedAt(sources.get(e.path)!.text, e.offset, name)) quotedValue.add(e.path);
  for (const [key, e] of edits) {
    const src = sources.get(e.path)!;
    const lang = languageOf(e.path);
    if (!quotedAt(src.text, e.offset, name) || !lang || rulesOf(lang)?.names.quotedKeysWhereNamed !== true) continue;
    let has = named.get(e.path);
    if (has === undefined) named.set(e.path, (has = quotedValue.has(e.path) || namedInCode(src.text, name, language(lang).comments)));
    if (has) continue;
    edits.delete(key);
    dropped.push(e);
  }
  return dropped;
}

/**
 * Whether `name` occurs in `text` as a whole word outside comments and quoted strings (an identifier: a declaration,
 * a use, a member access). A template literal's text is a string too (`Expected ${name} values`), the code of its
 * substitutions is code.
 */
function namedInCode(text: string, name: string, comments: Language['comments']): boolean {
  const line = comments?.line ?? [];
  const block = comments?.block;
  // the brace depth each open template substitution began at (innermost last)
  const subs: number[] = [];
  let braces = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '`' || (c === '}' && subs.length && subs[subs.length - 1] === braces)) {
      // a template's text, from its start or a substitution's end to its end or the next substitution
      if (c === '}') subs.pop();
      i++;
      while (i < text.length && text[i] !== '`' && !(text[i] === '$' && text[i + 1] === '{')) i += text[i] === '\\' ? 2 : 1;
      if (text[i] === '$') { subs.push(braces); i += 2; } else i++;
      continue;
    }
    if (c === '{') braces++;
    else if (c === '}') braces--;
    if (c === '"' || c === "'") {
      // a string: to its closing quote (or the line's end)
      i++;
      while (i < text.length && text[i] !== c && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
      i++;
      continue;
    }
    if (line.some((l) => text.startsWith(l, i))) { const end = text.indexOf('\n', i); i = end < 0 ? text.length : end + 1; continue; }
    if (block && text.startsWith(block[0], i)) { const end = text.indexOf(block[1], i + block[0].length); i = end < 0 ? text.length : end + block[1].length; continue; }
    if (c === name[0] && text.startsWith(name, i) && isWholeWordAt(text, i, name)) return true;
    i++;
  }
  return false;
}
