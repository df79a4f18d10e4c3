/**
 * Symbol lookup shared by `context`, `impact` and `rename`: by uid (exact), or by name (plain or qualified,
 * e.g. `UserService.validate`) narrowed by file path and kind. Indexes are built lazily once per graph.
 */
import { nodeOf, type CodeGraph } from '../graph/code-graph.ts';
import { SYMBOL_LABELS, type GraphNode, type NodeLabel } from '../graph/schema.ts';
import { CodegraphError } from '../errors.ts';
import { isTestFile } from './test-files.ts';
import { rulesOf } from '../lang/index.ts';
import { reopenedType } from './type-parts.ts';
import { boundedLevenshtein } from '../util/edit-distance.ts';

/** What a caller asks for. `uid` wins over everything else when given. */
export interface SymbolQuery {
  uid?: string;
  /** Plain (`validate`) or qualified (`UserService.validate`) name. */
  name?: string;
  /** Relative path of the defining file; a suffix (`service.ts`, `auth/service.ts`) or an absolute path works. */
  filePath?: string;
  /** Label (`Function`, `method`, case-insensitive) or the language-specific kind (`arrow_function`). */
  kind?: string;
}

/** A candidate as tools show it (DESIGN.md §5). */
export interface SymbolCandidate {
  uid: string;
  name: string;
  type: string;
  filePath: string;
  line: number;
  qualifiedName: string;
  exported: boolean;
}

export type LookupResult =
  | { status: 'found'; node: GraphNode }
  | { status: 'ambiguous'; message: string; candidates: SymbolCandidate[] };

/** Per-graph lookup tables. */
interface SymbolIndex {
  nodeCount: number;
  byName: Map<string, GraphNode[]>;
  /** Distinct names, sorted, for suggestions. */
  names: string[];
  files: GraphNode[];
  fileByPath: Map<string, GraphNode>;
  /** Symbols per defining file, by line then uid (for mapping line ranges onto symbols). */
  symbolsByFile: Map<string, GraphNode[]>;
}

const LOOKUP_LABELS: ReadonlySet<NodeLabel> = new Set(SYMBOL_LABELS);
const cache = new WeakMap<CodeGraph, SymbolIndex>();
const MAX_SUGGESTIONS = 5;
/** Distinct names examined at most when looking for close names (keeps the error path bounded). */
const MAX_SUGGESTION_SCAN = 200_000;

/** The qualified name of a node: its `qualifiedName`, else the tail of its uid, else its name. */
export function qualifiedNameOf(node: GraphNode): string {
  if (typeof node.qualifiedName === 'string' && node.qualifiedName) return node.qualifiedName;
  const prefix = `${node.label}:${node.filePath ?? ''}:`;
  if (node.filePath && node.uid.startsWith(prefix)) return node.uid.slice(prefix.length).replace(/#\d+$/, '');
  return node.name;
}

/** The candidate view of a node. */
export function toCandidate(node: GraphNode): SymbolCandidate {
  return {
    uid: node.uid, name: node.name, type: node.label, filePath: node.filePath ?? '', line: node.line ?? 1,
    qualifiedName: qualifiedNameOf(node), exported: node.exported === true,
  };
}

function indexOf(graph: CodeGraph): SymbolIndex {
  const hit = cache.get(graph);
  // A snapshot's graph is immutable; the count check only protects tests that grow a graph between lookups.
  if (hit && hit.nodeCount === graph.order) return hit;
  const byName = new Map<string, GraphNode[]>();
  const files: GraphNode[] = [];
  const fileByPath = new Map<string, GraphNode>();
  const symbolsByFile = new Map<string, GraphNode[]>();
  graph.forEachNode((_uid, n) => {
    if (n.label === 'File') { files.push(n); if (n.filePath) fileByPath.set(n.filePath, n); return; }
    if (!LOOKUP_LABELS.has(n.label)) return;
    const list = byName.get(n.name);
    if (list) list.push(n); else byName.set(n.name, [n]);
    if (n.filePath) {
      const inFile = symbolsByFile.get(n.filePath);
      if (inFile) inFile.push(n); else symbolsByFile.set(n.filePath, [n]);
    }
  });
  for (const list of symbolsByFile.values()) list.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || cmp(a.uid, b.uid));
  const names = [...byName.keys()].sort();
  const idx: SymbolIndex = { nodeCount: graph.order, byName, names, files, fileByPath, symbolsByFile };
  cache.set(graph, idx);
  return idx;
}

/** Orders nodes by file, then line, then uid (deterministic). */
export function byFileLine(a: GraphNode, b: GraphNode): number {
  const fa = a.filePath ?? '', fb = b.filePath ?? '';
  if (fa !== fb) return fa < fb ? -1 : 1;
  if ((a.line ?? 0) !== (b.line ?? 0)) return (a.line ?? 0) - (b.line ?? 0);
  return a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0;
}

/** Every code symbol named `name` (one table read). */
export function symbolsNamed(graph: CodeGraph, name: string): readonly GraphNode[] {
  return indexOf(graph).byName.get(name) ?? [];
}

/** The File node of a relative path, if indexed. */
export function fileNode(graph: CodeGraph, filePath: string): GraphNode | undefined {
  return indexOf(graph).fileByPath.get(filePath);
}

/** Code symbols defined in a file, by line then uid. */
export function symbolsInFile(graph: CodeGraph, filePath: string): readonly GraphNode[] {
  return indexOf(graph).symbolsByFile.get(filePath) ?? [];
}

/** Normalises a user path: backslashes to '/', no leading './'. */
function normPath(p: string): string {
  return p.replace(/\\/g, '/').replace(/^(?:\.\/)+/, '').replace(/\/+$/, '');
}

/** True when `nodePath` is the file the user means: equal, a suffix at a '/' boundary, or the tail of an absolute path. */
export function pathMatches(nodePath: string | undefined, wanted: string): boolean {
  if (!nodePath) return false;
  const w = normPath(wanted);
  if (!w) return true;
  return nodePath === w || nodePath.endsWith('/' + w) || w.endsWith('/' + nodePath);
}

function kindMatches(node: GraphNode, kind: string): boolean {
  const k = kind.toLowerCase();
  return node.label.toLowerCase() === k || (typeof node.kind === 'string' && node.kind.toLowerCase() === k);
}

/** Ranking: non-test, exact qualified match, exported, top-level before members, then path, line, uid. */
function rank(nodes: GraphNode[], query: string): GraphNode[] {
  const key = (n: GraphNode) => {
    const q = qualifiedNameOf(n);
    return { exact: q === query ? 0 : 1, test: isTestFile(n.filePath) ? 1 : 0, exported: n.exported ? 0 : 1, member: q.includes('.') ? 1 : 0 };
  };
  const keys = new Map(nodes.map((n) => [n, key(n)]));
  return [...nodes].sort((a, b) => {
    const ka = keys.get(a)!, kb = keys.get(b)!;
    return ka.test - kb.test || ka.exact - kb.exact || ka.exported - kb.exported || ka.member - kb.member
      || cmp(a.filePath ?? '', b.filePath ?? '') || (a.line ?? 0) - (b.line ?? 0) || cmp(a.uid, b.uid);
  });
}

function cmp(a: string, b: string): number { return a < b ? -1 : a > b ? 1 : 0; }

/** Nodes whose name (or qualified name, for dotted queries) matches, before file/kind narrowing. */
function nameMatches(idx: SymbolIndex, name: string): GraphNode[] {
  const direct = idx.byName.get(name);
  if (!name.includes('.') || direct) return direct ?? [];
  // Qualified: `A.b` (or `ns.A.b`) → nodes named `b` whose qualified name is `A.b` or ends with `.A.b`.
  const last = name.slice(name.lastIndexOf('.') + 1);
  const pool = idx.byName.get(last) ?? [];
  return pool.filter((n) => { const q = qualifiedNameOf(n); return q === name || q.endsWith('.' + name); });
}

/**
 * A name qualified by its namespace, package or module (`CommandLine.Parser`, `org.jsoup.nodes.Element`, Python's
 * `httpie.utils.split`), which qualified names leave out: the longest-matching rest of the name, among symbols whose
 * file declares that namespace (a `namespace`/`package` symbol of that name), sits in the folder it names
 * (`…/org/jsoup/nodes/Element.java`) or is the module it names (`…/httpie/utils.py`, a package's `__init__.py`).
 */
function namespaceMatches(idx: SymbolIndex, name: string): GraphNode[] {
  for (let i = name.indexOf('.'); i > 0; i = name.indexOf('.', i + 1)) {
    const prefix = name.slice(0, i), rest = name.slice(i + 1), inner = nameMatches(idx, rest);
    if (inner.length === 0) continue;
    const declaring = new Set((idx.byName.get(prefix) ?? []).filter((n) => n.kind === 'namespace' || n.kind === 'package').map((n) => n.filePath));
    const folder = `/${prefix.split('.').join('/')}/`;
    const module = folder.slice(0, -1);
    const hits = inner.filter((n) => declaring.has(n.filePath) || `/${(n.filePath ?? '').slice(0, (n.filePath ?? '').lastIndexOf('/') + 1)}`.endsWith(folder)
      // (in a module, the rest is the whole qualified name: `m.split` is m's function, not a method of m's class)
      || (qualifiedNameOf(n) === rest && modulePathOf(n.filePath ?? '').endsWith(module)));
    if (hits.length) return hits;
  }
  return [];
}

/** A file's path as a module path: `/a/b/c.py` → `/a/b/c`, a package's `/a/b/__init__.py` → `/a/b`. */
function modulePathOf(filePath: string): string {
  return `/${filePath.replace(/\.[^./]+$/, '').replace(/(^|\/)__init__$/, '')}`;
}

/**
 * Finds one symbol. Returns `found` or `ambiguous` (candidates ranked); throws SYMBOL_NOT_FOUND (with close
 * names in `details.suggestions`) or VALIDATION_ERROR when neither uid nor name is given.
 */
export function lookupSymbol(graph: CodeGraph, query: SymbolQuery): LookupResult {
  if (query.uid) {
    const node = nodeOf(graph, query.uid);
    if (node) return { status: 'found', node };
    const tail = query.uid.split(':').pop()!.replace(/#\d+$/, '');
    throw notFound(graph, `uid '${query.uid}'`, tail, query);
  }
  const raw = query.name?.trim();
  if (!raw) throw new CodegraphError('VALIDATION_ERROR', 'a symbol name or uid is required', [{ field: 'name', message: 'name or uid is required' }]);
  // a language's own qualifier (`HTTParty::Request`, `Error::msg`, PHP's `Dotenv\Dotenv`) is the dot of a qualified name
  const name = indexOf(graph).byName.has(raw) ? raw : raw.replace(/(?<=[\p{L}\p{N}_$])(?:::|\\)(?=[\p{L}_$])/gu, '.');
  // A uid pasted into the name field still finds its symbol.
  const byUid = nodeOf(graph, raw);
  if (byUid) return { status: 'found', node: byUid };

  const idx = indexOf(graph);
  let pool = nameMatches(idx, name);
  if (pool.length === 0 && name.includes('.')) pool = namespaceMatches(idx, name);
  // A file asked for by name or path (`service.ts`, `src/auth/service.ts`) when no symbol has that name.
  if (pool.length === 0 && /[./]/.test(name)) pool = idx.files.filter((f) => pathMatches(f.filePath, name));
  let matches = pool;
  if (query.filePath) matches = matches.filter((n) => pathMatches(n.filePath, query.filePath!));
  if (query.kind) matches = matches.filter((n) => kindMatches(n, query.kind!));
  // A type's constructors carry its name in the languages that name them so (Java, C#, C++, …), and blocks that add
  // to a type carry it too (Rust's impls, Swift's extensions): asked for that name, the type is meant (its context
  // counts constructor calls and lists the blocks' members), so they are no rival candidates.
  if (matches.length > 1) matches = withoutTypeParts(matches);
  // a class or module reopened in several files (Ruby) is one type: its declaration in the file named after it
  const reopened = reopenedType(graph, matches);
  if (reopened) return { status: 'found', node: reopened };
  // A namespace declaration (kind `namespace`: one per file that declares it) shares its name with what it holds
  // (PHP's `namespace Dotenv; class Dotenv`): another symbol of the name is what is meant.
  if (matches.length > 1 && matches.some((n) => n.kind !== 'namespace')) matches = matches.filter((n) => n.kind !== 'namespace');
  if (matches.length === 1) return { status: 'found', node: matches[0] };
  if (matches.length === 0) {
    const where = [query.filePath && `in '${query.filePath}'`, query.kind && `of kind '${query.kind}'`].filter(Boolean).join(' ');
    throw notFound(graph, `'${name}'${where ? ' ' + where : ''}`, name, query, pool);
  }
  const ranked = rank(matches, name);
  // A qualified query that one candidate matches exactly (the others only by suffix) is not ambiguous.
  if (name.includes('.')) {
    const exact = ranked.filter((n) => qualifiedNameOf(n) === name);
    if (exact.length === 1) return { status: 'found', node: exact[0] };
  }
  const candidates = ranked.map(toCandidate);
  return { status: 'ambiguous', message: ambiguityMessage(name, candidates), candidates };
}

/**
 * What an ambiguous answer says: how many symbols match and, when some are overloads of one qualified name, which
 * sets of overloads (a qualified name asks for a whole set: docs/tools.md § Overload sets).
 */
function ambiguityMessage(name: string, candidates: readonly SymbolCandidate[]): string {
  // (by file too: functions of one name in several files are no overloads of each other)
  const sets = new Map<string, { q: string; file: string; n: number }>();
  for (const c of candidates) {
    if (c.type !== 'Method' && c.type !== 'Function') continue;
    const key = `${c.type}\0${c.filePath}\0${c.qualifiedName}`;
    const cur = sets.get(key);
    if (cur) cur.n++; else sets.set(key, { q: c.qualifiedName, file: c.filePath, n: 1 });
  }
  const overloaded = [...sets.values()].filter((x) => x.n > 1);
  if (overloaded.length === 0) return `${candidates.length} symbols match '${name}'; pass uid (or file_path / kind) to pick one`;
  // (a qualified name with sets in several files, two test files each declaring a local `createStore` twice, says
  // which file each set is in: "createStore (2) and createStore (2)" named nothing)
  const repeated = new Set(overloaded.filter((x, i) => overloaded.findIndex((y) => y.q === x.q) !== i).map((x) => x.q));
  const shown = overloaded.slice(0, 5).map(({ q, file, n }) => repeated.has(q) ? `${q} in ${file} (${n})` : `${q} (${n})`);
  const list = shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}` : shown[0];
  const more = overloaded.length > shown.length ? ` and ${overloaded.length - shown.length} more` : '';
  return `${candidates.length} symbols match '${name}', among them the overloads of ${list}${more}; pass a qualified name for `
    + 'every overload of it, or uid (or file_path / kind) to pick one symbol';
}

/**
 * Drops, when the type itself is among the matches, the methods named like it that are its members (constructors),
 * the blocks that add to it (its language's `partKinds`) and an alias declared with it.
 */
function withoutTypeParts(matches: GraphNode[]): GraphNode[] {
  const isPart = (n: GraphNode) => typeof n.kind === 'string' && rulesOf(n.language)?.partKinds?.has(n.kind) === true;
  // by qualified name, not file: C++ defines a constructor out of its class's header (`A::A()` in a.cpp)
  const types = new Set(matches.filter((n) => n.label !== 'Method' && n.label !== 'Function' && n.label !== 'File' && n.label !== 'TypeAlias' && !isPart(n)).map(qualifiedNameOf));
  if (types.size === 0) return matches;
  // C's `typedef struct X {…} X;`: an alias declared inside the span of the type it names is that declaration
  const sameDeclaration = (n: GraphNode) => n.label === 'TypeAlias' && matches.some((m) => m !== n && m.label !== 'TypeAlias'
    && types.has(qualifiedNameOf(m)) && qualifiedNameOf(m) === qualifiedNameOf(n) && m.filePath === n.filePath
    && (n.line ?? 0) >= (m.line ?? 0) && (n.line ?? 0) <= (m.endLine ?? m.line ?? 0));
  return matches.filter((n) => {
    const q = qualifiedNameOf(n);
    if (isPart(n)) return !types.has(q);
    if (sameDeclaration(n)) return false;
    return !(n.label === 'Method' && q.endsWith(`.${n.name}`) && types.has(q.slice(0, -(n.name.length + 1))));
  });
}

/** Like lookupSymbol but turns an ambiguous result into a thrown error carrying the candidates (for callers that cannot answer `ambiguous`). */
export function requireSymbol(graph: CodeGraph, query: SymbolQuery): GraphNode {
  const r = lookupSymbol(graph, query);
  if (r.status === 'found') return r.node;
  throw new CodegraphError('VALIDATION_ERROR', r.message, { candidates: r.candidates });
}

function notFound(graph: CodeGraph, what: string, name: string, query: SymbolQuery, sameName: GraphNode[] = []): CodegraphError {
  // Symbols with the right name but the wrong file/kind are the best suggestions; then close names.
  const suggestions = sameName.length > 0 ? rank(sameName, name).slice(0, MAX_SUGGESTIONS).map(toCandidate) : closeNames(graph, name);
  const hint = suggestions.length ? `; did you mean: ${suggestions.map((s) => `${s.qualifiedName} (${s.type}, ${s.filePath}:${s.line})`).join(', ')}` : '';
  return new CodegraphError('SYMBOL_NOT_FOUND', `symbol ${what} not found${hint}`, {
    query: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)), suggestions,
  });
}

/**
 * Close names, best first: the same name in another case, then names one edit away (a letter wrong, missing,
 * added or two swapped), then longer names containing the query, then two and three edits away, then shorter
 * names the query contains (at least half its length). For `Owner.member`, members of `Owner` come first
 * among names scored alike.
 */
export function closeNames(graph: CodeGraph, name: string, limit = MAX_SUGGESTIONS): SymbolCandidate[] {
  const idx = indexOf(graph);
  const dot = name.lastIndexOf('.');
  const owner = dot > 0 ? name.slice(0, dot) : undefined;
  const q = (dot >= 0 ? name.slice(dot + 1) : name).toLowerCase();
  if (!q) return [];
  const maxDist = q.length <= 3 ? 1 : q.length <= 6 ? 2 : 3;
  const scored: { name: string; score: number }[] = [];
  const n = Math.min(idx.names.length, MAX_SUGGESTION_SCAN);
  for (let i = 0; i < n; i++) {
    const cand = idx.names[i];
    const c = cand.toLowerCase();
    let score: number;
    if (c === q) score = 0;
    else {
      const d = Math.abs(c.length - q.length) <= maxDist ? boundedLevenshtein(q, c, maxDist) : maxDist + 1;
      if (d === 1) score = 1;
      else if (q.length >= 3 && c.includes(q)) score = 1.5 + Math.min(0.4, (c.length - q.length) / 100);
      else if (d <= maxDist) score = d;
      else if (c.length >= 4 && c.length * 2 >= q.length && q.includes(c)) score = 4 + (q.length - c.length) / 100;
      else continue;
    }
    scored.push({ name: cand, score });
  }
  scored.sort((a, b) => a.score - b.score || cmp(a.name, b.name));
  const ownedBy = (node: GraphNode) => owner !== undefined && (qualifiedNameOf(node) === `${owner}.${node.name}` || qualifiedNameOf(node).endsWith(`.${owner}.${node.name}`));
  const nodes: Array<{ node: GraphNode; score: number; order: number }> = [];
  for (const s of scored) {
    for (const node of rank(idx.byName.get(s.name)!, s.name)) nodes.push({ node, score: s.score - (ownedBy(node) ? 0.75 : 0), order: nodes.length });
    if (nodes.length >= limit * 20) break;
  }
  nodes.sort((a, b) => a.score - b.score || a.order - b.order);
  return nodes.slice(0, limit).map((x) => toCandidate(x.node));
}

