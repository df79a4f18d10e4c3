/**
 * What common methods of Rust's standard library give, by the receiver's type, where it is one type whatever the
 * arguments (`name.trim()` is a `str`, `items.len()` a `usize`), so that the project's trait methods implemented for
 * those types resolve on the results (`name.to_lowercase().slug()` with `impl Slug for String`).
 */

import { giving, libraryResults } from '../library-results.ts';

const STR: Record<string, string> = {
  ...giving('trim trim_start trim_end trim_matches trim_start_matches trim_end_matches as_str', 'str'),
  ...giving('to_lowercase to_uppercase to_ascii_lowercase to_ascii_uppercase to_string to_owned replace replacen repeat', 'String'),
  ...giving('len capacity', 'usize'),
  ...giving('is_empty starts_with ends_with contains eq is_ascii eq_ignore_ascii_case is_char_boundary', 'bool'),
  as_bytes: '[u8]', into_bytes: 'Vec', bytes: 'Bytes', chars: 'Chars', lines: 'Lines', split_whitespace: 'SplitWhitespace',
};

const VEC: Record<string, string> = {
  ...giving('len capacity', 'usize'), ...giving('is_empty contains starts_with ends_with', 'bool'), join: 'String', concat: 'Vec', to_vec: 'Vec',
};

const NUMBER: Record<string, string> = { to_string: 'String', ...giving('is_positive is_negative is_power_of_two', 'bool') };

const TABLE = new Map<string, Record<string, string>>([
  ['str', STR], ['String', STR],
  ['Vec', VEC], ['VecDeque', VEC], ['HashMap', { len: 'usize', is_empty: 'bool', contains_key: 'bool' }],
  ['HashSet', { len: 'usize', is_empty: 'bool', contains: 'bool' }],
  ...['usize', 'isize', 'u8', 'u16', 'u32', 'u64', 'u128', 'i8', 'i16', 'i32', 'i64', 'i128', 'f32', 'f64'].map((t) => [t, NUMBER] as [string, Record<string, string>]),
]);

/** The type a standard-library type's method gives, or undefined when it is not one type. */
export const rustLibraryResult = libraryResults(TABLE, { to_string: 'String' });
