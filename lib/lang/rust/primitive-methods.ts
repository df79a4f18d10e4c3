/**
 * Method names Rust's primitive types answer themselves, or through std's prelude traits: a call of one of them on a
 * primitive is std's even where a project trait implemented for the primitive declares the name, since rustc picks
 * an inherent method before a trait's and the prelude's traits are always in scope. Other names, called on a
 * primitive, are a project trait's (`impl OverflowOp for u64`, then `n.mul(60)`).
 */

const words = (s: string): string[] => s.split(/\s+/).filter(Boolean);

/** std's prelude traits' methods (Clone, PartialEq, Ord, Default, Iterator's entry, conversions, ToString). */
const PRELUDE = words(`clone clone_from eq ne cmp partial_cmp lt le gt ge max min clamp default into from try_into try_from
  as_ref as_mut to_owned to_string into_iter drop hash fmt borrow borrow_mut`);

const INTEGER = words(`abs pow signum min_value max_value count_ones count_zeros leading_zeros trailing_zeros leading_ones
  trailing_ones rotate_left rotate_right swap_bytes reverse_bits to_be to_le from_be from_le to_be_bytes to_le_bytes
  to_ne_bytes from_be_bytes from_le_bytes from_ne_bytes is_power_of_two next_power_of_two checked_next_power_of_two
  checked_add checked_sub checked_mul checked_div checked_rem checked_neg checked_shl checked_shr checked_pow checked_abs
  wrapping_add wrapping_sub wrapping_mul wrapping_div wrapping_rem wrapping_neg wrapping_shl wrapping_shr wrapping_pow
  saturating_add saturating_sub saturating_mul saturating_div saturating_pow overflowing_add overflowing_sub
  overflowing_mul overflowing_div overflowing_neg overflowing_shl overflowing_shr overflowing_pow from_str_radix
  is_positive is_negative div_euclid rem_euclid abs_diff unsigned_abs ilog ilog2 ilog10 isqrt midpoint`);

const FLOAT = words(`abs signum floor ceil round trunc fract sqrt cbrt powi powf exp exp2 ln log log2 log10 sin cos tan
  asin acos atan atan2 sinh cosh tanh hypot mul_add is_nan is_infinite is_finite is_normal is_sign_positive
  is_sign_negative to_bits from_bits recip to_degrees to_radians total_cmp copysign div_euclid rem_euclid`);

const STR = words(`len is_empty chars char_indices bytes as_bytes as_ptr split splitn rsplit rsplitn split_whitespace lines
  trim trim_start trim_end trim_matches starts_with ends_with find rfind contains parse to_uppercase to_lowercase
  to_ascii_uppercase to_ascii_lowercase is_ascii replace replacen repeat get get_unchecked is_char_boundary split_at
  strip_prefix strip_suffix matches match_indices eq_ignore_ascii_case encode_utf16 escape_debug escape_default`);

const CHAR = words(`is_alphabetic is_alphanumeric is_numeric is_whitespace is_uppercase is_lowercase is_control
  is_ascii is_ascii_digit is_ascii_alphabetic is_ascii_alphanumeric is_ascii_whitespace is_ascii_punctuation
  is_ascii_hexdigit to_digit is_digit from_digit from_u32 to_uppercase to_lowercase to_ascii_uppercase
  to_ascii_lowercase len_utf8 len_utf16 encode_utf8 encode_utf16 eq_ignore_ascii_case escape_debug escape_default`);

/** A slice's own methods (`[T]`'s and, for bytes, `[u8]`'s), which rustc picks before a project trait's. */
const SLICE = words(`len is_empty first last first_mut last_mut get get_mut get_unchecked get_unchecked_mut iter iter_mut
  split_at split_at_mut split_first split_last chunks chunks_mut chunks_exact windows rchunks split splitn rsplit
  contains starts_with ends_with binary_search binary_search_by binary_search_by_key sort sort_by sort_by_key
  sort_unstable sort_unstable_by reverse swap fill copy_from_slice clone_from_slice copy_within to_vec into_vec
  concat join repeat as_ptr as_mut_ptr is_ascii to_ascii_uppercase to_ascii_lowercase eq_ignore_ascii_case
  make_ascii_uppercase make_ascii_lowercase escape_ascii rotate_left rotate_right select_nth_unstable
  strip_prefix strip_suffix iter_mut`);

/** `Vec<T>`'s own methods (and its std trait impls' beyond the prelude's), which rustc picks before its slice's. */
const VEC = words(`new with_capacity capacity reserve reserve_exact try_reserve try_reserve_exact shrink_to_fit shrink_to
  into_boxed_slice truncate as_slice as_mut_slice as_ptr as_mut_ptr set_len swap_remove insert remove retain retain_mut
  dedup_by_key dedup_by dedup push pop append drain clear len is_empty split_off resize_with leak spare_capacity_mut
  resize extend_from_slice extend_from_within extend into_raw_parts from_raw_parts splice extract_if write write_all
  flush iter iter_mut index index_mut deref deref_mut`);

const INTEGERS = ['i8', 'i16', 'i32', 'i64', 'i128', 'isize', 'u8', 'u16', 'u32', 'u64', 'u128', 'usize'];

const OWN = new Map<string, ReadonlySet<string>>([
  ...INTEGERS.map((t) => [t, new Set([...PRELUDE, ...INTEGER, ...(t === 'u8' ? CHAR.filter((w) => w.startsWith('is_ascii') || w.includes('ascii_')) : [])])] as [string, ReadonlySet<string>]),
  ['f32', new Set([...PRELUDE, ...FLOAT])], ['f64', new Set([...PRELUDE, ...FLOAT])],
  ['[]', new Set([...PRELUDE, ...SLICE])], ['Vec', new Set([...PRELUDE, ...VEC])], ['str', new Set([...PRELUDE, ...STR])], ['char', new Set([...PRELUDE, ...CHAR])], ['bool', new Set([...PRELUDE, 'then', 'then_some'])],
]);

/** The primitive types a project trait may be implemented for (a slice, `[]`, is an impl type of its own and `Vec` derefs to one: rules.ts). */
export const PRIMITIVE_TYPES: ReadonlySet<string> = new Set([...OWN.keys()].filter((t) => t !== '[]' && t !== 'Vec'));

/** Whether `name` is a method primitive type `type` answers itself or through a prelude trait. */
export function primitiveAnswers(type: string, name: string): boolean {
  return OWN.get(type)?.has(name) ?? true;
}
