/**
 * Swift's rules: a module's files share their top-level names (a Swift Package Manager target, `Sources/<Target>/`,
 * is a module; elsewhere the repository is one), `import X` of a project module brings its names in, extensions are
 * parts of their type, protocols are interfaces (calls through one fan out to conformers as `dispatch`), `Self`, the
 * `@main` type and `main.swift` as entry points, the test-file rule, and which names a rename may give.
 */
import { nominalRelations } from '../../resolve/nominal/index.ts';
import type { NominalRules } from '../../resolve/nominal/rules.ts';
import type { LanguageRules, NameRules } from '../types.ts';

const KEYWORDS = ['associatedtype', 'class', 'deinit', 'enum', 'extension', 'fileprivate', 'func', 'import', 'init', 'inout', 'internal', 'let', 'open', 'operator', 'private', 'precedencegroup', 'protocol', 'public', 'rethrows', 'static', 'struct', 'subscript', 'typealias', 'var', 'break', 'case', 'catch', 'continue', 'default', 'defer', 'do', 'else', 'fallthrough', 'for', 'guard', 'if', 'in', 'repeat', 'return', 'throw', 'switch', 'where', 'while', 'Any', 'as', 'await', 'false', 'is', 'nil', 'self', 'Self', 'super', 'throws', 'true', 'try'];
const TYPES = ['Int', 'Int8', 'Int16', 'Int32', 'Int64', 'UInt', 'UInt8', 'UInt16', 'UInt32', 'UInt64', 'Float', 'Double', 'Bool', 'String', 'Character', 'Array', 'Dictionary', 'Set', 'Optional', 'Void', 'Never', 'AnyObject'];
const LIBRARY = new Set(['print', 'debugPrint', 'fatalError', 'precondition', 'preconditionFailure', 'assert', 'assertionFailure', 'min', 'max', 'abs', 'zip', 'stride', 'type', 'withExtendedLifetime', 'DispatchQueue', 'NotificationCenter', 'UserDefaults', 'URL', 'Data', 'Date', 'JSONDecoder', 'JSONEncoder', ...TYPES]);

const NAMES: NameRules = {
  identifier: /^[\p{L}_][\p{L}\p{Nd}_]*$/u,
  reservedBindings: new Set(KEYWORDS),
  reservedTypeNames: new Set(TYPES),
  // members the language and the standard library call by their names (protocol requirements)
  reservedMembers: new Set(['init', 'deinit', 'description', 'debugDescription', 'hash', 'encode', 'makeIterator', 'next', 'body', 'hashValue']),
};

const TEST_FILE = /(?:^|\/)(?:Tests|UITests)\/|Tests?\.swift$/;

/** The module of a file: `Sources/<Target>/…` is the target, anything else the repository's one module. */
function moduleOf(path: string): string {
  const m = /(?:^|\/)(?:Sources|Tests)\/([^/]+)\//.exec(path);
  return m ? m[1] : '';
}

const nominal: NominalRules = {
  filePackage: (facts) => moduleOf(facts.path),
  packageImportBindsName: false,
  selfTypeName: 'Self',
  partKinds: new Set(['extension']),
  aliasKinds: new Set(['alias']),
  implicitThis: true,
  structural: false,
  typeCall: 'constructor',
  isBuiltin: (name) => LIBRARY.has(name),
  containers: {
    elements: new Map([['Array', 0], ['Set', 0], ['Optional', 0], ['Dictionary', 1]]),
    elementMethods: new Set(['first', 'last', 'popLast', 'removeFirst', 'removeLast']),
    sameMethods: new Set(['filter', 'sorted', 'reversed', 'prefix', 'suffix', 'dropFirst', 'dropLast']),
  },
  entryOf: (c) => (c.owner?.annotations.some((a) => a.name === 'main') && c.name === 'main' && c.isStatic ? { kind: 'main', by: '@main' } : undefined),
};

export const swiftRules: LanguageRules = {
  family: 'swift',
  loadConfig: () => undefined,
  modules: () => ({ resolve: (_from, specifier) => ({ external: specifier }) }),
  isGlobalName: (name) => LIBRARY.has(name),
  isCommonMethodName: () => false,
  relations: nominalRelations(nominal),
  // a class's method is overridden with `override`; a protocol's requirement is met by name
  overrides: { overrideWord: { word: 'override', interfaces: false }, excludeWords: new Set(['private', 'fileprivate']) },
  isTestFile: (p) => TEST_FILE.test(p),
  names: { ...NAMES, sharedScope: true },
};
