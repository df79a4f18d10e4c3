/**
 * What the Swift standard library's and Foundation's common members give, by the receiver's library type, where it is
 * one type whatever the arguments (`name.lowercased()` is a String, `items.count` an Int): so the project's extensions
 * called on them resolve (`name.lowercased().slug()`). Arrays are `[]`, dictionaries `[:]`.
 */

import { giving, libraryResults } from '../library-results.ts';

const STRING: Record<string, string> = {
  ...giving(`lowercased uppercased capitalized trimmingCharacters replacingOccurrences replacingCharacters appending appendingFormat
    padding applyingTransform folding description debugDescription localizedLowercase localizedUppercase localizedCapitalized
    addingPercentEncoding removingPercentEncoding`, 'String'),
  ...giving('count utf16Count hashValue', 'Int'),
  ...giving('isEmpty hasPrefix hasSuffix contains starts isNumber', 'Bool'),
  ...giving('components', '[]'),
  ...giving('prefix suffix dropFirst dropLast', 'Substring'),
  data: 'Data',
};

const NUMBER: Record<string, string> = {
  description: 'String', hashValue: 'Int', isZero: 'Bool', isMultiple: 'Bool', signum: 'Self',
};

const COLLECTION: Record<string, string> = {
  ...giving('count underestimatedCount hashValue', 'Int'),
  ...giving('isEmpty contains allSatisfy elementsEqual', 'Bool'),
  ...giving('map compactMap flatMap enumerated shuffled', '[]'),
  description: 'String', joined: 'String',
};

const TABLE = new Map<string, Record<string, string>>([
  ['String', STRING], ['Substring', { ...STRING, prefix: 'Substring', suffix: 'Substring' }],
  ['Int', NUMBER], ['Double', NUMBER], ['Float', NUMBER], ['CGFloat', NUMBER], ['UInt', NUMBER], ['Int64', NUMBER], ['Int32', NUMBER],
  ['Character', { ...giving('isLetter isNumber isWhitespace isUppercase isLowercase isPunctuation', 'Bool'), ...giving('lowercased uppercased description', 'String') }],
  ['[]', COLLECTION], ['Array', COLLECTION], ['Set', COLLECTION], ['[:]', { ...COLLECTION, keys: '[]', values: '[]' }], ['Dictionary', COLLECTION],
]);

const lookUp = libraryResults(TABLE, { description: 'String' });

/** The library type a standard-library type's member gives, or undefined when it is not one type. */
export function swiftLibraryResult(type: string | undefined, member: string): string | undefined {
  const result = lookUp(type, member);
  // `Self`: the receiver's own type
  return result === 'Self' ? type : result;
}
