/**
 * Entry points: where an execution flow plausibly starts, scored from what the code itself says —
 * framework registrations (route handlers, CLI commands, event listeners), being run by a file's top-level
 * code, having no callers, being exported, and conventional names. Test and declaration files never hold entries.
 */
import type { GraphView } from '../graph/code-graph.ts';
import type { GraphEdge, GraphNode } from '../graph/schema.ts';
import { isDeclarationPath, isTestPath } from '../util/paths.ts';
import { isConfident, isSymbolNode } from '../graph/schema.ts';

/** What made a symbol an entry, strongest reason first. */
export type EntryKind = 'route' | 'command' | 'listener' | 'middleware' | 'script' | 'main' | 'handler' | 'export' | 'function';

export interface Entry {
  uid: string;
  score: number;
  kind: EntryKind;
  /** Text of the registering call (e.g. `router.get`), when a registration was seen. */
  registeredBy?: string;
  /**
   * Set when the registration was of an anonymous function that calls this symbol (`router.get('/u', (req,
   * res) => users.getUser(req, res))`, seen through the indexer's `via` on CALLS): the flow is that inline
   * handler's, and is named after the registration. The route path, when the edge carries one.
   */
  inline?: { path?: string };
}

export interface EntryOptions {
  /** Edges below this confidence, and `name-only` edges, are ignored (default 0.5). */
  minConfidence?: number;
  /** Minimum score of an entry (default 1.5). */
  minEntryScore?: number;
}

/** Registration callees: the method name of the call a function is passed to, and what it means. */
const REGISTRATIONS: [RegExp, EntryKind, number][] = [
  [/^(?:post|put|patch|delete|del|route|all|head|options)$/i, 'route', 3],
  [/^(?:action|command|handler)$/i, 'command', 3],
  [/^(?:on|once|addListener|addEventListener|prependListener)$/, 'listener', 2],
  [/^(?:use)$/, 'middleware', 1.5],
];
/** Weight of a registration a language's resolver marks on a node (`entryKind`), as for a registering call. */
const DECLARED_WEIGHT: Readonly<Record<string, number>> = { route: 3, command: 3, listener: 2, main: 2.5, script: 1.4 };
/** `get` registers a route only on a receiver that looks like an app, router or server (not a Map). */
const ROUTER_RECEIVER = /(?:^|\.)(?:app|router|routes?|server|api|fastify|r|http|express|koa|hono)$/i;

const MAIN_NAME = /^(?:main|run|start|bootstrap|serve|cli|listen|execute)$/i;
const HANDLER_NAME = /^(?:handle|on)[A-Z_]|(?:Handler|Listener|Command|Controller|Action|Route|Endpoint|Middleware)$/;
const HANDLER_OWNER = /(?:Controller|Handler|Resolver|Command|Listener|Subscriber|Gateway|Endpoint|Router|Routes|Cli)$/;
/** A request-handler signature: `(req, res…)` or `(request, h…)`. */
const REQUEST_SIGNATURE = /\(\s*(?:req|request|ctx|event)\b[^)]*(?:\bres\b|\breply\b|\bh\b|\bresponse\b|\bnext\b|\)$)/;

/** The name a flow started by an inline handler goes by: `GET /users/:id`, else `router.get handler` (`seed command`). */
export function inlineLabel(registeredBy: string, path?: string): string {
  // `program.command('seed').description('…').action` reads as `seed command`.
  const command = /\.command\(\s*['"`]([^'"`\s]+)/.exec(registeredBy);
  if (command) return `${command[1]} command`;
  const method = registeredBy.slice(registeredBy.lastIndexOf('.') + 1);
  if (path && /^(?:get|post|put|patch|delete|del|head|options|all)$/i.test(method)) return `${method === 'del' ? 'DELETE' : method.toUpperCase()} ${path}`;
  return path ? `${registeredBy} ${path}` : `${registeredBy} handler`;
}

/** Kind and weight of a callback registration, from the callee text of the call it was passed to. */
export function classifyRegistration(callee: string): { kind: EntryKind; weight: number } | undefined {
  const dot = callee.lastIndexOf('.');
  const method = dot < 0 ? callee : callee.slice(dot + 1);
  const receiver = dot < 0 ? '' : callee.slice(0, dot);
  if (method === 'get') return ROUTER_RECEIVER.test(receiver) ? { kind: 'route', weight: 3 } : undefined;
  if (dot < 0 && method !== 'addEventListener') return undefined; // a plain function call: no framework seen
  for (const [re, kind, weight] of REGISTRATIONS) if (re.test(method)) return { kind, weight };
  return undefined;
}

/**
 * Scores the symbols that call something (`callers`: only they can start a flow; most symbols call nothing,
 * so the caller passes these rather than every node) and returns the entries, best first (ties by uid).
 */
export function findEntries(graph: GraphView, callers: Iterable<GraphNode>, options: EntryOptions = {}): Entry[] {
  const minConfidence = options.minConfidence ?? 0.5;
  const minScore = options.minEntryScore ?? 1.5;
  const out: Entry[] = [];
  const testFile = new Map<string | undefined, boolean>();
  const inTest = (filePath: string | undefined): boolean => {
    let t = testFile.get(filePath);
    if (t === undefined) testFile.set(filePath, (t = isTestPath(filePath)));
    return t;
  };
  for (const n of callers) {
    if (n.name === 'constructor' || !isSymbolNode(n)) continue;
    if (isTestPath(n.filePath) || isDeclarationPath(n.filePath)) continue;
    const e = scoreEntry(graph, n, minConfidence, inTest);
    if (e && e.score >= minScore) out.push(e);
  }
  out.sort((x, y) => y.score - x.score || (x.uid < y.uid ? -1 : x.uid > y.uid ? 1 : 0));
  return out;
}

/** Scores one symbol as an entry point (see docs/flows.md for the table). */
export function scoreEntry(graph: GraphView, n: GraphNode, minConfidence: number, inTest: (filePath: string | undefined) => boolean = isTestPath): Entry | undefined {
  let score = 0;
  let kind: EntryKind = 'function';
  let kindWeight = 0;
  let registeredBy: string | undefined;
  // Incoming edges walked twice (registrations first, then calls) without building filtered lists.
  graph.forEachInEdge(n.uid, (_k, e) => {
    if (e.type !== 'REFERENCES' || e.role !== 'callback' || typeof e.callee !== 'string' || !isConfident(e, minConfidence)) return;
    const reg = classifyRegistration(e.callee);
    // Strongest registration wins; equal ones are settled by callee text, not by edge order.
    if (!reg || reg.weight < kindWeight || (reg.weight === kindWeight && registeredBy !== undefined && e.callee >= registeredBy)) return;
    kind = reg.kind; kindWeight = reg.weight;
    registeredBy = e.callee;
  });
  // Calls made inside an anonymous function passed to a registration (`via` on the CALLS edge, from the
  // indexer): the callee does the inline handler's work, so it starts the handler's flow. In the same walk,
  // the confident non-test callers, and whether a file's top-level code runs it.
  let inline: { path?: string } | undefined;
  let callers = 0;
  let topLevel = false;
  graph.forEachInEdge(n.uid, (_k, e, source, _t, src) => {
    if (e.type !== 'CALLS' || !isConfident(e, minConfidence)) return;
    if (typeof e.via === 'string') {
      const reg = classifyRegistration(e.via);
      if (reg) {
        // A registration call: the framework runs it, so it is no caller either.
        if (!(reg.weight < kindWeight || (reg.weight === kindWeight && registeredBy !== undefined && e.via >= registeredBy))) {
          kind = reg.kind; kindWeight = reg.weight;
          registeredBy = e.via;
          const path = routePath(e);
          inline = path ? { path } : {};
        }
        return;
      }
    }
    if (source === n.uid || inTest(src.filePath)) return;
    if (src.label === 'File') topLevel = true; else callers++;
  });
  // a registration the project declares outside its calls (a console script in pyproject.toml), marked on the node
  // by the language's resolver (lib/extract/relations.ts markEntry)
  if (typeof n.entryKind === 'string' && typeof n.registeredBy === 'string') {
    const w = DECLARED_WEIGHT[n.entryKind] ?? 0;
    if (w > kindWeight) { kind = n.entryKind as EntryKind; kindWeight = w; registeredBy = n.registeredBy; }
  }
  score += kindWeight;

  // Weaker evidence names the kind only when nothing stronger did (no closure: this runs per candidate).
  if (topLevel) { score += 1.5; if (1.4 > kindWeight) { kind = 'script'; kindWeight = 1.4; } }
  if (callers === 0) score += 1;
  else if (callers <= 2) score += 0.25;
  else if (!registeredBy) score -= 0.5 * (callers - 2);

  const owner = ownerOf(graph, n);
  if (n.exported || owner?.exported) { score += 0.75; if (0.1 > kindWeight) { kind = 'export'; kindWeight = 0.1; } }
  if (MAIN_NAME.test(n.name)) { score += 1.5; if (1.3 > kindWeight) { kind = 'main'; kindWeight = 1.3; } }
  if (HANDLER_NAME.test(n.name) || (owner && HANDLER_OWNER.test(owner.name))) { score += 1; if (1 > kindWeight) { kind = 'handler'; kindWeight = 1; } }
  if (typeof n.signature === 'string' && REQUEST_SIGNATURE.test(n.signature)) { score += 1; if (1 > kindWeight) { kind = 'handler'; kindWeight = 1; } }
  if (n.name.startsWith('_') || n.name.startsWith('#')) score -= 1;
  const entry: Entry = { uid: n.uid, score: Math.round(score * 100) / 100, kind };
  if (registeredBy) entry.registeredBy = registeredBy;
  if (inline) entry.inline = inline;
  return entry;
}

/**
 * True for a call made inside an anonymous function given to a registration (`via: 'router.get'`): the
 * registering function does not run it — the framework does, later — so it is not a step of its flows.
 * Calls inside other callbacks (`list.map(x => f(x))`, `db.transaction(tx => …)`) do run there.
 */
export function isRegistrationCall(e: GraphEdge): boolean {
  return typeof e.via === 'string' && classifyRegistration(e.via) !== undefined;
}

/** The route path of a registration when the edge carries it (`path`/`route`, or quoted in the callee text). */
function routePath(e: GraphEdge): string | undefined {
  for (const v of [e.path, e.route]) if (typeof v === 'string' && v.startsWith('/')) return v;
  const m = typeof e.via === 'string' ? /\(\s*['"`](\/[^'"`]*)['"`]/.exec(e.via) : null;
  return m ? m[1] : undefined;
}

/** The class (or interface) that owns a method, through HAS_METHOD. */
function ownerOf(graph: GraphView, n: GraphNode): GraphNode | undefined {
  if (n.label !== 'Method' && n.label !== 'Property') return undefined;
  let owner: GraphNode | undefined;
  graph.someInEdge(n.uid, (_k, e, _s, _t, source) => e.type === 'HAS_METHOD' && ((owner = source), true));
  return owner;
}
