/**
 * The Python call graph against a real type checker, offline: pyright 1.1.414's language server answers
 * `textDocument/definition` at every call site of the Python fixtures (bench/python-oracle.ts; the rules of what
 * counts are at the top of bench/python-callgraph-diff.ts), and codegraph's answers must agree above the floors.
 * The figures on real code bases (tune and held-out halves) come from `bench/python-callgraph-diff.ts --all`
 * (docs/benchmarks.md).
 */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pythonCallgraphDiff, type PythonDiff } from '../../bench/python-callgraph-diff.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'python');
/**
 * The package folders the fixtures' project files declare, those their scripts put on `sys.path` at run time (which
 * pyright does not follow) and those other tools' settings add, told to pyright as an installed package's would be
 * (the pyrightconfig.json the oracle writes replaces a fixture's own pyright settings).
 */
const IMPORT_ROOTS: Record<string, string[]> = {
  'nested-projects': ['src'], 'pyproject-package-dir': ['pylib'], 'setup-cfg': ['lib'], 'src-layout': ['src'],
  'sys-path-roots': ['lib', 'shims', 'pylib', 'scripts/deploylib'],
  'tool-paths': ['tests/support', 'vendor', 'typed_src', 'tools/helpers_dir', 'svc/libs'],
};

test('the fixtures\' call sites agree with pyright: site precision 1.0, recall at least 0.95; no edge pyright lacks', async (t) => {
  t.timeout(600_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cg-pyright-'));
  let right = 0, ours = 0, checker = 0, edgeRight = 0, edgeOurs = 0;
  const wrong: string[] = [];
  try {
    for (const name of fs.readdirSync(FIXTURES).sort()) {
      const root = path.join(tmp, name);
      fs.cpSync(path.join(FIXTURES, name), root, { recursive: true });
      const d: PythonDiff = await pythonCallgraphDiff(root, IMPORT_ROOTS[name] ?? []);
      right += d.site.right; ours += d.site.ours;
      checker += d.site.right + d.siteMisses.length + d.siteFalsePositives.filter((v) => v.checker.length > 0).length;
      edgeRight += d.edge.right; edgeOurs += d.edge.ours;
      for (const v of d.siteFalsePositives) wrong.push(`${name}/${v.site.file}:${v.site.line}:${v.site.column} ${v.site.name}: ours ${v.ours.join(' | ')}, pyright ${v.checker.join(' | ') || '(none)'}`);
      for (const e of d.falsePositives) wrong.push(`${name}: edge ${e.source} -> ${e.target} (${e.reason}) at ${e.site}`);
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  t.log(`sites: ${right}/${ours} right of ours, pyright ${checker}; edges ${edgeRight}/${edgeOurs}`);
  t.true(checker > 60, 'the fixtures hold enough resolvable calls to mean something');
  t.deepEqual(wrong, []);
  t.true(right / checker >= 0.95, `recall ${right}/${checker}`);
});
