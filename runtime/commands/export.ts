import { notYet } from './not-yet.ts';
export const exportCommand = notYet('export', 'Export every node and edge as JSON lines', 'codegraph export [path] --format jsonl');
