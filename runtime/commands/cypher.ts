import { notYet } from './not-yet.ts';
export const cypherCommand = notYet('cypher', 'Run a read-only Cypher query, as JSON', 'codegraph cypher <statement> [--repo R]');
