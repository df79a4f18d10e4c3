/**
 * Declarations that are parts of one type: the blocks that add to a type (a language's `partKinds`: Rust's `impl`,
 * Swift's `extension`) and, in a language whose types reopen (`reopensTypes`: Ruby), every declaration of a class or
 * module under one qualified name. A list an agent reads names such a type once.
 */
import type { CodeGraph } from '../graph/code-graph.ts';
import type { GraphNode } from '../graph/schema.ts';
import { rulesOf } from '../lang/index.ts';
import { byFileLine, qualifiedNameOf, symbolsNamed } from './lookup.ts';
import { isTestFile } from './test-files.ts';
import { membersOf } from './membership.ts';

/** Labels of the declarations that parts of one type carry. */
const TYPE_LABELS: ReadonlySet<string> = new Set(['Class', 'Interface', 'Enum']);

/** Whether a node is a block that adds to a type declared elsewhere (its language's `partKinds`). */
export function isTypePart(n: GraphNode): boolean {
  return typeof n.kind === 'string' && rulesOf(n.language)?.partKinds?.has(n.kind) === true;
}

/** The key shared by the declarations of one type in a language with parts or reopened types, else undefined. */
function typeKey(n: GraphNode): string | undefined {
  if (!TYPE_LABELS.has(n.label)) return undefined;
  const rules = rulesOf(n.language);
  if (!rules?.partKinds && rules?.reopensTypes !== true) return undefined;
  return `${n.language ?? ''}\0${n.label}\0${qualifiedNameOf(n)}`;
}

/**
 * Whether declarations of one key stand for one type: always where types reopen; where blocks add to types, when a
 * block is among them and at most one declaration of the type itself (two are distinct types of one name, in two
 * modules). A block alone stands for its type too.
 */
function oneType(parts: readonly GraphNode[]): boolean {
  if (parts.length < 2) return parts.length === 1 && isTypePart(parts[0]);
  if (rulesOf(parts[0].language)?.reopensTypes === true) return true;
  const own = parts.filter((n) => !isTypePart(n)).length;
  return own <= 1 && own < parts.length;
}

/**
 * The declaration that stands for a type among its parts (outside the tests when there is one): where blocks add to
 * types, the type's own declaration (searched in the graph when only blocks are given, and taken when exactly one is
 * found), else the best-ranked block; where types reopen, the declaration in the file named after the type, else the
 * best-ranked one.
 */
function standIn(graph: CodeGraph, parts: readonly GraphNode[]): GraphNode {
  const first = parts[0];
  const q = qualifiedNameOf(first);
  const declared = symbolsNamed(graph, first.name).filter((n) => n.label === first.label && n.language === first.language && qualifiedNameOf(n) === q);
  const outsideTests = (list: readonly GraphNode[]) => { const kept = list.filter((n) => !isTestFile(n.filePath)); return kept.length ? kept : list; };
  if (rulesOf(first.language)?.reopensTypes === true) {
    return outsideTests(declared).find(inNamesakeFile) ?? outsideTests(parts)[0];
  }
  const own = outsideTests(declared.filter((n) => !isTypePart(n)));
  return own.length === 1 ? own[0] : outsideTests(parts)[0];
}

/** Whether a declaration is in the file named after it (`lib/shop.rb` for `Shop`, `http_party.rb` for `HTTParty`). */
function inNamesakeFile(n: GraphNode): boolean {
  const base = (n.filePath ?? '').split('/').pop()!.replace(/\..*$/, '');
  const squash = (x: string) => x.replace(/[_-]/g, '').toLowerCase();
  return squash(base) === squash(n.name);
}

/**
 * One item per type for a ranked list: the parts of a type (see the module doc) give way to one stand-in at the
 * place of the best-ranked part; everything else is kept in order. `nodeOf` reads an item's node.
 */
export function onePerType<T>(graph: CodeGraph, items: readonly T[], nodeOf: (item: T) => GraphNode | undefined, withNode: (item: T, node: GraphNode) => T): T[] {
  const groups = new Map<string, GraphNode[]>();
  for (const it of items) {
    const n = nodeOf(it);
    const key = n && typeKey(n);
    if (!key) continue;
    const list = groups.get(key);
    if (list) list.push(n); else groups.set(key, [n]);
  }
  const out: T[] = [];
  const done = new Set<string>();
  for (const it of items) {
    const n = nodeOf(it);
    const key = n && typeKey(n);
    const parts = key ? groups.get(key)! : undefined;
    if (!key || !oneType(parts!)) { out.push(it); continue; }
    if (done.has(key)) continue;
    done.add(key);
    const by = standIn(graph, parts!);
    out.push(by === n ? it : withNode(it, by));
  }
  return out;
}

/**
 * The declaration standing for a type when every one of `matches` declares that one type in a language whose types
 * reopen (Ruby's `module HTTParty` in each of its files), else undefined: asked for the name, the type is meant.
 */
export function reopenedType(graph: CodeGraph, matches: readonly GraphNode[]): GraphNode | undefined {
  if (matches.length < 2 || rulesOf(matches[0].language)?.reopensTypes !== true) return undefined;
  const key = typeKey(matches[0]);
  if (!key || matches.some((n) => typeKey(n) !== key)) return undefined;
  return standIn(graph, matches);
}

/**
 * Every declaration of the type `node` declares, where the language's types reopen (Ruby's `class Cart` in each file
 * that adds to it), `node` first and the rest by place; else just `node`.
 */
export function reopenedDeclarations(graph: CodeGraph, node: GraphNode): GraphNode[] {
  const key = rulesOf(node.language)?.reopensTypes === true ? typeKey(node) : undefined;
  if (!key) return [node];
  const others = symbolsNamed(graph, node.name).filter((n) => n.uid !== node.uid && typeKey(n) === key);
  return [node, ...others.sort(byFileLine)];
}

/** The members of a type with those of every declaration that reopens it (see `reopenedDeclarations`), in that order. */
export function typeMembersOf(graph: CodeGraph, node: GraphNode): GraphNode[] {
  const seen = new Set<string>();
  const out: GraphNode[] = [];
  for (const d of reopenedDeclarations(graph, node)) {
    for (const m of membersOf(graph, d)) if (!seen.has(m.uid)) { seen.add(m.uid); out.push(m); }
  }
  return out;
}
