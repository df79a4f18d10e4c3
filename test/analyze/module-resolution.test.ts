/** `codegraph analyze --module-resolution`: a bad value is refused before anything is indexed; a good one reaches module detection. */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyzeCommand } from '../../runtime/commands/analyze.ts';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { readGraph } from '../../index-store/format.ts';
import { nodesWithLabel } from '../../lib/graph/code-graph.ts';
import { isCodegraphError } from '../../lib/errors.ts';

const FILES: Record<string, string> = {};
for (const area of ['billing', 'shipping', 'users']) {
  for (const part of ['model', 'service', 'store']) {
    FILES[`src/${area}/${part}.ts`] = `import { helper } from '../shared/helper';\nexport function ${area}${part}A(x: number) { return helper(x) + ${area}${part}B(x); }\nexport function ${area}${part}B(x: number) { return x * 2; }\n`;
  }
}
FILES['src/shared/helper.ts'] = 'export function helper(x: number) { return x + 1; }\n';

function repo(t: { teardown(fn: () => void): void }): { root: string; home: string } {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'cg-modres-'));
  t.teardown(() => fs.rmSync(base, { recursive: true, force: true }));
  const root = path.join(base, 'repo');
  for (const [f, text] of Object.entries(FILES)) { fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true }); fs.writeFileSync(path.join(root, f), text); }
  return { root, home: path.join(base, 'home') };
}

test('--module-resolution refuses what is not a positive number, and nothing is indexed', async (t) => {
  const { root, home } = repo(t);
  for (const bad of ['0', '-1', 'abc', '1e3', '']) {
    const err = await analyzeCommand.run([root, '--module-resolution', bad]).catch((e: unknown) => e);
    t.true(isCodegraphError(err) && err.code === 'VALIDATION_ERROR', `${bad}: ${String(err)}`);
  }
  t.false(fs.existsSync(path.join(root, '.codegraph')));
  t.false(fs.existsSync(home));
});

test('the resolution reaches module detection: another one gives other modules', async (t) => {
  const { root, home } = repo(t);
  const count = async (resolution: number) => {
    const r = await analyzeRepository(root, { home, embedder: 'lexical', force: true, modules: { resolution } });
    return nodesWithLabel(readGraph(r.dir), 'Community').length;
  };
  const base = await count(1);
  const fine = await count(10);
  t.not(fine, base);
  t.is(await count(1), base);
});
