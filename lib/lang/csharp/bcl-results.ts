/**
 * What C# code knows of the base class library's types without their sources: the collection interfaces each
 * collection implements (so `this IEnumerable<T>` extensions apply to a List<T>), and what common members give where
 * it is one type whatever the arguments (`name.Trim()` is a string, `items.Count` an int), so that the project's
 * extension methods called on them resolve (`name.Trim().Slugify()`).
 */

import { giving, libraryResults } from '../library-results.ts';

const ENUMERABLE = ['IEnumerable'];
const COLLECTION = ['ICollection', 'IReadOnlyCollection', ...ENUMERABLE];
const LIST = ['IList', 'IReadOnlyList', ...COLLECTION];
const SET = ['ISet', 'IReadOnlySet', ...COLLECTION];
const DICTIONARY = ['IDictionary', 'IReadOnlyDictionary', ...COLLECTION];

const SIMPLE = ['bool', 'char', 'sbyte', 'byte', 'short', 'ushort', 'int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal'];

/** Library collections and basic types with every supertype they have among these names (object left out: it takes all). */
export const CSHARP_SUPERTYPES: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ['IEnumerable', []], ['ICollection', ENUMERABLE], ['IReadOnlyCollection', ENUMERABLE], ['IList', COLLECTION], ['IReadOnlyList', ['IReadOnlyCollection', ...ENUMERABLE]],
  ['ISet', COLLECTION], ['IReadOnlySet', ['IReadOnlyCollection', ...ENUMERABLE]], ['IDictionary', COLLECTION],
  ['IReadOnlyDictionary', ['IReadOnlyCollection', ...ENUMERABLE]], ['List', LIST], ['Collection', LIST], ['ReadOnlyCollection', LIST],
  ['HashSet', SET], ['SortedSet', SET], ['Dictionary', DICTIONARY], ['SortedDictionary', DICTIONARY], ['ConcurrentDictionary', DICTIONARY],
  ['Queue', ['IReadOnlyCollection', ...ENUMERABLE]], ['Stack', ['IReadOnlyCollection', ...ENUMERABLE]], ['LinkedList', COLLECTION],
  ['IQueryable', ENUMERABLE], ['IOrderedEnumerable', ENUMERABLE], ['IOrderedQueryable', ['IQueryable', ...ENUMERABLE]],
  ['string', ['String', 'IEnumerable', 'IComparable']], ['String', ['string', 'IEnumerable', 'IComparable']],
  // the simple types: no value of one is another (IComparable and the like are left out: a parameter of those is open)
  ...SIMPLE.map((t) => [t, []] as [string, readonly string[]]),
]);

/**
 * The simple types' implicit conversions (an integer constant also converts to the smaller integer types it fits,
 * so int is listed with them): an argument of one fits a parameter of these, and of no other simple type
 * (`Take(3)` cannot be `Take(string)`).
 */
export const CSHARP_CONVERSIONS: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ['char', ['ushort', 'int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal']],
  ['sbyte', ['short', 'int', 'long', 'float', 'double', 'decimal']],
  ['byte', ['short', 'ushort', 'int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal']],
  ['short', ['int', 'long', 'float', 'double', 'decimal']],
  ['ushort', ['int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal']],
  ['int', ['long', 'float', 'double', 'decimal', 'sbyte', 'byte', 'short', 'ushort', 'uint', 'ulong']],
  ['uint', ['long', 'ulong', 'float', 'double', 'decimal']],
  ['long', ['float', 'double', 'decimal', 'ulong']],
  ['ulong', ['float', 'double', 'decimal']],
  ['float', ['double']],
]);

const STRING: Record<string, string> = {
  ...giving(`Trim TrimStart TrimEnd ToLower ToUpper ToLowerInvariant ToUpperInvariant Substring Replace Remove Insert
    PadLeft PadRight Normalize ToString Clone`, 'string'),
  ...giving('Length IndexOf IndexOfAny LastIndexOf LastIndexOfAny CompareTo GetHashCode', 'int'),
  ...giving('Contains StartsWith EndsWith Equals IsNormalized', 'bool'),
};

const NUMBER: Record<string, string> = { ToString: 'string', CompareTo: 'int', GetHashCode: 'int', Equals: 'bool' };

const ENUMERABLE_RESULTS: Record<string, string> = {
  Count: 'int', LongCount: 'long', Any: 'bool', All: 'bool', Contains: 'bool', SequenceEqual: 'bool',
  ...giving('Select SelectMany Zip GroupBy Cast OfType Chunk', 'IEnumerable'),
  ToDictionary: 'Dictionary', ToLookup: 'ILookup',
};

const TABLE = new Map<string, Record<string, string>>([
  ['string', STRING], ['String', STRING],
  ...['int', 'long', 'short', 'byte', 'double', 'float', 'decimal', 'char', 'bool', 'Guid', 'DateTime'].map((t) => [t, NUMBER] as [string, Record<string, string>]),
  ...[...CSHARP_SUPERTYPES.keys()].filter((t) => t !== 'string' && t !== 'String' && !SIMPLE.includes(t)).map((t) => [t, ENUMERABLE_RESULTS] as [string, Record<string, string>]),
]);

/** The library type a base class library type's member gives, or undefined when it is not one type. */
export const csharpLibraryResult = libraryResults(TABLE, { ToString: 'string' });
