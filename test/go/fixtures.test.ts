/** Runs every inline-annotated Go fixture repository under test/fixtures/go (syntax: test/indexer/harness.ts). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testFixtureFolders } from '../helpers/fixtures.ts';

testFixtureFolders(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'go'), 'go fixture');
