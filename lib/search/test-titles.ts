/**
 * Test titles as the words of the code they test. A change description reads like a test's title
 * (`it('preserves request statusText')`, `def test_warns_on_nested_readonly_ref`), and a test names the code it
 * exercises: the symbols it calls by name, and the file its own file is named after (`foo.spec.ts` ↔ `foo.ts`).
 * The test lane scores each test's title (with the titles of the blocks around it) against the query and lends
 * the best titles' scores to the symbols they name and to the symbols of the file they are named after.
 */
import { isTestFile } from '../lang/index.ts';
import { terms } from './tokenize.ts';

/** One test: its full title's terms, where it is, the rows it names and the rows of the file it is named after. */
export interface TestEntry {
  file: string;
  line: number;
  terms: string[];
  named: number[];
  fileRows: number[];
}

/** A test block found in a test file's text. */
export interface TestBlock { title: string; line: number; start: number; end: number; identifiers: Set<string> }

const JS_TEST = /\b(?:describe|it|test|context|suite|specify)(?:\.(?:only|skip|concurrent|sequential|todo|fails))?\s*\(\s*(?:(['"])((?:\\.|(?!\1)[^\\\n])*)\1|`((?:\\.|[^`\\$])*)`)/g;
const PY_TEST = /^([ \t]*)(?:async\s+)?(def|class)\s+((?:test|Test)\w*)/gm;
const IDENT = /[\p{L}_$][\p{L}\p{N}_$]*/gu;
/** Names too common to say which symbol a test exercises. */
const MAX_NAMESAKES = 3;

/** The test blocks of one test file's text: titles of enclosing blocks are prefixed to each title. */
export function testBlocks(text: string, python: boolean): TestBlock[] {
  const raw: Array<{ title: string; start: number; body: number; end: number }> = [];
  if (python) {
    for (const m of text.matchAll(PY_TEST)) {
      const indent = m[1].length;
      const start = m.index!;
      let end = text.length;
      const next = new RegExp(`^[ \\t]{0,${indent}}(?=\\S)`, 'gm');
      next.lastIndex = text.indexOf('\n', start) + 1 || text.length;
      for (let n = next.exec(text); n; n = next.exec(text)) {
        // a continuation line of the signature or a comment at a lower indent does not end the block
        if (n.index <= start || text[n.index + n[0].length] === '#' || text[n.index + n[0].length] === ')') { next.lastIndex = n.index + n[0].length + 1; continue; }
        end = n.index; break;
      }
      const name = m[3].replace(/^test_?|^Test/, '');
      raw.push({ title: name, start, body: start + m[0].length, end });
    }
  } else {
    for (const m of text.matchAll(JS_TEST)) {
      const start = m.index!;
      const open = text.indexOf('(', start);
      raw.push({ title: m[2] ?? m[3] ?? '', start, body: start + m[0].length, end: closing(text, open) });
    }
  }
  const starts = lineStarts(text);
  const out: TestBlock[] = [];
  const stack: Array<{ title: string; end: number }> = [];
  for (const b of raw) {
    while (stack.length && stack[stack.length - 1].end <= b.start) stack.pop();
    const title = [...stack.map((s) => s.title), b.title].join(' ');
    const identifiers = new Set<string>();
    for (const id of text.slice(b.body, b.end).match(IDENT) ?? []) identifiers.add(id);
    out.push({ title, line: lineOf(starts, b.start), start: b.start, end: b.end, identifiers });
    stack.push({ title: b.title, end: b.end });
  }
  return out;
}

/** Offset just past the parenthesis closing the one at `open` (strings and comments skipped), or the text's end. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') { if (--depth === 0) return i + 1; }
    else if (c === '"' || c === "'" || c === '`') {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++; else if (c !== '`' && text[i] === '\n') break;
    } else if (c === '/' && text[i + 1] === '/') { const nl = text.indexOf('\n', i); i = nl < 0 ? text.length : nl; }
    else if (c === '/' && text[i + 1] === '*') { const e = text.indexOf('*/', i + 2); i = e < 0 ? text.length : e + 1; }
  }
  return text.length;
}

function lineStarts(text: string): number[] {
  const s = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) s.push(i + 1);
  return s;
}

function lineOf(starts: readonly number[], offset: number): number {
  let lo = 0, hi = starts.length - 1;
  while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (starts[mid] <= offset) lo = mid; else hi = mid - 1; }
  return lo + 1;
}

/** The stem a test file is named after (`componentProps` of `__tests__/componentProps.spec.ts`, `foo` of `test_foo.py`). */
export function testedStem(file: string): string {
  const base = file.slice(file.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '').replace(/\.d$/, '');
  return base.replace(/[._-](?:spec|test|tests|unit|e2e|integration)$/i, '').replace(/^test_|_test$/i, '').replace(/\.(?:spec|test)$/i, '');
}

function stemOf(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '').replace(/\.d$/, '');
}

/** Length of the common directory prefix of two paths, in segments. */
function sharedDirs(a: string, b: string): number {
  const x = a.split('/'), y = b.split('/');
  let k = 0;
  while (k < x.length - 1 && k < y.length - 1 && x[k] === y[k]) k++;
  return k;
}

/** What the lane needs of the index's rows: each row's uid (its name is read from the graph by the caller) and file. */
export interface TestLaneInput {
  /** Each row's symbol name and file. */
  rows: ReadonlyArray<{ name: string; file: string }>;
  /** Every file of the snapshot (test files are read). */
  files: readonly string[];
  readSource: (file: string) => string | undefined;
}

/** The tests of a snapshot and an inverted index from title terms to tests. */
export class TestLane {
  readonly tests: TestEntry[] = [];
  private readonly byTerm = new Map<string, number[]>();
  /** When set, only tests it keeps are read (the localization set leaves out titles newer than a question). */
  keep?: (t: TestEntry) => boolean;

  /** Builds the lane: every test file's blocks, the rows each names and the rows of its tested file. */
  static build(input: TestLaneInput): TestLane {
    const lane = new TestLane();
    const byName = new Map<string, number[]>();
    const byFile = new Map<string, number[]>();
    const byStem = new Map<string, string[]>();
    input.rows.forEach((r, i) => {
      if (!r.file || isTestFile(r.file)) return;
      let a = byName.get(r.name); if (!a) byName.set(r.name, (a = [])); a.push(i);
      let f = byFile.get(r.file); if (!f) { byFile.set(r.file, (f = [])); const s = stemOf(r.file); let l = byStem.get(s); if (!l) byStem.set(s, (l = [])); l.push(r.file); }
      f.push(i);
    });
    for (const file of input.files) {
      if (!isTestFile(file)) continue;
      const text = input.readSource(file);
      if (!text) continue;
      const stem = testedStem(file);
      const sources = byStem.get(stem) ?? [];
      let tested: string | undefined;
      let best = -1;
      for (const s of sources) { const k = sharedDirs(s, file); if (k > best) { best = k; tested = s; } }
      const fileRows = tested ? byFile.get(tested)! : [];
      for (const b of testBlocks(text, file.endsWith('.py'))) {
        const ts = [...new Set(terms(b.title, { stopWords: true }))];
        if (ts.length === 0) continue;
        const named: number[] = [];
        for (const id of b.identifiers) { const rows = byName.get(id); if (rows && rows.length <= MAX_NAMESAKES) named.push(...rows); }
        const at = lane.tests.length;
        lane.tests.push({ file, line: b.line, terms: ts, named, fileRows });
        for (const t of ts) { let l = lane.byTerm.get(t); if (!l) lane.byTerm.set(t, (l = [])); l.push(at); }
      }
    }
    return lane;
  }

  /**
   * The best `limit` tests for weighted query terms (`idf` gives a term's weight): each test's score is the
   * idf-weighted share of the query's terms its title holds; tests under `minShare` are left out.
   */
  match(query: ReadonlyArray<{ term: string; weight: number; joined?: boolean }>, idf: (term: string) => number, limit: number, minShare: number): Array<{ test: number; share: number }> {
    const score = new Map<number, number>();
    let total = 0;
    for (const q of query) {
      if (q.joined || q.weight <= 0) continue;
      const w = q.weight * idf(q.term);
      total += w;
      for (const t of this.byTerm.get(q.term) ?? []) {
        if (this.keep && !this.keep(this.tests[t])) continue;
        score.set(t, (score.get(t) ?? 0) + w);
      }
    }
    if (total <= 0) return [];
    const out: Array<{ test: number; share: number }> = [];
    for (const [test, s] of score) if (s / total >= minShare) out.push({ test, share: s / total });
    out.sort((a, b) => b.share - a.share || a.test - b.test);
    return out.slice(0, limit);
  }
}
