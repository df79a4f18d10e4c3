/**
 * Answers under their size budget on a large real code base (rxjs 7.8.1's sources): the default answer fits,
 * its counts are the whole answer's, and reading on with `section` + `offset` gives back every item in order.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { detectChanges, type DetectChangesResponse } from '../../handlers/detect_changes.ts';
import { context } from '../../handlers/context.ts';
import { impact } from '../../handlers/impact.ts';
import type { BudgetedContext } from '../../handlers/context-budget.ts';
import type { BudgetedImpact } from '../../handlers/impact-budget.ts';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { DEFAULT_MAX_CHARS, jsonSize } from '../../handlers/budget.ts';
import { RXJS } from './fixture.ts';

let snapshot: Promise<Snapshot> | undefined;
const rxjs = () => (snapshot ??= buildSnapshotInMemory(RXJS, { search: false, workers: 0 }));

/** A diff whose new side is rxjs as it is and whose old side lacked one line inside each of `n` files' bodies. */
function wideDiff(n: number): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) walk(abs); else if (e.name.endsWith('.ts')) files.push(abs);
    }
  };
  walk(path.join(RXJS, 'internal', 'operators'));
  return files.slice(0, n).map((abs) => {
    const rel = path.relative(RXJS, abs).split(path.sep).join('/');
    const text = fs.readFileSync(abs, 'utf8');
    const lines = text.split('\n');
    const at = lines.findIndex((l, i) => i > lines.length / 2 && /^\s+return\b/.test(l));
    const old = lines.filter((_, i) => i !== (at >= 0 ? at : lines.length - 2)).join('\n');
    return createTwoFilesPatch(`a/${rel}`, `b/${rel}`, old, text, '', '').replace(/^Index:.*\n=+\n/, '');
  }).join('');
}

test('detect_changes: a wide diff answers under the default budget with exact counts; sections read on to the whole lists', async (t) => {
  const s = await rxjs();
  const diff = wideDiff(120);
  const whole = await detectChanges({ diff, max_chars: 5_000_000 }, s);
  t.true(jsonSize(whole) > 3 * DEFAULT_MAX_CHARS, `the whole answer is large: ${jsonSize(whole)}`);
  t.is(whole.more, undefined);
  const cut = await detectChanges({ diff }, s);
  t.true(jsonSize(cut) <= DEFAULT_MAX_CHARS, `${jsonSize(cut)} chars`);
  t.deepEqual(cut.summary, whole.summary);
  t.true(cut.truncated);
  t.true(cut.changed_symbols.length > 0 && cut.affected_symbols.length > 0, 'every list shows something');
  t.deepEqual(cut.changed_symbols, whole.changed_symbols.slice(0, cut.changed_symbols.length), 'most useful first: the list starts as the whole one does');
  for (const m of cut.more!) {
    let items = [...(cut as unknown as Record<string, unknown[]>)[m.section]];
    let next: number | undefined = m.next_offset;
    while (next !== undefined) {
      const page: DetectChangesResponse = await detectChanges({ diff, section: m.section, offset: next }, s);
      t.true(jsonSize(page) <= DEFAULT_MAX_CHARS);
      t.deepEqual(page.summary, whole.summary);
      const got = (page as unknown as Record<string, unknown[]>)[m.section];
      t.true(got.length > 0);
      items = items.concat(got);
      next = page.more?.find((x) => x.section === m.section)?.next_offset;
    }
    t.deepEqual(items, (whole as unknown as Record<string, unknown[]>)[m.section], m.section);
  }
  // A smaller budget is kept too; offset without section is refused.
  const small = await detectChanges({ diff, max_chars: 5000 }, s);
  t.true(jsonSize(small) <= 5000, `${jsonSize(small)}`);
  await t.throwsAsync(detectChanges({ diff, offset: 3 }, s), { message: /offset.*section/ });
});

/** A list of an answer by its section name (`incoming.calls`, `members`, …). */
function listOf(r: Record<string, any>, section: string): unknown[] {
  const [a, b] = section.split('.');
  return (b ? r[a][b] : r[a]) as unknown[];
}

test('context: the largest classes of rxjs answer under the default budget; counts are exact; every list and the source read on to the whole', async (t) => {
  const s = await rxjs();
  for (const name of ['Observable', 'Subscriber', 'Subscription']) {
    const whole = await context({ name, include_content: true, max_chars: 5_000_000 }, s) as BudgetedContext;
    t.true(JSON.stringify(whole).length > 40_000, `${name} whole: ${JSON.stringify(whole).length}`);
    t.false(whole.truncated);
    const cut = await context({ name, include_content: true }, s) as BudgetedContext;
    t.true(jsonSize(cut) <= DEFAULT_MAX_CHARS, `${name}: ${jsonSize(cut)} chars`);
    t.true(cut.truncated);
    t.deepEqual(cut.counts, whole.counts, 'counts are exact');
    t.is(cut.counts.incoming.calls, whole.incoming.calls.length);
    t.true(cut.incoming.calls.length > 0 || whole.incoming.calls.length === 0, 'callers shown');
    for (const m of cut.members ?? []) t.is(m.callerCount, whole.members!.find((w) => w.uid === m.uid)!.callers.length);
    for (const m of cut.more ?? []) {
      if (m.section === 'content') {
        let text = cut.symbol.content!;
        let next: number | undefined = m.next_offset;
        while (next !== undefined) {
          const page = await context({ name, section: 'content', offset: next }, s) as BudgetedContext;
          t.true(jsonSize(page) <= DEFAULT_MAX_CHARS);
          text += `\n${page.symbol.content}`;
          next = page.more?.find((x) => x.section === 'content')?.next_offset;
        }
        t.is(text, whole.symbol.content ?? "", `${name} source read whole`);
        continue;
      }
      let items = [...listOf(cut, m.section)];
      let next: number | undefined = m.next_offset;
      while (next !== undefined) {
        const page = await context({ name, section: m.section, offset: next }, s) as BudgetedContext;
        t.true(jsonSize(page) <= DEFAULT_MAX_CHARS);
        t.deepEqual(page.counts, whole.counts);
        items = items.concat(listOf(page, m.section));
        next = page.more?.find((x) => x.section === m.section)?.next_offset;
      }
      const want = listOf(whole, m.section);
      // Members shown in pages keep their first callers; compare identities and exact counts.
      if (m.section === 'members') t.deepEqual(items.map((x: any) => [x.uid, x.callerCount]), want.map((x: any) => [x.uid, x.callerCount]));
      else t.deepEqual(items, want, `${name} ${m.section}`);
    }
  }
  const small = await context({ name: 'Observable', max_chars: 4000 }, s) as BudgetedContext;
  t.true(jsonSize(small) <= 4000, `${jsonSize(small)}`);
  await t.throwsAsync(context({ name: 'Observable', offset: 5 }, s), { message: /offset.*section/ });
  await t.throwsAsync(context({ name: 'Observable', max_chars: 10 }, s), { message: /max_chars/ });
});

test('impact: nearest first under the default budget; impactedCount and summary exact; byDepth and flows read on to the whole', async (t) => {
  const s = await rxjs();
  for (const target of ['Observable', 'Subscription']) {
    const whole = await impact({ target, max_chars: 5_000_000 }, s) as BudgetedImpact;
    const cut = await impact({ target }, s) as BudgetedImpact;
    t.true(jsonSize(whole) > 3 * DEFAULT_MAX_CHARS, `${target} whole: ${jsonSize(whole)}`);
    t.true(jsonSize(cut) <= DEFAULT_MAX_CHARS, `${target}: ${jsonSize(cut)} chars`);
    t.true(cut.truncated);
    t.is(cut.impactedCount, whole.impactedCount);
    t.deepEqual(cut.summary, whole.summary);
    t.is(cut.risk, whole.risk);
    const flat = (r: BudgetedImpact) => Object.keys(r.byDepth).sort((a, b) => Number(a) - Number(b)).flatMap((d) => r.byDepth[d].map((x) => [d, x.uid]));
    const wholeFlat = flat(whole);
    // Direct dependents first: the cut listing is the start of the nearest-first order.
    t.deepEqual(flat(cut), wholeFlat.slice(0, flat(cut).length));
    t.deepEqual(Object.keys(cut.byDepth), ['1'].concat(Object.keys(cut.byDepth).slice(1)));
    const m = cut.more!.find((x) => x.section === 'byDepth')!;
    let items = flat(cut);
    let next: number | undefined = m.next_offset;
    while (next !== undefined) {
      const page = await impact({ target, section: 'byDepth', offset: next }, s) as BudgetedImpact;
      t.true(jsonSize(page) <= DEFAULT_MAX_CHARS);
      t.is(page.impactedCount, whole.impactedCount);
      items = items.concat(flat(page));
      next = page.more?.find((x) => x.section === 'byDepth')?.next_offset;
    }
    t.deepEqual(items, wholeFlat);
    const flows = cut.more!.find((x) => x.section === 'affected_processes');
    if (flows) {
      const rest = await impact({ target, section: 'affected_processes', offset: flows.next_offset, max_chars: 5_000_000 }, s) as BudgetedImpact;
      t.deepEqual([...cut.affected_processes, ...rest.affected_processes], whole.affected_processes);
    }
  }
});

test('an ambiguous name with many candidates keeps the best ones under the budget and counts them all', async (t) => {
  const s = await rxjs();
  const whole = await context({ name: 'constructor', max_chars: 5_000_000 }, s);
  const cut = await context({ name: 'constructor', max_chars: 3000 }, s);
  t.is(whole.status, 'ambiguous');
  if (whole.status !== 'ambiguous' || cut.status !== 'ambiguous') return;
  t.true(whole.candidates.length > 20, `${whole.candidates.length} candidates`);
  t.true(jsonSize(cut) <= 3000);
  t.is(cut.candidate_count, whole.candidates.length);
  t.true(cut.truncated);
  t.deepEqual(cut.candidates, whole.candidates.slice(0, cut.candidates.length));
  const imp = await impact({ target: 'constructor', max_chars: 3000 }, s);
  t.true(jsonSize(imp) <= 3000);
});

test('cypher: rows stop at the default budget with truncated and a warning saying how to read on; max_chars raises it', async (t) => {
  const s = await rxjs();
  const { cypher } = await import('../../handlers/cypher.ts');
  const cut = await cypher({ query: 'MATCH (n) RETURN n ORDER BY n.uid' }, s);
  t.true(jsonSize(cut) <= DEFAULT_MAX_CHARS, `${jsonSize(cut)}`);
  t.true(cut.truncated);
  t.true(cut.row_count > 0 && cut.row_count < 1000);
  t.regex((cut.warnings ?? []).join(' '), /rows stop at \d+/);
  const more = await cypher({ query: 'MATCH (n) RETURN n ORDER BY n.uid', max_chars: 5_000_000 }, s);
  t.is(more.row_count, 1000);
  t.deepEqual(cut.rows, more.rows.slice(0, cut.row_count));
  const next = await cypher({ query: `MATCH (n) RETURN n ORDER BY n.uid SKIP ${cut.row_count}` }, s);
  t.deepEqual(next.rows[0], more.rows[cut.row_count]);
});

test('rename: a hub\'s preview lists edits under the budget, counts them all, and offset reads on to the whole listing', async (t) => {
  const s = await rxjs();
  const { rename } = await import('../../handlers/rename.ts');
  const req = { symbol_uid: 'Class:internal/Observable.ts:Observable', new_name: 'Stream' };
  const whole = await rename({ ...req, max_chars: 5_000_000 }, s);
  const cut = await rename(req, s);
  t.true(jsonSize(whole) > 3 * DEFAULT_MAX_CHARS, `${jsonSize(whole)}`);
  t.true(jsonSize(cut) <= DEFAULT_MAX_CHARS, `${jsonSize(cut)}`);
  t.deepEqual(cut.summary, whole.summary);
  t.true(cut.truncated);
  const flat = (r: { changes: Array<{ file_path: string; edits: unknown[] }> }) => r.changes.flatMap((c) => c.edits.map((e) => [c.file_path, e]));
  let items = flat(cut);
  let next = cut.more?.[0].next_offset;
  while (next !== undefined) {
    const page = await rename({ ...req, offset: next }, s);
    t.true(jsonSize(page) <= DEFAULT_MAX_CHARS);
    items = items.concat(flat(page));
    next = page.more?.[0].next_offset;
  }
  t.deepEqual(items, flat(whole));
  t.is(items.length, whole.summary.totalEdits);
});

test('a class of 350 methods and a method 80 classes implement: impact and rename keep to the budget, their counts exact', async (t) => {
  const { rename } = await import('../../handlers/rename.ts');
  const dir = path.resolve(import.meta.dirname, '../fixtures/tools/large-groups');
  const s = await buildSnapshotInMemory(dir, { search: false, workers: 0 });
  // impact of the class lists its members, cut to the budget with their count; a section reads them on
  const r = await impact({ target: 'Registry' }, s) as BudgetedImpact;
  t.true(jsonSize(r) <= DEFAULT_MAX_CHARS, `${jsonSize(r)} characters`);
  t.is(r.targetMemberCount, 350);
  t.true(r.targetMembers.length > 0 && r.targetMembers.length < 350);
  t.deepEqual(r.byDepth['1']?.map((x) => x.name), ['run']);
  const cut = r.more?.find((m) => m.section === 'targetMembers');
  t.truthy(cut);
  const members = [...r.targetMembers];
  for (let offset = cut!.next_offset; offset < 350;) {
    const page = await impact({ target: 'Registry', section: 'targetMembers', offset }, s) as BudgetedImpact;
    t.true(jsonSize(page) <= DEFAULT_MAX_CHARS);
    members.push(...page.targetMembers);
    offset = page.more?.[0]?.next_offset ?? 350;
  }
  t.deepEqual(members, (await impact({ target: 'Registry', max_chars: 5_000_000 }, s) as BudgetedImpact).targetMembers);
  t.is(new Set(members).size, 350);
  // rename of the interface method ties the 80 implementations: the list is cut, the edits still listed
  const p = await rename({ symbol_name: 'Handler.handle', new_name: 'process' }, s) as { tied_symbols: unknown[]; tied_symbol_count?: number; truncated: boolean; summary: { totalEdits: number }; changes: Array<{ edits: unknown[] }> };
  t.true(jsonSize(p) <= DEFAULT_MAX_CHARS, `${jsonSize(p)} characters`);
  t.is(p.tied_symbol_count, 80);
  t.true(p.tied_symbols.length > 0 && p.tied_symbols.length < 80);
  t.true(p.truncated);
  t.is((p.summary as { graphEdits?: number }).graphEdits, 82); // the interface's declaration, 80 implementations, the call in main.ts
  t.true(p.changes.flatMap((c) => c.edits).length > 40, 'the edits keep most of the budget');
});
