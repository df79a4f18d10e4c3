import { notYet } from './not-yet.ts';
export const renameCommand = notYet('rename', 'Coordinated multi-file rename (preview unless --apply)', 'codegraph rename <symbol> <new_name> [--uid U] [--file F] [--apply] [--repo R]');
