/** Which files count as tests (excluded from `impact` unless asked, ranked last among lookup candidates). */

// `*.test.*`, `*.spec.*`, and anything under a `test/`, `tests/`, `spec/`, `__tests__/` or `__mocks__/` folder.
const TEST_NAME = /\.(?:test|spec)\.[^/]+$/;
const TEST_DIR = /(?:^|\/)(?:test|tests|spec|__tests__|__mocks__)\//;

/** True when a relative, '/'-separated path is a test file by name or by folder. */
export function isTestFile(filePath: string | undefined): boolean {
  if (!filePath) return false;
  return TEST_NAME.test(filePath) || TEST_DIR.test(filePath);
}
