import { notYet } from './not-yet.ts';
export const listCommand = notYet('list', 'List indexed repositories', 'codegraph list');
