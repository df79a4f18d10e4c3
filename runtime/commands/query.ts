import { notYet } from './not-yet.ts';
export const queryCommand = notYet('query', 'Hybrid search ranked by execution flow, as JSON', 'codegraph query <text> [--limit N] [--repo R]');
