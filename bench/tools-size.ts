/**
 * How large every tool's answer is, for a sample of symbols of a large code base: the JSON an agent receives
 * (MCP's structuredContent and its text copy), in characters and in tokens (o200k, gpt-tokenizer), against
 * each tool's budget. Also the process list resource, page by page.
 *   node --import tsx bench/tools-size.ts [--corpus node_modules/three/src] [--symbols 100]
 * Default corpus: three.js's sources (node_modules/three/src, a devDependency). Symbols: every k-th code
 * symbol in uid order, plus the 10 with the most incoming edges (the answers most likely to be large).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTwoFilesPatch } from 'diff';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { buildSnapshotInMemory } from '../lib/analyze/index.ts';
import { SYMBOL_LABELS, type GraphNode } from '../lib/graph/schema.ts';
import { nodesWithLabel } from '../lib/graph/code-graph.ts';
import { snapshotTools, listRepos } from '../handlers/index.ts';
import { DEFAULT_MAX_CHARS } from '../handlers/budget.ts';
import { processPage } from '../runtime/mcp/resources.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, fallback: string) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : fallback; };
const corpus = path.resolve(root, arg('--corpus', 'node_modules/three/src'));
const SAMPLE = Number(arg('--symbols', '100'));

interface Sizes { chars: number[]; tokens: number[]; over: number; errors: number }
const sizes = new Map<string, Sizes>();

/** Records one answer's size under `label`. */
function record(label: string, answer: unknown, budget: number): void {
  const text = JSON.stringify(answer);
  let s = sizes.get(label);
  if (!s) sizes.set(label, (s = { chars: [], tokens: [], over: 0, errors: 0 }));
  s.chars.push(text.length);
  s.tokens.push(encode(text).length);
  if (text.length > budget) s.over++;
}

const q = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0; };

/** Every k-th code symbol plus the most referenced ones. */
function sample(snapshot: Awaited<ReturnType<typeof buildSnapshotInMemory>>): GraphNode[] {
  const symbols = SYMBOL_LABELS.flatMap((l) => nodesWithLabel(snapshot.graph, l)).sort((a, b) => (a.uid < b.uid ? -1 : 1));
  const step = Math.max(1, Math.floor(symbols.length / SAMPLE));
  const picked: GraphNode[] = [];
  for (let i = 0; i < symbols.length && picked.length < SAMPLE - 10; i += step) picked.push(symbols[i]);
  const busiest = [...symbols].sort((a, b) => snapshot.graph.inEdges(b.uid).length - snapshot.graph.inEdges(a.uid).length || (a.uid < b.uid ? -1 : 1));
  for (const n of busiest) {
    if (picked.length >= SAMPLE) break;
    if (!picked.includes(n)) picked.push(n);
  }
  return picked;
}

/** A diff that changed the symbol's first body line (the old side lacks a comment the new side has). */
function diffFor(n: GraphNode): string | undefined {
  if (!n.filePath || typeof n.line !== 'number') return undefined;
  const text = fs.readFileSync(path.join(corpus, n.filePath), 'utf8');
  const lines = text.split('\n');
  const at = Math.min(lines.length - 1, n.line);
  const old = [...lines.slice(0, at), ...lines.slice(at + 1)].join('\n');
  return createTwoFilesPatch(`a/${n.filePath}`, `b/${n.filePath}`, old, text, '', '').replace(/^Index:.*\n=+\n/, '');
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const snapshot = await buildSnapshotInMemory(corpus, { workers: 0 });
  const symbols = sample(snapshot);
  console.log(`corpus ${path.relative(root, corpus)}: ${snapshot.graph.order} nodes, ${snapshot.graph.size} edges; ${symbols.length} symbols sampled (${((performance.now() - t0) / 1000).toFixed(1)} s to index)`);
  const tools = snapshotTools as unknown as Record<string, (req: unknown, s: typeof snapshot) => Promise<unknown>>;
  const run = async (label: string, tool: string, req: Record<string, unknown>, budget = DEFAULT_MAX_CHARS) => {
    try { record(label, await tools[tool](req, snapshot), budget); } catch (err) {
      const s = sizes.get(label) ?? { chars: [], tokens: [], over: 0, errors: 0 };
      s.errors++;
      sizes.set(label, s);
      if (s.errors === 1) console.log(`  ${label}: ${err instanceof Error ? err.message.slice(0, 120) : String(err)}`);
    }
  };
  for (const n of symbols) {
    await run('context', 'context', { uid: n.uid });
    await run('context include_content', 'context', { uid: n.uid, include_content: true });
    await run('impact upstream', 'impact', { target_uid: n.uid });
    await run('impact downstream', 'impact', { target_uid: n.uid, direction: 'downstream' });
    await run('query (symbol name)', 'query', { query: n.name });
    await run('query include_content', 'query', { query: n.name, include_content: true });
    const diff = diffFor(n);
    if (diff) await run('detect_changes', 'detect_changes', { diff });
    await run('rename preview', 'rename', { symbol_uid: n.uid, new_name: `${n.name}Renamed` });
    await run('cypher callers', 'cypher', { query: 'MATCH (c)-[:CALLS]->(f {uid: $uid}) RETURN c.name, c.filePath, c.line', params: { uid: n.uid } });
    await run('cypher neighbours (nodes)', 'cypher', { query: 'MATCH (f {uid: $uid})-[r]-(n) RETURN type(r), r.type, n', params: { uid: n.uid } });
  }
  record('list_repos', await listRepos({}, [snapshot.repo]), DEFAULT_MAX_CHARS);
  for (let offset: number | undefined = 0; offset !== undefined;) {
    const page = processPage(snapshot, offset);
    record('resource processes (per page)', page, DEFAULT_MAX_CHARS);
    offset = page.next ? page.offset + page.processes.length : undefined;
  }

  const rows = [['answer', 'n', 'p50 chars', 'p95 chars', 'max chars', 'p95 tokens', 'max tokens', `over ${DEFAULT_MAX_CHARS.toLocaleString('en-US')}`]];
  for (const [label, s] of sizes) {
    rows.push([label, String(s.chars.length + s.errors), q(s.chars, 0.5).toLocaleString('en-US'), q(s.chars, 0.95).toLocaleString('en-US'),
      Math.max(0, ...s.chars).toLocaleString('en-US'), q(s.tokens, 0.95).toLocaleString('en-US'), Math.max(0, ...s.tokens).toLocaleString('en-US'),
      `${s.over}${s.errors ? ` (${s.errors} errors)` : ''}`]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '));
  const all = [...sizes.values()].flatMap((s) => s.chars.map((c, i) => [c, s.tokens[i]]));
  const ratio = all.reduce((a, [c]) => a + c, 0) / Math.max(1, all.reduce((a, [, t]) => a + t, 0));
  console.log(`characters per token over every answer: ${ratio.toFixed(2)}`);
}

await main();
