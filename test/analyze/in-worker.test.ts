/**
 * AnalyzeThread's `script`: the jobs run in the worker script given (a bench run from the sources measures the
 * bundle's dist/analyze-worker.mjs that way), not in the one beside lib/analyze/in-worker.ts.
 */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AnalyzeThread } from '../../lib/analyze/in-worker.ts';

test('a thread given a worker script runs its jobs there', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cg-in-worker-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const script = path.join(dir, 'worker.mjs');
  // answers each job as dist/analyze-worker.mjs does (AnalyzeReply), with a summary naming this script and the job
  fs.writeFileSync(script, `import { parentPort } from 'node:worker_threads';
parentPort.on('message', (job) => parentPort.postMessage({ done: true, summary: { name: 'from-script', root: job.root } }));
`);
  const thread = new AnalyzeThread({ script: pathToFileURL(script) });
  t.teardown(() => thread.close());
  t.is(thread.thread, 'worker');
  const summary = await thread.run('/nowhere');
  t.is(summary.name, 'from-script');
  t.is(summary.root, '/nowhere');
});
