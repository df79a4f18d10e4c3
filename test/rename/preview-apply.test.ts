/**
 * Issue 27 item 9: a file outside the index edited between preview and apply never gets an edit the preview did
 * not show. The preview's `preview_id` names exactly what an apply writes; an apply with it writes that or
 * nothing, and an apply that would write files the index does not cover needs it.
 */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rename } from '../../handlers/rename.ts';
import { SnapshotLoader } from '../../index-store/loader.ts';
import { repositoryWriter } from '../../runtime/repository-writer.ts';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import type { CodegraphError } from '../../lib/errors.ts';

const CART = 'export function addItem(items: number[], n: number): void {\n  items.push(n);\n}\n';
const MAIN = "import { addItem } from './cart';\nconst xs: number[] = [];\naddItem(xs, 1);\naddItem(xs, 2);\n";
const README = '# Shop\n\nCall `addItem` to add an item. addItem is safe.\n';

async function repo(t: import('ava').ExecutionContext) {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cg-preview-')));
  t.teardown(() => fs.rmSync(root, { recursive: true, force: true }));
  fs.mkdirSync(path.join(root, 'src'));
  fs.writeFileSync(path.join(root, 'src', 'cart.ts'), CART);
  fs.writeFileSync(path.join(root, 'src', 'main.ts'), MAIN);
  fs.writeFileSync(path.join(root, 'README.md'), README);
  const home = path.join(root, '.home');
  await analyzeRepository(root, { home, embedder: 'lexical' });
  const loader = new SnapshotLoader({ home, writer: repositoryWriter() });
  t.teardown(() => loader.close());
  return { root, loader };
}

const REQ = { symbol_name: 'addItem', new_name: 'addProduct', include_text_search: true };

test("the issue's case: a file outside the index edited after the preview is not written with an edit the preview did not show", async (t) => {
  const { root, loader } = await repo(t);
  const preview = await rename({ ...REQ, dry_run: true }, await loader.get());
  t.regex(preview.preview_id, /^[0-9a-f]{24}$/);
  const readmeEdits = preview.changes.find((c) => c.file_path === 'README.md')!.edits.length;
  t.is(readmeEdits, 2);
  // Edited between preview and apply: one more occurrence.
  const edited = README + '\nSee also addItem in the API docs.\n';
  fs.writeFileSync(path.join(root, 'README.md'), edited);
  const stale = await t.throwsAsync(rename({ ...REQ, dry_run: false, preview_id: preview.preview_id }, await loader.get())) as CodegraphError;
  t.is(stale.code, 'STALE_INDEX');
  t.regex(stale.message, /differ from the preview/);
  t.is(fs.readFileSync(path.join(root, 'README.md'), 'utf8'), edited, 'nothing written');
  t.is(fs.readFileSync(path.join(root, 'src', 'cart.ts'), 'utf8'), CART, 'nothing written');
  // Without the preview's id, files outside the index are not written at all.
  const refused = await t.throwsAsync(rename({ ...REQ, dry_run: false }, await loader.get())) as CodegraphError;
  t.is(refused.code, 'RENAME_REFUSED');
  t.deepEqual((refused.details as { files: string[] }).files, ['README.md']);
  t.is(fs.readFileSync(path.join(root, 'README.md'), 'utf8'), edited);
  // A fresh preview shows the third occurrence; applying it writes exactly what it showed.
  const again = await rename({ ...REQ, dry_run: true }, await loader.get());
  t.is(again.changes.find((c) => c.file_path === 'README.md')!.edits.length, 3);
  const applied = await rename({ ...REQ, dry_run: false, preview_id: again.preview_id }, await loader.get());
  t.true(applied.applied);
  t.is(applied.applied_edits, again.summary.editsToApply);
  t.is(applied.preview_id, again.preview_id);
  t.is(fs.readFileSync(path.join(root, 'README.md'), 'utf8'), edited.replaceAll('addItem', 'addProduct'));
  t.true(fs.readFileSync(path.join(root, 'src', 'main.ts'), 'utf8').includes('addProduct(xs, 2)'));
});

test('graph edits only: an apply needs no preview_id; with one, it still checks', async (t) => {
  const { root, loader } = await repo(t);
  const preview = await rename({ symbol_name: 'addItem', new_name: 'addProduct', dry_run: true }, await loader.get());
  t.false(preview.changes.some((c) => c.file_path === 'README.md' && c.edits.some((e) => e.apply)));
  const wrong = await t.throwsAsync(rename({ symbol_name: 'addItem', new_name: 'addProduct', dry_run: false, preview_id: '0'.repeat(24) }, await loader.get())) as CodegraphError;
  t.is(wrong.code, 'STALE_INDEX');
  const applied = await rename({ symbol_name: 'addItem', new_name: 'addProduct', dry_run: false }, await loader.get());
  t.true(applied.applied);
  t.is(applied.preview_id, preview.preview_id);
  t.is(fs.readFileSync(path.join(root, 'README.md'), 'utf8'), README, 'text_search edits were not asked for');
});
