/**
 * What common members of the JDK give, by the receiver's library type, where the result is one type whatever the
 * arguments (`name.trim()` is a String, `cls.getName()` a String, `Double.doubleToLongBits(d)` a long), so that
 * overloads picked by argument types see them (`append(Double.doubleToLongBits(a))` is `append(long)`) and project
 * methods called on them resolve. Generic results (a collection's `get`) are the containers' rules (rules.ts).
 */

import { giving, libraryResults } from '../library-results.ts';

/** Members every object has (java.lang.Object's). */
const OBJECT: Record<string, string> = { toString: 'String', hashCode: 'int', equals: 'boolean', getClass: 'Class' };

const STRING: Record<string, string> = {
  ...giving(`trim strip stripLeading stripTrailing toLowerCase toUpperCase substring replace replaceAll replaceFirst concat
    intern repeat formatted indent translateEscapes valueOf format join copyValueOf`, 'String'),
  ...giving('length indexOf lastIndexOf compareTo compareToIgnoreCase codePointAt codePointBefore codePointCount offsetByCodePoints', 'int'),
  ...giving(`isEmpty isBlank startsWith endsWith contains matches equalsIgnoreCase contentEquals regionMatches`, 'boolean'),
  charAt: 'char',
  // (`[T]`: an array of T, NominalRules.libraryResult)
  toCharArray: '[char]', getBytes: '[byte]',
  // `prefix + salt` (tags.scm's `expr.op:plus`): a concatenation is a String
  plus: 'String',
};

const CLASS: Record<string, string> = {
  ...giving('getName getSimpleName getCanonicalName getTypeName getPackageName', 'String'),
  ...giving('getComponentType getSuperclass getEnclosingClass getDeclaringClass getNestHost', 'Class'),
  ...giving('isArray isPrimitive isInterface isEnum isRecord isAnnotation isInstance isAssignableFrom isAnonymousClass isMemberClass isLocalClass isSynthetic isSealed', 'boolean'),
  getPackage: 'Package', getModifiers: 'int', getClassLoader: 'ClassLoader',
};

/** The member of a reflective object, or of a package. */
const MEMBER: Record<string, string> = {
  ...giving('getName toGenericString', 'String'),
  getModifiers: 'int', getDeclaringClass: 'Class', getReturnType: 'Class', getType: 'Class', getParameterCount: 'int',
  ...giving('isVarArgs isSynthetic isDefault isBridge canAccess', 'boolean'),
};

/** A box's own statics and members: `Integer.parseInt(s)` an int, `Integer.valueOf(i)` an Integer. */
const box = (self: string, primitive: string): Record<string, string> => ({
  valueOf: self, toString: 'String', toHexString: 'String', toBinaryString: 'String', toOctalString: 'String',
  compare: 'int', compareTo: 'int', signum: 'int', bitCount: 'int', numberOfLeadingZeros: 'int', numberOfTrailingZeros: 'int',
  [`parse${primitive[0].toUpperCase()}${primitive.slice(1)}`]: primitive, [`${primitive}Value`]: primitive,
  ...giving('intValue', 'int'), ...giving('longValue', 'long'), ...giving('doubleValue', 'double'), ...giving('floatValue', 'float'),
  ...giving('shortValue', 'short'), ...giving('byteValue', 'byte'), ...giving('isNaN isInfinite isFinite', 'boolean'),
  ...giving('doubleToLongBits doubleToRawLongBits', 'long'), ...giving('floatToIntBits floatToRawIntBits', 'int'),
  longBitsToDouble: 'double', intBitsToFloat: 'float',
  ...(primitive === 'int' || primitive === 'long' ? giving('max min sum abs highestOneBit lowestOneBit reverse rotateLeft rotateRight', primitive) : {}),
});

const BUILDER: Record<string, string> = {
  ...giving('toString substring', 'String'), ...giving('length indexOf lastIndexOf capacity compareTo', 'int'), charAt: 'char', isEmpty: 'boolean',
};

const COLLECTION: Record<string, string> = { size: 'int', ...giving('isEmpty contains containsAll containsKey containsValue', 'boolean'), indexOf: 'int', lastIndexOf: 'int' };

/** java.io's files and java.nio.file's paths: what a file gives (`file.toPath()` a Path, `file.lastModified()` a long). */
const FILE: Record<string, string> = {
  toPath: 'Path', toURI: 'URI', ...giving('getName getPath getAbsolutePath getCanonicalPath getParent', 'String'),
  ...giving('getParentFile getAbsoluteFile getCanonicalFile', 'File'), ...giving('length lastModified getTotalSpace getFreeSpace getUsableSpace', 'long'),
  ...giving('exists isFile isDirectory isHidden isAbsolute canRead canWrite canExecute delete mkdir mkdirs createNewFile renameTo setLastModified setReadOnly', 'boolean'),
};

const PATH: Record<string, string> = {
  toFile: 'File', toUri: 'URI', getNameCount: 'int', ...giving('isAbsolute startsWith endsWith', 'boolean'),
  ...giving('getFileName getParent getRoot resolve resolveSibling relativize normalize toAbsolutePath toRealPath subpath getName of', 'Path'),
};

/** java.nio.file.Files' statics whose result is one type whatever the overload. */
const FILES: Record<string, string> = {
  newInputStream: 'InputStream', newOutputStream: 'OutputStream', newBufferedReader: 'BufferedReader', newBufferedWriter: 'BufferedWriter',
  size: 'long', getLastModifiedTime: 'FileTime', readString: 'String', probeContentType: 'String',
  ...giving('createFile createDirectory createDirectories createTempFile createTempDirectory move readSymbolicLink setLastModifiedTime', 'Path'),
  ...giving('exists notExists isDirectory isRegularFile isSymbolicLink isReadable isWritable isExecutable isHidden isSameFile deleteIfExists', 'boolean'),
};

const INSTANT: Record<string, string> = {
  ...giving('toEpochMilli getEpochSecond', 'long'), getNano: 'int', ...giving('isAfter isBefore', 'boolean'),
  ...giving('now ofEpochMilli ofEpochSecond parse plusMillis plusSeconds plusNanos minusMillis minusSeconds minusNanos truncatedTo', 'Instant'),
};

/** java.time's date-times: the instant a zoned or offset one is, and the parts of a local one. */
const DATE_TIME = (zoned: string, own: string): Record<string, string> => ({
  toInstant: 'Instant', toEpochSecond: 'long', toLocalDate: 'LocalDate', toLocalTime: 'LocalTime', atZone: zoned, ...giving('isAfter isBefore isEqual', 'boolean'),
  ...giving('now parse plusDays plusHours plusMinutes plusSeconds minusDays minusHours minusMinutes minusSeconds withNano', own),
});

/** What every date-time value gives (java.time.temporal.TemporalAccessor's `get` and `getLong`). */
const ACCESSOR: Record<string, string> = { get: 'int', getLong: 'long', isSupported: 'boolean' };

/** A date's parts (`date.getYear()` an int, `date.getMonth()` a Month). */
const DATE_PARTS: Record<string, string> = {
  ...giving('getYear getMonthValue getDayOfMonth getDayOfYear lengthOfMonth lengthOfYear', 'int'), getMonth: 'Month', getDayOfWeek: 'DayOfWeek',
};

const TABLE = new Map<string, Record<string, string>>([
  ['File', FILE], ['Path', PATH], ['Paths', { get: 'Path' }], ['Files', FILES],
  ['Date', { getTime: 'long', toInstant: 'Instant', ...giving('before after', 'boolean') }],
  ['Instant', INSTANT], ['FileTime', { toMillis: 'long', toInstant: 'Instant', ...giving('from fromMillis', 'FileTime') }],
  ['LocalDate', { atTime: 'LocalDateTime', atStartOfDay: 'LocalDateTime', toEpochDay: 'long', ...ACCESSOR, ...DATE_PARTS, isLeapYear: 'boolean',
    ...giving(`now parse of ofEpochDay ofYearDay ofInstant from plus minus with plusDays minusDays plusWeeks minusWeeks plusMonths minusMonths
      plusYears minusYears withDayOfMonth withDayOfYear withMonth withYear`, 'LocalDate') }],
  ['TemporalAccessor', ACCESSOR], ['Temporal', ACCESSOR],
  ['Clock', { ...giving('systemDefaultZone systemUTC system fixed offset tick tickSeconds tickMinutes tickMillis withZone', 'Clock'), instant: 'Instant', millis: 'long', getZone: 'ZoneId' }],
  ['Duration', { ...giving(`parse of ofDays ofHours ofMinutes ofSeconds ofMillis ofNanos from between plus minus plusDays plusHours plusMinutes
      plusSeconds plusMillis plusNanos minusDays minusHours minusMinutes minusSeconds minusMillis minusNanos multipliedBy dividedBy negated abs
      withSeconds withNanos truncatedTo`, 'Duration'),
    ...giving('getSeconds toDays toHours toMinutes toSeconds toMillis toNanos toDaysPart', 'long'), ...giving('getNano toHoursPart toMinutesPart toSecondsPart toMillisPart toNanosPart', 'int'),
    ...giving('isZero isNegative', 'boolean') }],
  ['Period', { ...giving(`parse of ofDays ofWeeks ofMonths ofYears from between plus minus plusDays plusMonths plusYears minusDays minusMonths minusYears
      multipliedBy negated normalized withDays withMonths withYears`, 'Period'), ...giving('getDays getMonths getYears', 'int'), toTotalMonths: 'long',
    ...giving('isZero isNegative', 'boolean') }],
  ['Year', { ...ACCESSOR, getValue: 'int', length: 'int', isLeap: 'boolean', atDay: 'LocalDate', atMonthDay: 'LocalDate', atMonth: 'YearMonth',
    ...giving('now of parse from plus minus with plusYears minusYears', 'Year') }],
  ['YearMonth', { ...ACCESSOR, ...giving('getYear getMonthValue lengthOfMonth lengthOfYear', 'int'), getMonth: 'Month', isLeapYear: 'boolean', atDay: 'LocalDate',
    atEndOfMonth: 'LocalDate', ...giving('now of parse from plus minus with plusYears minusYears plusMonths minusMonths withYear withMonth', 'YearMonth') }],
  ['Month', { ...ACCESSOR, ...giving('getValue length minLength maxLength firstDayOfYear', 'int'), ...giving('of from plus minus firstMonthOfQuarter', 'Month') }],
  ['DayOfWeek', { ...ACCESSOR, getValue: 'int', ...giving('of from plus minus', 'DayOfWeek') }],
  ['ZoneId', { ...giving('of systemDefault from normalized', 'ZoneId'), getId: 'String' }],
  ['ZoneOffset', { ...giving('of ofHours ofHoursMinutes ofHoursMinutesSeconds ofTotalSeconds from', 'ZoneOffset'), getTotalSeconds: 'int', getId: 'String' }],
  ['ChronoLocalDate', { atTime: 'ChronoLocalDateTime', toEpochDay: 'long' }],
  ['LocalDateTime', DATE_TIME('ZonedDateTime', 'LocalDateTime')], ['ChronoLocalDateTime', { atZone: 'ChronoZonedDateTime', toLocalTime: 'LocalTime', toEpochSecond: 'long' }],
  ['ZonedDateTime', DATE_TIME('ZonedDateTime', 'ZonedDateTime')], ['ChronoZonedDateTime', { toInstant: 'Instant', toEpochSecond: 'long', toLocalTime: 'LocalTime' }],
  ['OffsetDateTime', { ...DATE_TIME('ZonedDateTime', 'OffsetDateTime'), toOffsetTime: 'OffsetTime', toZonedDateTime: 'ZonedDateTime' }],
  ['OffsetTime', { toLocalTime: 'LocalTime', ...giving('isAfter isBefore isEqual', 'boolean') }],
  ['URI', { toURL: 'URL', getPort: 'int', create: 'URI', ...giving('resolve normalize relativize', 'URI'), ...giving('isAbsolute isOpaque', 'boolean'),
    ...giving('getPath getScheme getHost getQuery getFragment getAuthority getRawPath toASCIIString', 'String') }],
  ['URL', { toURI: 'URI', openStream: 'InputStream', openConnection: 'URLConnection', getPort: 'int', ...giving('getPath getProtocol getHost getFile getQuery toExternalForm', 'String') }],
  ['ByteBuffer', { ...giving('wrap allocate allocateDirect slice duplicate asReadOnlyBuffer compact put', 'ByteBuffer'), ...giving('remaining capacity getInt', 'int'),
    getLong: 'long', getShort: 'short', getChar: 'char', getDouble: 'double', getFloat: 'float', asCharBuffer: 'CharBuffer', ...giving('hasRemaining hasArray isDirect isReadOnly', 'boolean') }],
  ['Charset', { ...giving('name displayName', 'String'), ...giving('forName defaultCharset', 'Charset') }],
  ['Channels', { newInputStream: 'InputStream', newOutputStream: 'OutputStream', newReader: 'Reader', newWriter: 'Writer' }],
  ['BufferedReader', { readLine: 'String', read: 'int', ready: 'boolean', skip: 'long' }],
  ...['InputStream', 'Reader'].map((t) => [t, { read: 'int', skip: 'long', ...(t === 'InputStream' ? { available: 'int', transferTo: 'long' } : { ready: 'boolean', transferTo: 'long' }) }] as [string, Record<string, string>]),
  ['StringWriter', { getBuffer: 'StringBuffer' }], ['ByteArrayOutputStream', { size: 'int', toByteArray: '[byte]' }],
  // what a file's channel is (`updateDigest(d, raf.getChannel())` takes the FileChannel overload)
  ...['RandomAccessFile', 'FileInputStream', 'FileOutputStream'].map((t) => [t, { getChannel: 'FileChannel', ...(t === 'RandomAccessFile' ? { length: 'long', getFilePointer: 'long' } : {}) }] as [string, Record<string, string>]),

  ['String', STRING], ['CharSequence', { length: 'int', charAt: 'char', toString: 'String', isEmpty: 'boolean' }],
  ['Class', CLASS], ['Package', { getName: 'String' }], ['Method', MEMBER], ['Field', MEMBER], ['Constructor', MEMBER], ['Executable', MEMBER],
  ['Integer', box('Integer', 'int')], ['Long', box('Long', 'long')], ['Double', box('Double', 'double')], ['Float', box('Float', 'float')],
  ['Short', box('Short', 'short')], ['Byte', box('Byte', 'byte')],
  ['Boolean', { valueOf: 'Boolean', parseBoolean: 'boolean', booleanValue: 'boolean', toString: 'String', compare: 'int' }],
  ['Character', { valueOf: 'Character', charValue: 'char', toString: 'String', ...giving('isDigit isLetter isLetterOrDigit isWhitespace isUpperCase isLowerCase isSurrogate isHighSurrogate isLowSurrogate', 'boolean'), ...giving('toUpperCase toLowerCase toTitleCase', 'char'), ...giving('getNumericValue digit compare', 'int') }],
  ['StringBuilder', BUILDER], ['StringBuffer', BUILDER],
  ...['Collection', 'List', 'ArrayList', 'LinkedList', 'Set', 'HashSet', 'LinkedHashSet', 'TreeSet', 'Map', 'HashMap', 'LinkedHashMap', 'TreeMap'].map((t) => [t, COLLECTION] as [string, Record<string, string>]),
  ['Enum', { name: 'String', ordinal: 'int' }],
  ['Thread', { getName: 'String', isAlive: 'boolean', isDaemon: 'boolean', isInterrupted: 'boolean' }],
  ['Throwable', { getMessage: 'String', getLocalizedMessage: 'String', getCause: 'Throwable' }],
]);

// binary numeric promotion (JLS 5.6): an arithmetic operator's result is its wider operand's type, and at least an int
// (`short * short` is an int, `int - long` a long); a box is unboxed first
const NUMERIC_RANK = new Map([['byte', 0], ['short', 0], ['char', 0], ['int', 1], ['long', 2], ['float', 3], ['double', 4],
  ['Byte', 0], ['Short', 0], ['Character', 0], ['Integer', 1], ['Long', 2], ['Float', 3], ['Double', 4]]);
const BY_RANK = ['int', 'int', 'long', 'float', 'double'];
const ARITHMETIC = new Set(['plus', 'minus', 'times', 'div', 'rem']);

/**
 * An operator's result by both operands' types: `+` with a String on either side is a String; arithmetic on two
 * numeric operands is the wider one's type. Undefined when an operand's type is unknown (an `int + x` may be a long).
 */
function operatorResult(type: string | undefined, member: string, arg: string | undefined): string | undefined {
  if (!ARITHMETIC.has(member)) return undefined;
  if (member === 'plus' && (type === 'String' || arg === 'String')) return 'String';
  const left = type === undefined ? undefined : NUMERIC_RANK.get(type);
  const right = arg === undefined ? undefined : NUMERIC_RANK.get(arg);
  return left === undefined || right === undefined ? undefined : BY_RANK[Math.max(left, right)];
}

const tableResult = libraryResults(TABLE, OBJECT);

/** The type a JDK type's member gives (with `arg`: an operator's right operand's type), or undefined when it is not one type. */
export const javaLibraryResult = (type: string | undefined, member: string, arg?: string): string | undefined =>
  operatorResult(type, member, arg) ?? tableResult(type, member);
