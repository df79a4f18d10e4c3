import { notYet } from './not-yet.ts';
export const cleanCommand = notYet('clean', 'Delete the index and registry entry', 'codegraph clean [path]');
