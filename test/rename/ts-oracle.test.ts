/** The rename oracle itself: the same locations whether its root is given relative or absolute. */
import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TsRenameOracle, listTsFiles } from './ts-oracle.ts';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'indexer', 'rename-defaults');

test('a relative root finds the cross-file locations an absolute root finds', (t) => {
  const files = listTsFiles(fixture);
  const absolute = new TsRenameOracle(fixture, files);
  const relative = new TsRenameOracle(path.relative(process.cwd(), fixture), files);
  let crossFile = 0;
  for (const file of files) {
    const text = absolute.text(file);
    for (const m of text.matchAll(/export (?:function|class|const|interface|type) (\w+)/g)) {
      const offset = m.index! + m[0].length - m[1].length;
      const want = absolute.renameLocations(file, offset);
      t.deepEqual(relative.renameLocations(file, offset), want, `${file}: ${m[1]}`);
      crossFile += (want ?? []).filter((l) => l.file !== file).length;
    }
  }
  t.true(crossFile > 0, 'the fixture has no cross-file rename to compare');
});
