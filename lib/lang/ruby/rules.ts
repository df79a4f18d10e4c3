/**
 * Ruby's rules: the load path and requires (modules.ts), its own resolver (resolve.ts), Kernel's and the core's
 * names, RSpec's and Minitest's test-file rule, and which names a rename may give (method names may end in `?`,
 * `!` or `=`; constants start with a capital).
 */
import type { LanguageRules, NameRules } from '../types.ts';
import { isRubyGlobal } from './builtins.ts';
import { loadRubySettings, RbModules, type RbSettings } from './modules.ts';
import { RubyResolver } from './resolve.ts';

// Ruby 3's reserved words
const KEYWORDS = [
  '__ENCODING__', '__LINE__', '__FILE__', 'BEGIN', 'END', 'alias', 'and', 'begin', 'break', 'case', 'class', 'def', 'defined?', 'do', 'else',
  'elsif', 'end', 'ensure', 'false', 'for', 'if', 'in', 'module', 'next', 'nil', 'not', 'or', 'redo', 'rescue', 'retry', 'return', 'self',
  'super', 'then', 'true', 'undef', 'unless', 'until', 'when', 'while', 'yield',
];

const NAMES: NameRules = {
  // a local, method or constant name; a method's may end in `?`, `!` or `=` (a setter)
  identifier: /^[\p{L}_][\p{L}\p{Nd}_]*[?!=]?$/u,
  keywords: new Set(KEYWORDS),
  reservedBindings: new Set(KEYWORDS),
  // constants live in one global namespace: a use in any file names the constant itself, with no import binding it
  sharedScope: true,
  reservedTypeNames: new Set(['Object', 'BasicObject', 'Module', 'Class', 'Kernel']),
  // methods Ruby calls by name: renaming one changes behaviour
  reservedMembers: new Set(['initialize', 'initialize_copy', 'method_missing', 'respond_to_missing?', 'to_s', 'to_str', 'to_ary', 'to_proc', 'to_hash',
    'inspect', 'each', '<=>', '==', 'eql?', 'hash', 'call', 'included', 'extended', 'prepended', 'inherited', 'method_added', 'const_missing', 'coerce']),
  checkRename: (oldName, newName, label, kind) => {
    const isConst = label === 'Class' || kind === 'constant';
    if (isConst && !/^\p{Lu}/u.test(newName)) return `'${newName}' cannot name a Ruby constant: a class, module or constant name starts with a capital letter`;
    if (!isConst && /^\p{Lu}/u.test(newName)) return `'${newName}' starts with a capital letter: Ruby would read a bare call of it as a constant`;
    if (/=$/.test(oldName) !== /=$/.test(newName)) return `'${oldName}' and '${newName}' differ in the setter suffix '=': a setter and a reader are called differently`;
    return undefined;
  },
};

// RSpec's and Minitest's conventions
const TEST_FILE = /(?:^|\/)(?:spec|test|tests|features)\/|_spec\.rb$|_test\.rb$|(?:^|\/)test_[^/]*\.rb$/;

export const rubyRules: LanguageRules = {
  family: 'ruby',
  loadConfig: loadRubySettings,
  modules: (files, settings) => {
    const m = new RbModules([...files], (settings as RbSettings | undefined) ?? { roots: [''] });
    return {
      resolve: (fromFile, specifier) => {
        const relative = specifier.startsWith('.');
        const file = m.resolve(fromFile, relative ? 'require_relative' : 'require', specifier);
        if (file) return { file };
        return relative ? { missing: true } : { external: specifier };
      },
    };
  },
  isGlobalName: isRubyGlobal,
  isCommonMethodName: () => false,
  relations: (sink, files, settings) => new RubyResolver(sink, files, (settings as RbSettings | undefined) ?? { roots: [''] }),
  // a singleton method (`def self.x`) overrides its superclass's like an instance method does
  overrides: { statics: true },
  isTestFile: (p) => TEST_FILE.test(p),
  reopensTypes: true,
  names: NAMES,
};
