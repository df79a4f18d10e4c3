/** Graph schema shared by the indexer, the tools, the Cypher engine and exports (DESIGN.md §4). */

export const NODE_LABELS = [
  'Folder', 'File', 'Function', 'Class', 'Method', 'Interface', 'TypeAlias', 'Enum', 'Variable', 'Property',
  'Community', 'Process',
] as const;
export type NodeLabel = (typeof NODE_LABELS)[number];

/** Labels that name code symbols (what `context`, `impact`, `rename` and `query` talk about). */
export const SYMBOL_LABELS: readonly NodeLabel[] = [
  'Function', 'Class', 'Method', 'Interface', 'TypeAlias', 'Enum', 'Variable', 'Property',
];

export const REL_TYPES = [
  'CONTAINS', 'DEFINES', 'HAS_METHOD', 'IMPORTS', 'CALLS', 'EXTENDS', 'IMPLEMENTS', 'OVERRIDES', 'REFERENCES',
  'MEMBER_OF', 'STEP_IN_PROCESS',
] as const;
export type RelType = (typeof REL_TYPES)[number];

/** The single relationship type name, as Cypher sees it. */
export const RELATIONSHIP_NAME = 'CodeRelation';

/**
 * How an edge was resolved. Kept open (string) so languages can add reasons, but these are the common ones.
 * Confidence guide: import/same-file/this-member/super-member/constructor ≥ 0.9, typed-receiver 0.85,
 * return-type 0.8, name-only ≤ 0.3.
 */
export type ResolutionReason =
  | 'import' | 'same-file' | 'scope' | 'this-member' | 'super-member' | 'typed-receiver' | 'return-type'
  | 'constructor' | 'static-member' | 'namespace-import' | 're-export' | 'commonjs' | 'heritage' | 'contains'
  | 'structure' | 'community' | 'process' | 'name-only' | (string & {});

/** A node. Known properties are typed; the index signature keeps the model open for Cypher and exports. */
export interface GraphNode {
  uid: string;
  label: NodeLabel;
  name: string;
  /** Original language-specific kind (e.g. 'arrow_function', 'struct'); defaults to the label in lower case. */
  kind?: string;
  /** Relative, '/'-separated path of the defining file (Folder/File: their own path). */
  filePath?: string;
  /** 1-based first line of the definition. */
  line?: number;
  /** 1-based last line of the definition. */
  endLine?: number;
  language?: string;
  exported?: boolean;
  signature?: string;
  /** First line of the leading doc comment. */
  doc?: string;
  /** Name of the community (functional area) the symbol belongs to. */
  module?: string;
  /** Dotted name within the file, e.g. `UserService.validate`. */
  qualifiedName?: string;
  // Community
  size?: number;
  cohesion?: number;
  // Process
  steps?: number;
  entry?: string;
  terminal?: string;
  modules?: string[];
  [key: string]: unknown;
}

/** A directed relationship; in Cypher every edge is a `CodeRelation` whose `type` is one of REL_TYPES. */
export interface GraphEdge {
  source: string;
  target: string;
  type: RelType;
  /** 0..1 */
  confidence: number;
  reason: ResolutionReason;
  /** 1-based line of the first site (calls, imports, references). */
  line?: number;
  /** Number of sites merged into this edge. */
  count?: number;
  /** 1-based step number (STEP_IN_PROCESS). */
  step?: number;
  [key: string]: unknown;
}

const SYMBOL_LABEL_SET: ReadonlySet<string> = new Set(SYMBOL_LABELS);

/** True for code symbols (the nodes modules group and flows step through). */
export function isSymbolNode(n: GraphNode): boolean {
  return SYMBOL_LABEL_SET.has(n.label);
}

/** True when an edge is trustworthy enough to shape modules and flows: resolved (not a name-only guess) at `minConfidence` or more. */
export function isConfident(e: GraphEdge, minConfidence: number): boolean {
  return e.reason !== 'name-only' && e.confidence >= minConfidence;
}

/**
 * Whether a heritage edge (EXTENDS, IMPLEMENTS) passes on its base's members called `name`: not when the clause
 * leaves the key out (`interface X extends Omit<Base, 'a'>`: `omits`) or keeps only others (`Pick<Base, 'b'>`:
 * `picks`), so that an `a` X declares is its own, neither Base's override nor renamed with it.
 */
export function passesMember(e: GraphEdge, name: string): boolean {
  const omits = e.omits as readonly string[] | undefined;
  if (omits && omits.includes(name)) return false;
  const picks = e.picks as readonly string[] | undefined;
  return !picks || picks.includes(name);
}

/** Builds a uid: `<Label>:<filePath>:<qualified name>` (DESIGN.md §4). Duplicates get `#2`, `#3` via UidAllocator. */
export function makeUid(label: NodeLabel, filePath: string, qualifiedName: string): string {
  return `${label}:${filePath}:${qualifiedName}`;
}

/** Hands out unique uids in a deterministic order: the second symbol with the same key gets `#2`. */
export class UidAllocator {
  private readonly seen = new Map<string, number>();
  /** Returns the base uid the first time, then `base#2`, `base#3`, … */
  allocate(base: string): string {
    const n = (this.seen.get(base) ?? 0) + 1;
    this.seen.set(base, n);
    return n === 1 ? base : `${base}#${n}`;
  }
}
