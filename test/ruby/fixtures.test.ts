/** Runs every inline-annotated Ruby fixture repository under test/fixtures/ruby (syntax: test/indexer/harness.ts). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testFixtureFolders } from '../helpers/fixtures.ts';

testFixtureFolders(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'ruby'), 'ruby fixture');
