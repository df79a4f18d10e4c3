/** Runs every inline-annotated PHP fixture repository under test/fixtures/php (syntax: test/indexer/harness.ts). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testFixtureFolders } from '../helpers/fixtures.ts';

testFixtureFolders(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'php'), 'php fixture');
