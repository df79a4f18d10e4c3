/**
 * What a long-lived analyzing thread (a watcher's, in-worker.ts AnalyzeThread) keeps of its last analyze of each
 * repository: the facts and the graph it wrote. Its next analyze takes them as the previous index instead of
 * reading them back from the generation it published — on a large repository that read (tens of megabytes of
 * JSON, and the garbage it leaves) is most of what a one-file change costs besides the file itself. A kept index
 * is used only while the published generation is still the one it describes: another process's analyze, or a
 * failed run of this one, sends the next analyze back to the disk.
 */
import type { FileFacts } from '../extract/index.ts';
import { graphData, type GraphView } from '../graph/code-graph.ts';
import { factsBytes, type FactsText } from '../../index-store/parts.ts';
import { readFileTable, readMeta } from '../../index-store/format.ts';
import type { PreviousIndex } from './pipeline.ts';

interface Kept { generation: string; previous: PreviousIndex }

/** The last published analyze of each index folder, held by the thread that made it. */
export class ResidentIndexes {
  private readonly byIndex = new Map<string, Kept>();

  /** The kept index of `indexDir` when `published` is the generation it describes; else nothing (and it is dropped). */
  take(indexDir: string, published: string | undefined): PreviousIndex | undefined {
    const kept = this.byIndex.get(indexDir);
    if (!kept) return undefined;
    // (taken out while the run uses it: a run that fails half-way leaves nothing half-trusted behind)
    this.byIndex.delete(indexDir);
    return kept.generation === published ? kept.previous : undefined;
  }

  /** Keeps `previous` as what describes generation `generation` of `indexDir`. */
  put(indexDir: string, generation: string, previous: PreviousIndex): void {
    this.byIndex.set(indexDir, { generation, previous });
  }
}

/**
 * What a run just published in generation folder `dir` offers the next run: its facts (in file table order) with
 * the stored text each had at hand, and its final graph. The meta and the file table are read back from the
 * folder (small files), so they are exactly what a reader of the disk sees.
 */
export function residentIndex(dir: string, run: {
  facts: readonly FileFacts[]; factsText: (facts: FileFacts) => FactsText | undefined; graph: GraphView;
}): PreviousIndex {
  const meta = readMeta(dir);
  const table = readFileTable(dir);
  const facts = new Map<string, FileFacts>();
  // (the texts are taken now: the run's own look-up reaches back into the index before it, which must not stay alive)
  const texts = new WeakMap<FileFacts, FactsText>();
  for (const f of run.facts) {
    facts.set(f.path, f);
    const text = run.factsText(f);
    if (text !== undefined) texts.set(f, text);
  }
  // The stored text of a kept file's facts: what the run had at hand, else the same serialisation its parts
  // were written with (index-store/parts.ts partWrites), made when first asked for.
  const factsText = (f: FileFacts): FactsText | undefined => {
    if (facts.get(f.path) !== f) return undefined;
    let text = texts.get(f);
    if (text === undefined) { text = factsBytes(f); texts.set(f, text); }
    return text;
  };
  const data = graphData(run.graph);
  return {
    dir, meta,
    files: new Map(table.files.map((f) => [f.path, f])), skipped: new Map(table.skipped.map((s) => [s.path, s])),
    facts: () => facts, factsText, graph: () => data,
  };
}
