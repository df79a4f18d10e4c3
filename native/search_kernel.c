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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "search_kernel.h"

/* JavaScript's Math.round as V8 computes it: halves go up, and -0 (or a negative value above -0.5) stays -0. */
static inline double js_round(double x) {
  double r = ceil(x);
  if (r - 0.5 > x) r -= 1.0;
  return r;
}

/*
 * js_round without libm (ceil is a call at -O2 on baseline x86-64, and these kernels round every stored value):
 * truncate, step up to the ceiling, then down as js_round does. The same double for every input, -0 included.
 */
static inline double js_round_fast(double x) {
  if (!(x > -1e15 && x < 1e15) || x == 0) return js_round(x);  /* and NaN; ±0 stays as it is */
  const double t = (double)(int64_t)x;  /* toward zero: the ceiling of a negative x, the floor of a positive one */
  double r = t < x ? t + 1.0 : t;
  if (r - 0.5 > x) r -= 1.0;
  return r == 0 && x < 0 ? -0.0 : r;    /* ceil of a negative x above -1 is -0 */
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

typedef struct { int32_t *v; size_t n, cap; } IntList;
static bool list_push(IntList *l, int32_t x) {
  if (l->n == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 1024;
    int32_t *v = realloc(l->v, cap * sizeof *v);
    if (!v) return false;
    l->v = v; l->cap = cap;
  }
  l->v[l->n++] = x;
  return true;
}

static napi_value int32_array_of(napi_env env, const int32_t *v, size_t n) {
  void *data = NULL;
  napi_value ab, arr;
  if (napi_create_arraybuffer(env, n * 4, &data, &ab) != napi_ok) return NULL;
  if (n) memcpy(data, v, n * 4);
  if (napi_create_typedarray(env, napi_int32_array, n, ab, 0, &arr) != napi_ok) return NULL;
  return arr;
}

/* Reads a call's `n` arguments into argv; throws a TypeError naming `fn` (and returns false) when fewer were given. */
static bool args_of(napi_env env, napi_callback_info info, napi_value *argv, size_t n, const char *fn) {
  size_t argc = n;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) == napi_ok && argc >= n) return true;
  char msg[96];
  snprintf(msg, sizeof msg, "%s: %zu arguments expected", fn, n);
  napi_throw_type_error(env, NULL, msg);
  return false;
}

static bool int_arg(napi_env env, napi_value v, int64_t *out, const char *what) {
  if (napi_get_value_int64(env, v, out) != napi_ok) { napi_throw_type_error(env, NULL, what); return false; }
  return true;
}

/*
 * lexicalEmbed(runSeq, textEnds, at, runAt, runWords, featStart, featCode, wordInfo, logTable, out, dim, round)
 *
 * Embeds a batch of texts, as lib/search/embedders/lexical.ts `lexicalInto` does one: text t is the word runs
 * runSeq[textEnds[t-1] .. textEnds[t]) (run numbers), written into out[at[t] .. at[t] + dim) (which must hold
 * zeros). Run r's words are runWords[runAt[2r] .. runAt[2r+1]); word w's features are featCode[featStart[w] ..
 * featStart[w+1]), each `dimension * 2 + (sign < 0)`, the word's own first, then its concept when
 * `wordInfo[w] & CONCEPT`, then its `wordInfo[w] & GRAMS` trigrams. logTable[tf] = 1 + Math.log(tf).
 *
 * Returns undefined, or (having written nothing) an Int32Array of the distinct runs of the batch whose words are
 * not listed yet (runAt[2r] < 0): JavaScript lists them and calls again.
 */
#define CONCEPT (1 << 30)
#define GRAMS ((1 << 30) - 1)

/* Marks dimension d touched in lexicalEmbed's bitmap. */
#define TOUCH(d) (touched[(d) >> 6] |= (uint64_t)1 << ((d) & 63))

static napi_value js_lexical_embed(napi_env env, napi_callback_info info) {
  napi_value argv[12];
  if (!args_of(env, info, argv, 12, "lexicalEmbed")) return NULL;
  int32_t *run_seq, *text_ends, *at, *run_at, *run_words, *feat_start, *feat_code, *word_info;
  double *log_table;
  float *out;
  size_t n_seq, n_texts, n_at, n_runs2, n_run_words, n_words1, n_feat, n_info, n_log, n_out;
  int64_t dim64;
  bool round = false;
  if (!typed_arg(env, argv[0], napi_int32_array, (void **)&run_seq, &n_seq, "lexicalEmbed: runSeq must be an Int32Array") ||
      !typed_arg(env, argv[1], napi_int32_array, (void **)&text_ends, &n_texts, "lexicalEmbed: textEnds must be an Int32Array") ||
      !typed_arg(env, argv[2], napi_int32_array, (void **)&at, &n_at, "lexicalEmbed: at must be an Int32Array") ||
      !typed_arg(env, argv[3], napi_int32_array, (void **)&run_at, &n_runs2, "lexicalEmbed: runAt must be an Int32Array") ||
      !typed_arg(env, argv[4], napi_int32_array, (void **)&run_words, &n_run_words, "lexicalEmbed: runWords must be an Int32Array") ||
      !typed_arg(env, argv[5], napi_int32_array, (void **)&feat_start, &n_words1, "lexicalEmbed: featStart must be an Int32Array") ||
      !typed_arg(env, argv[6], napi_int32_array, (void **)&feat_code, &n_feat, "lexicalEmbed: featCode must be an Int32Array") ||
      !typed_arg(env, argv[7], napi_int32_array, (void **)&word_info, &n_info, "lexicalEmbed: wordInfo must be an Int32Array") ||
      !typed_arg(env, argv[8], napi_float64_array, (void **)&log_table, &n_log, "lexicalEmbed: logTable must be a Float64Array") ||
      !typed_arg(env, argv[9], napi_float32_array, (void **)&out, &n_out, "lexicalEmbed: out must be a Float32Array") ||
      !int_arg(env, argv[10], &dim64, "lexicalEmbed: dim must be a number")) return NULL;
  napi_get_value_bool(env, argv[11], &round);
  if (n_at < n_texts || n_runs2 % 2 != 0 || n_words1 == 0 || n_info + 1 < n_words1 || dim64 <= 0 || dim64 > (1 << 24)) {
    throw_range(env, "lexicalEmbed: tables of inconsistent sizes");
    return NULL;
  }
  const size_t dim = (size_t)dim64, n_runs = n_runs2 / 2, n_words = n_words1 - 1;
  uint32_t *word_stamp = calloc(n_words ? n_words : 1, sizeof *word_stamp);
  uint32_t *word_slot = malloc((n_words ? n_words : 1) * sizeof *word_slot);
  const size_t bit_words = (dim + 63) / 64;
  uint64_t *touched = malloc(bit_words * sizeof *touched);
  size_t cap = 256;
  int32_t *order = malloc(cap * sizeof *order), *tfs = malloc(cap * sizeof *tfs);
  const char *bad = NULL;
  if (!word_stamp || !word_slot || !touched || !order || !tfs) { bad = "lexicalEmbed: out of memory"; goto done; }
  /* Runs not listed yet: reported, nothing embedded (word_stamp, sized by words, is no use here: its own marks). */
  {
    IntList missing = { 0 };
    uint8_t *seen = NULL;
    for (size_t k = 0; k < n_seq && !bad; k++) {
      const int32_t r = run_seq[k];
      if (r < 0 || (size_t)r >= n_runs) { bad = "lexicalEmbed: a run outside its table"; break; }
      if (run_at[2 * r] >= 0) continue;
      if (!seen && !(seen = calloc(n_runs, 1))) { bad = "lexicalEmbed: out of memory"; break; }
      if (seen[r]) continue;
      seen[r] = 1;
      if (!list_push(&missing, r)) bad = "lexicalEmbed: out of memory";
    }
    free(seen);
    if (!bad && missing.n > 0) {
      napi_value res = int32_array_of(env, missing.v, missing.n);
      free(missing.v);
      free(word_stamp); free(word_slot); free(touched); free(order); free(tfs);
      return res;
    }
    free(missing.v);
  }
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
      if (r < 0 || (size_t)r >= n_runs || run_at[2 * r] < 0 || run_at[2 * r] > run_at[2 * r + 1] || (size_t)run_at[2 * r + 1] > n_run_words) { bad = "lexicalEmbed: a run outside its table"; break; }
      for (int32_t p = run_at[2 * r]; p < run_at[2 * r + 1]; p++) {
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
    memset(touched, 0, bit_words * sizeof *touched);
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
      TOUCH(d);
      o[d] = (float)((double)o[d] + ((fc[0] & 1) ? -1.0 : 1.0) * (1.0 * wt));
      if (head == 2) {
        d = (uint32_t)fc[1] >> 1;
        TOUCH(d);
        o[d] = (float)((double)o[d] + ((fc[1] & 1) ? -1.0 : 1.0) * (0.5 * wt));
      }
      if (grams > 0) {
        const double gw = (0.3 * wt * 3) / sqrt((double)grams * 3);
        for (int32_t j = head; j < head + grams; j++) {
          d = (uint32_t)fc[j] >> 1;
          TOUCH(d);
          o[d] = (float)((double)o[d] + ((fc[j] & 1) ? -1.0 : 1.0) * gw);
        }
      }
    }
    if (bad) break;
    /* The norm over touched dimensions in ascending order (as the JavaScript sorts them), then scale and round:
     * the set bits of the bitmap in order, not a pass over every dimension. */
    double norm = 0;
    for (size_t w = 0; w < bit_words; w++)
      for (uint64_t m = touched[w]; m; m &= m - 1) { const double v = o[w * 64 + (size_t)__builtin_ctzll(m)]; norm += v * v; }
    const double inv = norm > 0 ? 1 / sqrt(norm) : 1;
    for (size_t w = 0; w < bit_words; w++) {
      for (uint64_t m = touched[w]; m; m &= m - 1) {
        const size_t i = w * 64 + (size_t)__builtin_ctzll(m);
        if (norm > 0) o[i] = (float)((double)o[i] * inv);
        if (round && o[i] != 0) o[i] = (float)(js_round_fast((double)o[i] * 1e6) / 1e6);
      }
    }
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
  napi_value argv[6];
  if (!args_of(env, info, argv, 6, "vectraRow")) return NULL;
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
    /* Mostly zeros: four +0 values at once (a -0 takes the general path, which prints it as 0 too). */
    if (j + 4 <= dim) {
      uint64_t a, b;
      memcpy(&a, x + j, 8);
      memcpy(&b, x + j + 2, 8);
      if ((a | b) == 0) { memcpy(p, "0,0,0,0,", 8); p += 8; j += 3; continue; }
    }
    const double v0 = x[j];
    if (v0 == 0) { *p++ = '0'; *p++ = ','; continue; }
    double n = js_round_fast(v0 * 1e6);
    if (n == 0) { *p++ = '0'; *p++ = ','; continue; }
    const double v = n / 1e6;
    sum += v * v;
    if (n < 0) { *p++ = '-'; n = -n; }
    if (!(n < 1e7)) goto out;  /* a value of 10 or more, and NaN */
    /* n is a whole number below 10^7: its integer and fraction parts in integer arithmetic, exactly. */
    const int32_t ni = (int32_t)n;
    const int32_t ip = ni / 1000000;
    const int32_t fr = ni - ip * 1000000;
    *p++ = (uint8_t)('0' + ip);
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

/*
 * Word runs: what lib/search's WORD_RUNS (`/[\p{L}\p{N}_$]+/gu`) matches, numbered. A RunTable interns run
 * strings (UTF-16 code units) to numbers 0, 1, 2, … in first-seen order, so JavaScript keeps what it derives from
 * a run (its words, its terms) in arrays by number and never builds or hashes the run's string again. ASCII is
 * classified here; whether a non-ASCII code point is \p{L} or \p{N} JavaScript says (its regular expressions'
 * Unicode tables are the reference), once per code point: runsOf returns the ones it has not been told yet.
 */
typedef struct {
  uint32_t hash, len;
  size_t at;  /* into units */
} RunSlot;

typedef struct {
  RunSlot *slots;      /* open addressing; len == UINT32_MAX marks an empty slot */
  int32_t *ids;        /* per slot, the run number */
  size_t cap, count;
  uint16_t *units;     /* the runs' code units, back to back */
  size_t units_len, units_cap;
  size_t *run_at;      /* by run number: where its units start, and (run_len) how many */
  uint32_t *run_len;
  size_t runs_cap;
  size_t reported;     /* runs 0 .. reported-1 were handed to JavaScript as strings */
  /* Classified non-ASCII code points: cp + 1 (0 empty) → 1 not a word character, 2 a word character. */
  uint32_t *cp_keys;
  uint8_t *cp_vals;
  size_t cp_cap, cp_count;
} RunTable;

static void run_table_free(RunTable *t) {
  if (!t) return;
  free(t->slots); free(t->ids); free(t->units); free(t->run_at); free(t->run_len); free(t->cp_keys); free(t->cp_vals);
  free(t);
}

static void run_table_finalize(napi_env env, void *data, void *hint) { (void)env; (void)hint; run_table_free(data); }

static RunTable *run_table_new(void) {
  RunTable *t = calloc(1, sizeof *t);
  if (!t) return NULL;
  t->cap = 4096;
  t->slots = malloc(t->cap * sizeof *t->slots);
  t->ids = malloc(t->cap * sizeof *t->ids);
  t->units_cap = 1 << 16;
  t->units = malloc(t->units_cap * sizeof *t->units);
  t->runs_cap = 2048;
  t->run_at = malloc(t->runs_cap * sizeof *t->run_at);
  t->run_len = malloc(t->runs_cap * sizeof *t->run_len);
  t->cp_cap = 256;
  t->cp_keys = calloc(t->cp_cap, sizeof *t->cp_keys);
  t->cp_vals = calloc(t->cp_cap, sizeof *t->cp_vals);
  if (!t->slots || !t->ids || !t->units || !t->run_at || !t->run_len || !t->cp_keys || !t->cp_vals) { run_table_free(t); return NULL; }
  for (size_t i = 0; i < t->cap; i++) t->slots[i].len = UINT32_MAX;
  return t;
}

static inline uint32_t units_hash(const uint16_t *s, size_t n) {
  uint32_t h = 0x811c9dc5u;
  for (size_t i = 0; i < n; i++) h = (h ^ s[i]) * 0x01000193u;
  return h ^ (h >> 15);
}

static bool run_table_grow(RunTable *t) {
  const size_t cap = t->cap * 2;
  RunSlot *slots = malloc(cap * sizeof *slots);
  int32_t *ids = malloc(cap * sizeof *ids);
  if (!slots || !ids) { free(slots); free(ids); return false; }
  for (size_t i = 0; i < cap; i++) slots[i].len = UINT32_MAX;
  for (size_t i = 0; i < t->cap; i++) {
    if (t->slots[i].len == UINT32_MAX) continue;
    size_t j = t->slots[i].hash & (cap - 1);
    while (slots[j].len != UINT32_MAX) j = (j + 1) & (cap - 1);
    slots[j] = t->slots[i];
    ids[j] = t->ids[i];
  }
  free(t->slots); free(t->ids);
  t->slots = slots; t->ids = ids; t->cap = cap;
  return true;
}

/* The number of run s[0 .. n), interning it when new; -1 when out of memory. */
static int32_t run_intern(RunTable *t, const uint16_t *s, size_t n) {
  const uint32_t h = units_hash(s, n);
  size_t j = h & (t->cap - 1);
  for (; t->slots[j].len != UINT32_MAX; j = (j + 1) & (t->cap - 1)) {
    const RunSlot *e = &t->slots[j];
    if (e->hash == h && e->len == n && memcmp(t->units + e->at, s, n * sizeof *s) == 0) return t->ids[j];
  }
  if (t->count >= INT32_MAX - 1) return -1;
  if (t->units_len + n > t->units_cap) {
    size_t cap = t->units_cap * 2;
    while (cap < t->units_len + n) cap *= 2;
    uint16_t *u = realloc(t->units, cap * sizeof *u);
    if (!u) return -1;
    t->units = u; t->units_cap = cap;
  }
  if (t->count == t->runs_cap) {
    size_t cap = t->runs_cap * 2;
    size_t *a = realloc(t->run_at, cap * sizeof *a);
    if (!a) return -1;
    t->run_at = a;
    uint32_t *l = realloc(t->run_len, cap * sizeof *l);
    if (!l) return -1;
    t->run_len = l; t->runs_cap = cap;
  }
  memcpy(t->units + t->units_len, s, n * sizeof *s);
  const int32_t id = (int32_t)t->count++;
  t->slots[j] = (RunSlot){ h, (uint32_t)n, t->units_len };
  t->ids[j] = id;
  t->run_at[id] = t->units_len;
  t->run_len[id] = (uint32_t)n;
  t->units_len += n;
  if (t->count * 2 > t->cap && !run_table_grow(t)) return -1;
  return id;
}

/* 1 not a word character, 2 a word character, 0 not classified yet. */
static uint8_t cp_class(const RunTable *t, uint32_t cp) {
  size_t j = (cp * 0x9E3779B1u) & (t->cp_cap - 1);
  for (; t->cp_keys[j] != 0; j = (j + 1) & (t->cp_cap - 1)) if (t->cp_keys[j] == cp + 1) return t->cp_vals[j];
  return 0;
}

static bool cp_set(RunTable *t, uint32_t cp, uint8_t v) {
  if ((t->cp_count + 1) * 2 > t->cp_cap) {
    const size_t cap = t->cp_cap * 2;
    uint32_t *k = calloc(cap, sizeof *k);
    uint8_t *vals = calloc(cap, sizeof *vals);
    if (!k || !vals) { free(k); free(vals); return false; }
    for (size_t i = 0; i < t->cp_cap; i++) {
      if (!t->cp_keys[i]) continue;
      size_t j = ((t->cp_keys[i] - 1) * 0x9E3779B1u) & (cap - 1);
      while (k[j]) j = (j + 1) & (cap - 1);
      k[j] = t->cp_keys[i]; vals[j] = t->cp_vals[i];
    }
    free(t->cp_keys); free(t->cp_vals);
    t->cp_keys = k; t->cp_vals = vals; t->cp_cap = cap;
  }
  size_t j = (cp * 0x9E3779B1u) & (t->cp_cap - 1);
  for (; t->cp_keys[j] != 0; j = (j + 1) & (t->cp_cap - 1)) if (t->cp_keys[j] == cp + 1) { t->cp_vals[j] = v; return true; }
  t->cp_keys[j] = cp + 1; t->cp_vals[j] = v; t->cp_count++;
  return true;
}

/* ASCII character classes by table (one load instead of five comparisons per character of every scanned text):
 * CH_WORD [A-Za-z0-9_$], CH_START [A-Za-z_$], CH_SLASH '/'. */
enum { CH_WORD = 1, CH_START = 2, CH_SLASH = 4 };
static const uint8_t CH[128] = {
  ['$'] = CH_WORD | CH_START, ['_'] = CH_WORD | CH_START, ['/'] = CH_SLASH,
  ['0'] = CH_WORD, ['1'] = CH_WORD, ['2'] = CH_WORD, ['3'] = CH_WORD, ['4'] = CH_WORD,
  ['5'] = CH_WORD, ['6'] = CH_WORD, ['7'] = CH_WORD, ['8'] = CH_WORD, ['9'] = CH_WORD,
#define L(c) [c] = CH_WORD | CH_START, [c - 32] = CH_WORD | CH_START
  L('a'), L('b'), L('c'), L('d'), L('e'), L('f'), L('g'), L('h'), L('i'), L('j'), L('k'), L('l'), L('m'),
  L('n'), L('o'), L('p'), L('q'), L('r'), L('s'), L('t'), L('u'), L('v'), L('w'), L('x'), L('y'), L('z'),
#undef L
};

/* [A-Za-z0-9_$]: an ASCII word character. */
static inline bool ascii_word(uint16_t c) { return c < 128 && (CH[c] & CH_WORD); }

static RunTable *run_table_arg(napi_env env, napi_value v) {
  void *data = NULL;
  napi_valuetype type;
  if (napi_typeof(env, v, &type) != napi_ok || type != napi_external || napi_get_value_external(env, v, &data) != napi_ok || !data) {
    napi_throw_type_error(env, NULL, "a run table (runTableNew()) expected");
    return NULL;
  }
  return data;
}

/* runTableNew() → an empty run table (freed with its JavaScript handle). */
static napi_value js_run_table_new(napi_env env, napi_callback_info info) {
  (void)info;
  RunTable *t = run_table_new();
  if (!t) { napi_throw_error(env, NULL, "runTableNew: out of memory"); return NULL; }
  napi_value ext;
  if (napi_create_external(env, t, run_table_finalize, NULL, &ext) != napi_ok) { run_table_free(t); return NULL; }
  return ext;
}

/* runClassify(table, codePoints: Int32Array, word: Uint8Array): records whether each code point is \p{L} or \p{N}. */
static napi_value js_run_classify(napi_env env, napi_callback_info info) {
  napi_value argv[3];
  if (!args_of(env, info, argv, 3, "runClassify")) return NULL;
  RunTable *t = run_table_arg(env, argv[0]);
  if (!t) return NULL;
  int32_t *cps; uint8_t *word; size_t n, m;
  if (!typed_arg(env, argv[1], napi_int32_array, (void **)&cps, &n, "runClassify: codePoints must be an Int32Array") ||
      !typed_arg(env, argv[2], napi_uint8_array, (void **)&word, &m, "runClassify: word must be a Uint8Array")) return NULL;
  if (m < n) { throw_range(env, "runClassify: fewer flags than code points"); return NULL; }
  for (size_t i = 0; i < n; i++) {
    if (cps[i] < 128 || cps[i] > 0x10FFFF) { throw_range(env, "runClassify: not a non-ASCII code point"); return NULL; }
    if (!cp_set(t, (uint32_t)cps[i], word[i] ? 2 : 1)) { napi_throw_error(env, NULL, "runClassify: out of memory"); return NULL; }
  }
  return NULL;
}

/* A string argument's UTF-16 units into *buf (grown as needed); false when it is not a string. */
static bool units_of(napi_env env, napi_value v, uint16_t **buf, size_t *cap, size_t *len) {
  if (napi_get_value_string_utf16(env, v, NULL, 0, len) != napi_ok) return false;
  if (*len + 1 > *cap) {
    free(*buf);
    *cap = *len + 1 > 2 * *cap ? *len + 1 : 2 * *cap;
    if (!(*buf = malloc(*cap * sizeof **buf))) { *cap = 0; return false; }
  }
  return napi_get_value_string_utf16(env, v, (char16_t *)*buf, *len + 1, len) == napi_ok;
}

/*
 * runsOf(table, text, pieces, itemEnds) → [seq: Int32Array, ends: Int32Array, newRuns: string[]] or an Int32Array
 *
 * `text` is pieces laid end to end: pieces[p] >= 0 is a text of that length (its word runs, in order), < 0 one run
 * of length -1 - pieces[p] taken as it is; item i is pieces[itemEnds[i-1] .. itemEnds[i]) (one string for all, so
 * one copy out of V8 rather than one call per string). Item i's run numbers are seq[ends[i-1] .. ends[i]).
 * newRuns are the strings of the runs numbered since the previous successful call, in number order. When a text
 * holds non-ASCII code points the table cannot classify yet, the result is just those (distinct), and nothing
 * is reported: classify them (runClassify) and call again.
 */
static napi_value js_runs_of(napi_env env, napi_callback_info info) {
  napi_value argv[4];
  if (!args_of(env, info, argv, 4, "runsOf")) return NULL;
  RunTable *t = run_table_arg(env, argv[0]);
  if (!t) return NULL;
  int32_t *pieces, *item_ends;
  size_t n_pieces, items;
  if (!typed_arg(env, argv[2], napi_int32_array, (void **)&pieces, &n_pieces, "runsOf: pieces must be an Int32Array") ||
      !typed_arg(env, argv[3], napi_int32_array, (void **)&item_ends, &items, "runsOf: itemEnds must be an Int32Array")) return NULL;
  IntList seq = { 0 }, ends = { 0 }, unknown = { 0 };
  uint16_t *buf = NULL;
  size_t buf_cap = 0, text_len = 0;
  const char *bad = NULL;
  napi_value result = NULL;
  if (!units_of(env, argv[1], &buf, &buf_cap, &text_len)) { free(buf); napi_throw_type_error(env, NULL, "runsOf: text must be a string"); return NULL; }
  /* Non-ASCII code points not classified yet, found before any run is taken: a text that has some is then scanned
   * once more only after they are classified, not twice in full. (Pieces taken whole need no classifying, but a
   * code point of theirs asked about here is simply classified early.) */
  for (size_t k = 0; k < text_len && !bad; k++) {
    const uint16_t c = buf[k];
    if (c < 128) continue;
    uint32_t cp = c;
    if (c >= 0xD800 && c <= 0xDBFF && k + 1 < text_len && buf[k + 1] >= 0xDC00 && buf[k + 1] <= 0xDFFF) { cp = 0x10000 + (((uint32_t)c - 0xD800) << 10) + (buf[k + 1] - 0xDC00); k++; }
    if (cp_class(t, cp) == 0 && (!list_push(&unknown, (int32_t)cp) || !cp_set(t, cp, 3))) bad = "runsOf: out of memory";
  }
  if (bad || unknown.n > 0) goto done_scan;
  size_t off = 0, piece = 0;
  for (size_t i = 0; i < items && !bad; i++) {
    const size_t last = (size_t)item_ends[i];
    if (last < piece || last > n_pieces) { bad = "runsOf: an item outside pieces"; break; }
    for (; piece < last && !bad; piece++) {
      const bool whole = pieces[piece] < 0;
      const size_t len = whole ? (size_t)(-1 - (int64_t)pieces[piece]) : (size_t)pieces[piece];
      if (off + len > text_len) { bad = "runsOf: pieces longer than the text"; break; }
      const uint16_t *b = buf + off;
      off += len;
      if (whole) {
        const int32_t id = run_intern(t, b, len);
        if (id < 0 || !list_push(&seq, id)) bad = "runsOf: out of memory";
        continue;
      }
      size_t k = 0;
      while (k < len && !bad) {
        /* Skip to the next word character, then take the run. */
        size_t start = len;
        while (k < len) {
          const uint16_t c = b[k];
          if (c < 128) { if (ascii_word(c)) { start = k; break; } k++; continue; }
          uint32_t cp = c;
          size_t w = 1;
          if (c >= 0xD800 && c <= 0xDBFF && k + 1 < len && b[k + 1] >= 0xDC00 && b[k + 1] <= 0xDFFF) { cp = 0x10000 + (((uint32_t)c - 0xD800) << 10) + (b[k + 1] - 0xDC00); w = 2; }
          const uint8_t cls = cp_class(t, cp);
          if (cls == 0) { if (!list_push(&unknown, (int32_t)cp) || !cp_set(t, cp, 3)) { bad = "runsOf: out of memory"; break; } }
          if (cls == 2) { start = k; break; }
          k += w;
        }
        if (bad || start == len) break;
        while (k < len) {
          const uint16_t c = b[k];
          if (c < 128) { if (!ascii_word(c)) break; k++; continue; }
          uint32_t cp = c;
          size_t w = 1;
          if (c >= 0xD800 && c <= 0xDBFF && k + 1 < len && b[k + 1] >= 0xDC00 && b[k + 1] <= 0xDFFF) { cp = 0x10000 + (((uint32_t)c - 0xD800) << 10) + (b[k + 1] - 0xDC00); w = 2; }
          const uint8_t cls = cp_class(t, cp);
          if (cls == 0) { if (!list_push(&unknown, (int32_t)cp) || !cp_set(t, cp, 3)) { bad = "runsOf: out of memory"; break; } }
          if (cls != 2) break;
          k += w;
        }
        if (bad) break;
        if (unknown.n == 0) {
          const int32_t id = run_intern(t, b + start, k - start);
          if (id < 0 || !list_push(&seq, id)) bad = "runsOf: out of memory";
        }
      }
    }
    if (!bad && !list_push(&ends, (int32_t)seq.n)) bad = "runsOf: out of memory";
  }
done_scan:
  if (bad) goto done;
  if (unknown.n > 0) {
    /* Placeholders (class 3) are dropped again: JavaScript classifies these and calls again. */
    for (size_t i = 0; i < unknown.n; i++) cp_set(t, (uint32_t)unknown.v[i], 0);
    result = int32_array_of(env, unknown.v, unknown.n);
    goto done;
  }
  napi_value runs, seq_a, ends_a;
  const size_t fresh = t->count - t->reported;
  if (napi_create_array_with_length(env, fresh, &runs) != napi_ok) goto done;
  for (size_t r = 0; r < fresh; r++) {
    const size_t id = t->reported + r;
    napi_value s;
    if (napi_create_string_utf16(env, (const char16_t *)(t->units + t->run_at[id]), t->run_len[id], &s) != napi_ok || napi_set_element(env, runs, (uint32_t)r, s) != napi_ok) goto done;
  }
  seq_a = int32_array_of(env, seq.v, seq.n);
  ends_a = int32_array_of(env, ends.v, ends.n);
  if (!seq_a || !ends_a || napi_create_array_with_length(env, 3, &result) != napi_ok) { result = NULL; goto done; }
  napi_set_element(env, result, 0, seq_a);
  napi_set_element(env, result, 1, ends_a);
  napi_set_element(env, result, 2, runs);
  t->reported = t->count;
done:
  free(seq.v); free(ends.v); free(unknown.v); free(buf);
  if (bad) napi_throw_error(env, NULL, bad);
  return result;
}

/*
 * keywordCount(seq, ends, weights, slots, termAt, termIds, terms) → [term, freq, docEnds, lengths] or Int32Array
 *
 * lib/search/bm25.ts `KeywordBuilder.addFields` for a batch of documents: document d's field f (F = weights.length
 * fields each) holds the runs seq[ends[d*F+f-1] .. ends[d*F+f]); a run r counted in memo slot k = slots[f] has the
 * term numbers termIds[termAt[(r*S+k)*2] .. termAt[(r*S+k)*2+1]) (S = 3 slots; -1 when not listed yet). Each term
 * occurrence adds weights[f] to the term's frequency (a double, stored as float32), the document's entries in the
 * order their terms were first met; its length is the sum over fields of terms × weight, in field order. The
 * entries of all documents come back back to back (docEnds[d] ends document d's). When runs are not listed for
 * their slot, nothing is counted: the result is those (run, slot) pairs, flat and distinct, to list and call again.
 */
#define KW_SLOTS 3

static napi_value js_keyword_count(napi_env env, napi_callback_info info) {
  napi_value argv[7];
  if (!args_of(env, info, argv, 7, "keywordCount")) return NULL;
  int32_t *seq, *ends, *slots, *term_at, *term_ids;
  double *weights;
  size_t n_seq, n_ends, n_weights, n_slots, n_term_at, n_term_ids;
  int64_t n_terms64;
  if (!typed_arg(env, argv[0], napi_int32_array, (void **)&seq, &n_seq, "keywordCount: seq must be an Int32Array") ||
      !typed_arg(env, argv[1], napi_int32_array, (void **)&ends, &n_ends, "keywordCount: ends must be an Int32Array") ||
      !typed_arg(env, argv[2], napi_float64_array, (void **)&weights, &n_weights, "keywordCount: weights must be a Float64Array") ||
      !typed_arg(env, argv[3], napi_int32_array, (void **)&slots, &n_slots, "keywordCount: slots must be an Int32Array") ||
      !typed_arg(env, argv[4], napi_int32_array, (void **)&term_at, &n_term_at, "keywordCount: termAt must be an Int32Array") ||
      !typed_arg(env, argv[5], napi_int32_array, (void **)&term_ids, &n_term_ids, "keywordCount: termIds must be an Int32Array") ||
      !int_arg(env, argv[6], &n_terms64, "keywordCount: terms must be a number")) return NULL;
  const size_t fields = n_weights;
  if (fields == 0 || n_slots < fields || n_ends % fields != 0 || n_term_at % (2 * KW_SLOTS) != 0 || n_terms64 < 0 || n_terms64 > INT32_MAX) {
    throw_range(env, "keywordCount: tables of inconsistent sizes");
    return NULL;
  }
  for (size_t f = 0; f < fields; f++) if (slots[f] < 0 || slots[f] >= KW_SLOTS) { throw_range(env, "keywordCount: a slot out of range"); return NULL; }
  const size_t n_runs = n_term_at / (2 * KW_SLOTS), n_docs = n_ends / fields, n_terms = (size_t)n_terms64;
  const char *bad = NULL;
  napi_value result = NULL;
  IntList missing = { 0 }, terms = { 0 }, doc_ends = { 0 };
  float *freqs = NULL;
  size_t freqs_cap = 0;
  double *lengths = malloc((n_docs ? n_docs : 1) * sizeof *lengths);
  double *scratch = calloc(n_terms ? n_terms : 1, sizeof *scratch);
  uint8_t *seen = NULL;
  if (!lengths || !scratch) { bad = "keywordCount: out of memory"; goto done; }
  /* First the (run, slot) pairs not listed yet. */
  {
    size_t from = 0;
    for (size_t e = 0; e < n_ends && !bad; e++) {
      const size_t to = (size_t)ends[e];
      if (to < from || to > n_seq) { bad = "keywordCount: a field outside seq"; break; }
      const int32_t k = slots[e % fields];
      for (size_t i = from; i < to; i++) {
        const int32_t r = seq[i];
        if (r < 0 || (size_t)r >= n_runs) { bad = "keywordCount: a run outside its table"; break; }
        const size_t at = ((size_t)r * KW_SLOTS + (size_t)k) * 2;
        if (term_at[at] >= 0) continue;
        if (!seen && !(seen = calloc(n_runs * KW_SLOTS, 1))) { bad = "keywordCount: out of memory"; break; }
        if (seen[at / 2]) continue;
        seen[at / 2] = 1;
        if (!list_push(&missing, r) || !list_push(&missing, k)) { bad = "keywordCount: out of memory"; break; }
      }
      from = to;
    }
  }
  if (bad) goto done;
  if (missing.n > 0) { result = int32_array_of(env, missing.v, missing.n); goto done; }
  {
    size_t from = 0;
    for (size_t d = 0; d < n_docs && !bad; d++) {
      const size_t first = terms.n;
      double length = 0;
      for (size_t f = 0; f < fields && !bad; f++) {
        const size_t to = (size_t)ends[d * fields + f];
        const double w = weights[f];
        const size_t k = (size_t)slots[f];
        int64_t count = 0;
        for (size_t i = from; i < to && !bad; i++) {
          const size_t at = ((size_t)seq[i] * KW_SLOTS + k) * 2;
          const int32_t a = term_at[at], b = term_at[at + 1];
          if (a < 0 || b < a || (size_t)b > n_term_ids) { bad = "keywordCount: a run's terms outside their table"; break; }
          count += b - a;
          for (int32_t j = a; j < b; j++) {
            const int32_t t = term_ids[j];
            if (t < 0 || (size_t)t >= n_terms) { bad = "keywordCount: a term outside the dictionary"; break; }
            if (scratch[t] == 0 && !list_push(&terms, t)) { bad = "keywordCount: out of memory"; break; }
            scratch[t] += w;
          }
        }
        from = to;
        length += (double)count * w;
      }
      if (bad) break;
      if (terms.n > freqs_cap) {
        size_t cap = freqs_cap ? freqs_cap : 4096;
        while (cap < terms.n) cap *= 2;
        float *f2 = realloc(freqs, cap * sizeof *f2);
        if (!f2) { bad = "keywordCount: out of memory"; break; }
        freqs = f2; freqs_cap = cap;
      }
      for (size_t i = first; i < terms.n; i++) { freqs[i] = (float)scratch[terms.v[i]]; scratch[terms.v[i]] = 0; }
      lengths[d] = length;
      if (!list_push(&doc_ends, (int32_t)terms.n)) bad = "keywordCount: out of memory";
    }
  }
  if (bad) goto done;
  {
    void *data;
    napi_value ab, term_a, freq_a, len_a, ends_a;
    term_a = int32_array_of(env, terms.v, terms.n);
    ends_a = int32_array_of(env, doc_ends.v, doc_ends.n);
    if (!term_a || !ends_a) goto done;
    if (napi_create_arraybuffer(env, terms.n * 4, &data, &ab) != napi_ok) goto done;
    if (terms.n) memcpy(data, freqs, terms.n * 4);
    if (napi_create_typedarray(env, napi_float32_array, terms.n, ab, 0, &freq_a) != napi_ok) goto done;
    if (napi_create_arraybuffer(env, n_docs * 8, &data, &ab) != napi_ok) goto done;
    if (n_docs) memcpy(data, lengths, n_docs * 8);
    if (napi_create_typedarray(env, napi_float64_array, n_docs, ab, 0, &len_a) != napi_ok) goto done;
    napi_value res;
    if (napi_create_array_with_length(env, 4, &res) != napi_ok) goto done;
    napi_set_element(env, res, 0, term_a);
    napi_set_element(env, res, 1, freq_a);
    napi_set_element(env, res, 2, ends_a);
    napi_set_element(env, res, 3, len_a);
    result = res;
  }
done:
  free(missing.v); free(terms.v); free(doc_ends.v); free(freqs); free(lengths); free(scratch); free(seen);
  if (bad) throw_range(env, bad);
  return result;
}

/* FNV-1a over the UTF-16 code units of a prefix and a text (lexical.ts fnvState + fnvFrom), as an unsigned 32-bit value. */
static inline uint32_t fnv_units(uint32_t h, const uint16_t *s, size_t n) {
  for (size_t i = 0; i < n; i++) h = (h ^ s[i]) * 0x01000193u;
  return h;
}
static inline uint32_t fnv_ascii(uint32_t h, const char *s) {
  for (; *s; s++) h = (h ^ (uint8_t)*s) * 0x01000193u;
  return h;
}
static inline int32_t feature_code(uint32_t h, uint32_t dim) { return (int32_t)((h % dim) * 2 + (h >> 31)); }

/*
 * lexicalFeatures(words, stems, concepts, dim) → [featCode, featEnds, wordInfo]
 *
 * lib/search/embedders/lexical.ts `featuresOf` for new words: word i's features (its stem's `w:` hash, its concept's
 * `c:` hash when concepts[i] >= 0, the `g:` hash of each trigram of `^word$`), each `dimension * 2 + (sign < 0)`,
 * are featCode[featEnds[i-1] .. featEnds[i]); wordInfo[i] = trigram count, plus 1 << 30 with a concept.
 */
static napi_value js_lexical_features(napi_env env, napi_callback_info info) {
  napi_value argv[4];
  if (!args_of(env, info, argv, 4, "lexicalFeatures")) return NULL;
  uint32_t n = 0, n_stems = 0;
  bool arr1 = false, arr2 = false;
  int32_t *concepts;
  size_t n_concepts;
  int64_t dim64;
  if (napi_is_array(env, argv[0], &arr1) != napi_ok || !arr1 || napi_is_array(env, argv[1], &arr2) != napi_ok || !arr2 ||
      napi_get_array_length(env, argv[0], &n) != napi_ok || napi_get_array_length(env, argv[1], &n_stems) != napi_ok) {
    napi_throw_type_error(env, NULL, "lexicalFeatures: words and stems must be arrays");
    return NULL;
  }
  if (!typed_arg(env, argv[2], napi_int32_array, (void **)&concepts, &n_concepts, "lexicalFeatures: concepts must be an Int32Array") ||
      !int_arg(env, argv[3], &dim64, "lexicalFeatures: dim must be a number")) return NULL;
  if (n_stems != n || n_concepts < n || dim64 <= 0 || dim64 > (1 << 24)) { throw_range(env, "lexicalFeatures: arrays of inconsistent sizes"); return NULL; }
  const uint32_t dim = (uint32_t)dim64;
  const uint32_t W = fnv_ascii(0x811c9dc5u, "w:"), C = fnv_ascii(0x811c9dc5u, "c:"), G = fnv_ascii(0x811c9dc5u, "g:");
  IntList codes = { 0 }, ends = { 0 }, infos = { 0 };
  uint16_t *buf = NULL, *pad = NULL;
  size_t cap = 0, pad_cap = 0, len;
  const char *bad = NULL;
  napi_value result = NULL;
  for (uint32_t i = 0; i < n && !bad; i++) {
    napi_value v;
    /* The stem's hash first. */
    if (napi_get_element(env, argv[1], i, &v) != napi_ok || !units_of(env, v, &buf, &cap, &len)) { bad = "lexicalFeatures: a stem that is not a string"; break; }
    if (!list_push(&codes, feature_code(fnv_units(W, buf, len), dim))) { bad = "lexicalFeatures: out of memory"; break; }
    if (concepts[i] >= 0) {
      char digits[16];
      snprintf(digits, sizeof digits, "%d", (int)concepts[i]);
      if (!list_push(&codes, feature_code(fnv_ascii(C, digits), dim))) { bad = "lexicalFeatures: out of memory"; break; }
    }
    if (napi_get_element(env, argv[0], i, &v) != napi_ok || !units_of(env, v, &buf, &cap, &len)) { bad = "lexicalFeatures: a word that is not a string"; break; }
    const int32_t grams = len >= 3 ? (int32_t)len : 0;
    if (grams > 0) {
      if (len + 2 > pad_cap) {
        free(pad);
        pad_cap = 2 * (len + 2);
        if (!(pad = malloc(pad_cap * sizeof *pad))) { bad = "lexicalFeatures: out of memory"; break; }
      }
      pad[0] = '^';
      memcpy(pad + 1, buf, len * sizeof *buf);
      pad[len + 1] = '$';
      for (int32_t g = 0; g < grams; g++) if (!list_push(&codes, feature_code(fnv_units(G, pad + g, 3), dim))) { bad = "lexicalFeatures: out of memory"; break; }
    }
    if (!bad && (!list_push(&ends, (int32_t)codes.n) || !list_push(&infos, grams + (concepts[i] >= 0 ? CONCEPT : 0)))) bad = "lexicalFeatures: out of memory";
  }
  if (!bad) {
    napi_value a = int32_array_of(env, codes.v, codes.n), b = int32_array_of(env, ends.v, ends.n), c = int32_array_of(env, infos.v, infos.n);
    if (a && b && c && napi_create_array_with_length(env, 3, &result) == napi_ok) {
      napi_set_element(env, result, 0, a);
      napi_set_element(env, result, 1, b);
      napi_set_element(env, result, 2, c);
    } else result = NULL;
  }
  free(codes.v); free(ends.v); free(infos.v); free(buf); free(pad);
  if (bad) throw_range(env, bad);
  return result;
}

/*
 * postingsCount(entryTerm, df): df[t] += 1 for each entry's term (lib/search/bm25.ts `finish`'s document frequencies).
 * postingsLayout(entryTerm, entryFreq, starts, rank, cursor, rows, freqs): for each document d in order and each of
 * its entries i (starts[d] .. starts[d+1]), the next slot of its term's posting list, cursor[rank[entryTerm[i]]]++,
 * gets row d and the entry's frequency: postings in row order, as `finish` lays them out.
 */
static napi_value js_postings_count(napi_env env, napi_callback_info info) {
  napi_value argv[2];
  if (!args_of(env, info, argv, 2, "postingsCount")) return NULL;
  uint32_t *term, *df;
  size_t n, n_df;
  if (!typed_arg(env, argv[0], napi_uint32_array, (void **)&term, &n, "postingsCount: entryTerm must be a Uint32Array") ||
      !typed_arg(env, argv[1], napi_uint32_array, (void **)&df, &n_df, "postingsCount: df must be a Uint32Array")) return NULL;
  for (size_t i = 0; i < n; i++) if (term[i] >= n_df) { throw_range(env, "postingsCount: a term outside df"); return NULL; }
  for (size_t i = 0; i < n; i++) df[term[i]]++;
  return NULL;
}

static napi_value js_postings_layout(napi_env env, napi_callback_info info) {
  napi_value argv[7];
  if (!args_of(env, info, argv, 7, "postingsLayout")) return NULL;
  uint32_t *term, *cursor, *rows;
  float *freq, *freqs;
  int32_t *starts, *rank;
  size_t n_term, n_freq, n_starts, n_rank, n_cursor, n_rows, n_freqs;
  if (!typed_arg(env, argv[0], napi_uint32_array, (void **)&term, &n_term, "postingsLayout: entryTerm must be a Uint32Array") ||
      !typed_arg(env, argv[1], napi_float32_array, (void **)&freq, &n_freq, "postingsLayout: entryFreq must be a Float32Array") ||
      !typed_arg(env, argv[2], napi_int32_array, (void **)&starts, &n_starts, "postingsLayout: starts must be an Int32Array") ||
      !typed_arg(env, argv[3], napi_int32_array, (void **)&rank, &n_rank, "postingsLayout: rank must be an Int32Array") ||
      !typed_arg(env, argv[4], napi_uint32_array, (void **)&cursor, &n_cursor, "postingsLayout: cursor must be a Uint32Array") ||
      !typed_arg(env, argv[5], napi_uint32_array, (void **)&rows, &n_rows, "postingsLayout: rows must be a Uint32Array") ||
      !typed_arg(env, argv[6], napi_float32_array, (void **)&freqs, &n_freqs, "postingsLayout: freqs must be a Float32Array")) return NULL;
  if (n_starts == 0) return NULL;
  const size_t docs = n_starts - 1;
  for (size_t d = 0; d < docs; d++) {
    if (starts[d] < 0 || starts[d] > starts[d + 1] || (size_t)starts[d + 1] > n_term || (size_t)starts[d + 1] > n_freq) { throw_range(env, "postingsLayout: a document outside the entries"); return NULL; }
    for (int32_t i = starts[d]; i < starts[d + 1]; i++) {
      const uint32_t t = term[i];
      if (t >= n_rank || rank[t] < 0 || (size_t)rank[t] >= n_cursor) { throw_range(env, "postingsLayout: a term outside rank"); return NULL; }
      const uint32_t at = cursor[rank[t]]++;
      if (at >= n_rows || at >= n_freqs) { throw_range(env, "postingsLayout: a posting outside rows"); return NULL; }
      rows[at] = (uint32_t)d;
      freqs[at] = freq[i];
    }
  }
  return NULL;
}

/*
 * postingsForward(offsets, rows, freqs, start, term, freq)
 *
 * lib/search/bm25.ts `KeywordIndex.forward`: the postings (term t's are rows[offsets[t] .. offsets[t+1]), with
 * freqs) turned back into rows: row d's (term, frequency) pairs are term/freq[start[d] .. start[d+1]), in term order.
 * `start` has one more element than there are rows (zeros on entry); term and freq as many as postings.
 */
static napi_value js_postings_forward(napi_env env, napi_callback_info info) {
  napi_value argv[6];
  if (!args_of(env, info, argv, 6, "postingsForward")) return NULL;
  uint32_t *offsets, *rows, *start, *term;
  float *freqs, *freq;
  size_t n_offsets, n_rows, n_freqs, n_start, n_term, n_freq;
  if (!typed_arg(env, argv[0], napi_uint32_array, (void **)&offsets, &n_offsets, "postingsForward: offsets must be a Uint32Array") ||
      !typed_arg(env, argv[1], napi_uint32_array, (void **)&rows, &n_rows, "postingsForward: rows must be a Uint32Array") ||
      !typed_arg(env, argv[2], napi_float32_array, (void **)&freqs, &n_freqs, "postingsForward: freqs must be a Float32Array") ||
      !typed_arg(env, argv[3], napi_uint32_array, (void **)&start, &n_start, "postingsForward: start must be a Uint32Array") ||
      !typed_arg(env, argv[4], napi_uint32_array, (void **)&term, &n_term, "postingsForward: term must be a Uint32Array") ||
      !typed_arg(env, argv[5], napi_float32_array, (void **)&freq, &n_freq, "postingsForward: freq must be a Float32Array")) return NULL;
  if (n_offsets == 0 || n_start == 0 || n_freqs < n_rows || n_term < n_rows || n_freq < n_rows || offsets[n_offsets - 1] != n_rows) {
    throw_range(env, "postingsForward: arrays of inconsistent sizes");
    return NULL;
  }
  const size_t docs = n_start - 1;
  for (size_t p = 0; p < n_rows; p++) {
    if (rows[p] >= docs) { throw_range(env, "postingsForward: a row outside start"); return NULL; }
    start[rows[p] + 1]++;
  }
  for (size_t d = 0; d < docs; d++) start[d + 1] += start[d];
  uint32_t *cursor = malloc((docs ? docs : 1) * sizeof *cursor);
  if (!cursor) { napi_throw_error(env, NULL, "postingsForward: out of memory"); return NULL; }
  memcpy(cursor, start, docs * sizeof *cursor);
  for (size_t t = 0; t + 1 < n_offsets; t++) {
    if (offsets[t] > offsets[t + 1]) { free(cursor); throw_range(env, "postingsForward: offsets out of order"); return NULL; }
    for (uint32_t p = offsets[t]; p < offsets[t + 1]; p++) {
      const uint32_t at = cursor[rows[p]]++;
      term[at] = (uint32_t)t;
      freq[at] = freqs[p];
    }
  }
  free(cursor);
  return NULL;
}

/*
 * identifierSpans(text, spans, max, noise) → string[]
 *
 * lib/search/tokenize.ts `identifiersIn` for each span [spans[2k], spans[2k+1]) of one file's text: its distinct
 * identifiers (`[A-Za-z_$][\w$]*` found where that regular expression finds them, two characters or more, not in
 * `noise`: the '\n'-joined CODE_NOISE words), first-seen order, at most `max`, block and line comments skipped
 * exactly as identifiersIn skips them; each span's list comes back joined by single spaces.
 */
static inline bool ident_start(uint16_t c) { return c < 128 && (CH[c] & CH_START); }
static inline bool ident_part(uint16_t c) { return c < 128 && (CH[c] & CH_WORD); }

/* The first i >= from where units `a b` start, or -1. */
static int64_t find2(const uint16_t *s, size_t len, size_t from, uint16_t a, uint16_t b) {
  for (size_t i = from; i + 1 < len; i++) if (s[i] == a && s[i + 1] == b) return (int64_t)i;
  return -1;
}

typedef struct { uint32_t hash; uint32_t at, len; } IdSlot;

static napi_value js_identifier_spans(napi_env env, napi_callback_info info) {
  napi_value argv[4];
  if (!args_of(env, info, argv, 4, "identifierSpans")) return NULL;
  int32_t *spans;
  size_t n_spans;
  int64_t max;
  if (!typed_arg(env, argv[1], napi_int32_array, (void **)&spans, &n_spans, "identifierSpans: spans must be an Int32Array") ||
      !int_arg(env, argv[2], &max, "identifierSpans: max must be a number")) return NULL;
  if (max < 0 || max > (1 << 20)) { throw_range(env, "identifierSpans: max out of range"); return NULL; }
  uint16_t *text = NULL, *noise = NULL, *out = NULL;
  size_t text_cap = 0, noise_cap = 0, len = 0, noise_len = 0;
  IdSlot *seen = NULL, *noise_set = NULL;
  uint32_t *used = NULL;
  const char *bad = NULL;
  napi_value result = NULL;
  if (!units_of(env, argv[0], &text, &text_cap, &len) || !units_of(env, argv[3], &noise, &noise_cap, &noise_len)) { bad = "identifierSpans: text and noise must be strings"; goto done; }
  /* The noise words in a small open-addressing set (its own capacity, a power of two). */
  size_t noise_n = 1;
  for (size_t i = 0; i < noise_len; i++) if (noise[i] == '\n') noise_n++;
  size_t ncap = 16;
  while (ncap < noise_n * 2) ncap *= 2;
  noise_set = calloc(ncap, sizeof *noise_set);
  if (!noise_set) { bad = "identifierSpans: out of memory"; goto done; }
  for (size_t i = 0, w = 0; i <= noise_len; i++) {
    if (i < noise_len && noise[i] != '\n') continue;
    if (i > w) {
      const uint32_t h = units_hash(noise + w, i - w);
      size_t j = h & (ncap - 1);
      while (noise_set[j].len) j = (j + 1) & (ncap - 1);
      noise_set[j] = (IdSlot){ h, (uint32_t)w, (uint32_t)(i - w) };
    }
    w = i + 1;
  }
  if (napi_create_array_with_length(env, n_spans / 2, &result) != napi_ok) { result = NULL; goto done; }
  size_t out_cap = 0, seen_cap = 0;
  for (size_t k = 0; k + 1 < n_spans && !bad; k += 2) {
    const int64_t from = spans[k], to = spans[k + 1];
    if (from < 0 || to < from || (size_t)to > len) { bad = "identifierSpans: a span outside the text"; break; }
    size_t out_len = 0, count = 0;
    /* The distinct identifiers met, in a set twice the size of the most kept (emptied slot by slot below). */
    if (!seen) {
      seen_cap = 256;
      while (seen_cap < (size_t)max * 2) seen_cap *= 2;
      if (!(seen = calloc(seen_cap, sizeof *seen)) || !(used = malloc((size_t)(max + 1) * sizeof *used))) { bad = "identifierSpans: out of memory"; break; }
    }
    size_t i = (size_t)from;
    while ((int64_t)count < max) {
      /* The next token from i: a comment opener or an identifier (as SPAN_TOKEN's exec finds it). */
      while (i < len) {
        const uint16_t c = text[i];
        const uint8_t cls = c < 128 ? CH[c] : 0;
        if (cls & CH_START) break;
        if ((cls & CH_SLASH) && i + 1 < len && (text[i + 1] == '/' || text[i + 1] == '*')) break;
        i++;
      }
      if (i >= len || (int64_t)i >= to) break;
      if (text[i] == '/') {
        if ((int64_t)(i + 1) >= to) break;
        if (text[i + 1] == '*') {
          const int64_t end = find2(text, len, i + 2, '*', '/');
          i = end >= 0 && end + 2 <= to ? (size_t)end + 2 : i + 1;
          continue;
        }
        int64_t nl = -1;
        for (size_t j = i + 2; j < len; j++) if (text[j] == '\n') { nl = (int64_t)j; break; }
        if (nl < 0 || nl > to) break;
        i = (size_t)nl;
        continue;
      }
      size_t e = i + 1;
      while (e < len && ident_part(text[e])) e++;
      const size_t start = i;
      i = e;
      /* An identifier running past the span is cut at its end. */
      const size_t n = (int64_t)e <= to ? e - start : (size_t)to - start;
      if (n < 2) continue;
      const uint16_t *id = text + start;
      const uint32_t h = units_hash(id, n);
      bool skip = false;
      for (size_t j = h & (ncap - 1); noise_set[j].len; j = (j + 1) & (ncap - 1))
        if (noise_set[j].hash == h && noise_set[j].len == n && memcmp(noise + noise_set[j].at, id, n * 2) == 0) { skip = true; break; }
      if (skip) continue;
      size_t j = h & (seen_cap - 1);
      for (; seen[j].len; j = (j + 1) & (seen_cap - 1))
        if (seen[j].hash == h && seen[j].len == n && memcmp(text + seen[j].at, id, n * 2) == 0) { skip = true; break; }
      if (skip) continue;
      seen[j] = (IdSlot){ h, (uint32_t)start, (uint32_t)n };
      used[count] = (uint32_t)j;
      if (out_len + n + 1 > out_cap) {
        out_cap = (out_len + n + 1) * 2 + 256;
        uint16_t *o2 = realloc(out, out_cap * sizeof *o2);
        if (!o2) { bad = "identifierSpans: out of memory"; break; }
        out = o2;
      }
      if (out_len) out[out_len++] = ' ';
      memcpy(out + out_len, id, n * 2);
      out_len += n;
      count++;
    }
    for (size_t u = 0; u < count; u++) seen[used[u]].len = 0;
    if (bad) break;
    napi_value str;
    if (napi_create_string_utf16(env, (const char16_t *)(out ? out : (uint16_t *)""), out_len, &str) != napi_ok || napi_set_element(env, result, (uint32_t)(k / 2), str) != napi_ok) { result = NULL; break; }
  }
done:
  free(text); free(noise); free(out); free(seen); free(noise_set); free(used);
  if (bad) { throw_range(env, bad); return NULL; }
  return result;
}

/*
 * digests(text, ends, seed, out): lib/search/digest.ts's digest64 of each piece text[ends[i-1]..ends[i]) (UTF-16
 * units, as charCodeAt gives them), the two 32-bit lanes into out[2i] (high: h2) and out[2i+1] (low: h1). One call
 * for every digest of a build: in JavaScript the loop runs once per character, cold.
 */
static napi_value js_digests(napi_env env, napi_callback_info info) {
  napi_value argv[4];
  if (!args_of(env, info, argv, 4, "digests")) return NULL;
  int32_t *ends;
  uint32_t *out;
  size_t n_ends, n_out;
  int64_t seed;
  if (!typed_arg(env, argv[1], napi_int32_array, (void **)&ends, &n_ends, "digests: ends must be an Int32Array") ||
      !int_arg(env, argv[2], &seed, "digests: seed must be a number") ||
      !typed_arg(env, argv[3], napi_uint32_array, (void **)&out, &n_out, "digests: out must be a Uint32Array")) return NULL;
  if (n_out < 2 * n_ends) { throw_range(env, "digests: out is shorter than two values per piece"); return NULL; }
  uint16_t *text = NULL;
  size_t cap = 0, len = 0;
  if (!units_of(env, argv[0], &text, &cap, &len)) { free(text); napi_throw_type_error(env, NULL, "digests: text must be a string"); return NULL; }
  size_t from = 0;
  const char *bad = NULL;
  for (size_t i = 0; i < n_ends; i++) {
    const int64_t to = ends[i];
    if (to < (int64_t)from || (size_t)to > len) { bad = "digests: ends must rise within the text"; break; }
    uint32_t h1 = 0xdeadbeefu ^ (uint32_t)seed, h2 = 0x41c6ce57u ^ (uint32_t)seed;
    for (size_t k = from; k < (size_t)to; k++) {
      const uint32_t c = text[k];
      h1 = (h1 ^ c) * 2654435761u;
      h2 = (h2 ^ c) * 1597334677u;
    }
    h1 = (h1 ^ (h1 >> 16)) * 2246822507u;
    h1 ^= (h2 ^ (h2 >> 13)) * 3266489909u;
    h2 = (h2 ^ (h2 >> 16)) * 2246822507u;
    h2 ^= (h1 ^ (h1 >> 13)) * 3266489909u;
    out[2 * i] = h2;
    out[2 * i + 1] = h1;
    from = (size_t)to;
  }
  free(text);
  if (bad) throw_range(env, bad);
  return NULL;
}

bool sk_register(napi_env env, napi_value exports) {
  napi_property_descriptor props[] = {
    { "lexicalEmbed", NULL, js_lexical_embed, NULL, NULL, NULL, napi_default, NULL },
    { "vectraRow", NULL, js_vectra_row, NULL, NULL, NULL, napi_default, NULL },
    { "runTableNew", NULL, js_run_table_new, NULL, NULL, NULL, napi_default, NULL },
    { "runClassify", NULL, js_run_classify, NULL, NULL, NULL, napi_default, NULL },
    { "runsOf", NULL, js_runs_of, NULL, NULL, NULL, napi_default, NULL },
    { "keywordCount", NULL, js_keyword_count, NULL, NULL, NULL, napi_default, NULL },
    { "lexicalFeatures", NULL, js_lexical_features, NULL, NULL, NULL, napi_default, NULL },
    { "postingsCount", NULL, js_postings_count, NULL, NULL, NULL, napi_default, NULL },
    { "identifierSpans", NULL, js_identifier_spans, NULL, NULL, NULL, napi_default, NULL },
    { "postingsLayout", NULL, js_postings_layout, NULL, NULL, NULL, napi_default, NULL },
    { "digests", NULL, js_digests, NULL, NULL, NULL, napi_default, NULL },
    { "postingsForward", NULL, js_postings_forward, NULL, NULL, NULL, napi_default, NULL },
  };
  return napi_define_properties(env, exports, sizeof props / sizeof props[0], props) == napi_ok;
}
