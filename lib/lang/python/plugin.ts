/**
 * Python's resolver plugin (lib/extract/relations.ts): its settings are the import roots read from pyproject.toml,
 * setup.cfg, setup.py and the src layout; its resolver is lib/lang/python/resolve.ts.
 */
import type { ResolverPlugin } from '../../extract/relations.ts';
import { loadPythonSettings, type PySettings } from './modules.ts';
import { PythonResolver } from './resolve.ts';

export const pythonResolver: ResolverPlugin = {
  loadSettings: loadPythonSettings,
  create: (sink, files, settings) => new PythonResolver(sink, files, (settings as PySettings | undefined) ?? { roots: [''] }),
};
