/**
 * The analyze entry points everyone uses: `analyzeRepository` (snapshot on disk + registry entry, atomic,
 * incremental) and `buildSnapshotInMemory` (the same pipeline, nothing written to the repository or registry).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CodegraphError } from '../errors.ts';
import type { FileFacts } from '../extract/index.ts';
import { toCodeGraph } from '../graph/code-graph.ts';
import type { RepoInfo, Snapshot } from '../../index-store/snapshot.ts';
import {
  GenerationWriter, SNAPSHOT_SCHEMA, cleanupGenerations, createGeneration, indexDirOf, publishGeneration, readFactsParts,
  readFileTable, readGraphData, readMeta, readPointer, sweepGenerations, type FactsText, type PartsMeta, type SnapshotMeta,
} from '../../index-store/format.ts';
import { checkName, chooseName, readRegistry, upsertRepo } from '../../index-store/registry.ts';
import { recoverInterruptedWrites, removeStaleTemps, withLock } from '../../index-store/atomic.ts';
import { generationDefect } from '../../index-store/verify.ts';
import { headCommit, headCommitAsync } from '../../index-store/git.ts';
import { EXTRACT_VERSION, runPipeline, type PreviousIndex } from './pipeline.ts';
import { TerminalProgress, type ProgressSink } from './progress.ts';
import type { AnalyzeSummary, Phase } from './summary.ts';
import type { ModulesOptions } from '../modules/index.ts';
import { residentIndex, type ResidentIndexes } from './resident.ts';

export { formatSummary, type AnalyzeSummary, type Phase } from './summary.ts';
export type { ProgressSink } from './progress.ts';

export interface AnalyzeOptions {
  /** Registry name; default: the existing entry's name for this path, else the folder's base name. */
  name?: string;
  /** Re-parse every file, ignoring the facts cache and the up-to-date check. */
  force?: boolean;
  /** Registry folder (default $CODEGRAPH_HOME, else ~/.codegraph). */
  home?: string;
  /** One-line messages for the user (warnings, skipped unreadable files). */
  log?: (message: string) => void;
  /** Terminal progress: a sink, or true for a line on stderr. */
  progress?: ProgressSink | boolean;
  /** Called as each phase starts; a throw aborts the analyze and leaves the previous snapshot (tests). */
  onPhase?: (phase: Phase) => void;
  /** Size limit per file (default 1 MiB). */
  maxFileBytes?: number;
  /** Extraction worker threads (default: in-process). */
  workers?: number;
  /** Search in a worker beside resolve, modules and processes (pipeline.ts BuildOptions.searchWorker; default: from 4,000 symbols). */
  searchWorker?: boolean;
  /** Embedder choice passed to lib/search. */
  embedder?: string;
  /** Module detection's options (e.g. `{ resolution: 1.5 }` for more, smaller modules). */
  modules?: ModulesOptions;
  /** How long to wait for another analyze of the same repository to finish (default 30 s). */
  lockWaitMs?: number;
  /**
   * A long-lived thread's store of its last analyze of each repository (resident.ts): the run takes its previous
   * index from there when it is still the published one, and leaves its own results there.
   */
  resident?: ResidentIndexes;
}

export interface AnalyzeResult {
  repo: RepoInfo;
  summary: AnalyzeSummary;
  /** Folder of the published generation. */
  dir: string;
}

/** Indexes `root` into `<root>/.codegraph` and registers it; incremental unless `force`. */
export async function analyzeRepository(root: string, options: AnalyzeOptions = {}): Promise<AnalyzeResult> {
  const realRoot = checkRoot(root);
  if (options.name !== undefined) checkNameSyntax(options.name);
  const name = chooseName(readRegistry(options.home), realRoot, options.name);
  checkName(readRegistry(options.home), name, realRoot);
  const log = options.log ?? (() => {});
  const progress = options.progress === true ? new TerminalProgress() : options.progress || undefined;

  const indexDir = indexDirOf(realRoot);
  const existed = fs.existsSync(indexDir);
  try {
    fs.mkdirSync(indexDir, { recursive: true });
    const ignore = path.join(indexDir, '.gitignore');
    if (!fs.existsSync(ignore)) fs.writeFileSync(ignore, '*\n');
  } catch (err) {
    throw new CodegraphError('INVALID_PATH', `cannot write the index folder ${indexDir}: ${(err as Error).message}`);
  }
  try {
    return await withLock(path.join(indexDir, 'analyze.lock'), `another codegraph analyze is running on ${realRoot}`, () =>
      analyzeLocked(realRoot, indexDir, name, options, log, progress), options.lockWaitMs);
  } catch (err) {
    if (!existed) fs.rmSync(indexDir, { recursive: true, force: true });
    throw err;
  }
}

async function analyzeLocked(root: string, indexDir: string, name: string, options: AnalyzeOptions,
  log: (m: string) => void, progress: ProgressSink | undefined): Promise<AnalyzeResult> {
  // Temporary files of writers killed half-way (a publish, a rename apply) go before anything else is written.
  removeStaleTemps(indexDir);
  recoverInterruptedWrites(indexDir);
  const previousName = readPointer(indexDir);
  // Started now, awaited when needed: git and the removal of old generations run while the files are read.
  const commit = headCommitAsync(root);
  const sweep = sweepGenerations(indexDir, previousName, SWEEP_GRACE_MS);
  const resident = options.resident?.take(indexDir, previousName);
  const previous = resident ?? (previousName ? loadPrevious(path.join(indexDir, previousName), log) : undefined);
  if (previous) {
    // Never call a damaged snapshot current: rebuild it (from the cached facts that are still readable).
    previous.defect = generationDefect(previous.dir);
    if (previous.defect) log(`the published index is damaged (${previous.defect}); writing it again`);
  }
  let generation: { name: string; dir: string } | undefined;
  let writer: GenerationWriter | undefined;
  const newGeneration = (): { name: string; dir: string } => (generation ??= createGeneration(indexDir));
  const generationWriter = (): GenerationWriter => (writer ??= new GenerationWriter(newGeneration().dir));
  let published = false;
  let parts: PartsMeta | undefined;
  let kept: { facts: readonly FileFacts[]; factsText: (facts: FileFacts) => FactsText | undefined } | undefined;
  try {
    const out = await runPipeline({
      root, name, previous, force: options.force, maxFileBytes: options.maxFileBytes, workers: options.workers,
      searchWorker: options.searchWorker, embedder: options.embedder, modules: options.modules, log, progress, onPhase: options.onPhase,
      searchDir: () => newGeneration().dir,
      // Files are written as soon as their data is final, their I/O overlapping the later phases.
      output: {
        resolved: ({ table, facts, refs, unresolved, factsText, kept: keptFiles }) => {
          if (options.resident) kept = { facts, factsText: (f) => factsText(f as FileFacts) };
          const w = generationWriter();
          w.files(table);
          // the previous generation's buckets of unchanged files are linked, not written again (index-store/parts.ts)
          const linkable = previous && previous.meta.parts && !previous.defect;
          parts = w.parts({
            paths: table.files.map((f) => f.path), facts, cachedText: (f) => factsText(f as FileFacts), refs: refs.all, sites: unresolved.all,
            previous: linkable ? {
              dir: previous.dir, parts: previous.meta.parts!, paths: [...previous.files.keys()],
              cachedFacts: (f) => previous.factsText?.(f as FileFacts) !== undefined, kept: keptFiles,
            } : undefined,
          });
          return { references: parts.refs.reduce((a, b) => a + b, 0) };
        },
        graph: (graph) => generationWriter().graph(graph),
      },
    });
    if (out.upToDate && previous) {
      if (resident) options.resident!.put(indexDir, previousName!, resident);
      const repo: RepoInfo = { name, path: root, indexedAt: previous.meta.indexedAt, lastCommit: previous.meta.commit, stats: previous.meta.stats };
      const entry = readRegistry(options.home).find((e) => e.path === root);
      if (!entry || JSON.stringify(entry) !== JSON.stringify(repo)) await upsertRepo(repo, options.home);
      return { repo, summary: out.summary, dir: previous.dir };
    }

    const tWrite = performance.now();
    options.onPhase?.('write');
    const w = generationWriter();
    generation = newGeneration();
    const repo: RepoInfo = { name, path: root, indexedAt: out.indexedAt, lastCommit: await commit, stats: out.stats };
    const meta: SnapshotMeta = {
      schema: SNAPSHOT_SCHEMA, generation: generation.name, name, root, indexedAt: out.indexedAt, commit: repo.lastCommit,
      embedder: out.embedder, extractVersion: EXTRACT_VERSION, stats: out.stats,
      configFiles: out.configFiles, configListing: out.configListing, summary: out.summary,
      ...(out.incremental ? { incremental: out.incremental } : {}), ...(parts ? { parts } : {}),
    };
    await w.finish(meta);
    const finalWrite = Math.round(performance.now() - tWrite);
    out.summary.timings.write = (out.summary.timings.write ?? 0) + finalWrite;
    out.summary.timings.total += finalWrite;
    publishGeneration(indexDir, generation.name);
    published = true;
    try {
      await upsertRepo(repo, options.home);
    } catch (err) {
      // Keep snapshot and registry in step: put the previous generation back before failing.
      if (previousName) publishGeneration(indexDir, previousName);
      else fs.rmSync(path.join(indexDir, 'CURRENT'), { force: true });
      published = false;
      throw err;
    }
    await sweep; // never both removing the same folder
    cleanupGenerations(indexDir, previousName ? [generation.name, previousName] : [generation.name]);
    if (options.resident && kept && out.graph) {
      // (keeping is an optimisation: a generation that cannot be read back only means the next run reads it from disk)
      try { options.resident.put(indexDir, generation.name, residentIndex(generation.dir, { ...kept, graph: out.graph })); } catch { /* the next run reads the disk */ }
    }
    return { repo, summary: out.summary, dir: generation.dir };
  } finally {
    if (generation && !published) {
      await writer?.settle(); // no write may still be landing in the folder being removed
      fs.rmSync(generation.dir, { recursive: true, force: true });
    }
    await sweep;
  }
}

/**
 * An analyze starting at least this long after the pointer last moved removes the generations older than the
 * published one right away, in the background (a reader that read the pointer before has had this long to
 * load); sooner, they are removed at the end as before.
 */
const SWEEP_GRACE_MS = 10_000;

/** The previous generation as an incremental cache, or undefined when it is missing, old or unreadable. */
function loadPrevious(dir: string, log: (m: string) => void): PreviousIndex | undefined {
  try {
    const meta = readMeta(dir);
    if (meta.schema !== SNAPSHOT_SCHEMA) {
      log(`the existing index uses snapshot format ${meta.schema}; rebuilding with format ${SNAPSHOT_SCHEMA}`);
      return undefined;
    }
    const table = readFileTable(dir);
    let facts: Map<string, FileFacts> | undefined;
    // Keyed by the very objects handed out: facts the pipeline passes on unchanged are written back as read.
    const texts = new WeakMap<FileFacts, FactsText>();
    const loadFacts = (): Map<string, FileFacts> => {
      if (facts) return facts;
      facts = new Map();
      // (a bucket that cannot be read only means its files are parsed again)
      const { parts: read, failed } = readFactsParts(dir, meta.sizes);
      if (failed.length) log(`the facts cache could not be read (${failed[0]}); parsing those files again`);
      const recorded = new Set(table.files.map((f) => f.path));
      for (const part of read) {
        part.facts.forEach((x, i) => {
          const f = x as FileFacts;
          if (!f || typeof f.path !== 'string' || !recorded.has(f.path)) return;
          facts!.set(f.path, f);
          if (part.lines) texts.set(f, part.lines[i]);
        });
      }
      return facts;
    };
    return {
      dir, meta, files: new Map(table.files.map((f) => [f.path, f])), skipped: new Map(table.skipped.map((s) => [s.path, s])),
      facts: loadFacts, factsText: (f) => texts.get(f),
      graph: () => readGraphData(dir),
    };
  } catch (err) {
    log(`the existing index could not be read (${(err as Error).message}); rebuilding it`);
    return undefined;
  }
}

export interface InMemoryOptions {
  name?: string;
  /** Build the search indexes (into a temporary folder removed at exit); default true. */
  search?: boolean;
  log?: (message: string) => void;
  maxFileBytes?: number;
  embedder?: string;
  workers?: number;
  searchWorker?: boolean;
}

const tempDirs = new Set<string>();
let exitHook = false;

/**
 * Runs the whole pipeline on `root` and returns the Snapshot, writing nothing to the repository or the
 * registry (search files, when built, go to a temporary folder that lives until the process exits).
 */
export async function buildSnapshotInMemory(root: string, options: InMemoryOptions = {}): Promise<Snapshot> {
  const realRoot = checkRoot(root);
  const name = options.name ?? (path.basename(realRoot) || 'root');
  let searchDir: string | undefined;
  const out = await runPipeline({
    root: realRoot, name, log: options.log ?? (() => {}), maxFileBytes: options.maxFileBytes, workers: options.workers,
    searchWorker: options.searchWorker, embedder: options.embedder,
    searchDir: options.search === false ? undefined : () => (searchDir = makeTempDir()),
  });
  const repo: RepoInfo = { name, path: realRoot, indexedAt: out.indexedAt, lastCommit: headCommit(realRoot), stats: out.stats };
  // Imported here, not at the top: `codegraph analyze` (which imports this module) never needs them.
  const [{ loadSearch }, { writeFilesAtomically }, { createRepoHost }, { assembleSnapshot }] = await Promise.all([
    import('../search/load.ts'), import('../rename/apply.ts'), import('../../index-store/host.ts'), import('../../index-store/assemble.ts'),
  ]);
  const search = searchDir ? await loadSearch(searchDir) : undefined;
  return assembleSnapshot({
    repo, graph: toCodeGraph(out.graph!), refs: out.refs!, unresolved: out.unresolved, files: out.table.files, search,
    // Rename apply works on an in-memory snapshot too; the snapshot itself is not refreshed afterwards.
    host: createRepoHost({ root: realRoot, searchDir, write: (r, changes) => writeFilesAtomically(r, changes) }),
  });
}

function makeTempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codegraph-mem-'));
  tempDirs.add(dir);
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => { for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true }); });
  }
  return dir;
}

/** Real path of an existing, readable directory; INVALID_PATH otherwise. */
export function checkRoot(root: string): string {
  if (typeof root !== 'string' || root === '') throw new CodegraphError('INVALID_PATH', 'no path given');
  const abs = path.resolve(root);
  let st: fs.Stats;
  try {
    st = fs.statSync(abs);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CodegraphError('INVALID_PATH', `path does not exist: ${abs}`);
    if (code === 'ELOOP') throw new CodegraphError('INVALID_PATH', `path is a symbolic link loop: ${abs}`);
    throw new CodegraphError('INVALID_PATH', `cannot access ${abs}: ${code ?? (err as Error).message}`);
  }
  if (!st.isDirectory()) throw new CodegraphError('INVALID_PATH', `not a directory: ${abs}`);
  try {
    fs.accessSync(abs, fs.constants.R_OK | fs.constants.X_OK);
  } catch {
    throw new CodegraphError('INVALID_PATH', `directory is not readable: ${abs}`);
  }
  return fs.realpathSync(abs);
}

/** Names appear in URIs and CLI arguments: printable, no path separators, at most 100 characters. */
function checkNameSyntax(name: string): void {
  if (typeof name !== 'string' || name.trim() === '' || name.length > 100 || /[/\\\u0000-\u001f\u007f]/.test(name) || name !== name.trim()) {
    throw new CodegraphError('VALIDATION_ERROR', `invalid repository name '${name}': use 1-100 printable characters without '/' or '\\'`);
  }
}
