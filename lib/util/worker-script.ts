/**
 * Starting a worker thread whose script sits next to a module: `<script>.mjs` beside a bundle chunk (dist/),
 * or `<script>.ts` beside the module in the sources, loaded through tsx's API because a worker does not apply
 * the parent's `--import tsx` hooks to its entry.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Worker, WorkerOptions } from 'node:worker_threads';
import { workerThreads } from './lazy-builtins.ts';

/** A function starting the worker `script` found beside the module at `base`, or undefined when there is none. */
export function scriptWorkerStarter(script: string, base: string, options: WorkerOptions = {}): (() => Worker) | undefined {
  try {
    if (!base.endsWith('.ts')) {
      const url = new URL(`./${script}.mjs`, base);
      return fs.existsSync(fileURLToPath(url)) ? () => new (workerThreads().Worker)(url, options) : undefined;
    }
    const url = new URL(`./${script}.ts`, base);
    const tsxApi = import.meta.resolve('tsx/esm/api');
    if (!fs.existsSync(fileURLToPath(url))) return undefined;
    const boot = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(url.href)}); })`;
    return () => new (workerThreads().Worker)(boot, { ...options, eval: true });
  } catch {
    return undefined;
  }
}
