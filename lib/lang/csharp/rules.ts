/**
 * C#'s rules: namespaces (block and file-scoped; a namespace sees its enclosing ones), `using` of namespaces, of a
 * type's statics and under an alias, implicit `this`, overloads by argument types, extension methods, the BCL's
 * collections' elements, entry points (static Main, ASP.NET controllers' actions and route attributes), the test-file
 * rule, and which names a rename may give.
 */
import { CSHARP_CONVERSIONS, CSHARP_SUPERTYPES, csharpLibraryResult } from './bcl-results.ts';
import type { ContainerRules, EntryCandidate, EntryRule } from '../../resolve/nominal/rules.ts';
import type { LanguageRules, NameRules } from '../types.ts';
import { nominalLanguageRules, type NominalLanguage } from '../nominal-language.ts';
import { loadCsharpSettings, type CsharpSettings } from './project.ts';

const KEYWORDS = ['abstract', 'as', 'base', 'bool', 'break', 'byte', 'case', 'catch', 'char', 'checked', 'class', 'const', 'continue', 'decimal', 'default',
  'delegate', 'do', 'double', 'else', 'enum', 'event', 'explicit', 'extern', 'false', 'finally', 'fixed', 'float', 'for', 'foreach', 'goto', 'if', 'implicit',
  'in', 'int', 'interface', 'internal', 'is', 'lock', 'long', 'namespace', 'new', 'null', 'object', 'operator', 'out', 'override', 'params', 'private',
  'protected', 'public', 'readonly', 'ref', 'return', 'sbyte', 'sealed', 'short', 'sizeof', 'stackalloc', 'static', 'string', 'struct', 'switch', 'this',
  'throw', 'true', 'try', 'typeof', 'uint', 'ulong', 'unchecked', 'unsafe', 'ushort', 'using', 'virtual', 'void', 'volatile', 'while'];

// the System namespace's types most code calls statics of by their simple names
const SYSTEM = ['Console', 'Math', 'MathF', 'String', 'Object', 'Convert', 'Environment', 'GC', 'Guid', 'DateTime', 'DateTimeOffset', 'TimeSpan', 'Array',
  'Buffer', 'BitConverter', 'Enum', 'Activator', 'AppDomain', 'Attribute', 'Exception', 'ArgumentException', 'ArgumentNullException',
  'ArgumentOutOfRangeException', 'InvalidOperationException', 'NotImplementedException', 'NotSupportedException', 'Nullable', 'Random', 'Tuple',
  'ValueTuple', 'Type', 'Int32', 'Int64', 'Int16', 'UInt32', 'UInt64', 'Double', 'Single', 'Decimal', 'Boolean', 'Char', 'Byte', 'Uri', 'Lazy', 'Action',
  'Func', 'Predicate', 'EventHandler', 'IDisposable', 'Task', 'ValueTask', 'Thread', 'Interlocked', 'Monitor', 'Path', 'File', 'Directory', 'Encoding',
  'StringBuilder', 'Regex', 'Debug', 'Trace', 'Stopwatch', 'Enumerable', 'Queryable', 'List', 'Dictionary', 'HashSet', 'Queue', 'Stack', 'JsonSerializer',
  'nameof', 'typeof', 'sizeof', 'default'];
// the keywords that name System's types (`string.Join(…)` is `String.Join(…)`)
const KEYWORD_TYPES = ['string', 'object', 'bool', 'byte', 'sbyte', 'char', 'decimal', 'double', 'float', 'int', 'uint', 'nint', 'nuint', 'long', 'ulong',
  'short', 'ushort'];
const BUILTINS = new Set([...SYSTEM, ...KEYWORD_TYPES]);

const NAMES: NameRules = {
  // a namespace's types are seen by their simple names in its other files and where `using` opens it
  sharedScope: true,
  identifier: /^@?[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Nd}\p{Mn}\p{Mc}\p{Pc}\p{Cf}]*$/u,
  keywords: new Set(KEYWORDS),
  reservedBindings: new Set(KEYWORDS),
  reservedTypeNames: new Set(['var', 'dynamic', 'record', 'nint', 'nuint']),
  // members the runtime and the BCL call by name (overrides of object, the disposal and enumeration patterns)
  reservedMembers: new Set(['Equals', 'GetHashCode', 'ToString', 'Dispose', 'DisposeAsync', 'GetEnumerator', 'MoveNext', 'Current', 'CompareTo',
    'Deconstruct', 'GetAwaiter', 'Main']),
  refuseRename: (oldName, _label, kind) => (kind === 'constructor' ? `'${oldName}' is a constructor: it is named after its class, so rename the class instead` : undefined),
};

const ELEMENT_0 = ['List', 'IList', 'IReadOnlyList', 'ICollection', 'IReadOnlyCollection', 'IEnumerable', 'IEnumerator', 'HashSet', 'ISet', 'SortedSet',
  'Queue', 'Stack', 'LinkedList', 'Collection', 'ObservableCollection', 'ImmutableList', 'ImmutableArray', 'IQueryable', 'Task', 'ValueTask', 'Lazy',
  'ConcurrentBag', 'ConcurrentQueue', 'ConcurrentStack', 'BlockingCollection', 'IAsyncEnumerable', 'Nullable',
  // Entity Framework's queries of an entity type
  'DbSet', 'IIncludableQueryable', 'IOrderedQueryable', 'IOrderedEnumerable'];
const ELEMENT_1 = ['Dictionary', 'IDictionary', 'IReadOnlyDictionary', 'SortedDictionary', 'ConcurrentDictionary', 'ImmutableDictionary', 'SortedList'];

/** The BCL's collections: what their members give (LINQ's among them). */
const CSHARP_CONTAINERS: ContainerRules = {
  elements: new Map([...ELEMENT_0.map((n) => [n, 0] as [string, number]), ...ELEMENT_1.map((n) => [n, 1] as [string, number])]),
  elementMethods: new Set(['First', 'FirstOrDefault', 'Last', 'LastOrDefault', 'Single', 'SingleOrDefault', 'ElementAt', 'ElementAtOrDefault', 'Find',
    'FindLast', 'Dequeue', 'Peek', 'Pop', 'Min', 'Max', 'MinBy', 'MaxBy', 'Current', 'Value', 'Result', 'GetValueOrDefault',
    // Entity Framework's async queries, awaited
    'FirstAsync', 'FirstOrDefaultAsync', 'LastAsync', 'LastOrDefaultAsync', 'SingleAsync', 'SingleOrDefaultAsync', 'FindAsync', 'ElementAtAsync',
    'ElementAtOrDefaultAsync', 'MinAsync', 'MaxAsync']),
  sameMethods: new Set(['Where', 'OrderBy', 'OrderByDescending', 'ThenBy', 'ThenByDescending', 'Reverse', 'Distinct', 'Skip', 'SkipWhile', 'Take', 'TakeWhile',
    'ToList', 'ToArray', 'ToHashSet', 'AsEnumerable', 'AsQueryable', 'Values', 'Concat', 'Union', 'Intersect', 'Except', 'FindAll', 'GetRange',
    'ConfigureAwait', 'AsReadOnly', 'Include', 'AsNoTracking', 'AsNoTrackingWithIdentityResolution', 'AsTracking', 'AsSplitQuery', 'AsSingleQuery',
    'IgnoreQueryFilters', 'IgnoreAutoIncludes', 'TagWith', 'ToListAsync', 'ToArrayAsync', 'AsAsyncEnumerable']),
  // a dictionary is iterated as KeyValuePair<K, V>; its Keys and Values are collections of K and of V
  entries: { type: 'KeyValuePair', key: 'Key', value: 'Value', keys: 'Keys', values: 'Values', collection: 'ICollection' },
};

const ROUTE_ATTRIBUTES = /^(?:HttpGet|HttpPost|HttpPut|HttpDelete|HttpPatch|HttpHead|HttpOptions|Route)(?:Attribute)?$/;
const CONTROLLER_BASES = /^(?:Controller|ControllerBase|ApiController|PageModel|Hub)$/;

/** The entry points .NET's conventions declare: static Main, ASP.NET controllers' public actions and route attributes. */
function csharpEntry(c: EntryCandidate): EntryRule | undefined {
  if (c.name === 'Main' && c.isStatic) return { kind: 'main', by: 'static Main' };
  const ann = c.annotations.find((a) => ROUTE_ATTRIBUTES.test(a.name.slice(a.name.lastIndexOf('.') + 1)));
  if (ann) return { kind: 'route', by: `[${ann.name}${ann.arg !== undefined ? `("${ann.arg}")` : ''}]` };
  if (c.label === 'Method' && c.kind === 'method' && c.mods.includes('public') && !c.isStatic && c.owner
    && (c.owner.bases.some((b) => CONTROLLER_BASES.test(b)) || c.owner.annotations.some((a) => /^ApiController(?:Attribute)?$/.test(a.name)))) {
    return { kind: 'route', by: `${c.owner.name} action` };
  }
  return undefined;
}

const nominal: NominalLanguage['nominal'] = {
  isTestFile: (p) => TEST_FILE.test(p),
  filePackage: () => '',
  implicitThis: true,
  overloads: true,
  // an instance method that cannot take the arguments does not hide an extension method that can (the compiler looks
  // for extensions only when no instance method is applicable)
  inapplicableMembersYield: true,
  structural: false,
  // `x.f(…)` of a field f of a function type calls the value it holds
  fieldCalls: true,
  typeCall: 'none',
  // a class declaring no constructor gets the compiler's parameterless one, whose `: base()` runs its base's
  defaultConstructors: true,
  // `record R(int X) : Base(X)` and a class's primary constructor: the header is the constructor, and what its base
  // call passes is not read, so such a type gets no default constructor's edge
  primaryConstructor: (type) => PRIMARY_CONSTRUCTOR.test(type.signature ?? ''),
  isBuiltin: (name) => BUILTINS.has(name),
  // \`Assert.Equal(…)\` with \`using Xunit;\`: a PascalCase receiver the project declares nowhere is an outside type
  outsideReceiver: (name) => /^[A-Z]/.test(name),
  // System.Object's members (its static ones are called by their names inside a class), and System.Enum's instance ones
  // with Nullable<T>'s method (a `Formatting?` field is read as its enum: `_formatting.GetValueOrDefault()`)
  rootMembers: {
    instance: new Set(['GetType', 'ToString', 'Equals', 'GetHashCode', 'MemberwiseClone', 'ReferenceEquals']),
    enumInstance: new Set(['HasFlag', 'CompareTo', 'GetTypeCode', 'GetValueOrDefault']),
  },
  // MediatR: a request sent, or a notification published, runs the Handle of the project's handlers of its type
  messageHandlers: {
    methods: new Set(['Send', 'Publish', 'CreateStream']),
    bases: new Set(['IRequestHandler', 'INotificationHandler', 'IStreamRequestHandler']),
    handle: 'Handle',
  },
  containers: CSHARP_CONTAINERS,
  librarySupertypes: CSHARP_SUPERTYPES,
  libraryConversions: CSHARP_CONVERSIONS,
  libraryResult: csharpLibraryResult,
  entryOf: csharpEntry,
  outerNamespaces: true,
  genericArity: true,
  delegateParams: (name, n) => DELEGATES.get(name)?.(n),
  projectImports: (settings) => (settings as CsharpSettings | undefined)?.usings ?? [],
};

// the BCL's delegate types: how many parameters a lambda of each takes, by its count of type arguments
const DELEGATES = new Map<string, (n: number) => number>([['Func', (n) => n - 1], ['Action', (n) => n], ['Predicate', () => 1], ['Comparison', () => 2],
  ['Converter', () => 1], ['EventHandler', () => 2]]);

// a type's header with a parameter list before its bases or body: `record R(int X)`, `class C(int x) : B(x)`
const PRIMARY_CONSTRUCTOR = /^[^:{=]*\b(?:class|record|struct)\s+[^:{(]*\(/;

// test projects and the test class naming conventions
// (a folder's name in any case; a file's suffix as written, so `Latest.cs` is no test)
const TEST_FILE = /(?:^|\/)(?:[Tt][Ee][Ss][Tt][Ss]?|[^/]*\.(?:Tests|Test|UnitTests|IntegrationTests|Specs))\/|(?:Tests|Test|Specs)\.cs$/;

export const csharpRules: LanguageRules = nominalLanguageRules({
  family: 'csharp',
  loadConfig: loadCsharpSettings,
  isGlobalName: (name) => BUILTINS.has(name),
  nominal,
  // a class's method is overridden with `override` (without it, `new` hides it); an interface's is implemented by name
  overrides: { arity: true, paramTypes: true, overrideWord: { word: 'override', interfaces: false }, excludeWords: new Set(['private', 'static']) },
  names: NAMES,
});
