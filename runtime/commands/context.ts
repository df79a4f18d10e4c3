import { notYet } from './not-yet.ts';
export const contextCommand = notYet('context', 'Everything about one symbol, as JSON', 'codegraph context <name> [--uid U] [--file F] [--kind K] [--repo R]');
