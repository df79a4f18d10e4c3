/**
 * Where a cold search stage's CPU goes, part by part, in fresh processes: the documents (with their keys and
 * embedding-text digests), the keyword index (with, where the tree has it, the learned model's bags made in the
 * same pass), learning the model (with `--embedder trained`, reading the shipped one), embedding every document
 * and encoding the files. Per part: the process's CPU
 * (all threads: V8 compiling the code and collecting garbage beside the main thread), the main thread's own CPU
 * (/proc/thread-self/schedstat) and the garbage collections' pauses (wall time: on a loaded machine a pause
 * counts the time its threads waited for a core too); medians of the runs. `--root DIR` runs another
 * checkout's lib/search (its own node_modules), so two trees can be compared in one run, interleaved.
 *
 *   node --import tsx bench/search-parts.ts [--corpus DIR] [--runs N] [--embedder trained|learned] [--root DIR]…
 *
 * The graph comes from the real pipeline (buildSnapshotInMemory without search), built once here and handed to
 * the children as JSON; a child times nothing before its first part (the imports and the graph's parse).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(import.meta.url);
const repoRoot = path.resolve(path.dirname(here), '..');
const PARTS = ['documents', 'keyword', 'learn', 'embed', 'encode'] as const;
type Part = (typeof PARTS)[number];
interface PartMeasure { cpu: number; main: number; gc: number }

/** Child: the parts one after another over the graph in `graphFile`, with `root`'s lib/search and `embedder`. */
async function child(root: string, graphFile: string, corpus: string, embedder: string): Promise<void> {
  const lib = (p: string): string => pathToFileURL(path.join(root, 'lib/search', p)).href;
  const documents = await import(lib('documents.ts'));
  const keyword = await import(lib('keyword.ts'));
  const cooc = await import(lib('embedders/cooccurrence.ts'));
  const reuse = await import(lib('reuse.ts'));
  const { digest64 } = await import(lib('digest.ts'));
  const trained = embedder === 'trained' ? await import(lib('embedders/trained.ts')) : undefined;
  const trainedFile = embedder === 'trained' ? await import(lib('embedders/trained-file.ts')) : undefined;
  const { PerformanceObserver } = await import('node:perf_hooks');
  const data = JSON.parse(fs.readFileSync(graphFile, 'utf8')) as { nodes: Array<{ uid: string }> };
  const graph = { forEachNode: (f: (uid: string, n: unknown) => void): void => { for (const n of data.nodes) f(n.uid, n); } };
  const texts = new Map<string, string | undefined>();
  const readSource = (p: string): string | undefined => {
    if (!texts.has(p)) { let t: string | undefined; try { t = fs.readFileSync(path.join(corpus, p), 'utf8'); } catch { t = undefined; } texts.set(p, t); }
    return texts.get(p);
  };
  let gc = 0;
  const obs = new PerformanceObserver((list) => { for (const e of list.getEntries()) gc += e.duration; });
  obs.observe({ entryTypes: ['gc'] });
  await new Promise((r) => setTimeout(r, 20));
  const mainNs = (): number => Number(fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
  const out = {} as Record<Part, PartMeasure>;
  let c0 = process.cpuUsage(), m0 = mainNs(), g0 = gc;
  const lap = async (part: Part): Promise<void> => {
    const c = process.cpuUsage(c0), m = mainNs();
    await new Promise((r) => setTimeout(r, 0)); // the observer's entries so far
    out[part] = { cpu: (c.user + c.system) / 1000, main: (m - m0) / 1e6, gc: gc - g0 };
    c0 = process.cpuUsage(); m0 = mainNs(); g0 = gc;
  };
  const docs = documents.buildDocuments(graph, readSource);
  const { nodes } = documents.searchableGroups(graph);
  const keys = nodes.map((n: unknown) => reuse.documentKey(n, '0'.repeat(16)));
  const hashes = docs.map((d: { embedText: string }) => digest64(d.embedText));
  await lap('documents');
  const builder = new keyword.KeywordBuilder(cooc.BAG_SPEC); // (undefined in a tree without it)
  for (const d of docs) builder.add(d.fields);
  const index = builder.finish();
  await lap('keyword');
  let vectors: Float32Array[];
  let bytes: Array<Buffer | undefined>;
  if (trained) {
    // a fixed model: read once, nothing learned, no model or terms stored beside the index
    const model = trainedFile.shippedModel();
    await lap('learn');
    vectors = docs.map((d: { fields: unknown }) => trained.embedFields(model, d.fields));
    await lap('embed');
    bytes = [index.toBuffer()];
  } else {
    const model = cooc.learnCooccurrence(docs);
    await lap('learn');
    vectors = docs.map((d: { fields: unknown }) => cooc.embedTerms(model, cooc.documentTerms(d.fields)));
    await lap('embed');
    bytes = [index.toBuffer(), cooc.coocToBuffer(model), reuse.bagsToBuffer(docs.map((d: { fields: unknown }) => cooc.documentTerms(d.fields)), index)];
  }
  await lap('encode');
  obs.disconnect();
  if (keys.length !== docs.length || hashes.length !== docs.length || vectors.length !== docs.length || bytes.some((b) => !b)) throw new Error('a part made nothing');
  process.stdout.write(`PARTS ${JSON.stringify(out)}\n`);
}

const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const opt = (name: string): string | undefined => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : undefined; };
  const runs = Number(opt('--runs') ?? 5);
  const corpus = path.resolve(opt('--corpus') ?? path.join(repoRoot, 'node_modules/node-gyp/gyp'));
  const embedder = opt('--embedder') ?? 'trained';
  const roots = argv.flatMap((a, i) => (a === '--root' ? [path.resolve(argv[i + 1])] : []));
  if (!roots.length) roots.push(repoRoot);
  const { buildSnapshotInMemory } = await import('../lib/analyze/index.ts');
  const { graphData } = await import('../lib/graph/code-graph.ts');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codegraph-search-parts-'));
  try {
    const graphFile = path.join(tmp, 'graph.json');
    const snap = await buildSnapshotInMemory(corpus, { search: false, log: () => {} });
    fs.writeFileSync(graphFile, JSON.stringify(graphData(snap.graph)));
    const got = new Map<string, Array<Record<Part, PartMeasure>>>(roots.map((r) => [r, []]));
    for (let i = 0; i < runs; i++) {
      for (const root of i % 2 ? [...roots].reverse() : roots) {
        const r = spawnSync(process.execPath, ['--import', 'tsx', here, '--child', root, graphFile, corpus, embedder], { cwd: root, encoding: 'utf8' });
        const line = r.stdout.split('\n').find((l) => l.startsWith('PARTS '));
        if (!line) throw new Error(`child failed:\n${r.stdout}\n${r.stderr}`);
        got.get(root)!.push(JSON.parse(line.slice(6)));
      }
    }
    console.log(`${corpus}, ${embedder} embedder: ${runs} fresh processes per tree, interleaved, medians, ms (node ${process.version}, load ${os.loadavg()[0].toFixed(1)})`);
    for (const [root, ms] of got) {
      const cell = (f: (m: PartMeasure) => number, part?: Part): string => median(ms.map((m) => (part ? f(m[part]) : PARTS.reduce((s, p) => s + f(m[p]), 0)))).toFixed(0);
      console.log(`  ${root}`);
      for (const part of [...PARTS, undefined]) {
        console.log(`    ${(part ?? 'all').padEnd(10)} cpu ${cell((m) => m.cpu, part).padStart(5)}   main thread ${cell((m) => m.main, part).padStart(5)}   gc pauses (wall) ${cell((m) => m.gc, part).padStart(5)}`);
      }
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4], process.argv[5], process.argv[6] ?? 'learned');
else await main();
