import { notYet } from './not-yet.ts';
export const analyzeCommand = notYet('analyze', 'Index a repository (incremental)', 'codegraph analyze [path] [--name N] [--force]');
