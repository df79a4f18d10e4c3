// Drives a share of a repository's symbols through `context`, `impact` (both directions) and a `rename` preview on a
// running eval server, the way bench/qa-checkouts.sh's pass does by hand, and reports what an agent would notice:
// a failed call or an error code other than the expected ones, an answer over the budget, a slow call.
//   node bench/qa-sweep.mjs REPO [SYMBOLS=100] [--port 4848] [--json]
// Symbols are every k-th Function, Method, Class, Interface, Property and Variable in uid order (deterministic).
import { performance } from 'node:perf_hooks';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const [value] = args.splice(i, 2).slice(1);
  return value;
};
const port = Number(flag('--port', 4848));
const json = args.includes('--json');
const [repo, wanted = '100'] = args.filter((a) => a !== '--json');
if (!repo) {
  console.error('usage: node bench/qa-sweep.mjs REPO [SYMBOLS=100] [--port 4848] [--json]');
  process.exit(1);
}
// Codes a well-formed request may get for a real symbol: a name the language forbids to rename.
const EXPECTED = new Set(['RENAME_REFUSED']);
const BUDGET = 24_000;

/** POSTs one tool call and measures it. */
async function call(tool, body) {
  const start = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/${tool}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ repo, ...body }),
  });
  const text = await res.text();
  const ms = performance.now() - start;
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { tool, body, status: res.status, chars: text.length, ms, code: parsed?.error?.code, parsed };
}

const listing = await call('cypher', {
  query:
    'MATCH (n) WHERE n:Function OR n:Method OR n:Class OR n:Interface OR n:Property OR n:Variable ' +
    'RETURN n.uid AS uid, n.name AS name ORDER BY uid',
  max_rows: 100000,
  max_chars: 64_000_000,
});
const all = listing.parsed?.rows ?? [];
const step = Math.max(1, Math.floor(all.length / Number(wanted)));
const sample = all.filter((_, i) => i % step === 0).slice(0, Number(wanted));

const results = [];
for (const { uid, name } of sample) {
  results.push(await call('context', { uid }));
  results.push(await call('impact', { target_uid: uid }));
  results.push(await call('impact', { target_uid: uid, direction: 'downstream' }));
  results.push(await call('rename', { symbol_uid: uid, new_name: `${name}Renamed` }));
}

const bad = results.filter((r) => r.status !== 200 && !EXPECTED.has(r.code));
const refused = results.filter((r) => EXPECTED.has(r.code));
const over = results.filter((r) => r.chars > BUDGET);
const slow = results.filter((r) => r.ms > 1000);
const largest = results.reduce((a, r) => (r.chars > a.chars ? r : a), { chars: 0 });
const slowest = results.reduce((a, r) => (r.ms > a.ms ? r : a), { ms: 0 });
const kind = (r) => (r.tool === 'impact' ? `impact ${r.body.direction ?? 'upstream'}` : r.tool);
const brief = (r) => `${r.tool} ${JSON.stringify(r.body)} → ${r.status}${r.code ? ` ${r.code}` : ''}, ${r.chars} chars, ${Math.round(r.ms)} ms`;
const report = {
  repo,
  symbols: sample.length,
  of: all.length,
  calls: results.length,
  failed: bad.map(brief),
  refused: refused.map(brief),
  overBudget: over.map(brief),
  slow: slow.map(brief),
  largest: largest.tool ? brief(largest) : null,
  slowest: slowest.tool ? brief(slowest) : null,
  // per tool (impact split by direction): the slowest call and the largest answer
  byTool: Object.fromEntries([...new Set(results.map(kind))].sort().map((k) => {
    const of = results.filter((r) => kind(r) === k);
    return [k, { calls: of.length, maxMs: Math.round(Math.max(...of.map((r) => r.ms))), maxChars: Math.max(...of.map((r) => r.chars)) }];
  })),
};
if (json) console.log(JSON.stringify(report, null, 2));
else {
  console.log(`${repo}: ${report.symbols} of ${report.of} symbols, ${report.calls} calls`);
  for (const key of ['failed', 'refused', 'overBudget', 'slow']) {
    console.log(`  ${key}: ${report[key].length}`);
    for (const line of report[key].slice(0, 20)) console.log(`    ${line}`);
  }
  console.log(`  largest: ${report.largest}`);
  console.log(`  slowest: ${report.slowest}`);
  for (const [k, v] of Object.entries(report.byTool)) console.log(`  ${k}: ${v.calls} calls, slowest ${v.maxMs} ms, largest ${v.maxChars} chars`);
}
