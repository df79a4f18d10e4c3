/** Runs every inline-annotated C fixture repository under test/fixtures/c (syntax: test/indexer/harness.ts). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testFixtureFolders } from '../helpers/fixtures.ts';

testFixtureFolders(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'c'), 'c fixture');
