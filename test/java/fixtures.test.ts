/** Runs every inline-annotated Java fixture repository under test/fixtures/java (syntax: test/indexer/harness.ts). */
import test from 'ava';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertionsOf, indexFixture, readFixture } from '../indexer/harness.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'java');

for (const name of readdirSync(root).sort().filter((n) => !n.startsWith('.'))) {
  test(`java fixture ${name}`, (t) => {
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
  });
}
