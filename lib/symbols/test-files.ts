/** Which files count as tests (excluded from `impact` unless asked, ranked last among lookup candidates). */
import { isTestFile as isTestFileOf } from '../lang/index.ts';

/** True when a relative, '/'-separated path is a test file by its language's rule (lib/lang/<id>/rules.ts). */
export function isTestFile(filePath: string | undefined): boolean {
  return isTestFileOf(filePath);
}
