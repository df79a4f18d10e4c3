/** Runs every inline-annotated Python fixture repository under test/fixtures/python (syntax: test/indexer/harness.ts, in `#` comments). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testFixtureFolders } from '../helpers/fixtures.ts';

testFixtureFolders(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'python'), 'python fixture');
