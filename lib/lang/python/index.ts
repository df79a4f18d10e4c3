/**
 * Python (.py .pyi): tree-sitter-python 0.25.0, the few nodes its query gives (tags.scm), Python's own collector
 * (collect.ts: scopes, imports, typing) and resolver (resolve.ts: modules, C3 linearisation, typed receivers), and
 * its rules (rules.ts).
 */
import { grammarBinding } from '../../extract/runtime.ts';
import { queryFile } from '../query-file.ts';
import type { Language } from '../types.ts';
import { collectPython } from './collect.ts';
import { pythonRules } from './rules.ts';
import { TOOL_CONFIG_NAMES } from './tool-paths.ts';

export const python: Language = {
  id: 'python',
  extensions: ['.py', '.pyi'],
  grammar: () => grammarBinding('tree-sitter-python'),
  nodeTypes: ['tree-sitter-python', 'src/node-types.json'],
  queries: [queryFile('python/tags.scm')],
  comments: { line: ['#'] },
  collect: collectPython,
  rules: pythonRules,
  packageMarkers: ['__init__.py'],
  configFiles: ['pyproject.toml', 'setup.cfg', ...TOOL_CONFIG_NAMES],
};
