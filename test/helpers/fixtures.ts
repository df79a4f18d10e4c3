/** Registers one ava test per inline-annotated fixture repository in a folder (syntax: test/indexer/harness.ts). */
import test from 'ava';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { assertionsOf, indexFixture, readFixture } from '../indexer/harness.ts';

/** One test per fixture folder under `root`, titled `${prefix} ${name}`: every inline assertion must hold. */
export function testFixtureFolders(root: string, prefix: string): void {
  // Dot-folders are not fixtures: `codegraph analyze` on a fixture folder leaves a `.codegraph` index there.
  for (const name of readdirSync(root).sort().filter((n) => !n.startsWith('.'))) {
    test(`${prefix} ${name}`, (t) => {
      const files = readFixture(path.join(root, name));
      const assertions = assertionsOf(files);
      t.true(assertions.length > 0, 'a fixture without assertions proves nothing');
      const result = indexFixture(files);
      const failures: string[] = [];
      for (const a of assertions) {
        const err = a.check(result);
        if (err) failures.push(`${a.file}:${a.line}  ${a.text}\n    ${err}`);
      }
      t.deepEqual(failures, [], `${failures.length} of ${assertions.length} assertions failed`);
      // (analyze counts a file the resolver cannot finish and goes on; a fixture must not hide one behind its assertions)
      t.deepEqual(result.failures, [], 'the resolver failed on a file');
    });
  }
}
