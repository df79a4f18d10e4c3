/**
 * Swift's rules: a module's files share their top-level names (a Swift Package Manager target, by its Package.swift
 * or `Sources/<Target>/`, is a module: modules.ts; elsewhere the repository is one), `import X` of a project module
 * brings its names in, extensions are parts of their type (a library type's values have what the project adds to it
 * and to the library protocols it conforms to), protocols are interfaces (calls through one fan out to conformers as `dispatch`), `Self`, the
 * `@main` type and `main.swift` as entry points, the test-file rule, and which names a rename may give.
 */
import type { LanguageRules, NameRules } from '../types.ts';
import { nominalLanguageRules, type NominalLanguage } from '../nominal-language.ts';
import { swiftLibraryResult } from './stdlib-results.ts';
import { loadSwiftSettings, swiftModuleOf, type SwiftSettings } from './modules.ts';

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

// The standard library's protocols its types conform to, most specific first: a project's `extension StringProtocol`
// or `extension Collection` adds members to every String or Array. (`where` clauses of such extensions are not read.)
const SEQUENCES = ['Collection', 'Sequence'];
const INTEGERS = ['FixedWidthInteger', 'BinaryInteger', 'Numeric', 'AdditiveArithmetic', 'Comparable', 'Equatable', 'Hashable', 'CustomStringConvertible'];
const FLOATS = ['BinaryFloatingPoint', 'FloatingPoint', 'Numeric', 'AdditiveArithmetic', 'Comparable', 'Equatable', 'Hashable', 'CustomStringConvertible'];
const CONFORMANCES = new Map<string, readonly string[]>([
  ...['String', 'Substring'].map((t) => [t, ['StringProtocol', 'RangeReplaceableCollection', 'BidirectionalCollection', ...SEQUENCES, 'Comparable', 'Equatable', 'Hashable', 'CustomStringConvertible', 'TextOutputStream']] as const),
  ...['Array', 'ArraySlice', 'ContiguousArray', '[]'].map((t) => [t, ['RandomAccessCollection', 'MutableCollection', 'RangeReplaceableCollection', 'BidirectionalCollection', ...SEQUENCES]] as const),
  ...['Dictionary', '[:]'].map((t) => [t, SEQUENCES] as const),
  ['Set', ['SetAlgebra', ...SEQUENCES, 'Equatable', 'Hashable']],
  ...['Int', 'Int8', 'Int16', 'Int32', 'Int64'].map((t) => [t, ['SignedInteger', 'SignedNumeric', ...INTEGERS]] as const),
  ...['UInt', 'UInt8', 'UInt16', 'UInt32', 'UInt64'].map((t) => [t, ['UnsignedInteger', ...INTEGERS]] as const),
  ...['Double', 'Float'].map((t) => [t, ['SignedNumeric', ...FLOATS]] as const),
  ['Character', ['Comparable', 'Equatable', 'Hashable']],
  ['Bool', ['Equatable', 'Hashable']],
]);

// test targets' folders; outside them a target's `Sources/` is main code whatever a file's name (`SpeedTest.swift`), and
// elsewhere the XCTest naming convention decides
const TEST_FOLDER = /(?:^|\/)(?:Tests|UITests)\//;
const SOURCES_FOLDER = /(?:^|\/)Sources\//;
const TEST_NAME = /Tests?\.swift$/;
const isTestFile = (p: string): boolean => TEST_FOLDER.test(p) || (!SOURCES_FOLDER.test(p) && TEST_NAME.test(p));

const nominal: NominalLanguage['nominal'] = {
  isTestFile,
  filePackage: (facts, settings) => swiftModuleOf(facts.path, settings as SwiftSettings | undefined),
  packageImportBindsName: false,
  selfTypeName: 'Self',
  partKinds: new Set(['extension']),
  aliasKinds: new Set(['alias']),
  implicitThis: true,
  structural: false,
  // `x.f(…)` of a field f of a function type calls the value it holds
  fieldCalls: true,
  overloads: true,
  typeCall: 'constructor',
  isBuiltin: (name) => LIBRARY.has(name),
  libraryConformances: (name) => CONFORMANCES.get(name),
  libraryResult: swiftLibraryResult,
  containers: {
    elements: new Map([['Array', 0], ['Set', 0], ['Optional', 0], ['Dictionary', 1]]),
    elementMethods: new Set(['first', 'last', 'popLast', 'removeFirst', 'removeLast']),
    sameMethods: new Set(['filter', 'sorted', 'reversed', 'prefix', 'suffix', 'dropFirst', 'dropLast']),
  },
  entryOf: (c) => (c.owner?.annotations.some((a) => a.name === 'main') && c.name === 'main' && c.isStatic ? { kind: 'main', by: '@main' } : undefined),
};

export const swiftRules: LanguageRules = nominalLanguageRules({
  family: 'swift',
  loadConfig: loadSwiftSettings,
  isGlobalName: (name) => LIBRARY.has(name),
  nominal,
  // a class's method is overridden with `override`; a protocol's requirement is met by name and argument labels
  overrides: { labels: true, overrideWord: { word: 'override', interfaces: false }, excludeWords: new Set(['private', 'fileprivate']) },
  names: { ...NAMES, sharedScope: true },
});
