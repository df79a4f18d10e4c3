/**
 * CPU per `query` call on a repository of `--copies` copies of rxjs 7.8.1's `src` (5 copies: 108k lines), in
 * process, through the handler the servers call: what one request costs the server besides HTTP. Run under
 * `node --cpu-prof` to see where the time goes.
 *   node --import tsx bench/query-profile.ts [--copies 5] [--rounds 30] [--embedder builtin|lexical] [--home DIR]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyzeRepository } from '../lib/analyze/index.ts';
import { SnapshotLoader } from '../index-store/loader.ts';
import { runQuery, type QueryRequest } from '../handlers/query.ts';
import type { SearchIndex } from '../lib/search/load.ts';

const arg = (n: string, d: string): string => { const i = process.argv.indexOf(n); return i > 0 ? process.argv[i + 1] : d; };
const copies = Number(arg('--copies', '5'));
const rounds = Number(arg('--rounds', '30'));
const embedder = arg('--embedder', 'builtin');
const home = arg('--home', '') || fs.mkdtempSync(path.join(os.tmpdir(), 'codegraph-query-profile-'));
const name = `rxjs${copies}-${embedder}`;
const rxjs = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'node_modules', 'rxjs', 'src');
const dir = path.join(home, 'repos', name);
if (!fs.existsSync(dir)) {
  for (let i = 0; i < copies; i++) fs.cpSync(rxjs, path.join(dir, `src${i + 1}`), { recursive: true });
  await analyzeRepository(dir, { home, name, embedder });
}
const loader = new SnapshotLoader({ home });
const snap = await loader.get(name);
/** The questions bench/server.ts sends, with the tool's defaults (what validation gives a request without them). */
const queries = ['subscribe to an observable', 'merge several streams', 'retry on error', 'debounce user input', 'share a subscription',
  'schedule work asynchronously', 'convert a promise', 'buffer values over time']
  .map((query): QueryRequest => ({ query, limit: 5, max_symbols: 10, include_content: false }));
for (const q of queries) await runQuery(q, snap); // reads the index
const cpu = (): number => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const per: number[] = [];
for (let r = 0; r < rounds; r++) {
  for (const q of queries) { const t = cpu(); await runQuery(q, snap); per.push(cpu() - t); }
}
per.sort((a, b) => a - b);
const mean = per.reduce((a, b) => a + b, 0) / per.length;
console.log(`${name}: ${(snap.search as SearchIndex | undefined)?.size} rows; query CPU per call: mean ${mean.toFixed(3)} ms, p50 ${per[per.length >> 1].toFixed(3)} ms, p90 ${per[Math.floor(per.length * 0.9)].toFixed(3)} ms (${per.length} calls)`);
loader.close();
