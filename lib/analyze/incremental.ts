/**
 * Incremental resolve: when a run may take the previous snapshot's relations of unchanged files instead of
 * resolving every file again (lib/resolve ResolveReuse), and the previous results it takes them from (their references
 * and unresolved sites are not read: the new generation links the previous one's parts, index-store/parts.ts).
 *
 * A run may when the previous generation was made by this very code (codeStamp) with a partitioned resolution
 * (every relation edge made while resolving its source's file), its facts cache is usable, the set of indexed files
 * is the same, and the project configuration read for resolution is the same (configuration files and installed
 * dependencies' manifests). lib/resolve then checks the rest — every changed file keeps its outward shape
 * (lib/resolve/shape.ts) and is resolved by the shared evaluator — and otherwise resolves everything.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { FileFacts } from '../extract/index.ts';
import type { GraphEdge, GraphNode } from '../graph/schema.ts';
import { isRelationEdge, type ResolveReuse } from '../resolve/index.ts';
import { sha256 } from '../files/source.ts';
import { addCodeEdge, denseGraph, graphData, type CodeGraphData, type GraphView } from '../graph/code-graph.ts';
import type { ModulesOptions } from '../modules/index.ts';
import type { FactsText, FileRecord, SnapshotMeta } from '../../index-store/format.ts';

let stamp: string | undefined;

/**
 * Identity of the code that resolves, every language's rules included. A snapshot made by another build of codegraph
 * is never taken over: its resolver may differ. In the bundle: the file holding this module and the names of the
 * chunks beside it (esbuild names each chunk by a hash of its content, and a language's resolver may sit in a chunk
 * of its own); run from sources: every module of lib/.
 */
export function codeStamp(): string {
  if (stamp) return stamp;
  const here = fileURLToPath(import.meta.url);
  const dir = path.dirname(here);
  const read = (f: string): string => { try { return fs.readFileSync(f).toString('latin1'); } catch { return ''; } };
  if (here.endsWith('.ts')) {
    const lib = path.resolve(dir, '..');
    const files = (fs.readdirSync(lib, { recursive: true }) as string[]).map((f) => String(f).split(path.sep).join('/')).filter((f) => /\.(ts|scm)$/.test(f)).sort();
    stamp = sha256(files.map((f) => `${f}\0${read(path.join(lib, f))}`).join('\0'));
  } else {
    const chunks = fs.readdirSync(dir).filter((n) => /^cli-.+\.mjs$/.test(n)).sort();
    stamp = sha256(`${read(here)}\0${chunks.join('\0')}`);
  }
  return stamp;
}

/** What the previous generation holds for an incremental resolve (read on demand). */
export interface PreviousResolution {
  meta: SnapshotMeta;
  files: ReadonlyMap<string, FileRecord>;
  facts(): ReadonlyMap<string, FileFacts>;
  /** The JSON lines a file's cached facts were read from (undefined: not at hand). */
  factsText?(facts: FileFacts): FactsText | undefined;
  graph(): CodeGraphData;
}

/**
 * The previous results to take over for the files in `clean`, when this run may (see the module comment);
 * undefined otherwise.
 */
export function previousResolution(previous: PreviousResolution | undefined, run: {
  paths: readonly string[]; clean: ReadonlySet<string>; configFiles: Record<string, string>; configListing: string;
  log: (message: string) => void;
}): ResolveReuse | undefined {
  if (!previous || run.clean.size === 0) return undefined;
  const inc = previous.meta.incremental;
  if (!inc || inc.stamp !== codeStamp() || !inc.partitioned) return undefined;
  if (previous.meta.configListing !== run.configListing || !sameRecord(previous.meta.configFiles, run.configFiles)) return undefined;
  if (run.paths.length !== previous.files.size || run.paths.some((p) => !previous.files.has(p))) return undefined;
  let data: CodeGraphData;
  try {
    data = previous.graph();
  } catch (err) {
    run.log(`the previous graph could not be read (${(err as Error).message}); resolving every file`);
    return undefined;
  }
  const fileOf = new Map<string, string>();
  const marks = new Map<string, { entryKind: unknown; registeredBy: unknown }>();
  for (const n of data.nodes) {
    if (n.filePath !== undefined && n.label !== 'Folder') fileOf.set(n.uid, n.filePath);
    if (n.entryKind !== undefined || n.registeredBy !== undefined) marks.set(n.uid, { entryKind: n.entryKind, registeredBy: n.registeredBy });
  }
  const edges = new Map<string, GraphEdge[]>();
  for (const e of data.edges) {
    if (!isRelationEdge(e)) continue;
    const file = fileOf.get(e.source);
    if (file === undefined || !run.clean.has(file)) continue;
    const list = edges.get(file);
    if (list) list.push(e); else edges.set(file, [e]);
  }
  const facts = previous.facts();
  return {
    clean: run.clean,
    edges: (p) => edges.get(p) ?? [],
    unresolved: (p) => previous.files.get(p)?.unresolvedCalls ?? 0,
    previousFacts: (p) => facts.get(p),
    marks,
    factsText: (p) => { const f = facts.get(p); const text = f && previous.factsText?.(f); return text && [text.head, text.body]; },
  };
}

function sameRecord(a: Record<string, string> | undefined, b: Record<string, string>): boolean {
  if (!a) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (!(k in b) || a[k] !== b[k]) return false;
  return true;
}

/**
 * What module detection depends on besides the graph: the code that detects (codeStamp) and the options. Module
 * detection reads every node and edge with all their properties but positions (node lines, edge lines, which
 * lib/modules never reads), in graph order: with the same key and a graph that is the previous one but for
 * positions (sameForModules), the communities are the previous ones.
 */
export function modulesKey(options: ModulesOptions | undefined): string {
  return sha256(`${codeStamp()}\0${JSON.stringify(options ?? {})}`);
}

/**
 * True when `graph` (before modules) holds the nodes and edges of `previous` (a generation's graph, modules and
 * processes included) as they were before modules, in the same order, every property equal but the positions
 * (`line`, `endLine` and `localScope`, at any depth): what modules and processes added — Community and Process nodes, MEMBER_OF
 * and STEP_IN_PROCESS edges, each member's `module` — is left out of `previous`. Compared in place rather than
 * through a digest of both graphs' text, which cost a large repository's one-file run a second of serialising
 * and hashing. A property whose value is undefined counts as absent (JSON drops it).
 */
export function sameForModules(graph: GraphView, previous: CodeGraphData): boolean {
  const { nodes, edges } = graphData(graph);
  let i = 0;
  for (const n of previous.nodes) {
    if (n.label === 'Community' || n.label === 'Process') continue;
    if (i >= nodes.length || !sameProps(nodes[i++] as unknown as Rec, n as unknown as Rec, 'module')) return false;
  }
  if (i !== nodes.length) return false;
  let k = 0;
  for (const e of previous.edges) {
    if (e.type === 'MEMBER_OF' || e.type === 'STEP_IN_PROCESS') continue;
    if (k >= edges.length || !sameProps(edges[k++] as unknown as Rec, e as unknown as Rec)) return false;
  }
  return k === edges.length;
}

type Rec = Record<string, unknown>;

/**
 * Properties that place a node or edge in its file, which lib/modules never reads: lines, and a local declaration's
 * scope (`localScope`, an offset: which declarations share a scope is the resolver's business, and it made the edges).
 */
const position = (key: string): boolean => key === 'line' || key === 'endLine' || key === 'localScope';

/** Two records equal but for their positions (at any depth) and, on `b`'s top level only, the key `skip`. */
function sameProps(a: Rec, b: Rec, skip?: string): boolean {
  let na = 0;
  for (const key in a) {
    const v = a[key];
    if (v === undefined || position(key)) continue;
    if (key === skip || !sameValue(v, b[key])) return false;
    na++;
  }
  let nb = 0;
  for (const key in b) if (b[key] !== undefined && !position(key) && key !== skip) nb++;
  return na === nb;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i] ?? null, b[i] ?? null)) return false;
    return true;
  }
  return !Array.isArray(b) && sameProps(a as Rec, b as Rec);
}

/**
 * Puts the previous run's modules into `graph` (whose modules digest equals the previous one's): its Community
 * nodes and MEMBER_OF edges in their order, and each member's `module`, as detectModules would have written them.
 */
export function reuseModules(graph: GraphView, previous: CodeGraphData): { communities: number } | undefined {
  // checked before anything is written: on a mismatch the caller detects the modules on an untouched graph
  // (a Process node's `module` is written by processes, which run again)
  const member = (n: GraphNode): boolean => n.module !== undefined && n.label !== 'Process' && n.label !== 'Community';
  const communities = new Set<string>();
  for (const n of previous.nodes) {
    if (n.label === 'Community') communities.add(n.uid);
    else if (member(n) && !graph.hasNode(n.uid)) return undefined;
  }
  const members = previous.edges.filter((e) => e.type === 'MEMBER_OF');
  if (members.some((e) => !communities.has(e.target) || !graph.hasNode(e.source))) return undefined;
  for (const n of previous.nodes) {
    if (n.label === 'Community') graph.addNode(n.uid, { ...n });
    else if (member(n)) graph.getNodeAttributes(n.uid).module = n.module;
  }
  for (const e of members) addCodeEdge(graph, { ...e });
  return { communities: communities.size };
}

/**
 * A digest of what processes read of a graph whose modules are `modulesDigest`'s (modulesKey) and are put on it:
 * that digest and, for every CALLS edge, the rank of its line among the lines of the CALLS edges leaving the same
 * node (equal lines the same rank). Processes read no other position: a call's line only orders a caller's callees
 * (lib/processes/trace.ts), and ranks order them as the lines do. So a body edit that moves calls but not their
 * order within each caller keeps the flows, and the same digest means the same Process nodes and steps.
 */
export function processesKey(graph: GraphView, modulesDigest: string): string {
  const { edges, src } = denseGraph(graph);
  const calls: number[] = [];
  for (let k = 0; k < edges.length; k++) if (edges[k].type === 'CALLS') calls.push(k);
  const lineOf = (k: number): number => edges[k].line ?? Number.MAX_SAFE_INTEGER;
  calls.sort((a, b) => src[a] - src[b] || lineOf(a) - lineOf(b) || a - b);
  const rank = new Int32Array(edges.length).fill(-1);
  for (let i = 0, r = 0; i < calls.length; i++) {
    const k = calls[i], prev = calls[i - 1];
    if (i > 0 && src[prev] === src[k]) { if (lineOf(prev) !== lineOf(k)) r++; } else r = 0;
    rank[k] = r;
  }
  const h = createHash('sha256');
  h.update(`${modulesDigest}\0processes\0`);
  h.update(new Uint8Array(rank.buffer));
  return h.digest('hex');
}

/**
 * Puts the previous run's processes into `graph` (whose processes digest equals the previous one's, after the
 * previous modules were put back): its Process nodes and STEP_IN_PROCESS edges in their order, as traceProcesses
 * would have added them. Undefined, with nothing written, when the previous graph does not fit.
 */
export function reuseProcesses(graph: GraphView, previous: CodeGraphData): { processes: number } | undefined {
  const nodes = previous.nodes.filter((n) => n.label === 'Process');
  const uids = new Set(nodes.map((n) => n.uid));
  const steps = previous.edges.filter((e) => e.type === 'STEP_IN_PROCESS');
  if (nodes.some((n) => graph.hasNode(n.uid)) || steps.some((e) => !uids.has(e.target) || !graph.hasNode(e.source))) return undefined;
  for (const n of nodes) graph.addNode(n.uid, { ...n });
  for (const e of steps) addCodeEdge(graph, { ...e });
  return { processes: nodes.length };
}
