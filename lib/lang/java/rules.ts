/**
 * Java's rules: packages as declared (a type is found by its package and name wherever its file lies: Maven and
 * Gradle source roots alike), single-type, on-demand and static imports, implicit `this` and java.lang, library
 * collections' elements, entry points (static main, Spring and JAX-RS handlers, servlets, Android components), the
 * test-file rule, and which names a rename may give.
 */
import type { ContainerRules, NominalRules } from '../../resolve/nominal/rules.ts';
import { nominalOf } from '../../extract/nominal/facts.ts';
import type { LanguageRules, NameRules } from '../types.ts';
import { nominalLanguageRules, type NominalLanguage } from '../nominal-language.ts';
import { JAVA_LANG } from './java-lang.ts';
import { javaLibraryResult } from './jdk-results.ts';
import { JDK_SUPERTYPES } from './jdk-types.ts';
import { FUNCTIONAL } from './functional.ts';

const KEYWORDS = [
  'abstract', 'assert', 'boolean', 'break', 'byte', 'case', 'catch', 'char', 'class', 'const', 'continue', 'default', 'do', 'double', 'else', 'enum',
  'extends', 'final', 'finally', 'float', 'for', 'goto', 'if', 'implements', 'import', 'instanceof', 'int', 'interface', 'long', 'native', 'new',
  'package', 'private', 'protected', 'public', 'return', 'short', 'static', 'strictfp', 'super', 'switch', 'synchronized', 'this', 'throw',
  'throws', 'transient', 'try', 'void', 'volatile', 'while', 'true', 'false', 'null', '_',
];

const NAMES: NameRules = {
  // a package's classes are seen by their simple names in its other files (and through single-type imports)
  sharedScope: true,
  // a field and a method of one name live apart (`this.name` and `name()`)
  membersApart: true,
  identifier: /^[\p{L}\p{Nl}$_][\p{L}\p{Nl}\p{Nd}\p{Mn}\p{Mc}\p{Pc}$]*$/u,
  keywords: new Set(KEYWORDS),
  reservedBindings: new Set(KEYWORDS),
  // restricted identifiers no type may be named
  reservedTypeNames: new Set(['var', 'yield', 'record', 'sealed', 'permits']),
  // methods the JDK calls by name (overrides of Object and common interfaces)
  reservedMembers: new Set(['equals', 'hashCode', 'toString', 'finalize', 'clone', 'getClass', 'compareTo', 'close', 'run', 'call', 'iterator']),
  refuseRename: (oldName, _label, kind) => (kind === 'constructor' ? `'${oldName}' is a constructor: it is named after its class, so rename the class instead` : undefined),
};

const ELEMENT_0 = ['List', 'ArrayList', 'LinkedList', 'Collection', 'Set', 'HashSet', 'LinkedHashSet', 'TreeSet', 'SortedSet', 'NavigableSet', 'Iterable',
  'Iterator', 'ListIterator', 'Queue', 'Deque', 'ArrayDeque', 'PriorityQueue', 'Stream', 'Optional', 'CopyOnWriteArrayList', 'CopyOnWriteArraySet',
  'Vector', 'Stack', 'BlockingQueue', 'LinkedBlockingQueue', 'ArrayBlockingQueue', 'ConcurrentLinkedQueue', 'ConcurrentLinkedDeque', 'Enumeration',
  'Future', 'CompletableFuture', 'CompletionStage', 'AtomicReference', 'ThreadLocal', 'WeakReference', 'SoftReference', 'Reference', 'Supplier', 'Callable'];
const ELEMENT_1 = ['Map', 'HashMap', 'TreeMap', 'LinkedHashMap', 'ConcurrentHashMap', 'ConcurrentMap', 'SortedMap', 'NavigableMap', 'WeakHashMap', 'IdentityHashMap', 'Hashtable', 'EnumMap'];

/** java.util and java.util.concurrent's containers: what their members give. */
export const JAVA_CONTAINERS: ContainerRules = {
  elements: new Map([...ELEMENT_0.map((n) => [n, 0] as [string, number]), ...ELEMENT_1.map((n) => [n, 1] as [string, number])]),
  elementMethods: new Set(['get', 'getFirst', 'getLast', 'peek', 'poll', 'pop', 'element', 'first', 'last', 'next', 'previous', 'orElse', 'orElseGet',
    'orElseThrow', 'join', 'getNow', 'take', 'pollFirst', 'pollLast', 'peekFirst', 'peekLast', 'removeFirst', 'removeLast', 'getOrDefault',
    'computeIfAbsent', 'firstElement', 'lastElement', 'elementAt', 'nextElement', 'floor', 'ceiling', 'higher', 'lower', 'call']),
  sameMethods: new Set(['subList', 'stream', 'iterator', 'listIterator', 'descendingIterator', 'filter', 'sorted', 'distinct', 'limit', 'skip', 'values',
    'headSet', 'tailSet', 'subSet', 'descendingSet', 'unmodifiableList', 'findFirst', 'findAny', 'min', 'max']),
};

const ROUTE_ANNOTATIONS = /^(?:GetMapping|PostMapping|PutMapping|DeleteMapping|PatchMapping|RequestMapping|GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS|Path)$/;
const ANDROID_BASES = /^(?:Activity|AppCompatActivity|FragmentActivity|ComponentActivity|Fragment|Service|IntentService|BroadcastReceiver|ContentProvider|Application)$/;
const ANDROID_CALLBACKS = /^(?:onCreate|onStart|onResume|onReceive|onStartCommand|onBind|onCreateView|onHandleIntent)$/;

/** The entry points Java's conventions declare (shared with Kotlin). */
export function jvmEntry(c: Parameters<NonNullable<NominalRules['entryOf']>>[0]): ReturnType<NonNullable<NominalRules['entryOf']>> {
  if (c.name === 'main' && (c.isStatic || c.label === 'Function') && c.arity && c.arity[0] <= 1 && (c.arity[1] === 1 || c.arity[1] === 0 || c.arity[1] < 0)) return { kind: 'main', by: 'main' };
  const ann = c.annotations.find((a) => ROUTE_ANNOTATIONS.test(a.name.slice(a.name.lastIndexOf('.') + 1)));
  if (ann) return { kind: 'route', by: `@${ann.name}${ann.arg !== undefined ? `("${ann.arg}")` : ''}` };
  if (c.owner && c.owner.bases.some((b) => ANDROID_BASES.test(b)) && ANDROID_CALLBACKS.test(c.name)) return { kind: 'listener', by: `${c.owner.bases.find((b) => ANDROID_BASES.test(b))}.${c.name}` };
  if (c.owner && c.owner.bases.includes('HttpServlet') && /^do(?:Get|Post|Put|Delete|Patch|Head|Options)$/.test(c.name)) return { kind: 'route', by: `HttpServlet.${c.name}` };
  return undefined;
}

// java.lang's basic types and what a value of each converts to in a method call (JLS 5.3: widening, boxing,
// unboxing then widening, a box's supertypes): an overload whose parameter is another of them does not take it. An
// int or double literal may carry a long or float suffix, which literals do not tell apart, so those take Long and
// Float too.
const SUPERS = ['Comparable', 'Serializable', 'Object'];
const NUMBER = ['Number', ...SUPERS];
const JAVA_SUPERTYPES: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ['byte', ['short', 'int', 'long', 'float', 'double', 'Byte', ...NUMBER]],
  ['short', ['int', 'long', 'float', 'double', 'Short', ...NUMBER]],
  ['char', ['int', 'long', 'float', 'double', 'Character', ...SUPERS]],
  ['int', ['long', 'float', 'double', 'Integer', 'Long', ...NUMBER]],
  ['long', ['float', 'double', 'Long', ...NUMBER]],
  ['float', ['double', 'Float', ...NUMBER]],
  ['double', ['Double', 'float', 'Float', ...NUMBER]],
  ['boolean', ['Boolean', ...SUPERS]],
  ['Byte', ['byte', 'short', 'int', 'long', 'float', 'double', ...NUMBER]],
  ['Short', ['short', 'int', 'long', 'float', 'double', ...NUMBER]],
  ['Character', ['char', 'int', 'long', 'float', 'double', ...SUPERS]],
  ['Integer', ['int', 'long', 'float', 'double', ...NUMBER]],
  ['Long', ['long', 'float', 'double', ...NUMBER]],
  ['Float', ['float', 'double', ...NUMBER]],
  ['Double', ['double', ...NUMBER]],
  ['Boolean', ['boolean', ...SUPERS]],
  ['String', ['CharSequence', ...SUPERS]],
  ['Number', ['Serializable', 'Object']], ['CharSequence', ['Object']], ['Comparable', ['Object']], ['Serializable', ['Object']], ['Object', []],
  ...JDK_SUPERTYPES,
]);

// Java's primitive types: their arrays are of no other array type, and `null` is no value of one
const PRIMITIVES: ReadonlySet<string> = new Set(['boolean', 'byte', 'char', 'short', 'int', 'long', 'float', 'double']);

const nominal: NominalLanguage['nominal'] = {
  isTestFile: (p) => jvmTestFile(p, TEST_NAME),
  filePackage: (facts) => nominalOf(facts).pkg ?? '',
  implicitThis: true,
  methodNamespace: true,
  overloads: true,
  structural: false,
  // a record's component declares its accessor (`record R(String s)`: `r.s()`) unless the record declares one
  accessorKinds: new Set(['component']),
  typeCall: 'none',
  // a class declaring no constructor gets javac's default one, whose `super()` runs the base's of no argument
  defaultConstructors: true,
  // a lambda handed to a parameter of a functional interface takes its type arguments' types
  delegateParams: (name) => FUNCTIONAL.get(name),
  // java.lang's types, seen everywhere by their simple names (a project type of the same name is found first)
  isBuiltin: (name) => JAVA_LANG.has(name),
  implicitImports: ['java.lang'],
  // java.lang.Object's methods, and java.lang.Enum's that every enum has
  rootMembers: {
    instance: new Set(['getClass', 'hashCode', 'equals', 'toString', 'clone', 'finalize', 'notify', 'notifyAll', 'wait']),
    enumStatic: new Set(['values', 'valueOf']),
    enumInstance: new Set(['name', 'ordinal', 'compareTo', 'getDeclaringClass', 'describeConstable']),
  },
  containers: JAVA_CONTAINERS,
  libraryResult: javaLibraryResult,
  librarySupertypes: JAVA_SUPERTYPES,
  arraySupertypes: new Set(['Object', 'Cloneable', 'Serializable']),
  invariantElements: PRIMITIVES,
  nullLiteral: { type: 'null', notOf: PRIMITIVES },
  entryOf: jvmEntry,
};

// Maven's and Gradle's source sets: `src/test`, `src/jvmTest`, `src/androidTest`, … and `src/main`, `src/commonMain`, …
const TEST_SET = /(?:^|\/)src\/(?:test|testFixtures|integrationTest|[a-z][A-Za-z0-9]*Test)\//;
const MAIN_SET = /(?:^|\/)src\/(?:main|[a-z][A-Za-z0-9]*Main)\//;

/**
 * Whether a JVM source file is a test source: its source set decides where the path has one (`src/main/…/TestCase.java`
 * and `src/commonMain/…/AnnotationSpec.kt` are main code whatever their names); else the test class naming
 * convention `testName`.
 */
export function jvmTestFile(path: string, testName: RegExp): boolean {
  if (TEST_SET.test(path)) return true;
  if (MAIN_SET.test(path)) return false;
  return testName.test(path);
}

// the test class naming conventions, for sources outside a source set
const TEST_NAME = /(?:Test|Tests|IT|TestCase)\.java$/;

export const javaRules: LanguageRules = nominalLanguageRules({
  family: 'java',
  nominal,
  // overloads differ by their parameters; private and static methods are not inherited for overriding
  overrides: { arity: true, paramTypes: true, excludeWords: new Set(['private', 'static']) },
  names: NAMES,
});
