/**
 * What the Swift standard library's and Foundation's common members give, by the receiver's library type, where it is
 * one type whatever the arguments (`name.lowercased()` is a String, `items.count` an Int): so the project's extensions
 * called on them resolve (`name.lowercased().slug()`). Arrays are `[]`, dictionaries `[:]`.
 */

const words = (s: string): string[] => s.split(/\s+/).filter(Boolean);
const all = (names: string, type: string): Record<string, string> => Object.fromEntries(words(names).map((m) => [m, type]));

const STRING: Record<string, string> = {
  ...all(`lowercased uppercased capitalized trimmingCharacters replacingOccurrences replacingCharacters appending appendingFormat
    padding applyingTransform folding description debugDescription localizedLowercase localizedUppercase localizedCapitalized
    addingPercentEncoding removingPercentEncoding`, 'String'),
  ...all('count utf16Count hashValue', 'Int'),
  ...all('isEmpty hasPrefix hasSuffix contains starts isNumber', 'Bool'),
  ...all('components', '[]'),
  ...all('prefix suffix dropFirst dropLast', 'Substring'),
  data: 'Data',
};

const NUMBER: Record<string, string> = {
  description: 'String', hashValue: 'Int', isZero: 'Bool', isMultiple: 'Bool', signum: 'Self',
};

const COLLECTION: Record<string, string> = {
  ...all('count underestimatedCount hashValue', 'Int'),
  ...all('isEmpty contains allSatisfy elementsEqual', 'Bool'),
  ...all('map compactMap flatMap enumerated shuffled', '[]'),
  description: 'String', joined: 'String',
};

const TABLE = new Map<string, Record<string, string>>([
  ['String', STRING], ['Substring', { ...STRING, prefix: 'Substring', suffix: 'Substring' }],
  ['Int', NUMBER], ['Double', NUMBER], ['Float', NUMBER], ['CGFloat', NUMBER], ['UInt', NUMBER], ['Int64', NUMBER], ['Int32', NUMBER],
  ['Character', { ...all('isLetter isNumber isWhitespace isUppercase isLowercase isPunctuation', 'Bool'), ...all('lowercased uppercased description', 'String') }],
  ['[]', COLLECTION], ['Array', COLLECTION], ['Set', COLLECTION], ['[:]', { ...COLLECTION, keys: '[]', values: '[]' }], ['Dictionary', COLLECTION],
]);

/** The library type a standard-library type's member gives, or undefined when it is not one type. */
export function swiftLibraryResult(type: string | undefined, member: string): string | undefined {
  const own = type === undefined ? undefined : TABLE.get(type);
  const result = own && Object.hasOwn(own, member) ? own[member] : member === 'description' ? 'String' : undefined;
  // `Self`: the receiver's own type
  return result === 'Self' ? type : result;
}
