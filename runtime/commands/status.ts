import { notYet } from './not-yet.ts';
export const statusCommand = notYet('status', 'Is the index current? Which files changed since?', 'codegraph status [path]');
