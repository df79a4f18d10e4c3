// Preloaded into a server the benchmarks start (`node --expose-gc --import bench/memory-probe.mjs bin/codegraph.mjs …`),
// so any build, old or new, can be asked for its memory without changing it. On SIGUSR2 it collects garbage
// (twice: the first pass can leave objects that only a second one frees), then prints one line on stdout:
//   memory-probe {"rss":…,"heapUsed":…,"heapTotal":…,"external":…,"arrayBuffers":…,"snapshot":…}
// With BENCH_HEAP_SNAPSHOT_DIR set it also writes a heap snapshot there (for comparing builds by constructor)
// and names the file in "snapshot".
import path from 'node:path';
import v8 from 'node:v8';

process.on('SIGUSR2', () => {
  globalThis.gc?.();
  globalThis.gc?.();
  const m = process.memoryUsage();
  let snapshot;
  const dir = process.env.BENCH_HEAP_SNAPSHOT_DIR;
  if (dir) snapshot = v8.writeHeapSnapshot(path.join(dir, `server-${process.pid}-${Date.now()}.heapsnapshot`));
  process.stdout.write(`memory-probe ${JSON.stringify({
    rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers, gc: typeof globalThis.gc === 'function', snapshot,
  })}\n`);
});
