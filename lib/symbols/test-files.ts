/** Which files count as tests (excluded from `impact` unless asked, ranked last among lookup candidates). */
import { isTestFile as isTestByLanguage } from '../lang/index.ts';

// `*.test.*`, `*.spec.*`, and anything under a `test/`, `tests/`, `spec/`, `__tests__/` or `__mocks__/` folder.
const TEST_NAME = /\.(?:test|spec)\.[^/]+$/;
const TEST_DIR = /(?:^|\/)(?:test|tests|spec|__tests__|__mocks__)\//;

/** True when a relative, '/'-separated path is a test file by name or by folder, or by its language's rule (pytest's `test_*.py`). */
export function isTestFile(filePath: string | undefined): boolean {
  if (!filePath) return false;
  return TEST_NAME.test(filePath) || TEST_DIR.test(filePath) || isTestByLanguage(filePath);
}
