/**
 * Kotlin's rules: packages as declared (wherever the file lies), single, aliased and on-demand imports, the
 * packages every file imports (kotlin.*, kotlin.collections.*, …) and their functions, implicit `this`, a class's
 * name called constructs it, overloads by argument types, the collections' elements, entry points (`fun main`,
 * the JVM's: Spring, Android), the test-file rule, and which names a rename may give.
 */
import type { ContainerRules } from '../../resolve/nominal/rules.ts';
import { nominalOf } from '../../extract/nominal/facts.ts';
import type { LanguageRules, NameRules } from '../types.ts';
import { nominalLanguageRules, type NominalLanguage } from '../nominal-language.ts';
import { jvmEntry, jvmTestFile } from '../java/rules.ts';
import { JAVA_LANG } from '../java/java-lang.ts';
import { KOTLIN_FIXED_ELEMENTS, kotlinLibraryResult, PRIMITIVE_ARRAYS } from './stdlib-results.ts';

/** The function that writes a primitive array of its arguments (`ByteArray`: `byteArrayOf`). */
function arrayOfName(type: string): string {
  return type.startsWith('U') ? `u${type[1].toLowerCase()}${type.slice(2)}Of` : `${type[0].toLowerCase()}${type.slice(1)}Of`;
}

// hard keywords (soft and modifier keywords are valid names)
const KEYWORDS = ['as', 'break', 'class', 'continue', 'do', 'else', 'false', 'for', 'fun', 'if', 'in', 'interface', 'is', 'null', 'object', 'package',
  'return', 'super', 'this', 'throw', 'true', 'try', 'typealias', 'typeof', 'val', 'var', 'when', 'while'];

// what the implicitly imported packages (kotlin, kotlin.collections, kotlin.io, kotlin.text, kotlin.ranges, …) give by name
const STDLIB = [
  'println', 'print', 'readLine', 'readln', 'TODO', 'error', 'require', 'requireNotNull', 'check', 'checkNotNull', 'assert', 'run', 'let', 'apply', 'also',
  'with', 'takeIf', 'takeUnless', 'repeat', 'lazy', 'lazyOf', 'synchronized', 'maxOf', 'minOf', 'arrayOf', 'arrayOfNulls', 'emptyArray',
  ...PRIMITIVE_ARRAYS.map(arrayOfName), 'listOf', 'listOfNotNull', 'mutableListOf', 'arrayListOf', 'emptyList',
  'setOf', 'mutableSetOf', 'hashSetOf', 'linkedSetOf', 'sortedSetOf', 'emptySet', 'mapOf', 'mutableMapOf', 'hashMapOf', 'linkedMapOf', 'sortedMapOf',
  'emptyMap', 'sequenceOf', 'emptySequence', 'generateSequence', 'sequence', 'buildList', 'buildSet', 'buildMap', 'buildString', 'Pair', 'Triple',
  'to', 'runCatching', 'Result', 'Regex', 'StringBuilder', 'Any', 'Unit', 'Nothing', 'String', 'Int', 'Long', 'Short', 'Byte', 'Char', 'Boolean',
  'Float', 'Double', 'Number', 'Array', ...PRIMITIVE_ARRAYS, 'List', 'MutableList', 'Set', 'MutableSet', 'Map', 'MutableMap', 'Collection', 'Iterable',
  'Sequence', 'Comparable', 'Comparator', 'Throwable', 'Exception', 'RuntimeException', 'IllegalArgumentException', 'IllegalStateException',
  'UnsupportedOperationException', 'NotImplementedError', 'Lazy', 'Enum', 'Annotation', 'CharSequence', 'ArrayList', 'HashMap', 'HashSet',
  'LinkedHashMap', 'LinkedHashSet', 'enumValues', 'enumValueOf', 'ranges', 'until', 'downTo', 'step', 'require', 'also',
];
const BUILTINS = new Set([...STDLIB, ...JAVA_LANG]);
/** The infix members of kotlin.Int and kotlin.Long (the shifts take an Int, the others the receiver's type). */
const BITWISE = new Set(['and', 'or', 'xor', 'shl', 'shr', 'ushr']);
const SHIFTS = new Set(['shl', 'shr', 'ushr']);

const NAMES: NameRules = {
  // a package's declarations are seen by their simple names in its other files
  sharedScope: true,
  identifier: /^[\p{L}_][\p{L}\p{Nd}_]*$/u,
  keywords: new Set(KEYWORDS),
  reservedBindings: new Set(KEYWORDS),
  reservedTypeNames: new Set(['Any', 'Unit', 'Nothing']),
  // members the runtime and the standard library call by name (operator conventions among them)
  reservedMembers: new Set(['equals', 'hashCode', 'toString', 'compareTo', 'invoke', 'get', 'set', 'contains', 'iterator', 'next', 'hasNext',
    'plus', 'minus', 'times', 'div', 'rem', 'rangeTo', 'unaryMinus', 'not', 'inc', 'dec', 'component1', 'component2', 'getValue', 'setValue', 'close', 'run']),
  refuseRename: (oldName, _label, kind) => (kind === 'constructor' ? `'${oldName}' is a secondary constructor: it has no name of its own, rename its class instead` : undefined),
};

const ELEMENT_0 = ['List', 'MutableList', 'ArrayList', 'Collection', 'MutableCollection', 'Set', 'MutableSet', 'HashSet', 'LinkedHashSet', 'Iterable',
  'Iterator', 'Sequence', 'Array', 'ArrayDeque', 'Lazy', 'Deferred', 'Flow', 'StateFlow', 'MutableStateFlow', 'Channel', 'Optional'];
const ELEMENT_1 = ['Map', 'MutableMap', 'HashMap', 'LinkedHashMap', 'SortedMap', 'TreeMap'];

/** kotlin.collections' containers: what their members give. */
const KOTLIN_CONTAINERS: ContainerRules = {
  elements: new Map([...ELEMENT_0.map((n) => [n, 0] as [string, number]), ...ELEMENT_1.map((n) => [n, 1] as [string, number])]),
  elementMethods: new Set(['get', 'first', 'last', 'firstOrNull', 'lastOrNull', 'single', 'singleOrNull', 'getOrNull', 'elementAt', 'elementAtOrNull',
    'random', 'find', 'findLast', 'getValue', 'getOrElse', 'getOrDefault', 'getOrPut', 'removeAt', 'removeFirst', 'removeLast', 'next', 'await', 'value',
    'maxBy', 'minBy', 'maxByOrNull', 'minByOrNull', 'maxOrNull', 'minOrNull', 'receive', 'orElse', 'orElseThrow']),
  sameMethods: new Set(['filter', 'filterNot', 'filterNotNull', 'sorted', 'sortedBy', 'sortedDescending', 'sortedByDescending', 'sortedWith', 'reversed',
    'distinct', 'distinctBy', 'take', 'takeLast', 'takeWhile', 'drop', 'dropLast', 'dropWhile', 'toList', 'toMutableList', 'toSet', 'toMutableSet',
    'asSequence', 'asIterable', 'subList', 'values', 'shuffled', 'plus', 'minus', 'onEach', 'iterator', 'listIterator']),
  fixedElements: KOTLIN_FIXED_ELEMENTS,
};

/** The standard library's factories whose result is one library type, whatever their arguments. */
const FACTORY_RESULTS: ReadonlyMap<string, string> = new Map([
  ['listOf', 'List'], ['listOfNotNull', 'List'], ['emptyList', 'List'], ['buildList', 'List'], ['mutableListOf', 'MutableList'],
  ['arrayListOf', 'ArrayList'], ['setOf', 'Set'], ['emptySet', 'Set'], ['buildSet', 'Set'], ['mutableSetOf', 'MutableSet'],
  ['hashSetOf', 'HashSet'], ['linkedSetOf', 'LinkedHashSet'], ['mapOf', 'Map'], ['emptyMap', 'Map'], ['buildMap', 'Map'],
  ['mutableMapOf', 'MutableMap'], ['hashMapOf', 'HashMap'], ['linkedMapOf', 'LinkedHashMap'], ['sequenceOf', 'Sequence'],
  ['emptySequence', 'Sequence'], ['generateSequence', 'Sequence'], ['sequence', 'Sequence'], ['buildString', 'String'],
  // a primitive array constructed (`ByteArray(n)`) or written (`byteArrayOf(1, 2)`)
  ...PRIMITIVE_ARRAYS.flatMap((t) => [[t, t], [arrayOfName(t), t]] as Array<[string, string]>),
]);

// kotlin.*'s collection interfaces and basic types, with every supertype they have (Any left out: it takes all)
const COLLECTION = ['Collection', 'Iterable'];
const MUTABLE = ['MutableCollection', 'MutableIterable', ...COLLECTION];
const NUMBER = ['Number', 'Comparable'];
const KOTLIN_SUPERTYPES: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ['Iterable', []], ['MutableIterable', ['Iterable']], ['Collection', ['Iterable']], ['MutableCollection', ['MutableIterable', ...COLLECTION]],
  ['List', COLLECTION], ['Set', COLLECTION], ['MutableList', ['List', ...MUTABLE]], ['MutableSet', ['Set', ...MUTABLE]],
  ['ArrayList', ['MutableList', 'List', ...MUTABLE]], ['HashSet', ['MutableSet', 'Set', ...MUTABLE]],
  ['LinkedHashSet', ['HashSet', 'MutableSet', 'Set', ...MUTABLE]], ['Map', []], ['MutableMap', ['Map']], ['HashMap', ['MutableMap', 'Map']],
  ['LinkedHashMap', ['HashMap', 'MutableMap', 'Map']], ['Sequence', []], ['Array', []], ['CharSequence', []], ['String', ['CharSequence', 'Comparable']],
  ['Int', NUMBER], ['Long', NUMBER], ['Short', NUMBER], ['Byte', NUMBER], ['Double', NUMBER], ['Float', NUMBER], ['Number', []],
  ['Boolean', ['Comparable']], ['Char', ['Comparable']], ['Pair', []], ['Triple', []], ['Regex', []], ['Unit', []],
]);

const nominal: NominalLanguage['nominal'] = {
  isTestFile: (p) => jvmTestFile(p, SRC_FOLDER.test(p) ? SRC_TEST_NAME : TEST_NAME),
  filePackage: (facts) => nominalOf(facts).pkg ?? '',
  implicitThis: true,
  // a top-level `private` declaration is seen in its file only
  fileLocal: true,
  fileRank: (facts) => platformRank(facts.path),
  overloads: true,
  // final classes of kotlin.*: a parameter of one takes no other type's value (arrays are left out: an array value
  // has no type name here)
  finalTypes: new Set(['String', 'Int', 'Long', 'Short', 'Byte', 'Char', 'Boolean', 'Float', 'Double', 'Unit', 'UInt', 'ULong', 'UShort', 'UByte',
    'Pair', 'Triple', 'Regex']),
  varargLast: true,
  mostSpecificOverload: true,
  librarySupertypes: KOTLIN_SUPERTYPES,
  // a member that cannot take the arguments does not hide an extension that can (`map.puttingAll(pairs)`)
  inapplicableMembersYield: true,
  // Int's and Long's bitwise members: `x and 0xff` of an Int runs Int.and(Int), not a project's `Int.and(other: Long)`
  // (an Int literal is a Long where a Long is wanted)
  libraryMemberTakes: (type, name, arg, literal) => {
    if ((type !== 'Int' && type !== 'Long') || !BITWISE.has(name)) return false;
    const want = SHIFTS.has(name) ? 'Int' : type;
    return arg === want || (literal && arg === 'Int' && want === 'Long');
  },
  exactLiterals: new Set(['Long', 'String', 'Char']),
  superInterfaces: true,
  valuesYieldToFunctions: true,
  companionName: 'Companion',
  structural: false,
  // `x.f(…)` of a field f of a function type calls the value it holds
  fieldCalls: true,
  // `x[i]` is `x.get(i)`
  indexMethod: 'get',
  typeCall: 'constructor',
  isBuiltin: (name) => BUILTINS.has(name),
  // `arrayOf("a", "b")` is an array of its elements' type; the collection factories make their library type
  builtinResult: (name) => {
    if (name === 'arrayOf') return { arrayOf: 0 };
    const library = FACTORY_RESULTS.get(name);
    return library ? { library } : undefined;
  },
  // scope functions that return their receiver (`let`, `run` and `with` return the lambda's result)
  selfResults: new Set(['apply', 'also']),
  // kotlin.Any's members, and those every enum class has
  rootMembers: { instance: new Set(['equals', 'hashCode', 'toString']), enumStatic: new Set(['values', 'valueOf']), enumInstance: new Set(['compareTo']) },
  implicitImports: ['kotlin', 'kotlin.collections', 'kotlin.io', 'kotlin.text', 'kotlin.ranges', 'kotlin.sequences', 'kotlin.comparisons', 'java.lang'],
  containers: KOTLIN_CONTAINERS,
  libraryResult: kotlinLibraryResult,
  entryOf: jvmEntry,
};

// the multiplatform source sets the JVM build compiles (`src/commonMain`, `src/jvmMain`, …); a plain `src/main` is no
// source set of another platform
const JVM_SETS = /^(?:common|jvm|android|jvmAndAndroid|androidAndJvm|jvmCommon)$/;

/**
 * Where each platform's source set declares its `actual` of one `expect` name (`src/jvmMain`, `src/jsMain`,
 * `src/nativeMain`), the JVM build's comes first: 0 for a file the JVM build compiles, 1 for another platform's.
 */
function platformRank(p: string): number {
  const set = /(?:^|\/)src\/([A-Za-z0-9]+?)(?:Main|Test)\//.exec(p)?.[1];
  return set === undefined || JVM_SETS.test(set) ? 0 : 1;
}

// the test class naming conventions (Kotest's and Spek's `…Spec`), for sources outside a source set
const TEST_NAME = /(?:Test|Tests|IT|Spec)\.kts?$/;
// under a `src` folder of a build's own layout (`core/common/src/…`, beside `core/common/test/…`) a `…Spec` file is
// as often a main one (a `FieldSpec`, a `TypeSpec`) that main code uses, so only the test names count there
const SRC_FOLDER = /(?:^|\/)src\//;
const SRC_TEST_NAME = /(?:Test|Tests|IT)\.kts?$/;

export const kotlinRules: LanguageRules = nominalLanguageRules({
  family: 'kotlin',
  isGlobalName: (name) => BUILTINS.has(name),
  nominal,
  // every override, an interface member's implementation too, says `override`
  overrides: { arity: true, paramTypes: true, overrideWord: { word: 'override', interfaces: true }, excludeWords: new Set(['private']) },
  names: NAMES,
});
