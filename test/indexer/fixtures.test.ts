/** Runs every inline-annotated fixture repository under test/fixtures/indexer (see harness.ts for the syntax). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testFixtureFolders } from '../helpers/fixtures.ts';

testFixtureFolders(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'indexer'), 'fixture');
