/**
 * rename on a real fixture repository (test/fixtures/rename/shop) through the real indexer: graph edits for
 * every occurrence kind, text_search for the rest, refusals, and an apply through the registry's loader that
 * re-indexes, keeps the TypeScript diagnostics unchanged and lets a second rename see the new name.
 */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { buildSnapshotInMemory, analyzeRepository } from '../../lib/analyze/index.ts';
import { SnapshotLoader } from '../../index-store/loader.ts';
import { repositoryWriter } from '../../runtime/repository-writer.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { rename } from '../../handlers/rename.ts';
import { context } from '../../handlers/context.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { editList } from './helpers.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'rename', 'shop');
let snapshot: Snapshot;

test.before(async () => {
  snapshot = await buildSnapshotInMemory(FIXTURE, { search: false });
});

const graphEdits = (res: Parameters<typeof editList>[0]) => editList(res).filter((e) => e.endsWith('(graph)')).map((e) => e.replace(/ \(graph\)$/, ''));
const textEdits = (res: Parameters<typeof editList>[0]) => editList(res).filter((e) => e.endsWith('(text_search)')).map((e) => e.split(' ')[0]);

test('a function: declaration, imports, barrel re-exports, calls, value use, shorthand; aliases keep their names', async (t) => {
  const res = await rename({ symbol_name: 'formatPrice', file_path: 'src/money.ts', new_name: 'formatCents' }, snapshot);
  t.deepEqual(graphEdits(res), [
    'src/cart.ts:1:10 formatPrice→formatCents',                // import { formatCents, toPrice, … }
    'src/cart.ts:27:12 formatPrice→formatCents',
    'src/cart.ts:42:21 formatPrice→formatPrice: formatCents',  // { formatPrice: formatCents, total: … }
    'src/index.ts:1:10 formatPrice→formatCents',               // export { formatCents } from './money'
    'src/index.ts:2:10 formatPrice→formatCents',               // export { formatCents as renderPrice }
    'src/money.ts:9:17 formatPrice→formatCents',
    'src/report.ts:1:10 formatPrice→formatCents',
    'src/report.ts:10:49 formatPrice→formatCents',             // the module's, not the local helper's
    'src/report.ts:13:42 formatPrice→formatCents',             // value use; the quoted key stays text_search
    'src/view.tsx:1:10 formatPrice→formatCents',               // import { formatCents as fp }: fp stays
    'src/view.tsx:2:10 formatPrice→formatCents',               // imported through the barrel
    'src/view.tsx:10:17 formatPrice→formatCents',
  ]);
  t.deepEqual(textEdits(res), [
    'README.md:3:6',           // docs
    'config/app.json:1:22',    // configuration
    'src/cart.ts:44:18',       // summary.formatPrice: the object's property keeps its name (shorthand above)
    'src/money.ts:1:20',       // comment
    'src/report.ts:3:56',      // comment
    'src/report.ts:13:28',     // quoted key
  ]);
  // The local helper of the same name (and its call) is neither a graph nor a text_search edit.
  t.false(editList(res).some((e) => /^src\/report\.ts:(5|6):/.test(e)));
  t.is(res.summary.totalEdits, 18);
  t.is(res.summary.filesToWrite, 5);
});

test('a local helper renames within its function; its text search stays in its file', async (t) => {
  const res = await rename({ symbol_name: 'summarize.formatPrice', new_name: 'fmt' }, snapshot);
  t.deepEqual(graphEdits(res), ['src/report.ts:5:9 formatPrice→fmt', 'src/report.ts:6:28 formatPrice→fmt']);
  t.deepEqual(textEdits(res), ['src/report.ts:3:56', 'src/report.ts:13:28']);
  // A name already used in that function (a parameter the graph does not know) is flagged for review.
  const shadow = await rename({ symbol_name: 'summarize.formatPrice', new_name: 'values' }, snapshot);
  t.regex(shadow.warnings.join('\n'), /'values' already occurs in src\/report\.ts \(lines 4, 6, 9, 10\)/);
  // Ambiguous by plain name: the module's and the local one.
  const err = await t.throwsAsync(rename({ symbol_name: 'formatPrice', new_name: 'x' }, snapshot));
  t.is((err as CodegraphError).code, 'VALIDATION_ERROR');
  t.deepEqual(((err as CodegraphError).details as { candidates: Array<{ uid: string }> }).candidates.map((c) => c.uid),
    ['Function:src/money.ts:formatPrice', 'Function:src/report.ts:summarize.formatPrice']);
});

test('a method renames with the interface method it implements and the override, through this/super/typed calls', async (t) => {
  const res = await rename({ symbol_name: 'Cart.total', new_name: 'sum' }, snapshot);
  t.deepEqual(res.tied_symbols.map((s) => s.uid), ['Method:src/cart.ts:Totals.total', 'Method:src/cart.ts:DiscountCart.total']);
  t.deepEqual(graphEdits(res), [
    'src/cart.ts:4:3 total→sum',    // Totals.total
    'src/cart.ts:20:3 total→sum',   // Cart.total
    'src/cart.ts:27:29 total→sum',  // this.total()
    'src/cart.ts:31:25 total→sum',
    'src/cart.ts:36:12 total→sum',  // DiscountCart.total (override)
    'src/cart.ts:37:29 total→sum',  // super.total()
    'src/cart.ts:42:46 total→sum',  // cart.total() with cart: Totals
    'src/view.tsx:10:40 total→sum', // props.cart.total() with props: { cart: Cart }
    'src/view.tsx:13:35 total→sum',
  ]);
  // `total:` (an object key) and summary.total are other things: review.
  t.deepEqual(textEdits(res), ['src/cart.ts:42:34', 'src/cart.ts:43:40', 'src/cart.ts:44:38']);
  const clash = await t.throwsAsync(rename({ symbol_name: 'Totals.total', new_name: 'describe' }, snapshot));
  t.is((clash as CodegraphError).code, 'RENAME_REFUSED');
  t.regex(clash!.message, /a member of Cart is already called 'describe'|Cart\.describe would override/);
});

test('JSX components rename in opening, closing and self-closing tags; types in every position', async (t) => {
  const tag = await rename({ symbol_name: 'PriceTag', new_name: 'PriceLabel' }, snapshot);
  t.deepEqual(graphEdits(tag), [
    'src/view.tsx:5:17 PriceTag→PriceLabel', 'src/view.tsx:13:8 PriceTag→PriceLabel',
    'src/view.tsx:13:46 PriceTag→PriceLabel', 'src/view.tsx:14:8 PriceTag→PriceLabel',
  ]);
  const price = await rename({ symbol_name: 'Price', new_name: 'Amount' }, snapshot);
  t.deepEqual(graphEdits(price), [
    'src/cart.ts:1:37 Price→Amount', 'src/cart.ts:30:12 Price→Amount', 'src/money.ts:2:18 Price→Amount', 'src/money.ts:13:42 Price→Amount',
  ]);
});

test('collisions with declarations and imports in the files concerned are refused', async (t) => {
  for (const [req, pattern] of [
    [{ symbol_name: 'formatPrice', file_path: 'money.ts', new_name: 'toPrice' }, /'toPrice' is already declared at the top level of src\/money\.ts/],
    [{ symbol_name: 'PriceTag', new_name: 'Cart' }, /src\/view\.tsx already imports a 'Cart'/],
    [{ symbol_name: 'toPrice', new_name: 'Item' }, /src\/cart\.ts already imports|'Item' is already declared in src\/cart\.ts/],
  ] as const) {
    const err = await t.throwsAsync(rename(req, snapshot));
    t.is((err as CodegraphError).code, 'RENAME_REFUSED', JSON.stringify(req));
    t.regex(err!.message, pattern);
  }
});

/** TypeScript diagnostics of a folder's .ts/.tsx files, as `file: message` strings without positions. */
function diagnostics(root: string): string[] {
  const files = (fs.readdirSync(path.join(root, 'src'))).filter((f) => /\.tsx?$/.test(f)).map((f) => path.join(root, 'src', f));
  const program = ts.createProgram(files, { strict: true, noEmit: true, jsx: ts.JsxEmit.Preserve, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, skipLibCheck: true, lib: ['lib.es2022.d.ts'] });
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? path.relative(root, d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`).sort();
}

test('apply through the registry: files written, index refreshed, code still type-checks the same, a second rename sees the new name', async (t) => {
  t.timeout(300_000);
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cg-rename-repo-')));
  t.teardown(() => fs.rmSync(base, { recursive: true, force: true }));
  const root = path.join(base, 'shop');
  fs.cpSync(FIXTURE, root, { recursive: true });
  const home = path.join(base, 'home');
  await analyzeRepository(root, { home, embedder: 'lexical' });
  const before = diagnostics(root);
  const loader = new SnapshotLoader({ home, writer: repositoryWriter() });
  t.teardown(() => loader.close());

  const first = await loader.get('shop');
  const preview = await rename({ symbol_name: 'formatPrice', file_path: 'money.ts', new_name: 'formatCents' }, first);
  const applied = await rename({ symbol_name: 'formatPrice', file_path: 'money.ts', new_name: 'formatCents', dry_run: false }, first);
  t.true(applied.applied);
  t.is(applied.applied_edits, 12);
  t.deepEqual(applied.changes, preview.changes);
  t.is(fs.readFileSync(path.join(root, 'src/cart.ts'), 'utf8').split('\n')[41], '  const summary = { formatPrice: formatCents, total: cart.total() };');
  t.is(fs.readFileSync(path.join(root, 'README.md'), 'utf8'), fs.readFileSync(path.join(FIXTURE, 'README.md'), 'utf8'), 'text_search edits not written by default');
  t.deepEqual(diagnostics(root), before, 'the renamed code type-checks exactly as before');

  // The loader re-indexed: the next snapshot knows formatCents, and formatPrice only as the local helper.
  const second = await loader.get('shop');
  t.not(second, first);
  const ctx = await context({ name: 'formatCents' }, second) as { status: string; symbol: { filePath: string } };
  t.is(ctx.status, 'found');
  t.is(ctx.symbol.filePath, 'src/money.ts');
  const again = await rename({ symbol_name: 'formatCents', new_name: 'formatMoney', dry_run: false, include_text_search: true }, second);
  t.is(again.summary.graphEdits, 12);
  t.is(again.applied_edits, again.summary.totalEdits);
  t.deepEqual(diagnostics(root), before);
  t.regex(fs.readFileSync(path.join(root, 'src/money.ts'), 'utf8'), /export function formatMoney\(/);
  // The first plan is now stale: applying it again is refused and writes nothing.
  const stale = await t.throwsAsync(rename({ symbol_name: 'toPrice', new_name: 'asPrice', dry_run: false }, first));
  t.is((stale as CodegraphError).code, 'STALE_INDEX');
  t.regex(fs.readFileSync(path.join(root, 'src/money.ts'), 'utf8'), /export function toPrice\(/);
});

test('module forms: a default import named as the declaration follows it, one named otherwise keeps its name; named, namespace, re-export and CommonJS uses follow', async (t) => {
  const modules = await buildSnapshotInMemory(path.join(FIXTURE, '..', 'modules'), { search: false });
  const greet = await rename({ symbol_name: 'greet', new_name: 'welcome' }, modules);
  // `import greet from './a'` takes the declaration's own name: it and its uses are renamed, as the language service
  // renames them; `import def from './a'` chose another name, which stays (`def('y')` is no edit).
  t.deepEqual(graphEdits(greet), ['src/a.ts:1:25 greet→welcome', 'src/b.ts:1:8 greet→welcome', 'src/b.ts:5:13 greet→welcome']);
  t.deepEqual(textEdits(greet), []);
  const helper = await rename({ symbol_name: 'helper', new_name: 'assist' }, modules);
  t.deepEqual(graphEdits(helper), [
    'src/a.ts:2:14 helper→assist',
    'src/a.ts:3:10 helper→assist',          // export { assist as aliasHelper }
    'src/b.ts:3:15 helper→assist',          // import def, { assist } from './a'
    'src/b.ts:4:9 helper→assist',           // const { assist: h2 } = A (a key of the namespace object)
    'src/b.ts:5:37 helper→assist',          // A.assist through the namespace import
    'src/b.ts:5:45 helper→assist',
    'src/b.ts:6:16 helper→assist',          // export default assist
    'src/c.js:1:9 helper→assist',           // const { assist } = require('./a')
    'src/c.js:3:20 helper→helper: assist',  // module.exports keeps its key
    'src/c.js:3:37 helper→assist',          // a.assist
  ]);
  // Every occurrence is resolved, the namespace object's destructuring key included: nothing left for review.
  t.deepEqual(textEdits(helper), []);
});

test('a symbol a package provides is refused as a library symbol, whichever import form brings it in', async (t) => {
  const modules = await buildSnapshotInMemory(path.join(FIXTURE, '..', 'modules'), { search: false });
  for (const [name, module, line] of [['EventEmitter', 'node:events', 1], ['debounce', 'lodash.debounce', 2], ['join', 'path', 3]] as const) {
    const err = await t.throwsAsync(rename({ symbol_name: name, new_name: 'renamed' }, modules));
    t.is((err as CodegraphError).code, 'RENAME_REFUSED', name);
    t.regex(err!.message, new RegExp(`comes from the library '${module.replace('.', '\\.')}' \\(imported in src/libs\\.ts:${line}\\)`));
  }
  // A name nobody defines or imports is simply not found.
  const err = await t.throwsAsync(rename({ symbol_name: 'noSuchThing', new_name: 'x' }, modules));
  t.is((err as CodegraphError).code, 'SYMBOL_NOT_FOUND');
});
