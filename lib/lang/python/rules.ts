/**
 * Python's rules: import roots and module resolution (modules.ts), its own resolver (resolve.ts), the builtins,
 * the pytest test-file rule, and which names a rename may give.
 */
import type { LanguageRules, NameRules } from '../types.ts';
import { isBuiltinName } from './builtins.ts';
import { loadPythonSettings, PyModules, type PySettings } from './modules.ts';
import { PythonResolver } from './resolve.ts';
import { pythonOutwardFacts } from './outward.ts';
import { pythonOutsideTypes } from './outside.ts';

// Python 3.12's keywords (`keyword.kwlist`); soft keywords (match, case, type, _) may name values
const KEYWORDS = [
  'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue', 'def', 'del', 'elif',
  'else', 'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in', 'is', 'lambda', 'nonlocal', 'not', 'or',
  'pass', 'raise', 'return', 'try', 'while', 'with', 'yield', '__debug__',
];

const NAMES: NameRules = {
  wildcardImport: /^[ \t]*from[ \t]+[\w.]+[ \t]+import[ \t]+\*/m,
  // identifiers as the language reference defines them: XID_Start or `_`, then XID_Continue (no `$`, unlike ECMAScript)
  identifier: /^[\p{XID_Start}_]\p{XID_Continue}*$/u,
  reservedBindings: new Set(KEYWORDS),
  reservedTypeNames: new Set<string>(),
  // dunder names have a meaning to the interpreter: renaming a method to one changes behaviour
  reservedMembers: new Set(['__init__', '__new__', '__call__', '__enter__', '__exit__', '__iter__', '__next__', '__getattr__', '__getattribute__', '__setattr__', '__getitem__', '__setitem__', '__len__', '__eq__', '__hash__', '__repr__', '__str__', '__del__', '__class__', '__dict__', '__slots__', '__all__']),
};

// pytest's default discovery (`test_*.py`, `*_test.py`), conftest.py, and files under a tests/test folder
const TEST_NAME = /(?:^|\/)(?:test_[^/]*|[^/]*_test|conftest)\.pyi?$/;
const TEST_DIR = /(?:^|\/)(?:tests?|testing)\//;

/** Method names of the builtin containers and strings: too common to attach a call to by name. */
const COMMON_METHODS = new Set(['append', 'extend', 'insert', 'pop', 'remove', 'get', 'items', 'keys', 'values', 'update', 'setdefault', 'add', 'discard', 'join', 'split', 'strip', 'format', 'replace', 'startswith', 'endswith', 'lower', 'upper', 'encode', 'decode', 'read', 'write', 'close', 'copy', 'clear', 'sort', 'index', 'count']);

export const pythonRules: LanguageRules = {
  family: 'python',
  loadConfig: loadPythonSettings,
  modules: (files, settings) => {
    const m = new PyModules(files, (settings as PySettings | undefined) ?? { roots: [''] });
    return {
      resolve: (fromFile, specifier) => {
        const mod = m.resolve(fromFile, specifier);
        if (mod?.file) return { file: mod.file };
        return specifier.startsWith('.') ? { missing: true } : { external: specifier };
      },
    };
  },
  isGlobalName: isBuiltinName,
  isCommonMethodName: (name) => COMMON_METHODS.has(name),
  relations: (sink, files, settings) => new PythonResolver(sink, files, (settings as PySettings | undefined) ?? { roots: [''] }),
  outwardFacts: pythonOutwardFacts,
  // a name-mangled `__x` is its class's own; staticmethods and classmethods override their bases' like any method
  overrides: { statics: true, excludeName: /^__(?!.*__$)/ },
  outsideTypes: pythonOutsideTypes,
  isTestFile: (filePath) => TEST_NAME.test(filePath) || TEST_DIR.test(filePath),
  names: NAMES,
  // a stub beside its module (same folder and stem, `__init__.pyi` for a package) is what type checkers read for it
  stubOf: (filePath) => (filePath.endsWith('.pyi') ? filePath.slice(0, -1) : undefined),
};
