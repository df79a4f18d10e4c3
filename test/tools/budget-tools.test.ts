/**
 * Answers under their size budget on a large real code base (rxjs 7.8.1's sources): the default answer fits,
 * its counts are the whole answer's, and reading on with `section` + `offset` gives back every item in order.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { detectChanges, type DetectChangesResponse } from '../../handlers/detect_changes.ts';
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
