import { notYet } from './not-yet.ts';
export const detectChangesCommand = notYet('detect-changes', 'Symbols and flows a git diff touches, as JSON', 'codegraph detect-changes [--scope unstaged|staged|all|compare] [--base-ref REF] [--repo R]');
