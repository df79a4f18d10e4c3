/**
 * What C# code knows of the base class library's types without their sources: the collection interfaces each
 * collection implements (so `this IEnumerable<T>` extensions apply to a List<T>), and what common members give where
 * it is one type whatever the arguments (`name.Trim()` is a string, `items.Count` an int), so that the project's
 * extension methods called on them resolve (`name.Trim().Slugify()`).
 */

const words = (s: string): string[] => s.split(/\s+/).filter(Boolean);

const ENUMERABLE = ['IEnumerable'];
const COLLECTION = ['ICollection', 'IReadOnlyCollection', ...ENUMERABLE];
const LIST = ['IList', 'IReadOnlyList', ...COLLECTION];
const SET = ['ISet', 'IReadOnlySet', ...COLLECTION];
const DICTIONARY = ['IDictionary', 'IReadOnlyDictionary', ...COLLECTION];

/** Library collections and basic types with every supertype they have among these names (object left out: it takes all). */
export const CSHARP_SUPERTYPES: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ['IEnumerable', []], ['ICollection', ENUMERABLE], ['IReadOnlyCollection', ENUMERABLE], ['IList', COLLECTION], ['IReadOnlyList', ['IReadOnlyCollection', ...ENUMERABLE]],
  ['ISet', COLLECTION], ['IReadOnlySet', ['IReadOnlyCollection', ...ENUMERABLE]], ['IDictionary', COLLECTION],
  ['IReadOnlyDictionary', ['IReadOnlyCollection', ...ENUMERABLE]], ['List', LIST], ['Collection', LIST], ['ReadOnlyCollection', LIST],
  ['HashSet', SET], ['SortedSet', SET], ['Dictionary', DICTIONARY], ['SortedDictionary', DICTIONARY], ['ConcurrentDictionary', DICTIONARY],
  ['Queue', ['IReadOnlyCollection', ...ENUMERABLE]], ['Stack', ['IReadOnlyCollection', ...ENUMERABLE]], ['LinkedList', COLLECTION],
  ['IQueryable', ENUMERABLE], ['IOrderedEnumerable', ENUMERABLE], ['IOrderedQueryable', ['IQueryable', ...ENUMERABLE]],
  ['string', ['IEnumerable', 'IComparable']], ['String', ['IEnumerable', 'IComparable']],
]);

const STRING: Record<string, string> = {
  ...Object.fromEntries(words(`Trim TrimStart TrimEnd ToLower ToUpper ToLowerInvariant ToUpperInvariant Substring Replace Remove Insert
    PadLeft PadRight Normalize ToString Clone`).map((m) => [m, 'string'])),
  ...Object.fromEntries(words('Length IndexOf IndexOfAny LastIndexOf LastIndexOfAny CompareTo GetHashCode').map((m) => [m, 'int'])),
  ...Object.fromEntries(words('Contains StartsWith EndsWith Equals IsNormalized').map((m) => [m, 'bool'])),
};

const NUMBER: Record<string, string> = { ToString: 'string', CompareTo: 'int', GetHashCode: 'int', Equals: 'bool' };

const ENUMERABLE_RESULTS: Record<string, string> = {
  Count: 'int', LongCount: 'long', Any: 'bool', All: 'bool', Contains: 'bool', SequenceEqual: 'bool',
  ...Object.fromEntries(words('Select SelectMany Zip GroupBy Cast OfType Chunk').map((m) => [m, 'IEnumerable'])),
  ToDictionary: 'Dictionary', ToLookup: 'ILookup',
};

const TABLE = new Map<string, Record<string, string>>([
  ['string', STRING], ['String', STRING],
  ...['int', 'long', 'short', 'byte', 'double', 'float', 'decimal', 'char', 'bool', 'Guid', 'DateTime'].map((t) => [t, NUMBER] as [string, Record<string, string>]),
  ...[...CSHARP_SUPERTYPES.keys()].filter((t) => t !== 'string' && t !== 'String').map((t) => [t, ENUMERABLE_RESULTS] as [string, Record<string, string>]),
]);

/** The library type a base class library type's member gives, or undefined when it is not one type. */
export function csharpLibraryResult(type: string | undefined, member: string): string | undefined {
  const own = type === undefined ? undefined : TABLE.get(type);
  if (own && Object.hasOwn(own, member)) return own[member];
  return member === 'ToString' ? 'string' : undefined;
}
