/**
 * openCypher TCK runner: for each scenario whose query is read-only, builds the scenario's graph with the
 * engine's test-only CREATE mode, runs the query on a generic MemoryGraph and compares the result (rows in
 * any order / in order / ignoring list order, or the expected error class, phase and detail).
 * Run directly to list failures: node --import tsx test/cypher/tck.ts [path-filter] [--all]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CypherError } from '../../lib/cypher/errors.ts';
import { MemoryGraph } from '../../lib/cypher/graph.ts';
import { tokenize } from '../../lib/cypher/lexer.ts';
import { runForTest, type ValueResult } from '../../lib/cypher/testing.ts';
import type { Value } from '../../lib/cypher/values.ts';
import { parseFeature, type Scenario } from './gherkin.ts';
import { parseTV, tvText, tvToValue, valueText } from './tck-values.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The openCypher TCK (Apache-2.0), vendored so a clone anywhere runs it: test/vendor/opencypher-tck (see its PROVENANCE.md). */
export const TCK_ROOT = path.resolve(here, '../vendor/opencypher-tck');

/** Feature folders covering the clauses and expressions the engine implements. */
export const IN_SCOPE = [
  'clauses/match', 'clauses/match-where', 'clauses/return', 'clauses/return-orderby', 'clauses/return-skip-limit',
  'clauses/union', 'clauses/unwind', 'clauses/with', 'clauses/with-orderBy', 'clauses/with-skip-limit', 'clauses/with-where',
  'expressions/aggregation', 'expressions/boolean', 'expressions/comparison', 'expressions/conditional',
  'expressions/existentialSubqueries', 'expressions/graph', 'expressions/list', 'expressions/literals', 'expressions/map',
  'expressions/mathematical', 'expressions/null', 'expressions/path', 'expressions/pattern', 'expressions/precedence',
  'expressions/string', 'expressions/typeConversion',
];

export type Status = 'pass' | 'fail' | 'skip';
export interface Outcome {
  scenario: Scenario;
  /** Feature folder relative to features/, e.g. clauses/match. */
  folder: string;
  inScope: boolean;
  status: Status;
  reason?: string;
}

const WRITE_WORDS = new Set(['CREATE', 'MERGE', 'SET', 'DELETE', 'DETACH', 'REMOVE', 'FOREACH', 'LOAD', 'CALL']);

/** Whether a query writes (or calls procedures): by tokens, so strings and comments do not count. */
export function isWriteQuery(q: string): boolean {
  let toks;
  try { toks = tokenize(q); } catch { return false; }
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    if (t.type !== 'ident' || t.quoted || !WRITE_WORDS.has(t.value.toUpperCase())) continue;
    const prev = toks[i - 1];
    if (prev && prev.type === 'op' && (prev.value === '.' || prev.value === ':')) continue;
    return true;
  }
  return false;
}

function loadNamedGraph(name: string, g: MemoryGraph): void {
  const file = path.join(TCK_ROOT, 'graphs', name, `${name}.cypher`);
  runForTest(g, fs.readFileSync(file, 'utf8'), new Map(), { allowWrites: true });
}

const rowText = (cols: string[], cells: string[]) => cols.map((c, i) => `${c}=${cells[i]}`).join(' | ');

/** Runs one scenario. */
export function runScenario(sc: Scenario): Omit<Outcome, 'folder' | 'inScope' | 'scenario'> {
  const graph = new MemoryGraph();
  const params = new Map<string, Value>();
  let result: ValueResult | undefined;
  let error: unknown;
  let executed = false;
  for (const step of sc.steps) {
    const text = step.text.replace(/:$/, '').trim();
    let m: RegExpExecArray | null;
    if (text === 'an empty graph' || text === 'any graph') continue;
    if ((m = /^the ([\w-]+) graph$/.exec(text))) { loadNamedGraph(m[1], graph); continue; }
    if (text === 'having executed') {
      try { runForTest(graph, step.docString ?? '', new Map(), { allowWrites: true }); } catch (e) {
        return { status: 'fail', reason: `setup query failed: ${(e as Error).message}` };
      }
      continue;
    }
    if (text === 'parameters are') {
      for (const [name, value] of step.table ?? []) params.set(name, tvToValue(parseTV(value)));
      continue;
    }
    if (text === 'executing query') {
      const q = step.docString ?? '';
      if (isWriteQuery(q)) return { status: 'skip', reason: 'write query' };
      executed = true;
      // The TCK checks semantics: the safety caps on unbounded * and list sizes are raised (production keeps defaults).
      try { result = runForTest(graph, q, params, { timeoutMs: 3000, maxVarLengthHops: 64, maxListSize: 10_000_000 }); } catch (e) { error = e; }
      continue;
    }
    if (text === 'executing control query' || text.startsWith('there exists a procedure')) return { status: 'skip', reason: text };
    if (text === 'no side effects') continue;
    if (text === 'the side effects should be') {
      if ((step.table ?? []).some(([, n]) => n !== '0')) return { status: 'skip', reason: 'write side effects' };
      continue;
    }
    if (!executed) return { status: 'skip', reason: `step before the query: ${text}` };
    if ((m = /^the result should be(, in (any )?order)?( \(ignoring element order for lists\))?$/.exec(text)) || text === 'the result should be empty') {
      if (error !== undefined) return { status: 'fail', reason: `unexpected error: ${(error as Error).message}` };
      const r = result!;
      if (text === 'the result should be empty') {
        if (r.rows.length) return { status: 'fail', reason: `expected no rows, got ${r.rows.length}` };
        continue;
      }
      const ordered = m![1] !== undefined && m![2] === undefined;
      const unorderedLists = m![3] !== undefined;
      const [header, ...rows] = step.table ?? [[]];
      if (header.join(',') !== r.columns.join(',')) return { status: 'fail', reason: `columns ${JSON.stringify(r.columns)} expected ${JSON.stringify(header)}` };
      let expected: string[];
      try { expected = rows.map((row) => rowText(header, row.map((c) => tvText(parseTV(c), unorderedLists)))); } catch (e) {
        return { status: 'skip', reason: `unreadable expected value: ${(e as Error).message}` };
      }
      const actual = r.rows.map((row) => rowText(r.columns, row.map((v) => valueText(v, graph, unorderedLists))));
      if (!ordered) { expected.sort(); actual.sort(); }
      if (expected.length !== actual.length || expected.some((x, i) => x !== actual[i])) {
        const missing = expected.filter((x) => !actual.includes(x)).slice(0, 3);
        const extra = actual.filter((x) => !expected.includes(x)).slice(0, 3);
        return { status: 'fail', reason: `rows differ (expected ${expected.length}, got ${actual.length}); missing ${JSON.stringify(missing)} extra ${JSON.stringify(extra)}${ordered && !missing.length && !extra.length ? ' (order)' : ''}` };
      }
      continue;
    }
    if ((m = /^an? (\w+) should be raised at (compile time|runtime|any time): (\S+)$/.exec(text))) {
      const [, kind, phase, detail] = m;
      if (error === undefined) return { status: 'fail', reason: `expected ${kind} (${detail}), got ${result?.rows.length} rows` };
      if (!(error instanceof CypherError)) return { status: 'fail', reason: `expected ${kind} (${detail}), got internal ${(error as Error).stack?.split('\n').slice(0, 3).join(' ')}` };
      const wantPhase = phase === 'compile time' ? 'compile' : phase === 'runtime' ? 'runtime' : undefined;
      if (error.kind !== kind || (wantPhase && error.phase !== wantPhase) || (detail !== '*' && error.detail !== detail)) {
        return { status: 'fail', reason: `expected ${kind}/${phase}/${detail}, got ${error.kind}/${error.phase}/${error.detail}: ${error.message}` };
      }
      continue;
    }
    return { status: 'skip', reason: `unknown step: ${text}` };
  }
  return { status: 'pass' };
}

/** Reads every feature file and runs every scenario. */
export function runTck(filter?: string): Outcome[] {
  const featuresDir = path.join(TCK_ROOT, 'features');
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p); else if (e.name.endsWith('.feature')) files.push(p);
    }
  };
  walk(featuresDir);
  const out: Outcome[] = [];
  for (const file of files) {
    const rel = path.relative(featuresDir, file);
    if (filter && !rel.includes(filter)) continue;
    const folder = path.dirname(rel);
    for (const sc of parseFeature(fs.readFileSync(file, 'utf8'), rel)) {
      let r: Omit<Outcome, 'folder' | 'inScope' | 'scenario'>;
      try { r = runScenario(sc); } catch (e) { r = { status: 'fail', reason: `runner: ${(e as Error).message}` }; }
      out.push({ scenario: sc, folder, inScope: IN_SCOPE.includes(folder), ...r });
    }
  }
  return out;
}

/** Pass counts: in-scope folders, all folders. */
export function summarize(outcomes: Outcome[]) {
  const count = (list: Outcome[]) => ({ passed: list.filter((o) => o.status === 'pass').length, applicable: list.filter((o) => o.status !== 'skip').length });
  const byFolder = new Map<string, Outcome[]>();
  for (const o of outcomes) { const l = byFolder.get(o.folder) ?? []; l.push(o); byFolder.set(o.folder, l); }
  return {
    inScope: count(outcomes.filter((o) => o.inScope)),
    all: count(outcomes),
    folders: [...byFolder].map(([folder, list]) => ({ folder, inScope: IN_SCOPE.includes(folder), ...count(list) })),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const all = args.includes('--all');
  const filter = args.find((a) => !a.startsWith('--'));
  const outcomes = runTck(filter);
  for (const o of outcomes) {
    if (o.status === 'fail' && (all || o.inScope)) console.log(`FAIL ${o.scenario.file}:${o.scenario.line}${o.scenario.example ? `#${o.scenario.example}` : ''} ${o.scenario.name}\n     ${o.reason}`);
  }
  const s = summarize(outcomes);
  for (const f of s.folders) console.log(`${f.inScope ? '*' : ' '} ${f.folder.padEnd(40)} ${f.passed}/${f.applicable}`);
  console.log(`in scope: ${s.inScope.passed}/${s.inScope.applicable}   all read-only: ${s.all.passed}/${s.all.applicable}`);
}
