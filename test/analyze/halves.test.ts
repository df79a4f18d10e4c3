/**
 * extractFile in two halves (lib/extract/split.ts), as the native parse thread runs it: the parse and flat copy,
 * then the match and the collector over the copied arrays, give extractFile's facts exactly.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectParts, parseToParts } from '../../lib/extract/split.ts';
import { walkRepository } from '../../lib/files/walk.ts';
import type { ExtractItem } from '../../lib/analyze/pool.ts';
import { extractFile, languageOf, languageRuntime } from '../../lib/lang/index.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const rxjs = path.join(repoRoot, 'node_modules/rxjs/src');
const fixtures = path.join(repoRoot, 'test/fixtures');

/** Every file the indexer has a language for under `dir` (walk rules: nothing ignored by .gitignore). */
function items(dir: string): ExtractItem[] {
  return walkRepository(dir).files.flatMap((f) => {
    const language = languageOf(f.path);
    return language ? [{ path: f.path, text: fs.readFileSync(path.join(dir, f.path), 'utf8'), language }] : [];
  });
}

/** rxjs/src plus every fixture source (JavaScript, TSX, syntax errors, CommonJS). */
function corpus(): ExtractItem[] {
  const all = [...items(rxjs), ...items(fixtures).map((it) => ({ ...it, path: `fixtures/${it.path}` }))];
  return all;
}

const json = (x: unknown): string => JSON.stringify(x);

test('the two halves give exactly extractFile\'s facts on every rxjs and fixture file (one thread)', (t) => {
  const all = corpus();
  t.true(all.length > 300);
  t.true(all.some((it) => it.language === 'javascript') && all.some((it) => it.language === 'tsx'));
  let withErrors = 0;
  for (const it of all) {
    const parts = parseToParts(languageRuntime(it.language), it.text);
    const facts = collectParts(languageRuntime(it.language), it.path, it.text, parts);
    if (facts.parseErrors) withErrors++;
    t.is(json(facts), json(extractFile(it.path, it.text, it.language)), it.path);
  }
  t.true(withErrors > 0, 'some fixture has syntax errors');
});
