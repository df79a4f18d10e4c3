/** Runs every inline-annotated Java fixture repository under test/fixtures/java (syntax: test/indexer/harness.ts). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testFixtureFolders } from '../helpers/fixtures.ts';

testFixtureFolders(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'java'), 'java fixture');
