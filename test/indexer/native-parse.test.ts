/**
 * The native parse (native/tree_flat.c via lib/extract/native.ts) against the node-tree-sitter walk it replaces
 * (FlatTree.from reading everything): the same nodes in the same order with the same types, fields, offsets,
 * parents and siblings, the same error counts, and byte-identical FileFacts, over every rxjs and fixture file,
 * damaged files under three grammars and odd texts. Also its background queue and its refusals of bad input.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import type ParserT from 'tree-sitter';
import { languageRuntime, type LanguageId, languageOf } from '../../lib/lang/index.ts';
import { FlatTree, FULL_WALK, partsOf } from '../../lib/extract/flat-tree.ts';
import { collectFlat, walkPlan } from '../../lib/extract/halves.ts';
import { nativeParser, type NativeParser } from '../../lib/extract/native.ts';
import { nativeTest } from '../helpers/native.ts';
import { damagedTexts, ODD_TEXTS, sourceFiles } from './corpus.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');


/** The addon (every test here is a nativeTest: skipped when it is not built). */
function addon(): NativeParser {
  return nativeParser()!;
}

/** ERROR and MISSING nodes of a node-tree-sitter tree (what the pipeline counted before the native parse). */
function errorsOf(tree: ParserT.Tree): number {
  if (!tree.rootNode.hasError) return 0;
  let n = 0;
  const c = tree.walk();
  for (;;) {
    if (c.nodeType === 'ERROR' || c.nodeIsMissing) n++;
    if (c.gotoFirstChild()) continue;
    while (!c.gotoNextSibling()) if (!c.gotoParent()) return n;
  }
}

const ARRAYS = ['type', 'field', 'start', 'end', 'parent', 'next'] as const;

/** Differences between the native parse of `text` and node-tree-sitter's, described (empty when none). */
function compare(label: string, text: string, lang: LanguageId): string[] {
  const rt = languageRuntime(lang);
  const nat = addon().parse(rt.grammar, text);
  const natFlat = FlatTree.of(partsOf(nat.buffer, nat.count), rt.names.namedById, text);
  const tree = rt.parser.parse(text);
  const out: string[] = [];
  try {
    const full = FlatTree.from(tree, text, rt.names, FULL_WALK);
    if (full.count !== nat.count) return [`${label} (${lang}): ${nat.count} nodes natively, ${full.count} through node-tree-sitter`];
    for (const k of ARRAYS) {
      const a = natFlat[k], b = full[k];
      for (let i = 0; i < full.count; i++) {
        if (a[i] !== b[i]) { out.push(`${label} (${lang}): ${k}[${i}] is ${a[i]} natively, ${b[i]} through node-tree-sitter`); break; }
      }
    }
    const errors = errorsOf(tree);
    if (errors !== nat.errors) out.push(`${label} (${lang}): ${nat.errors} errors natively, ${errors} through node-tree-sitter`);
    // the pipeline's node-tree-sitter path reads only what the query plan needs: same facts all the same
    const planned = collectFlat(rt, FlatTree.from(tree, text, rt.names, walkPlan(rt)), 'f.ts', text, errors);
    const mine = collectFlat(rt, FlatTree.of(partsOf(nat.buffer, nat.count), rt.names.namedById, text), 'f.ts', text, nat.errors);
    if (JSON.stringify(mine) !== JSON.stringify(planned)) out.push(`${label} (${lang}): FileFacts differ`);
  } finally {
    (tree as unknown as { delete?: () => void }).delete?.();
  }
  return out;
}

nativeTest('every rxjs and fixture source file: the same flat tree, error count and FileFacts as the node-tree-sitter walk', (t) => {
  const files = [...sourceFiles(path.join(root, 'node_modules/rxjs/src')), ...sourceFiles(path.join(root, 'test/fixtures'))];
  t.true(files.length > 300);
  const diffs = files.flatMap((f) => compare(path.relative(root, f), readFileSync(f, 'utf8'), languageOf(f)!));
  t.deepEqual(diffs, []);
});

nativeTest('damaged files under every grammar (ERROR and MISSING nodes): the same trees, counts and facts', (t) => {
  const files = sourceFiles(path.join(root, 'node_modules/rxjs/src')).filter((f) => f.endsWith('.ts'));
  const diffs: string[] = [];
  let errors = 0;
  for (const { label, text } of damagedTexts(files, 11)) {
    for (const lang of ['typescript', 'tsx', 'javascript'] as const) {
      diffs.push(...compare(label, text, lang));
      errors += addon().parse(languageRuntime(lang).grammar, text).errors;
    }
  }
  t.true(errors > 100, 'the damaged texts do produce ERROR/MISSING nodes');
  t.deepEqual(diffs, []);
});

nativeTest('odd texts (empty, CRLF, BOM, astral characters, lone CR, NUL, lone surrogate) under every grammar', (t) => {
  for (const [name, text] of Object.entries(ODD_TEXTS)) {
    for (const lang of ['typescript', 'tsx', 'javascript'] as const) t.deepEqual(compare(name, text, lang), []);
  }
});

nativeTest('the background queue gives each file\'s parse back in submission order, the same as parsing here', (t) => {
  const p = addon();
  const files = sourceFiles(path.join(root, 'test/fixtures')).slice(0, 60);
  const q = p.queue();
  try {
    t.false(q.ready()); // nothing queued
    for (const f of files) q.submit(languageRuntime(languageOf(f)!).grammar, readFileSync(f, 'utf8'));
    for (const f of files) {
      const got = q.take();
      const want = p.parse(languageRuntime(languageOf(f)!).grammar, readFileSync(f, 'utf8'));
      t.is(got.count, want.count, f);
      t.is(got.errors, want.errors, f);
      t.deepEqual(new Uint8Array(got.buffer), new Uint8Array(want.buffer), f);
    }
    t.false(q.ready());
    t.throws(() => q.take(), { message: /parse queue is empty/ });
    // ready() turns true once the oldest file is parsed, and take() then returns it
    q.submit(languageRuntime('typescript').grammar, 'export const x = 1;\n');
    while (!q.ready()) { /* the thread is parsing */ }
    t.is(q.take().count, p.parse(languageRuntime('typescript').grammar, 'export const x = 1;\n').count);
  } finally {
    q.close();
  }
});

nativeTest('a closed queue drops what it was given and refuses more; closing twice is harmless', (t) => {
  const p = addon();
  const grammar = languageRuntime('typescript').grammar;
  const q = p.queue();
  for (let i = 0; i < 20; i++) q.submit(grammar, `export function f${i}() { return ${i}; }\n`);
  q.close();
  q.close();
  t.throws(() => q.submit(grammar, 'x'), { message: /parse queue is closed/ });
  t.throws(() => q.take(), { message: /parse queue is empty/ });
  const never = p.queue(); // never started: closes without a thread
  never.close();
  t.pass();
});

nativeTest('bad arguments are refused with a clear error, never a crash', (t) => {
  const p = addon();
  const grammar = languageRuntime('typescript').grammar;
  t.throws(() => p.parse({}, 'x'), { instanceOf: TypeError, message: /expected a tree-sitter grammar/ });
  t.throws(() => p.parse(42, 'x'), { instanceOf: TypeError, message: /expected a tree-sitter grammar/ });
  t.throws(() => p.parse(grammar, 42 as unknown as string), { instanceOf: TypeError, message: /expected a string/ });
  t.throws(() => p.grammarNames(null), { instanceOf: TypeError });
  t.throws(() => p.queue().submit('typescript', 'x'), { instanceOf: TypeError });
  // after the refusals the parser still works
  t.true(p.parse(grammar, 'const a = 1;').count > 3);
});

nativeTest('the grammar tables match node-tree-sitter\'s: named types, field names, and anonymous token texts up front', (t) => {
  const require = createRequire(import.meta.url);
  const binding = require('node-gyp-build')(path.dirname(require.resolve('tree-sitter'))) as {
    getNodeTypeNamesById(l: unknown): Array<string | null>; getNodeFieldNamesById(l: unknown): Array<string | null>;
  };
  for (const lang of ['typescript', 'tsx', 'javascript'] as const) {
    const { grammar } = languageRuntime(lang);
    const tables = addon().grammarNames(grammar);
    t.deepEqual(tables.symbols.map((n, i) => (tables.kinds[i] === 0 ? n : null)), binding.getNodeTypeNamesById(grammar), lang);
    t.deepEqual(tables.fields, binding.getNodeFieldNamesById(grammar), lang);
  }
  const rt = languageRuntime('typescript');
  t.true(rt.native);
  const names = addon().grammarNames(rt.grammar).symbols;
  const tree = rt.parser.parse('const a = b ?? (c as D) + `x${y}`; for (const k of m) {}');
  try {
    const c = tree.walk();
    let checked = 0;
    for (;;) {
      if (!c.nodeIsNamed) { t.is(rt.names.anonymous[c.nodeTypeId], c.nodeType); t.is(names[c.nodeTypeId], c.nodeType); checked++; }
      if (c.gotoFirstChild()) continue;
      let done = false;
      while (!c.gotoNextSibling()) if (!c.gotoParent()) { done = true; break; }
      if (done) break;
    }
    t.true(checked > 10);
  } finally {
    (tree as unknown as { delete?: () => void }).delete?.();
  }
});
