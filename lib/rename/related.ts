/**
 * The rename group: every symbol that must take the new name together with the target, because the language
 * ties them. Three ties are known to the graph:
 *  - merged declarations: symbols with the same file and qualified name (overload signatures, an interface and
 *    a const of the same name, a class and an interface merged with it), or declared globally under the same
 *    qualified name in any file (`declare global { interface ArkEnv … }` augmented in several packages); where
 *    the language says so, a top-level name's exported and local declarations are two symbols; a module's
 *    declaration and its stub file's of the same qualified name (the language's `stubOf`: Python's `m.pyi`);
 *  - the method family: a method, the methods it overrides or implements and those overriding or implementing it,
 *    along OVERRIDES edges both ways, closed as the inherited properties are (the language's own rule decided each edge: Kotlin's
 *    `override`, C++'s virtual, Rust's trait impl; Go's structural implementations, as the type would no longer
 *    satisfy the interface otherwise);
 *  - inherited properties: a property and the members of the same name up and down EXTENDS/IMPLEMENTS chains (a
 *    class without the member passes it through), closed transitively — or, where the language says so (TypeScript),
 *    up from the target, then down from every member above it, never up again from a member reached going down; a
 *    method of the family ties the properties of that name it would implement (an interface's function-typed
 *    property).
 *    Instance members only: a static member shadows its parent's on the constructor chain but nothing ties
 *    the two (the TypeScript language service renames them apart too).
 */
import type { CodeGraph } from '../graph/code-graph.ts';
import { SYMBOL_LABELS, passesMember, type GraphEdge, type GraphNode, type RelType } from '../graph/schema.ts';
import { declarationKey } from './lookup.ts';
import { isMember, isTopLevel, mergesByExport, renamesFromBases, scopedDuplicates } from './identifiers.ts';
import { byFileLine, qualifiedNameOf } from '../symbols/lookup.ts';
import { stubCounterparts } from '../symbols/stubs.ts';

const SYMBOLS = new Set<string>(SYMBOL_LABELS);
const HERITAGE = ['EXTENDS', 'IMPLEMENTS'] as const;
const OVERRIDES = ['OVERRIDES'] as const;

interface GroupIndex {
  byKey: Map<string, GraphNode[]>;
  /** Symbols declared globally (`declare global { … }`), by qualified name: one declaration merged across files. */
  globals: Map<string, GraphNode[]>;
  /** The graph has OVERRIDES edges (an index made before they existed has none: methods are tied by heritage). */
  overrides: boolean;
  /**
   * Interfaces declared in `declare module './x' { … }` blocks, by the file they augment and their qualified name
   * (`${file}\u0000${name}`): merged with that file's declaration of the name.
   */
  augments: Map<string, GraphNode[]>;
}
const cache = new WeakMap<CodeGraph, GroupIndex>();

function groupIndex(graph: CodeGraph): GroupIndex {
  let idx = cache.get(graph);
  if (idx) return idx;
  const byKey = new Map<string, GraphNode[]>();
  const globals = new Map<string, GraphNode[]>();
  const augments = new Map<string, GraphNode[]>();
  const overrides = graph.someEdge((_k, e) => e.type === 'OVERRIDES');
  graph.forEachNode((_uid, n) => {
    if (!SYMBOLS.has(n.label)) return;
    const k = declarationKey(n);
    const l = byKey.get(k);
    if (l) l.push(n); else byKey.set(k, [n]);
    if (n.global === true) {
      const gk = `${qualifiedNameOf(n)}${n.static === true ? '\u0000static' : ''}`;
      const g = globals.get(gk);
      if (g) g.push(n); else globals.set(gk, [n]);
    }
    if (typeof n.augments === 'string') {
      const ak = `${n.augments}\u0000${qualifiedNameOf(n)}`;
      const a = augments.get(ak);
      if (a) a.push(n); else augments.set(ak, [n]);
    }
  });
  idx = { byKey, globals, overrides, augments };
  cache.set(graph, idx);
  return idx;
}

/**
 * Symbols declared at the same site as `node` (itself included), in file/line order; with the interfaces that augment
 * it from `declare module './x' { … }` blocks of other files, or, for such an interface, the declaration it augments
 * and its other augmentations (TypeScript merges them into one symbol).
 */
export function mergedDeclarations(graph: CodeGraph, node: GraphNode): GraphNode[] {
  const idx = groupIndex(graph);
  if (idx.augments.size && isTopLevel(node)) {
    const target = typeof node.augments === 'string' ? node.augments : node.filePath ?? '';
    const augs = idx.augments.get(`${target}\u0000${qualifiedNameOf(node)}`);
    if (augs) {
      const own = (idx.byKey.get(`${target}\u0000${qualifiedNameOf(node)}`) ?? []).filter((n) => n.augments === undefined && (n.label === 'Interface' || n.label === 'Class'));
      const out = new Map<string, GraphNode>();
      for (const n of [...(own.length ? siteDeclarations(graph, idx, own[0]) : []), ...augs]) out.set(n.uid, n);
      return [...out.values()].sort(byFileLine);
    }
  }
  return siteDeclarations(graph, idx, node);
}

/** Symbols declared at the same site as `node` (see mergedDeclarations), without module augmentations. */
function siteDeclarations(graph: CodeGraph, idx: GroupIndex, node: GraphNode): GraphNode[] {
  if (node.global === true) {
    const g = idx.globals.get(`${qualifiedNameOf(node)}${node.static === true ? '\u0000static' : ''}`);
    if (g && g.length > 1) return [...g].sort(byFileLine);
  }
  const site = idx.byKey.get(declarationKey(node)) ?? [node];
  // (the members of a type alias's object types share a qualified name only as parts of a union or an intersection:
  // a name every part of a union declares, `type E = { type: 'a' } | { type: 'b' }`, is the union's one property,
  // whose declarations the language service renames together; others are declarations of their own)
  if (site.length > 1 && isMember(node) && containerOf(graph, node)?.label === 'TypeAlias') {
    return node.unionShared === true ? site.filter((n) => n.unionShared === true).sort(byFileLine) : [node];
  }
  const sameExport = site.length > 1 && isTopLevel(node) && mergesByExport(node);
  let own = sameExport ? site.filter((n) => (n.exported === true) === (node.exported === true)) : [...site];
  if (own.length > 1 && scopedDuplicates(node)) own = own.filter((n) => n === node || !inOtherScope(graph, node, n));
  return [...own, ...stubCounterparts(graph, node)].sort(byFileLine);
}

/**
 * Whether two declarations of one file and qualified name are in different scopes, where the language never merges
 * such a pair (`scopedDuplicates`): a member and a declaration that is none (a namespace's, merged with the class),
 * members of two different containers, or two of a kind that does not merge (functions, type aliases, classes,
 * variables other than namespaces).
 */
function inOtherScope(graph: CodeGraph, a: GraphNode, b: GraphNode): boolean {
  // (a class's member beside a declaration of the namespace merged with the class, `class Scanner { shift() }` and
  // `namespace Scanner { type shift<…> }`: one name in two scopes, the class body's and the namespace's)
  if (isMember(a) !== isMember(b)) return true;
  if (isMember(a) && isMember(b)) {
    const ca = containerOf(graph, a), cb = containerOf(graph, b);
    return ca !== undefined && cb !== undefined && ca.uid !== cb.uid && (neverMerged(ca, cb) || apartScopes(ca, cb));
  }
  return neverMerged(a, b) || apartScopes(a, b);
}

/**
 * Two declarations bound in different scopes (the collector's `localScope`: two tests' callbacks each declaring
 * `interface Warrior`, or one of them and the file): never one symbol, whatever their kind.
 */
function apartScopes(a: GraphNode, b: GraphNode): boolean {
  return a.localScope !== b.localScope;
}

/**
 * Two declarations of a kind of which one scope never holds two of one name (two interfaces merge, two classes do not);
 * both kinds known, neither an overload's signature (which declares the function beside it).
 */
function neverMerged(a: GraphNode, b: GraphNode): boolean {
  if (a.label !== b.label || !NEVER_MERGED.has(a.label) || !a.kind || !b.kind) return false;
  if (a.kind.endsWith('signature') || b.kind.endsWith('signature')) return false;
  return !(a.label === 'Variable' && (MERGING_VARIABLE_KINDS.has(a.kind) || MERGING_VARIABLE_KINDS.has(b.kind)));
}

/** Labels of which two declarations of one name in one scope are an error, never one symbol (overloads are one node). */
const NEVER_MERGED = new Set(['Function', 'TypeAlias', 'Class', 'Variable']);
/** Variables that merge with their kind (`namespace N {}` twice, `declare module` blocks). */
const MERGING_VARIABLE_KINDS = new Set(['namespace', 'module']);

/** Symbols declared in `filePath` under a qualified name (static or not). */
export function declaredAt(graph: CodeGraph, filePath: string, qualifiedName: string): GraphNode[] {
  const key = `${filePath}\u0000${qualifiedName}`;
  const idx = groupIndex(graph).byKey;
  return [...(idx.get(key) ?? []), ...(idx.get(`${key}\u0000static`) ?? [])];
}

/** The class, interface or other symbol a member belongs to: its HAS_METHOD source, else its qualified-name parent. */
export function containerOf(graph: CodeGraph, member: GraphNode): GraphNode | undefined {
  const owner = linked(graph, member.uid, 'in', ['HAS_METHOD'])[0];
  if (owner) return owner;
  const qn = qualifiedNameOf(member);
  const dot = qn.lastIndexOf('.');
  if (dot < 0) return undefined;
  const parents = groupIndex(graph).byKey.get(`${member.filePath ?? ''}\u0000${qn.slice(0, dot)}`);
  if (parents && parents.length > 1) {
    // two classes of one name (each a callback's local): the one whose lines hold the member
    const line = member.line ?? -1;
    const holding = parents.filter((p) => (p.line ?? Infinity) <= line && line <= (p.endLine ?? -1));
    if (holding.length === 1) return holding[0];
  }
  return parents?.find((p) => p.label === 'Class' || p.label === 'Interface') ?? parents?.[0];
}

/** Members of `container` called `name` (by HAS_METHOD and by qualified name). */
export function membersNamed(graph: CodeGraph, container: GraphNode, name: string): GraphNode[] {
  const out: GraphNode[] = [];
  for (const m of linked(graph, container.uid, 'out', ['HAS_METHOD'])) if (m.name === name) out.push(m);
  const declared = declaredAt(graph, container.filePath ?? '', `${qualifiedNameOf(container)}.${name}`);
  for (const m of declared) {
    // (members of another container of the same name bound in another scope, a second test's `interface Warrior`,
    // are that one's)
    if (out.includes(m)) continue;
    const c = declared.length > 1 && scopedDuplicates(m) ? containerOf(graph, m) : undefined;
    if (c && c.uid !== container.uid && apartScopes(c, container)) continue;
    out.push(m);
  }
  return out;
}

/** True for a static class member (the indexer marks them `static: true`). */
export function isStatic(n: GraphNode): boolean {
  return n.static === true;
}

/** Every symbol renamed together with `target` (target first, then file/line order). */
export function renameGroup(graph: CodeGraph, target: GraphNode): GraphNode[] {
  return group(graph, target, renamesFromBases(target));
}

/**
 * Members of the same name linked to `target` through heritage that its rename leaves apart: those reached only by
 * going down from the group and up again (`B.id` from `A.id` through `interface C extends A, B`). Their
 * occurrences are for review (text_search), not known to be something else.
 */
export function heritageNeighbours(graph: CodeGraph, target: GraphNode): GraphNode[] {
  if (!isMember(target) || isStatic(target) || !renamesFromBases(target)) return [];
  const strict = new Set(group(graph, target, true).map((n) => n.uid));
  return group(graph, target, false).filter((n) => !strict.has(n.uid));
}

function group(graph: CodeGraph, target: GraphNode, strict: boolean): GraphNode[] {
  const group = new Map<string, GraphNode>();
  for (const n of mergedDeclarations(graph, target)) group.set(n.uid, n);
  if (isMember(target) && !isStatic(target)) tieInheritedMembers(graph, target.name, group, strict);
  const rest = [...group.values()].filter((n) => n.uid !== target.uid).sort(byFileLine);
  return [target, ...rest];
}

/**
 * Adds to `group` the members of the same name reached through heritage from the members already in it. `strict`
 * (the language's renamesFromBases): the members above the start (its bases', transitively), then every member below
 * any of those — never up again from a member reached going down, so renaming `A.id` renames `C.id` of `interface C
 * extends A, B` but not `B.id`. Otherwise the walk is closed both ways.
 */
function tieInheritedMembers(graph: CodeGraph, name: string, group: Map<string, GraphNode>, strict: boolean): void {
  const walkedUp = new Set<string>();
  const walkedDown = new Set<string>();
  // (a member to walk from, and whether it was reached going down: then only down again, when strict)
  const pending: Array<[GraphNode, boolean]> = [];
  const tie = (m: GraphNode, down: boolean) => { if (!group.has(m.uid)) { group.set(m.uid, m); pending.push([m, down]); } };
  // Walks from a container along heritage edges; a container with the member ties it, one without passes on. From
  // a method only properties are tied this way (its methods come by OVERRIDES, which knows the language's rules).
  const walk = (start: GraphNode, up: boolean, propertiesOnly: boolean) => {
    const seen = up ? walkedUp : walkedDown;
    const stack = [start];
    while (stack.length) {
      const k = stack.pop()!;
      if (seen.has(k.uid)) continue;
      seen.add(k.uid);
      for (const next of linked(graph, k.uid, up ? 'out' : 'in', HERITAGE, name)) {
        const members = membersNamed(graph, next, name).filter((m) => !isStatic(m));
        const passOn = !members.length || members.every((m) => group.has(m.uid) && containerOf(graph, m)?.uid !== next.uid);
        if (members.length) { for (const m of members) if (!propertiesOnly || m.label !== 'Method') for (const d of mergedDeclarations(graph, m)) tie(d, !up); }
        // (an interface merged with the class it came from, `class Clock` implementing `interface Clock extends
        // Timer`: the member its name finds is the class's own, already tied, so the walk passes on to its bases)
        if (passOn) stack.push(next);
      }
    }
  };
  for (const n of group.values()) pending.push([n, false]);
  const overrides = groupIndex(graph).overrides;
  while (pending.length) {
    const [m, reachedDown] = pending.pop()!;
    const upToo = !strict || !reachedDown;
    const method = overrides && m.label === 'Method';
    if (method && !isStatic(m)) {
      for (const dir of upToo ? ['out', 'in'] as const : ['in'] as const) {
        for (const o of linked(graph, m.uid, dir, OVERRIDES)) if (!isStatic(o)) for (const d of mergedDeclarations(graph, o)) tie(d, dir === 'in');
      }
    }
    const k = containerOf(graph, m);
    if (!k) continue;
    if (upToo) walk(k, true, method);
    walk(k, false, method);
  }
}

/**
 * The nodes at the other end of `uid`'s edges of the given types (outgoing or incoming), in graphology's order; with
 * `member`, only along heritage edges that pass on members of that name (not `extends Omit<Base, 'member'>`).
 */
export function linked(graph: CodeGraph, uid: string, direction: 'in' | 'out', types: readonly RelType[], member?: string): GraphNode[] {
  const out: GraphNode[] = [];
  if (!graph.hasNode(uid)) return out;
  const keep = (e: GraphEdge): boolean => types.includes(e.type) && (member === undefined || passesMember(e, member));
  if (direction === 'out') graph.forEachOutEdge(uid, (_k, e, _s, _t, _sa, target) => { if (keep(e)) out.push(target); });
  else graph.forEachInEdge(uid, (_k, e, _s, _t, source) => { if (keep(e)) out.push(source); });
  return out;
}
