/*
 * The search stage's per-value loops in C (lib/search/native.ts loads them; the JavaScript in lib/search stays the
 * fallback and the reference). A cold analyze runs these loops once, mostly in V8's interpreter, where a loop per
 * word feature or per printed digit costs far more than here. Every result is bit-for-bit what the JavaScript
 * computes (test/search/native-kernel.test.ts compares the files byte by byte):
 *   - float32 storage rounds each sum: `o = (float)((double)o + x)`, as a Float32Array store does;
 *   - additions happen in the JavaScript's order (words in first-seen order, then each word's features);
 *   - no libm function whose last bit may differ from V8's: logarithms come from JavaScript (a table), sqrt is
 *     correctly rounded in both, and Math.round is V8's (ceil, then one down when that overshot by more than 0.5);
 *   - compiled as ISO C (-std=c11), where GCC does not contract a*b+c into a fused multiply-add.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "search_kernel.h"

/* JavaScript's Math.round as V8 computes it: halves go up, and -0 (or a negative value above -0.5) stays -0. */
static inline double js_round(double x) {
  double r = ceil(x);
  if (r - 0.5 > x) r -= 1.0;
  return r;
}

static void throw_range(napi_env env, const char *what) { napi_throw_range_error(env, NULL, what); }

/* The elements of a typed array argument of the given type; false (a TypeError thrown) when it is not one. */
static bool typed_arg(napi_env env, napi_value v, napi_typedarray_type want, void **data, size_t *len, const char *what) {
  bool is = false;
  if (napi_is_typedarray(env, v, &is) != napi_ok || !is) { napi_throw_type_error(env, NULL, what); return false; }
  napi_typedarray_type type;
  napi_value ab;
  size_t offset;
  if (napi_get_typedarray_info(env, v, &type, len, data, &ab, &offset) != napi_ok || type != want) {
    napi_throw_type_error(env, NULL, what);
    return false;
  }
  if (*data == NULL && *len == 0) *data = (void *)"";  /* an empty array may have no storage */
  return true;
}

static bool int_arg(napi_env env, napi_value v, int64_t *out, const char *what) {
  if (napi_get_value_int64(env, v, out) != napi_ok) { napi_throw_type_error(env, NULL, what); return false; }
  return true;
}

/*
 * lexicalEmbed(runSeq, textEnds, at, runStart, runWords, featStart, featCode, wordInfo, logTable, out, dim, round)
 *
 * Embeds a batch of texts, as lib/search/embedders/lexical.ts `lexicalInto` does one: text t is the word runs
 * runSeq[textEnds[t-1] .. textEnds[t]) (run numbers), written into out[at[t] .. at[t] + dim) (which must hold
 * zeros). Run r's words are runWords[runStart[r] .. runStart[r+1]); word w's features are featCode[featStart[w] ..
 * featStart[w+1]), each `dimension * 2 + (sign < 0)`, the word's own first, then its concept when
 * `wordInfo[w] & CONCEPT`, then its `wordInfo[w] & GRAMS` trigrams. logTable[tf] = 1 + Math.log(tf).
 */
#define CONCEPT (1 << 30)
#define GRAMS ((1 << 30) - 1)

static napi_value js_lexical_embed(napi_env env, napi_callback_info info) {
  size_t argc = 12;
  napi_value argv[12];
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 12) {
    napi_throw_type_error(env, NULL, "lexicalEmbed: 12 arguments expected");
    return NULL;
  }
  int32_t *run_seq, *text_ends, *at, *run_start, *run_words, *feat_start, *feat_code, *word_info;
  double *log_table;
  float *out;
  size_t n_seq, n_texts, n_at, n_runs1, n_run_words, n_words1, n_feat, n_info, n_log, n_out;
  int64_t dim64;
  bool round = false;
  if (!typed_arg(env, argv[0], napi_int32_array, (void **)&run_seq, &n_seq, "lexicalEmbed: runSeq must be an Int32Array") ||
      !typed_arg(env, argv[1], napi_int32_array, (void **)&text_ends, &n_texts, "lexicalEmbed: textEnds must be an Int32Array") ||
      !typed_arg(env, argv[2], napi_int32_array, (void **)&at, &n_at, "lexicalEmbed: at must be an Int32Array") ||
      !typed_arg(env, argv[3], napi_int32_array, (void **)&run_start, &n_runs1, "lexicalEmbed: runStart must be an Int32Array") ||
      !typed_arg(env, argv[4], napi_int32_array, (void **)&run_words, &n_run_words, "lexicalEmbed: runWords must be an Int32Array") ||
      !typed_arg(env, argv[5], napi_int32_array, (void **)&feat_start, &n_words1, "lexicalEmbed: featStart must be an Int32Array") ||
      !typed_arg(env, argv[6], napi_int32_array, (void **)&feat_code, &n_feat, "lexicalEmbed: featCode must be an Int32Array") ||
      !typed_arg(env, argv[7], napi_int32_array, (void **)&word_info, &n_info, "lexicalEmbed: wordInfo must be an Int32Array") ||
      !typed_arg(env, argv[8], napi_float64_array, (void **)&log_table, &n_log, "lexicalEmbed: logTable must be a Float64Array") ||
      !typed_arg(env, argv[9], napi_float32_array, (void **)&out, &n_out, "lexicalEmbed: out must be a Float32Array") ||
      !int_arg(env, argv[10], &dim64, "lexicalEmbed: dim must be a number")) return NULL;
  napi_get_value_bool(env, argv[11], &round);
  if (n_at < n_texts || n_runs1 == 0 || n_words1 == 0 || n_info + 1 < n_words1 || dim64 <= 0 || dim64 > (1 << 24)) {
    throw_range(env, "lexicalEmbed: tables of inconsistent sizes");
    return NULL;
  }
  const size_t dim = (size_t)dim64, n_runs = n_runs1 - 1, n_words = n_words1 - 1;
  uint32_t *word_stamp = calloc(n_words ? n_words : 1, sizeof *word_stamp);
  uint32_t *word_slot = malloc((n_words ? n_words : 1) * sizeof *word_slot);
  uint8_t *touched = malloc(dim);
  size_t cap = 256;
  int32_t *order = malloc(cap * sizeof *order), *tfs = malloc(cap * sizeof *tfs);
  const char *bad = NULL;
  if (!word_stamp || !word_slot || !touched || !order || !tfs) { bad = "lexicalEmbed: out of memory"; goto done; }
  size_t from = 0;
  for (size_t t = 0; t < n_texts && !bad; t++) {
    const uint32_t stamp = (uint32_t)t + 1;
    const size_t to = (size_t)text_ends[t];
    const int64_t base = at[t];
    if (to < from || to > n_seq || base < 0 || (uint64_t)base + dim > n_out) { bad = "lexicalEmbed: a text outside its arrays"; break; }
    float *o = out + base;
    /* Distinct words in first-seen order and their counts. */
    size_t n = 0;
    for (size_t k = from; k < to; k++) {
      const int32_t r = run_seq[k];
      if (r < 0 || (size_t)r >= n_runs || run_start[r] > run_start[r + 1] || (size_t)run_start[r + 1] > n_run_words) { bad = "lexicalEmbed: a run outside its table"; break; }
      for (int32_t p = run_start[r]; p < run_start[r + 1]; p++) {
        const int32_t w = run_words[p];
        if (w < 0 || (size_t)w >= n_words) { bad = "lexicalEmbed: a word outside its table"; break; }
        if (word_stamp[w] == stamp) { tfs[word_slot[w]]++; continue; }
        if (n == cap) {
          cap *= 2;
          int32_t *o2 = realloc(order, cap * sizeof *order), *t2 = o2 ? realloc(tfs, cap * sizeof *tfs) : NULL;
          if (o2) order = o2;
          if (!t2) { bad = "lexicalEmbed: out of memory"; break; }
          tfs = t2;
        }
        word_stamp[w] = stamp;
        word_slot[w] = (uint32_t)n;
        order[n] = w;
        tfs[n] = 1;
        n++;
      }
      if (bad) break;
    }
    from = to;
    if (bad) break;
    memset(touched, 0, dim);
    /* Each word's features with weight 1 + ln(tf), in the order lexical.ts `addWord` adds them. */
    for (size_t k = 0; k < n; k++) {
      const int32_t w = order[k];
      if ((size_t)tfs[k] >= n_log) { bad = "lexicalEmbed: logTable too short"; break; }
      const double wt = log_table[tfs[k]];
      const int32_t f0 = feat_start[w], f1 = feat_start[w + 1];
      const int32_t inf = word_info[w];
      const int32_t grams = inf & GRAMS;
      const int32_t head = (inf & CONCEPT) ? 2 : 1;
      if (f0 < 0 || f1 < f0 || (size_t)f1 > n_feat || f1 - f0 != head + grams) { bad = "lexicalEmbed: a word's features outside their table"; break; }
      for (int32_t j = f0; j < f1; j++) {
        const uint32_t d = (uint32_t)feat_code[j] >> 1;
        if (d >= dim) { bad = "lexicalEmbed: a feature outside the dimensions"; break; }
      }
      if (bad) break;
      const int32_t *fc = feat_code + f0;
      /* The word: sign * (WORD_WEIGHT * w); its concept: sign * (CONCEPT_WEIGHT * w). */
      uint32_t d = (uint32_t)fc[0] >> 1;
      touched[d] = 1;
      o[d] = (float)((double)o[d] + ((fc[0] & 1) ? -1.0 : 1.0) * (1.0 * wt));
      if (head == 2) {
        d = (uint32_t)fc[1] >> 1;
        touched[d] = 1;
        o[d] = (float)((double)o[d] + ((fc[1] & 1) ? -1.0 : 1.0) * (0.5 * wt));
      }
      if (grams > 0) {
        const double gw = (0.3 * wt * 3) / sqrt((double)grams * 3);
        for (int32_t j = head; j < head + grams; j++) {
          d = (uint32_t)fc[j] >> 1;
          touched[d] = 1;
          o[d] = (float)((double)o[d] + ((fc[j] & 1) ? -1.0 : 1.0) * gw);
        }
      }
    }
    if (bad) break;
    /* The norm over touched dimensions in ascending order (as the JavaScript sorts them), then scale and round. */
    double norm = 0;
    for (size_t i = 0; i < dim; i++) if (touched[i]) { const double v = o[i]; norm += v * v; }
    if (norm > 0) {
      const double inv = 1 / sqrt(norm);
      for (size_t i = 0; i < dim; i++) if (touched[i]) o[i] = (float)((double)o[i] * inv);
    }
    if (round) for (size_t i = 0; i < dim; i++) if (touched[i] && o[i] != 0) o[i] = (float)(js_round((double)o[i] * 1e6) / 1e6);
  }
done:
  free(word_stamp);
  free(word_slot);
  free(touched);
  free(order);
  free(tfs);
  if (bad) throw_range(env, bad);
  return NULL;
}

/* Writes the digits of k < 1000 (k > 0 when trimmed): all three, or (`trim`) without trailing zeros, as vectors.ts's DIGITS and KEPT. */
static inline uint8_t *put3(uint8_t *p, int32_t k, bool trim) {
  const int32_t d0 = k / 100, d1 = (k / 10) % 10, d2 = k % 10;
  *p++ = (uint8_t)('0' + d0);
  if (trim && d1 == 0 && d2 == 0) return p;
  *p++ = (uint8_t)('0' + d1);
  if (trim && d2 == 0) return p;
  *p++ = (uint8_t)('0' + d2);
  return p;
}

/*
 * vectraRow(buf, at, packed, base, dim, sum) → end, or -1
 *
 * lib/search/vectors.ts `writeRow`: writes packed[base .. base + dim) at buf[at], each value as its 6-decimal
 * number followed by a comma, and sum[0] = the sum of the printed numbers' squares; -1 (nothing promised about
 * the bytes written) when a value is 10 or more in magnitude. The caller made room: 12 bytes per value.
 */
static napi_value js_vectra_row(napi_env env, napi_callback_info info) {
  size_t argc = 6;
  napi_value argv[6];
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 6) {
    napi_throw_type_error(env, NULL, "vectraRow: 6 arguments expected");
    return NULL;
  }
  uint8_t *buf;
  float *packed;
  double *sum_out;
  size_t n_buf, n_packed, n_sum;
  int64_t at, base, dim;
  if (!typed_arg(env, argv[0], napi_uint8_array, (void **)&buf, &n_buf, "vectraRow: buf must be a Buffer") ||
      !int_arg(env, argv[1], &at, "vectraRow: at must be a number") ||
      !typed_arg(env, argv[2], napi_float32_array, (void **)&packed, &n_packed, "vectraRow: packed must be a Float32Array") ||
      !int_arg(env, argv[3], &base, "vectraRow: base must be a number") ||
      !int_arg(env, argv[4], &dim, "vectraRow: dim must be a number") ||
      !typed_arg(env, argv[5], napi_float64_array, (void **)&sum_out, &n_sum, "vectraRow: sum must be a Float64Array")) return NULL;
  if (at < 0 || base < 0 || dim < 0 || n_sum < 1 || (uint64_t)base + (uint64_t)dim > n_packed || (uint64_t)at + (uint64_t)dim * 12 > n_buf) {
    throw_range(env, "vectraRow: a row outside its arrays");
    return NULL;
  }
  const float *x = packed + base;
  uint8_t *p = buf + at;
  double sum = 0;
  int64_t end = -1;
  for (int64_t j = 0; j < dim; j++) {
    const double v0 = x[j];
    if (v0 == 0) { *p++ = '0'; *p++ = ','; continue; }
    double n = js_round(v0 * 1e6);
    if (n == 0) { *p++ = '0'; *p++ = ','; continue; }
    const double v = n / 1e6;
    sum += v * v;
    if (n < 0) { *p++ = '-'; n = -n; }
    const double ip = floor(n / 1e6);
    if (!(ip < 10)) goto out;  /* and NaN */
    const int32_t fr = (int32_t)(n - ip * 1e6);
    *p++ = (uint8_t)('0' + (int)ip);
    if (fr != 0) {
      *p++ = '.';
      const int32_t hi = fr / 1000, lo = fr - hi * 1000;
      if (lo == 0) p = put3(p, hi, true);
      else p = put3(put3(p, hi, false), lo, true);
    }
    *p++ = ',';
  }
  sum_out[0] = sum;
  end = at + (int64_t)(p - (buf + at));
out:;
  napi_value res;
  if (napi_create_int64(env, end, &res) != napi_ok) return NULL;
  return res;
}

bool sk_register(napi_env env, napi_value exports) {
  napi_property_descriptor props[] = {
    { "lexicalEmbed", NULL, js_lexical_embed, NULL, NULL, NULL, napi_default, NULL },
    { "vectraRow", NULL, js_vectra_row, NULL, NULL, NULL, napi_default, NULL },
  };
  return napi_define_properties(env, exports, sizeof props / sizeof props[0], props) == napi_ok;
}
