/**
 * The supertypes of common JDK classes outside java.lang (java.io's streams, readers and writers, java.nio's buffers,
 * java.net's and java.time's values), each with all its supertypes, so that overloads picked by argument types tell
 * a `ByteArrayInputStream` (an InputStream) from a `StringReader` (a Reader) as javac does: an overload whose
 * parameter is another listed type that is no supertype does not take the argument. Types not listed stay unknown
 * and rule out nothing.
 */

const CLOSE = ['Closeable', 'AutoCloseable', 'Object'];
const IN = ['InputStream', ...CLOSE];
const OUT = ['OutputStream', 'Flushable', ...CLOSE];
const READ = ['Reader', 'Readable', ...CLOSE];
const WRITE = ['Writer', 'Appendable', 'Flushable', ...CLOSE];
const TIME = ['Temporal', 'TemporalAdjuster', 'TemporalAccessor'];

/** Each type with every supertype it has (classes and interfaces, transitively). */
export const JDK_SUPERTYPES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['AutoCloseable', ['Object']], ['Closeable', ['AutoCloseable', 'Object']], ['Flushable', ['Object']],
  ['Appendable', ['Object']], ['Readable', ['Object']],
  ['InputStream', CLOSE],
  ...['ByteArrayInputStream', 'FileInputStream', 'PipedInputStream', 'SequenceInputStream', 'FilterInputStream'].map((t) => [t, IN] as const),
  ['ObjectInputStream', ['ObjectInput', 'DataInput', ...IN]],
  ...['BufferedInputStream', 'PushbackInputStream'].map((t) => [t, ['FilterInputStream', ...IN]] as const),
  ['DataInputStream', ['FilterInputStream', 'DataInput', ...IN]],
  ['OutputStream', ['Flushable', ...CLOSE]],
  ...['ByteArrayOutputStream', 'FileOutputStream', 'PipedOutputStream', 'FilterOutputStream'].map((t) => [t, OUT] as const),
  ['ObjectOutputStream', ['ObjectOutput', 'DataOutput', ...OUT]],
  ['BufferedOutputStream', ['FilterOutputStream', ...OUT]],
  ['DataOutputStream', ['FilterOutputStream', 'DataOutput', ...OUT]],
  ['PrintStream', ['FilterOutputStream', 'Appendable', ...OUT]],
  ['Reader', ['Readable', ...CLOSE]],
  ...['InputStreamReader', 'BufferedReader', 'StringReader', 'CharArrayReader', 'PipedReader', 'FilterReader'].map((t) => [t, READ] as const),
  ['FileReader', ['InputStreamReader', ...READ]], ['LineNumberReader', ['BufferedReader', ...READ]], ['PushbackReader', ['FilterReader', ...READ]],
  ['Writer', ['Appendable', 'Flushable', ...CLOSE]],
  ...['OutputStreamWriter', 'BufferedWriter', 'StringWriter', 'CharArrayWriter', 'PrintWriter', 'PipedWriter', 'FilterWriter'].map((t) => [t, WRITE] as const),
  ['FileWriter', ['OutputStreamWriter', ...WRITE]],
  ['File', ['Serializable', 'Comparable', 'Object']],
  ['Path', ['Comparable', 'Iterable', 'Watchable', 'Object']],
  ['URI', ['Comparable', 'Serializable', 'Object']], ['URL', ['Serializable', 'Object']],
  ['Date', ['Serializable', 'Cloneable', 'Comparable', 'Object']],
  ['Instant', [...TIME, 'Comparable', 'Serializable', 'Object']],
  ['FileTime', ['Comparable', 'Object']],
  ['ByteBuffer', ['Buffer', 'Comparable', 'Object']], ['CharBuffer', ['Buffer', 'Comparable', 'Appendable', 'CharSequence', 'Readable', 'Object']],
  ['Charset', ['Comparable', 'Object']],
  ['FileChannel', ['SeekableByteChannel', 'ByteChannel', 'ReadableByteChannel', 'WritableByteChannel', 'GatheringByteChannel', 'ScatteringByteChannel',
    'InterruptibleChannel', 'Channel', ...CLOSE]],
  ['RandomAccessFile', ['DataOutput', 'DataInput', ...CLOSE]],
  ['ChronoLocalDate', [...TIME, 'Comparable', 'Object']], ['LocalDate', ['ChronoLocalDate', ...TIME, 'Comparable', 'Serializable', 'Object']],
  ['ChronoLocalDateTime', [...TIME, 'Comparable', 'Object']], ['LocalDateTime', ['ChronoLocalDateTime', ...TIME, 'Comparable', 'Serializable', 'Object']],
  ['ChronoZonedDateTime', ['Temporal', 'TemporalAccessor', 'Comparable', 'Object']],
  ['ZonedDateTime', ['ChronoZonedDateTime', 'Temporal', 'TemporalAccessor', 'Comparable', 'Serializable', 'Object']],
  ...['OffsetDateTime', 'LocalTime', 'OffsetTime'].map((t) => [t, [...TIME, 'Comparable', 'Serializable', 'Object']] as const),
  ...['Year', 'YearMonth'].map((t) => [t, [...TIME, 'Comparable', 'Serializable', 'Object']] as const),
  ...['Month', 'DayOfWeek'].map((t) => [t, ['TemporalAccessor', 'TemporalAdjuster', 'Enum', 'Comparable', 'Serializable', 'Object']] as const),
  ['Clock', ['InstantSource', 'Object']],
  ['Duration', ['TemporalAmount', 'Comparable', 'Serializable', 'Object']], ['Period', ['ChronoPeriod', 'TemporalAmount', 'Serializable', 'Object']],
  ['ZoneId', ['Serializable', 'Object']], ['ZoneOffset', ['ZoneId', 'TemporalAccessor', 'TemporalAdjuster', 'Comparable', 'Serializable', 'Object']],
];
