/**
 * The import roots the Python tools' configurations add (lib/lang/python/tool-paths.ts): each file form pytest,
 * pyright and mypy read, the values they accept, and what names no repository folder. The fixture
 * test/fixtures/python/tool-paths shows the roots resolving imports.
 */
import test from 'ava';
import { toolPaths } from '../../lib/lang/python/tool-paths.ts';
import { loadPythonSettings } from '../../lib/lang/python/modules.ts';

test('pyproject.toml: pytest pythonpath (list or string), pyright and basedpyright extraPaths, mypy_path', (t) => {
  const text = [
    '[tool.pytest.ini_options]', 'pythonpath = ["tests/support", "."]',
    '[tool.pyright]', 'extraPaths = ["vendor"]',
    '[[tool.pyright.executionEnvironments]]', 'root = "svc"', 'extraPaths = ["svc/libs"]',
    '[tool.basedpyright]', 'extraPaths = ["third"]',
    '[tool.mypy]', 'mypy_path = "$MYPY_CONFIG_FILE_DIR/stubs,typed"',
  ].join('\n');
  t.deepEqual(toolPaths('pyproject.toml', text), ['tests/support', '.', 'vendor', 'svc/libs', 'third', './stubs', 'typed']);
  t.deepEqual(toolPaths('pyproject.toml', '[tool.pytest.ini_options]\npythonpath = "src \'my dir\'"\n'), ['src', 'my dir']);
});

test('ini files: pytest.ini and tox.ini [pytest], setup.cfg [tool:pytest], mypy.ini and setup.cfg [mypy]', (t) => {
  t.deepEqual(toolPaths('pytest.ini', '[pytest]\npythonpath = src\n    tests/helpers\n'), ['src', 'tests/helpers']);
  t.deepEqual(toolPaths('tox.ini', '[tox]\nenvlist = py3\n[pytest]\npythonpath = lib\n'), ['lib']);
  t.deepEqual(toolPaths('setup.cfg', '[tool:pytest]\npythonpath = lib\n[mypy]\nmypy_path = a:b\n[pytest]\npythonpath = ignored\n'), ['lib', 'a', 'b']);
  t.deepEqual(toolPaths('mypy.ini', '[mypy]\n# a comment\nmypy_path = ${MYPY_CONFIG_FILE_DIR}/typed_src\n'), ['./typed_src']);
});

test('pyrightconfig.json with comments and trailing commas; bad text, absolute paths and variables give no root', (t) => {
  t.deepEqual(toolPaths('pyrightconfig.json', '{\n  // ours\n  "extraPaths": ["libs", "C:\\\\x", "/abs", "~/home", "${workspaceFolder}/x"],\n}'), ['libs']);
  t.deepEqual(toolPaths('pyrightconfig.json', '{ not json'), []);
  t.deepEqual(toolPaths('pyproject.toml', '[tool.pytest.ini_options\npythonpath = ["x"]'), []);
  t.deepEqual(toolPaths('pytest.ini', 'pythonpath = x\n'), [], 'an option before any section is no setting');
});

test('the roots are relative to the configuration file\'s folder and never leave the repository', (t) => {
  const files: Record<string, string> = {
    'tools/pytest.ini': '[pytest]\npythonpath = helpers ../../outside\n',
    'svc/pyrightconfig.json': '{"extraPaths": ["libs"]}',
    'pyproject.toml': '[project]\nname = "x"\n[tool.pytest.ini_options]\npythonpath = ["tests/support"]\n',
  };
  const s = loadPythonSettings(Object.keys(files), (p) => files[p]);
  t.deepEqual(s.roots, ['tests/support', 'tools/helpers', 'svc/libs', '']);
  t.deepEqual(s.projects, [''], 'a tool\'s configuration file makes no project');
});
