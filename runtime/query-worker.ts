/**
 * The query pool's worker thread (runtime/query-pool.ts): runs budgeted tools (cypher) on its own copy of a
 * snapshot's graph, so a query that runs to its budget never holds up the server's event loop, and one the
 * budget cannot stop (a single long regular-expression match, a sort) can be ended by terminating the thread.
 * A graph is loaded once per snapshot: from its generation folder when it came from disk, else from the data
 * the pool sends.
 */
import { parentPort } from 'node:worker_threads';
import v8 from 'node:v8';
import vm from 'node:vm';
import { findTool } from './tool-runner.ts';
import { codeGraphFromData, type CodeGraph, type CodeGraphData, type EdgeEndPositions } from '../lib/graph/code-graph.ts';
import { readGraph } from '../index-store/format.ts';
import { isCodegraphError, toCodegraphError } from '../lib/errors.ts';
import type { Snapshot } from '../index-store/snapshot.ts';

/** Where a worker gets a snapshot's graph. */
export type GraphSource = { dir: string } | { data: CodeGraphData; ends?: EdgeEndPositions };

export type QueryJob =
  | { type: 'run'; job: number; key: number; load?: GraphSource; tool: string; request: Record<string, unknown>; repo: Snapshot['repo'] }
  | { type: 'drop'; key: number }
  | { type: 'heap' };

export type QueryReply =
  | { type: 'loaded'; job: number }
  | { type: 'load-failed'; job: number; message: string }
  | { type: 'done'; job: number; result: unknown }
  | { type: 'failed'; job: number; error: { code: string; message: string; details?: unknown }; internal?: string }
  | { type: 'heap'; used: number };

const graphs = new Map<number, CodeGraph>();

/** A snapshot with the graph only: the tools run here read nothing else. */
function graphSnapshot(graph: CodeGraph, repo: Snapshot['repo']): Snapshot {
  const none = () => { throw new Error('this worker runs graph-only tools'); };
  return {
    repo, graph, files: new Map(), refs: undefined as unknown as Snapshot['refs'],
    host: { readFile: none, listFiles: none, gitDiff: none, embed: none },
  };
}

function loadGraph(source: GraphSource): CodeGraph {
  return 'dir' in source ? readGraph(source.dir) : codeGraphFromData(source.data, source.ends);
}

async function handle(msg: QueryJob): Promise<void> {
  if (msg.type === 'drop') { graphs.delete(msg.key); return; }
  if (msg.type === 'heap') { parentPort!.postMessage({ type: 'heap', used: heapAfterGc() } satisfies QueryReply); return; }
  const { job } = msg;
  let graph = graphs.get(msg.key);
  if (!graph) {
    if (!msg.load) { parentPort!.postMessage({ type: 'load-failed', job, message: 'graph not loaded' } satisfies QueryReply); return; }
    try {
      graph = loadGraph(msg.load);
    } catch (err) {
      parentPort!.postMessage({ type: 'load-failed', job, message: err instanceof Error ? err.message : String(err) } satisfies QueryReply);
      return;
    }
    graphs.set(msg.key, graph);
  }
  parentPort!.postMessage({ type: 'loaded', job } satisfies QueryReply);
  try {
    const tool = findTool(msg.tool);
    if (!tool) throw new Error(`no tool ${msg.tool}`);
    const result = await tool.definition.run(msg.request, graphSnapshot(graph, msg.repo));
    parentPort!.postMessage({ type: 'done', job, result } satisfies QueryReply);
  } catch (err) {
    const e = toCodegraphError(err);
    const body = e.toBody().error;
    parentPort!.postMessage({
      type: 'failed', job, error: { code: body.code, message: body.message, ...(body.details !== undefined ? { details: body.details } : {}) },
      ...(isCodegraphError(err) ? {} : { internal: err instanceof Error ? err.stack ?? err.message : String(err) }),
    } satisfies QueryReply);
  }
}

/** This thread's heap in use after a full collection (what a query left behind for good). */
function heapAfterGc(): number {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
  return v8.getHeapStatistics().used_heap_size;
}

parentPort?.on('message', (msg: QueryJob) => { void handle(msg); });
