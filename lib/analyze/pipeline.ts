/**
 * The analyze pipeline, independent of where its result goes: walk → read and hash → extract changed files
 * (cached facts for the rest) → resolve all facts → modules → processes → search. lib/analyze/index.ts puts
 * the result on disk (analyzeRepository) or in memory (buildSnapshotInMemory).
 */
import path from 'node:path';
import type { FileFacts } from '../extract/index.ts';
import { MAX_TREE_DEPTH } from '../extract/halves.ts';
import { EXTRACT_VERSION as FACTS_VERSION, LANGUAGES, languageOf, PACKAGE_MARKERS, loadDependencyTypes, loadProjectConfig, type LanguageId } from '../lang/index.ts';
import { resolveProject } from '../resolve/index.ts';
import { collectGarbage } from '../util/collect-garbage.ts';
import { detectModules, type ModulesOptions } from '../modules/index.ts';
import { traceProcesses } from '../processes/index.ts';
import { buildSearch, packSearchable } from '../search/index.ts';
import type { CodeGraphData, GraphView } from '../graph/code-graph.ts';
import { codeStamp, modulesKey, previousResolution, processesKey, reuseModules, reuseProcesses, sameForModules } from './incremental.ts';
import type { GraphBuilder } from '../graph/builder.ts';
import type { ReferenceIndex } from '../refs/reference-index.ts';
import type { UnresolvedCalls } from '../refs/unresolved-calls.ts';
import { CodegraphError } from '../errors.ts';
import type { FactsText, FileRecord, FileTable, SkipRecord, SnapshotMeta } from '../../index-store/format.ts';
import type { RepoStats } from '../../index-store/snapshot.ts';
import { readInside } from '../../index-store/host.ts';
import { walkRepository, type WalkEntry } from '../files/walk.ts';
import { classifySource, isSkipReason, type SkipCounts, type SkipReason } from '../files/skip-rules.ts';
import { readSource, sha256 } from '../files/source.ts';
import { configListingOf } from './config-listing.ts';
import { countGraph, worst, type AnalyzeSummary, type Phase } from './summary.ts';
import { silentProgress, type ProgressSink } from './progress.ts';
import { ExtractPool, POOL_MIN_FILES, defaultWorkers } from './pool.ts';
import { NativeAhead } from './native-ahead.ts';
import { SearchBeside, searchWorkerMode, wantsSearchWorker } from './search-beside.ts';

/**
 * Version of the cached extractor facts (lib/lang/index.ts: the extractor's revision and every query file); a
 * snapshot made with another version has its facts cache ignored.
 */
export const EXTRACT_VERSION = FACTS_VERSION;

/** Files whose mtime is this close to the previous scan's start are hashed even when size and mtime match. */
const RACY_WINDOW_MS = 2000;
/**
 * Source text parsed in a run (characters) from which the run collects garbage before its last stages. Each
 * collection costs ≈ 0.1 s of CPU on a small corpus (it marks the live heap and V8's code), while what it frees
 * grows with the parse: on rxjs `src` (≈ 0.8M characters) the two cost 15% of a cold run's CPU for 19% of its
 * peak RSS, on gyp (1.5M) 10% (4% on the main thread) for 21%, on Django 3.2 (5.7M) 18% of the peak.
 */
const COLLECT_MIN_PARSED_CHARS = 1 << 20;

/** What a previous snapshot offers an incremental run. */
export interface PreviousIndex {
  dir: string;
  meta: SnapshotMeta;
  files: ReadonlyMap<string, FileRecord>;
  skipped: ReadonlyMap<string, SkipRecord>;
  /** Cached facts by path, read only when something changed (a no-op run never parses the facts cache). */
  facts(): ReadonlyMap<string, FileFacts>;
  /** The stored JSON lines of facts that facts() returned (undefined for any other object). */
  factsText?(facts: FileFacts): FactsText | undefined;
  /** Why the published generation cannot be kept even when nothing changed (index-store/verify.ts). */
  defect?: string;
  /**
   * The previous graph, for an incremental resolve (read only when one is possible). The references and unresolved
   * sites of the files it takes over are not read: `PipelineOutput.resolved` gets their paths (`kept`).
   */
  graph?(): CodeGraphData;
}

export interface BuildOptions {
  /** Real absolute path of the repository root (an existing directory). */
  root: string;
  name: string;
  previous?: PreviousIndex;
  /** Re-parse everything, ignoring the cache. */
  force?: boolean;
  maxFileBytes?: number;
  /** Worker threads extracting beside this one (0 = this thread only; default: pool.ts defaultWorkers). */
  workers?: number;
  /**
   * Build the search files in a worker thread while this one resolves relations and runs modules and processes
   * (search-beside.ts). Default: for projects of SEARCH_WORKER_MIN_SYMBOLS symbols or more.
   */
  searchWorker?: boolean;
  embedder?: string;
  /** Module detection's options (lib/modules: the Louvain resolution, …). */
  modules?: ModulesOptions;
  /** Folder for the search files, asked for when the search phase starts; undefined = no search. */
  searchDir?: () => string;
  log: (message: string) => void;
  progress?: ProgressSink;
  /** Called as each phase starts; a throw aborts the run (tests inject failures here). */
  onPhase?: (phase: Phase) => void;
  /**
   * Receives results as soon as they are final, so the caller can write them while later phases run. Time
   * spent in these calls counts as the `write` phase, not as the phase they interrupt.
   */
  output?: PipelineOutput;
}

/** Early delivery of final results (analyzeRepository writes them into the new generation meanwhile). */
export interface PipelineOutput {
  /**
   * After resolve: the file table, the facts (in table order) and the references no longer change.
   * `factsText` gives the JSON some facts already have (cached ones' bytes, a worker's or the parse wait's text),
   * saving their serialisation. `refs` and `unresolved` are those of every file but `kept`'s, whose relations were
   * taken over from the previous generation (their references and sites are the previous generation's). Returns the
   * number of references of every file, `kept`'s included.
   */
  resolved(parts: { table: FileTable; facts: readonly FileFacts[]; refs: ReferenceIndex; unresolved: UnresolvedCalls;
    factsText: (facts: FileFacts) => FactsText | undefined; kept: ReadonlySet<string> }): { references: number };
  /** After processes: the graph no longer changes (search only reads it). */
  graph(graph: GraphView): void;
}

export interface BuildOutput {
  upToDate: boolean;
  indexedAt: string;
  /** The graph (lib/graph/array-graph.ts; code-graph.ts toCodeGraph makes the graphology one). */
  graph?: GraphView;
  /** The references (with `output`, of the files resolved this run only: PipelineOutput.resolved). */
  refs?: ReferenceIndex;
  /** The unresolved call sites (lib/refs/unresolved-calls.ts; with `output`, as `refs`). */
  unresolved?: UnresolvedCalls;
  table: FileTable;
  configFiles: Record<string, string>;
  configListing: string;
  embedder: string;
  stats: RepoStats;
  summary: AnalyzeSummary;
  /** For the snapshot's meta (SnapshotMeta.incremental). */
  incremental?: { stamp: string; partitioned: boolean; modules?: string; processes?: string };
}

interface Pending { path: string; language: LanguageId; text: string; record: FileRecord }

/** Runs the pipeline; no disk writes besides the search files in `searchDir()`. */
export async function runPipeline(opts: BuildOptions): Promise<BuildOutput> {
  const progress = opts.progress ?? silentProgress;
  try {
    return await pipeline(opts, progress);
  } catch (err) {
    progress.end(); // a failure message must not land on the progress line
    throw err;
  }
}

async function pipeline(opts: BuildOptions, progress: ProgressSink): Promise<BuildOutput> {
  const workers = opts.workers ?? defaultWorkers();
  let pool: ExtractPool | undefined;
  let ahead: NativeAhead | undefined;
  /**
   * Starts the extraction helpers once `files` are known to need parsing: the pool when workers were asked
   * for (and enough files to pay off), else the native parser (its background thread from two files on; one
   * file it parses and matches in this thread: NativeAhead.run). Without either, files are extracted in this
   * thread (ExtractPool.start(0)).
   */
  const startPool = (files: readonly { path: string; language?: LanguageId }[]): void => {
    if (pool || ahead) return;
    const languages = new Set<LanguageId>();
    let n = 0;
    for (const f of files) { const l = f.language ?? languageOf(f.path); if (l) { languages.add(l); n++; } }
    if (workers > 0) {
      if (n < POOL_MIN_FILES) return;
      pool = ExtractPool.start(workers);
      pool.warm([...languages].sort());
      return;
    }
    if (n >= 1) ahead = NativeAhead.start();
  };
  const searchMode = searchWorkerMode(opts.searchWorker);
  let beside: SearchBeside | undefined;
  /** Starts the search worker (it loads lib/search meanwhile) if search runs and a project of `symbols` symbols wants it. */
  const startSearch = (symbols: number): SearchBeside | undefined => {
    if (!beside && opts.searchDir && wantsSearchWorker(searchMode, symbols)) {
      beside = SearchBeside.start();
      if (!beside) opts.log('search worker unavailable (no search-worker script beside this module); searching in this thread');
    }
    return beside;
  };
  try {
    return await stages(opts, progress, startPool, () => pool, () => ahead, startSearch);
  } finally {
    pool?.close();
    ahead?.close();
    // It writes into the new generation folder, which the caller removes if this run failed: wait for it.
    await beside?.settle();
  }
}

async function stages(opts: BuildOptions, progress: ProgressSink, startPool: (files: readonly { path: string }[]) => void,
  pool: () => ExtractPool | undefined, ahead: () => NativeAhead | undefined,
  startSearch: (symbols: number) => SearchBeside | undefined): Promise<BuildOutput> {
  const { root, previous, log } = opts;
  const force = !!opts.force;
  const timings: AnalyzeSummary['timings'] = { total: 0 };
  const t0 = performance.now();
  let phaseStart = t0;
  let current: Phase | undefined;
  const phase = (p: Phase, total?: number): void => {
    const now = performance.now();
    if (current) timings[current] = Math.round(now - phaseStart);
    current = p;
    phaseStart = now;
    opts.onPhase?.(p);
    progress.phase(p, total);
  };
  let writeMs = 0;
  const endPhases = (): void => {
    const now = performance.now();
    if (current) timings[current] = Math.round(now - phaseStart);
    current = undefined;
    if (opts.output && writeMs > 0) timings.write = Math.round(writeMs);
    timings.total = Math.round(now - t0);
    progress.end();
  };
  /** Runs an early write, booking its time as `write` rather than as the current phase. */
  const early = (write: () => void): void => {
    const start = performance.now();
    write();
    const ms = performance.now() - start;
    writeMs += ms;
    phaseStart += ms;
  };

  const indexedAt = new Date().toISOString();

  // walk
  phase('walk');
  const walk = walkRepository(root, { maxFileBytes: opts.maxFileBytes, packageMarkers: PACKAGE_MARKERS });
  const skips: SkipCounts = { ...walk.skips };
  const skippedRecords: SkipRecord[] = walk.skipped.filter((s) => s.reason !== 'gitignored').map((s) => ({ path: s.path, reason: s.reason }));
  const countSkip = (rec: SkipRecord): void => {
    skips[rec.reason as SkipReason] = (skips[rec.reason as SkipReason] ?? 0) + 1;
    skippedRecords.push(rec);
  };

  // read
  phase('read', walk.files.length);
  const cacheUsable = !force && previous !== undefined && previous.meta.extractVersion === EXTRACT_VERSION;
  // Nothing cached: every file will be parsed, so the workers start now and load while the files are read.
  if (!cacheUsable) startPool(walk.files);
  const prevRacyFrom = previous ? Date.parse(previous.meta.indexedAt) - RACY_WINDOW_MS : 0;
  const sameStat = (a: { size?: number; mtimeMs?: number }, e: WalkEntry): boolean =>
    a.size === e.size && a.mtimeMs === e.mtimeMs && e.mtimeMs < prevRacyFrom;

  const reused: FileRecord[] = [];
  const pending: Pending[] = [];
  const texts = new Map<string, string>();
  const allPaths: string[] = [];
  let done = 0;
  for (const entry of walk.files) {
    progress.tick(++done);
    allPaths.push(entry.path);
    const byName = languageOf(entry.path);
    if (!byName) { skips['unsupported-language'] = (skips['unsupported-language'] ?? 0) + 1; continue; }
    const prev = cacheUsable ? previous!.files.get(entry.path) : undefined;
    if (prev && sameStat(prev, entry)) { reused.push(prev); continue; }
    // (a skip the extractor decided, `extract-failed`, only while the extractor is the one that decided it)
    const prevSkip = !force ? previous?.skipped.get(entry.path) : undefined;
    // (a reason this codegraph no longer skips for, such as generated code before it was indexed, reads the file again)
    if (prevSkip && prevSkip.size !== undefined && sameStat(prevSkip, entry) && isSkipReason(prevSkip.reason)
      && (cacheUsable || prevSkip.reason !== 'extract-failed')) {
      countSkip({ ...prevSkip });
      continue;
    }

    const read = readSource(path.join(root, entry.path));
    if (!read.ok) {
      if (read.reason === 'unreadable') log(`cannot read ${entry.path} (${read.error}); skipped`);
      countSkip({ path: entry.path, reason: read.reason, size: entry.size, mtimeMs: entry.mtimeMs, hash: read.hash });
      continue;
    }
    if (prev && prev.hash === read.hash) {
      reused.push({ ...prev, size: entry.size, mtimeMs: entry.mtimeMs });
      continue;
    }
    const why = classifySource(entry.path, read.text);
    if (why) { countSkip({ path: entry.path, reason: why, size: entry.size, mtimeMs: entry.mtimeMs, hash: read.hash }); continue; }
    texts.set(entry.path, read.text);
    // the text decides where endings are shared (a C++ `.h` header)
    const language = languageOf(entry.path, read.text) ?? byName;
    pending.push({
      path: entry.path, language, text: read.text,
      record: { path: entry.path, hash: read.hash, language, lines: 0, size: entry.size, mtimeMs: entry.mtimeMs },
    });
  }

  const newPaths = new Set<string>([...reused.map((r) => r.path), ...pending.map((p) => p.path)]);
  let added = 0;
  let changed = 0;
  for (const p of pending) {
    const prev = previous?.files.get(p.path);
    if (!prev) added++;
    else if (prev.hash !== p.record.hash) changed++;
  }
  let deleted = 0;
  if (previous) for (const p of previous.files.keys()) if (!newPaths.has(p)) deleted++;

  // Nothing changed: same files, same hashes, same extractor and resolver, same configuration → keep the snapshot.
  // (a snapshot another build of codegraph made is resolved again: an upgrade may resolve differently)
  const configListing = configListingOf(allPaths);
  if (previous && !force && !previous.defect && pending.length === 0 && added === 0 && deleted === 0 && cacheUsable
    && previous.meta.incremental?.stamp === codeStamp()
    && previous.meta.configListing === configListing && configUnchanged(root, previous.meta.configFiles)) {
    endPhases();
    const prevSummary = previous.meta.summary as AnalyzeSummary;
    const table = { files: reused, skipped: skippedRecords };
    return {
      upToDate: true, indexedAt: previous.meta.indexedAt, table,
      configFiles: previous.meta.configFiles, configListing, embedder: previous.meta.embedder, stats: previous.meta.stats,
      summary: { ...prevSummary, name: opts.name, root, upToDate: true, skips: sortSkips(skips), timings,
        files: { indexed: reused.length, parsed: 0, reused: reused.length, added: 0, changed: 0, deleted: 0 } },
    };
  }

  // Cached facts for the reused files; a file whose facts are missing from the cache is parsed again.
  const cached: { record: FileRecord; facts: FileFacts }[] = [];
  if (reused.length) {
    const cache = previous!.facts();
    for (const record of reused) {
      const facts = cache.get(record.path);
      if (facts) { cached.push({ record, facts }); continue; }
      const read = readSource(path.join(root, record.path));
      if (!read.ok) { countSkip({ path: record.path, reason: read.reason, size: record.size, mtimeMs: record.mtimeMs, hash: read.hash }); continue; }
      texts.set(record.path, read.text);
      pending.push({ path: record.path, language: record.language as LanguageId, text: read.text, record: { ...record, hash: read.hash } });
    }
  }

  // parse
  phase('parse', pending.length);
  startPool(pending);
  // A project the previous snapshot shows large starts its search worker now (loading beside the parse); a cold one
  // when resolve starts, once its facts tell its size.
  const previousSymbols = Number((previous?.meta.summary as AnalyzeSummary | undefined)?.symbols) || 0;
  let searchWorker = startSearch(previousSymbols);
  const failures: AnalyzeSummary['failures'] = [];
  const parsed: { record: FileRecord; facts: FileFacts }[] = [];
  const workerTexts = new WeakMap<FileFacts, FactsText>();
  const tick = (n: number): void => progress.tick(n);
  const native = ahead();
  const { results } = await (native ? native.run(pending, tick) : (pool() ?? ExtractPool.start(0)).run(pending, tick));
  // Collect garbage (lib/util/collect-garbage.ts) when this run parsed enough for its garbage to matter (a run of a
  // few changed files has little, and a collection's own cost would show).
  let parsedChars = 0;
  for (const p of pending) parsedChars += p.text.length;
  const collect = parsedChars >= COLLECT_MIN_PARSED_CHARS;
  for (let i = 0; i < pending.length; i++) {
    const p = pending[i];
    const r = results[i];
    if ('error' in r) {
      failures.push({ path: p.path, error: r.error });
      log(`extractor failed on ${p.path}: ${r.error}`);
      countSkip({ path: p.path, reason: 'extract-failed', size: p.record.size, mtimeMs: p.record.mtimeMs, hash: p.record.hash });
      continue;
    }
    parsed.push({ record: { ...p.record, lines: r.facts.lines, parseErrors: r.facts.parseErrors }, facts: r.facts });
    if (r.text !== undefined) workerTexts.set(r.facts, r.text);
  }

  const all = [...cached, ...parsed].sort((a, b) => (a.record.path < b.record.path ? -1 : a.record.path > b.record.path ? 1 : 0));
  if (all.length === 0) {
    const endings = LANGUAGES.flatMap((l) => l.extensions).join(' ');
    throw new CodegraphError('INVALID_PATH', `no source files to index under ${root} (indexed: ${endings})${describeSkips(skips)}`, { skips: sortSkips(skips) });
  }

  // a file indexed but for what it nests too deeply to read (lib/extract/halves.ts MAX_TREE_DEPTH): named like a
  // file that could not be indexed fully, from its facts (so a run that takes them over names it again)
  for (const a of all) {
    const cut = a.facts.deepCut;
    if (cut) failures.push({ path: a.record.path, error: `nested deeper than ${MAX_TREE_DEPTH} levels: ${cut} syntax ${cut === 1 ? 'subtree' : 'subtrees'} below that not read` });
  }

  // resolve
  phase('resolve');
  if (!searchWorker) {
    let symbols = 0;
    for (const a of all) symbols += a.facts.symbols.length;
    searchWorker = startSearch(symbols);
  }
  const configFiles: Record<string, string> = {};
  const readText = (rel: string): string | undefined => {
    const text = readInside(root, rel);
    configFiles[rel] = text === undefined ? '' : sha256(text);
    return text;
  };
  let facts = all.map((a) => a.facts);
  // the type declarations of installed dependencies (types only; their manifests, read through readText, are
  // recorded like the configuration files: a package installed, removed or upgraded makes the index stale)
  const config = loadDependencyTypes(loadProjectConfig(allPaths.sort(), readText), facts, (rel) => readInside(root, rel), readText);
  // Search reads only the symbol nodes, which neither relations nor modules and processes change: hand them over
  // as soon as they are all made (packed: the properties documents are made from, in one string and two arrays).
  // Search keys each document by its file's content hash (lib/search/reuse.ts).
  const fileHashes = new Map(all.map((a) => [a.record.path, a.record.hash] as const));
  const sendSearch = (g: GraphBuilder): void => {
    const symbols = packSearchable(g.nodes);
    searchWorker!.send({
      root, ...(symbols ? { symbols } : { nodes: g.nodes }), texts: [...texts], hashes: [...fileHashes], dir: opts.searchDir!(),
      previousDir: previous?.dir, embedder: opts.embedder, fresh: force, collect,
    }, log, (d) => progress.tick(d));
  };
  // unchanged files keep their previous relations when nothing they may have read changed (incremental.ts)
  let previousGraph: CodeGraphData | undefined;
  const readPreviousGraph = (): CodeGraphData => (previousGraph ??= previous!.graph!());
  // (for taking modules and flows over: a previous graph that cannot be read is only a reason to detect them again)
  const previousGraphIfReadable = (): CodeGraphData | undefined => { try { return readPreviousGraph(); } catch { return undefined; } };
  // (references and sites taken over stay in the previous generation's parts: only a run that writes them may)
  const takeOver = !force && cacheUsable && !previous?.defect && !!previous?.graph && !!opts.output;
  const reuse = !takeOver ? undefined : previousResolution({
    meta: previous!.meta, files: previous!.files, facts: previous!.facts, factsText: previous!.factsText, graph: readPreviousGraph,
  }, { paths: all.map((a) => a.record.path), clean: new Set(cached.map((c) => c.record.path)), configFiles, configListing, log });
  const resolved = resolveProject(facts, config, { onNodes: opts.searchDir && searchWorker ? sendSearch : undefined, reuse });
  const { arrays: graph, refs, unresolvedSites: unresolved } = resolved;
  for (const f of resolved.failures) {
    failures.push({ path: f.path, error: `resolve: ${f.error}` });
    log(`resolver failed on ${f.path}: ${f.error}`);
  }
  const unresolvedByFile = resolved.unresolvedCalls.byFile;
  const records: FileRecord[] = all.map((a) => {
    const rec: FileRecord = { ...a.record, lines: a.facts.lines, parseErrors: a.facts.parseErrors };
    const u = unresolvedByFile[a.record.path] ?? 0;
    if (u) rec.unresolvedCalls = u; else delete rec.unresolvedCalls;
    if (!rec.parseErrors) delete rec.parseErrors;
    return rec;
  });
  const table: FileTable = { files: records, skipped: skippedRecords };
  const factsText = (f: FileFacts): FactsText | undefined => workerTexts.get(f) ?? previous?.factsText?.(f);
  let references = refs.size;
  if (opts.output) early(() => { references = opts.output!.resolved({ table, facts, refs, unresolved, factsText, kept: resolved.kept }).references; });
  // What the summary needs of the parse and the resolver; then the facts are let go (written above, read by no
  // later phase): modules, processes and search allocate while they would otherwise still be alive.
  const tally = { parsed: parsed.length, cached: cached.length, unresolved: resolved.unresolvedCalls.total,
    resolvedFiles: resolved.resolvedFiles,
    // (a run a file's resolution failed in is not taken over: the next resolves every file, and names it again)
    partitioned: resolved.partitioned && !resolved.failures.length, references };
  // (emptied, not only unnamed: this frame stays on the stack while search runs in this thread, and its slots
  // would keep them alive)
  facts = [];
  all.length = 0;
  parsed.length = 0;
  cached.length = 0;
  results.length = 0;

  // A full collection now that the parse's facts and the resolver are garbage, and another in search once its
  // keyword index is made (buildSearch's collectGarbage, in whichever thread search runs): the two points after
  // which the most is garbage and the most is allocated next. Each one's time counts in the phase it is in.
  phase('modules');
  if (collect) await collectGarbage();
  // the previous communities when module detection would read the same graph (incremental.ts sameForModules),
  // compared only when the previous graph had as many nodes before modules and processes
  const modulesDigest = modulesKey(opts.modules);
  let modules: { communities: number } | undefined;
  const prevStats = previous?.meta.stats;
  if (takeOver && previous!.meta.incremental?.modules === modulesDigest && prevStats
    && prevStats.nodes - prevStats.communities - prevStats.processes === graph.order) {
    const prev = previousGraphIfReadable();
    if (prev && sameForModules(graph, prev)) modules = reuseModules(graph, prev);
  }
  const modulesReused = modules !== undefined;
  modules ??= detectModules(graph, opts.modules);
  phase('processes');
  // the previous flows when they read the same graph (incremental.ts processesKey): the modules taken over, and
  // each caller's calls in the same order
  const processesDigest = processesKey(graph, modulesDigest);
  let processes: { processes: number } | undefined;
  if (modulesReused && previous!.meta.incremental?.processes === processesDigest) {
    const prev = previousGraphIfReadable();
    if (prev) processes = reuseProcesses(graph, prev);
  }
  const processesReused = processes !== undefined;
  processes ??= traceProcesses(graph);
  if (opts.output) early(() => opts.output!.graph(graph));

  let embeddings = 0;
  let embedder = 'none';
  if (opts.searchDir) {
    phase('search');
    const res = searchWorker ? await searchWorker.result() : await buildSearch({
      graph, dir: opts.searchDir(), previousDir: previous?.dir, embedder: opts.embedder, log,
      readSource: (p) => texts.get(p) ?? readInside(root, p),
      fileDigest: (p) => fileHashes.get(p),
      fresh: force,
      progress: (d) => progress.tick(d),
      collectGarbage: collect ? collectGarbage : undefined,
    });
    embeddings = res.embeddings;
    embedder = res.embedder;
  }
  endPhases();

  const counts = countGraph(graph);
  const parseErrorsByFile: Record<string, number> = {};
  let lines = 0;
  for (const r of records) {
    lines += r.lines;
    if (r.parseErrors) parseErrorsByFile[r.path] = r.parseErrors;
  }
  const stats: RepoStats = {
    files: records.length, nodes: graph.order, edges: graph.size,
    communities: modules.communities, processes: processes.processes, embeddings,
  };
  const summary: AnalyzeSummary = {
    name: opts.name, root, upToDate: false,
    files: { indexed: records.length, parsed: tally.parsed, reused: tally.cached, added, changed, deleted, resolved: tally.resolvedFiles },
    lines, nodes: counts.nodes, symbols: counts.symbols, edges: counts.edges, references: tally.references,
    unresolvedCalls: { total: tally.unresolved, worstFiles: worst(unresolvedByFile, 5) },
    parseErrors: { total: Object.values(parseErrorsByFile).reduce((a, b) => a + b, 0), files: worst(parseErrorsByFile, 20) },
    skips: sortSkips(skips), failures,
    communities: modules.communities, ...(modulesReused ? { modulesReused: true as const } : {}),
    processes: processes.processes, ...(processesReused ? { processesReused: true as const } : {}), embeddings, embedder, timings,
  };
  return {
    upToDate: false, indexedAt, graph, refs, unresolved, table,
    configFiles: sortKeys(configFiles), configListing, embedder, stats, summary,
    incremental: { stamp: codeStamp(), partitioned: tally.partitioned, modules: modulesDigest, processes: processesDigest },
  };
}

/** True when every configuration file read last time still has the same content (or is still absent). */
function configUnchanged(root: string, configFiles: Record<string, string>): boolean {
  for (const [rel, hash] of Object.entries(configFiles ?? {})) {
    const text = readInside(root, rel);
    if ((text === undefined ? '' : sha256(text)) !== hash) return false;
  }
  return true;
}

function sortSkips(s: SkipCounts): SkipCounts { return sortKeys(s as Record<string, number>) as SkipCounts; }

function sortKeys<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function describeSkips(skips: SkipCounts): string {
  const parts = Object.entries(skips).map(([k, v]) => `${k} ${v}`);
  return parts.length ? ` (skipped: ${parts.join(', ')})` : ' (the folder has no files)';
}
