import { notYet } from './not-yet.ts';
export const impactCommand = notYet('impact', 'Blast radius of a symbol, as JSON', 'codegraph impact <target> [--direction upstream|downstream] [--depth N] [--repo R]');
