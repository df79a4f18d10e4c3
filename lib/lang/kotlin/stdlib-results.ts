/**
 * What the Kotlin standard library's members give, by the receiver's library type: the result's type name for a
 * method call or a property read (`name.trim()` is a String, `items.size` an Int, `name.first()` a Char), so that the
 * project's extensions called on it resolve (`name.trim().slug()`). Only results that are one type whatever the
 * arguments; generic results (`map`, `let`) are the collections' and scope functions' rules.
 */

import { giving, libraryResults } from '../library-results.ts';

/** Members any value has. */
const ANY: Record<string, string> = { toString: 'String', hashCode: 'Int', equals: 'Boolean' };

const STRING: Record<string, string> = {
  ...giving(`trim trimStart trimEnd trimIndent trimMargin lowercase uppercase capitalize decapitalize replaceFirstChar
    substring substringBefore substringAfter substringBeforeLast substringAfterLast replace replaceFirst replaceRange removePrefix
    removeSuffix removeSurrounding removeRange padStart padEnd repeat reversed take takeLast drop dropLast takeWhile dropWhile
    filter filterNot format ifEmpty ifBlank orEmpty prependIndent replaceIndent plus intern`, 'String'),
  ...giving('length indexOf lastIndexOf indexOfFirst indexOfLast compareTo count toInt digitToInt', 'Int'),
  ...giving(`isEmpty isNotEmpty isBlank isNotBlank isNullOrEmpty isNullOrBlank startsWith endsWith contains matches
    equals equalsIgnoreCase toBoolean any all none`, 'Boolean'),
  ...giving('first last single firstOrNull lastOrNull singleOrNull get elementAt getOrNull random', 'Char'),
  ...giving('split lines chunked windowed toList', 'List'),
  toIntOrNull: 'Int', toLong: 'Long', toLongOrNull: 'Long', toDouble: 'Double', toDoubleOrNull: 'Double', toFloat: 'Float', toShort: 'Short',
  toByte: 'Byte', toCharArray: 'CharArray', toByteArray: 'ByteArray', encodeToByteArray: 'ByteArray', toRegex: 'Regex', toSet: 'Set',
  toMutableList: 'MutableList', toSortedSet: 'Set', toBigDecimal: 'BigDecimal', toBigInteger: 'BigInteger',
};

const NUMBER: Record<string, string> = {
  toInt: 'Int', toLong: 'Long', toDouble: 'Double', toFloat: 'Float', toShort: 'Short', toByte: 'Byte', toChar: 'Char', toUInt: 'UInt',
  toULong: 'ULong', toBigDecimal: 'BigDecimal', toBigInteger: 'BigInteger', compareTo: 'Int', sign: 'Int', countOneBits: 'Int',
  ...giving('isNaN isInfinite isFinite', 'Boolean'),
};
/** An arithmetic member of a number gives the same type (`n.coerceAtLeast(0)`). */
const sameNumber = (t: string): Record<string, string> =>
  giving('plus minus times div rem mod inc dec unaryMinus coerceIn coerceAtLeast coerceAtMost absoluteValue and or xor inv shl shr ushr', t);

const CHAR: Record<string, string> = {
  code: 'Int', digitToInt: 'Int', digitToIntOrNull: 'Int', toInt: 'Int', toString: 'String', titlecase: 'String',
  ...giving('uppercaseChar lowercaseChar titlecaseChar plus minus inc dec', 'Char'),
  uppercase: 'String', lowercase: 'String',
  ...giving(`isDigit isLetter isLetterOrDigit isWhitespace isUpperCase isLowerCase isJavaIdentifierStart
    isJavaIdentifierPart isSurrogate isDefined isISOControl`, 'Boolean'),
};

const COLLECTION: Record<string, string> = {
  size: 'Int', count: 'Int', indexOf: 'Int', lastIndexOf: 'Int', indexOfFirst: 'Int', indexOfLast: 'Int', lastIndex: 'Int', sumOf: 'Int',
  joinToString: 'String',
  ...giving('isEmpty isNotEmpty isNullOrEmpty contains containsAll containsKey containsValue any all none', 'Boolean'),
  map: 'List', mapNotNull: 'List', mapIndexed: 'List', flatMap: 'List', flatten: 'List', zip: 'List', chunked: 'List', windowed: 'List',
  withIndex: 'List', toList: 'List', toMutableList: 'MutableList', toSet: 'Set', toMutableSet: 'MutableSet', toMap: 'Map',
  toMutableMap: 'MutableMap', associate: 'Map', associateBy: 'Map', associateWith: 'Map', groupBy: 'Map', keys: 'Set', entries: 'Set',
  indices: 'IntRange',
};

/** kotlin.*'s arrays of primitives. */
export const PRIMITIVE_ARRAYS = ['ByteArray', 'ShortArray', 'IntArray', 'LongArray', 'FloatArray', 'DoubleArray', 'CharArray', 'BooleanArray',
  'UByteArray', 'UShortArray', 'UIntArray', 'ULongArray'];

const BOOLEAN: Record<string, string> = { not: 'Boolean', and: 'Boolean', or: 'Boolean', xor: 'Boolean' };

const TABLE = new Map<string, Record<string, string>>([
  ['String', STRING], ['CharSequence', STRING], ['StringBuilder', { ...STRING, append: 'StringBuilder', insert: 'StringBuilder', toString: 'String' }],
  ['Char', CHAR], ['Boolean', BOOLEAN],
  ...['Int', 'Long', 'Short', 'Byte', 'Double', 'Float', 'UInt', 'ULong'].map((t) => [t, { ...NUMBER, ...sameNumber(t) }] as [string, Record<string, string>]),
  ...['List', 'MutableList', 'ArrayList', 'Collection', 'MutableCollection', 'Iterable', 'Set', 'MutableSet', 'HashSet', 'LinkedHashSet', 'Map',
    'MutableMap', 'HashMap', 'LinkedHashMap', 'Array'].map((t) => [t, COLLECTION] as [string, Record<string, string>]),
  // a sequence's intermediate operations give a sequence
  ['Sequence', { ...COLLECTION, ...giving('map mapNotNull mapIndexed flatMap flatten zip chunked windowed withIndex', 'Sequence') }],
]);

// the primitive arrays: what their members give beyond a collection's (`bytes.copyOf(n)` is a ByteArray)
for (const t of PRIMITIVE_ARRAYS) {
  TABLE.set(t, { ...COLLECTION, ...giving('copyOf copyOfRange sliceArray reversedArray sortedArray plus', t), contentToString: 'String',
    contentHashCode: 'Int', contentEquals: 'Boolean', ...(t === 'ByteArray' ? { decodeToString: 'String' } : t === 'CharArray' ? { concatToString: 'String' } : {}) });
}

// the numeric types by rank: an arithmetic operator's result is its wider operand's type, and at least an Int
// (`Int - Long` is a Long, `Byte + Byte` an Int)
const NUMERIC_RANK = new Map([['Byte', 0], ['Short', 0], ['Int', 1], ['Long', 2], ['Float', 3], ['Double', 4]]);
const BY_RANK = ['Int', 'Int', 'Long', 'Float', 'Double'];
const ARITHMETIC = new Set(['plus', 'minus', 'times', 'div', 'rem']);

/** An arithmetic operator's result by its operands' types (`Int.minus(Long)`: Long; `Char - Char`: Int), or undefined. */
function arithmeticResult(type: string | undefined, member: string, arg: string | undefined): string | undefined {
  if (type === undefined || !ARITHMETIC.has(member)) return undefined;
  if (type === 'Char') return arg === 'Char' && member === 'minus' ? 'Int' : undefined;
  const left = NUMERIC_RANK.get(type);
  if (left === undefined) return undefined;
  const right = arg === undefined ? undefined : NUMERIC_RANK.get(arg);
  return BY_RANK[Math.max(left, right ?? left)];
}

const tableResult = libraryResults(TABLE, ANY);

/** The library type a standard-library type's member gives (method or property), or undefined when it is not one type. */
export const kotlinLibraryResult = (type: string | undefined, member: string, arg?: string): string | undefined =>
  arithmeticResult(type, member, arg) ?? tableResult(type, member);

/** What iterating a library type that is no generic container gives (`for (ch in name)`: a Char). */
export const KOTLIN_FIXED_ELEMENTS: ReadonlyMap<string, string> = new Map([['String', 'Char'], ['CharSequence', 'Char'], ['StringBuilder', 'Char'],
  ['IntRange', 'Int'], ['CharRange', 'Char'], ['LongRange', 'Long'], ['IntArray', 'Int'], ['LongArray', 'Long'], ['CharArray', 'Char'],
  ['ByteArray', 'Byte'], ['DoubleArray', 'Double'], ['BooleanArray', 'Boolean']]);
