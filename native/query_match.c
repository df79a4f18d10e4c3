/*
 * codegraph's query matcher in C: runs a query "program" (lib/extract/query-program.ts serialises the
 * QueryEngine that lib/extract/query-match.ts compiles from the .scm files) over a flat tree, so the matching
 * can happen on the native parse thread. It knows nothing about any language: every per-type table, every
 * pattern step and flag comes from the program. The algorithm is query-match.ts's, step for step (run,
 * matchRoot, seq, matchNode, nodeOk, laterNamed, longest, finishOrder); its comments there say why each rule
 * is what tree-sitter does. Any change to one must be made to the other (test/indexer/native-match.test.ts
 * compares the two on every rxjs and fixture file).
 *
 * Program layout (int32 words; offsets are word indexes into the program):
 *   header [MAGIC, VERSION, length, symbolCount, fieldCount, fingerprint, captureCount, patternCount, typeTable]
 *   typeTable: (symbolCount + 2) entries [code, named, rootList]: type ids 0..symbolCount-1, then ERROR (65535),
 *     then any other id
 *   rootList [n, root × n]   root [pattern, flags (1 dedupe, 2 subsets, 4 simple), step]
 *   step [flags, code, field, nNeg, nCap, nChild, nAlt, neg…, cap…, child…, alt…] (alternatives with their
 *     alternation's field and captures applied; children and alternatives lie after their step: no cycles)
 * Output: [pattern, captureCount, (captureId, nodeIndex) × captureCount] per match, in tree-sitter's order.
 *
 * Thread-safety: a program is immutable once made and reference-counted (jobs on the parse thread hold it);
 * a run keeps its scratch on its own stack and heap.
 */
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "query_match.h"

enum { MAGIC = 0x51474331, VERSION = 1, HEADER = 9, ERROR_TYPE = 65535 };
enum { H_LEN = 2, H_SYMBOLS = 3, H_FIELDS = 4, H_FINGERPRINT = 5, H_CAPTURES = 6, H_PATTERNS = 7, H_TYPES = 8 };
enum { F_ALT = 1, F_NAMED = 2, F_OPTIONAL = 4, F_IMMEDIATE = 8, F_LAST = 16, F_CAPTURING = 32 };
enum { R_DEDUPE = 1, R_SUBSETS = 2, R_SIMPLE = 4 };
enum { S_FLAGS = 0, S_CODE, S_FIELD, S_NNEG, S_NCAP, S_NCHILD, S_NALT, S_HEAD };
/* Patterns are small (tens of steps); these bounds keep a damaged program from exhausting a thread's stack. */
enum { MAX_DEPTH = 64, MAX_TREE = 1024 };

struct QmProgram {
  atomic_int refs;
  const void *owner;
  int32_t *w;
  uint32_t len, symbols;
};

/* ---- the program: validation ---------------------------------------------------------------------------- */

typedef struct { const int32_t *w; uint32_t len, captures, fields; uint8_t *ok; } Check;

static bool span(const Check *c, int64_t at, int64_t words) {
  return at >= HEADER && words >= 0 && at + words <= (int64_t)c->len;
}

/* Whether the step at `at` and everything under it is well formed; `*budget` bounds the tree's size. */
static bool check_step(Check *c, int64_t at, int depth, int *budget) {
  if (depth > MAX_DEPTH || --*budget < 0 || !span(c, at, S_HEAD)) return false;
  const int32_t *s = c->w + at;
  int64_t nneg = s[S_NNEG], ncap = s[S_NCAP], nchild = s[S_NCHILD], nalt = s[S_NALT];
  if (nneg < 0 || ncap < 0 || nchild < 0 || nalt < 0 || !span(c, at + S_HEAD, nneg + ncap + nchild + nalt)) return false;
  if (s[S_FIELD] < 0 || (uint32_t)s[S_FIELD] > c->fields) return false;
  const int32_t *cap = s + S_HEAD + nneg, *kids = cap + ncap;
  for (int64_t k = 0; k < ncap; k++) if (cap[k] < 0 || (uint32_t)cap[k] >= c->captures) return false;
  for (int64_t k = 0; k < nchild + nalt; k++) {
    if (kids[k] <= at) return false; /* below its step: the program cannot loop */
    if (!check_step(c, kids[k], depth + 1, budget)) return false;
  }
  return true;
}

QmProgram *qm_program_new(const int32_t *words, size_t len, uint32_t symbols, uint32_t fields, int32_t fingerprint,
                          const void *owner, const char **err) {
  const char *damaged = "query program is truncated or damaged";
  *err = damaged;
  if (len < HEADER || len > INT32_MAX || words[0] != MAGIC || words[1] != VERSION || words[H_LEN] != (int32_t)len) return NULL;
  if ((uint32_t)words[H_SYMBOLS] != symbols || (uint32_t)words[H_FIELDS] != fields || words[H_FINGERPRINT] != fingerprint) {
    *err = "query program was built for another language";
    return NULL;
  }
  if (symbols >= ERROR_TYPE || words[H_CAPTURES] < 0 || words[H_PATTERNS] < 0) return NULL;
  Check c = { words, (uint32_t)len, (uint32_t)words[H_CAPTURES], fields, NULL };
  int64_t types = words[H_TYPES];
  if (!span(&c, types, ((int64_t)symbols + 2) * 3)) return NULL;
  c.ok = calloc(len, 1); /* roots already checked (many type ids share them) */
  if (!c.ok) { *err = "out of memory"; return NULL; }
  bool good = true;
  for (uint32_t t = 0; good && t < symbols + 2; t++) {
    const int32_t *e = words + types + (int64_t)t * 3;
    int64_t list = e[2];
    if ((e[1] != 0 && e[1] != 1) || !span(&c, list, 1) || words[list] < 0 || !span(&c, list + 1, words[list])) { good = false; break; }
    for (int32_t r = 0; good && r < words[list]; r++) {
      int64_t root = words[list + 1 + r];
      if (!span(&c, root, 3)) { good = false; break; }
      if (c.ok[root]) continue;
      int budget = MAX_TREE;
      good = words[root] >= 0 && words[root] < words[H_PATTERNS] && check_step(&c, words[root + 2], 0, &budget);
      c.ok[root] = 1;
    }
  }
  free(c.ok);
  if (!good) return NULL;
  QmProgram *p = calloc(1, sizeof *p);
  int32_t *w = malloc(len * sizeof *w);
  if (!p || !w) { free(p); free(w); *err = "out of memory"; return NULL; }
  memcpy(w, words, len * sizeof *w);
  atomic_init(&p->refs, 1);
  p->owner = owner;
  p->w = w;
  p->len = (uint32_t)len;
  p->symbols = symbols;
  *err = NULL;
  return p;
}

const void *qm_program_owner(const QmProgram *p) { return p->owner; }

void qm_program_retain(QmProgram *p) { atomic_fetch_add(&p->refs, 1); }

void qm_program_release(QmProgram *p) {
  if (p && atomic_fetch_sub(&p->refs, 1) == 1) { free(p->w); free(p); }
}

/* ---- the run -------------------------------------------------------------------------------------------- */

typedef struct { int32_t *v; size_t len, cap; } Vec;

static bool vec_room(Vec *v, size_t more) {
  if (v->len + more <= v->cap) return true;
  size_t c = v->cap ? v->cap : 256;
  while (c < v->len + more) c *= 2;
  int32_t *a = realloc(v->v, c * sizeof *a);
  if (!a) return false;
  v->v = a;
  v->cap = c;
  return true;
}

/* Where a sibling sequence resumes once a node's child steps are matched (query-match.ts's Frame). */
typedef struct Frame { const int32_t *steps; int32_t n, k, j; const struct Frame *up; } Frame;

typedef struct {
  const int32_t *w;
  const int32_t *types; /* the type table */
  uint32_t symbols;
  uint32_t n;
  const int32_t *parent, *next;
  const uint16_t *type, *field;
  Vec cs;    /* the shared capture stack: capture id, node, … */
  Vec found; /* the matches of one root: [length, finishing node, capture id, node, …] each */
  Vec at;    /* where each found match starts in `found` */
  Vec out;   /* the file's matches, in root order */
  Vec fin;   /* each output match's finishing node, then its start in `out` */
  bool oom;
} Run;

static inline const int32_t *type_entry(const Run *m, uint32_t t) {
  uint32_t i = t < m->symbols ? t : t == ERROR_TYPE ? m->symbols : m->symbols + 1;
  return m->types + (size_t)i * 3;
}

static inline bool named(const Run *m, int32_t x) { return type_entry(m, m->type[x])[1] == 1; }

static inline int32_t first_child(const Run *m, int32_t i) {
  return (uint32_t)i + 1 < m->n && m->parent[i + 1] == i ? i + 1 : -1;
}

/* Whether node `i` satisfies the step's own tests (type, field, negated fields), not its children. */
static bool node_ok(const Run *m, const int32_t *s, int32_t i) {
  uint32_t t = m->type[i];
  if (s[S_FIELD] != 0 && m->field[i] != s[S_FIELD]) return false;
  if (s[S_CODE] < 0) {
    if (t == ERROR_TYPE || ((s[S_FLAGS] & F_NAMED) && type_entry(m, t)[1] != 1)) return false;
  } else if (type_entry(m, t)[0] != s[S_CODE]) return false;
  int32_t nneg = s[S_NNEG];
  if (nneg) {
    const int32_t *neg = s + S_HEAD;
    for (int32_t c = first_child(m, i); c >= 0; c = m->next[c]) {
      for (int32_t k = 0; k < nneg; k++) if (m->field[c] == neg[k]) return false;
    }
  }
  return true;
}

static bool later_named(const Run *m, int32_t x) {
  for (int32_t y = m->next[x]; y >= 0; y = m->next[y]) if (named(m, y)) return true;
  return false;
}

static inline const int32_t *caps_of(const int32_t *s) { return s + S_HEAD + s[S_NNEG]; }
static inline const int32_t *children_of(const int32_t *s) { return caps_of(s) + s[S_NCAP]; }
static inline const int32_t *alts_of(const int32_t *s) { return children_of(s) + s[S_NCHILD]; }

static void push_caps(Run *m, const int32_t *s, int32_t node) {
  int32_t ncap = s[S_NCAP];
  if (!vec_room(&m->cs, (size_t)ncap * 2)) { m->oom = true; return; }
  const int32_t *cap = caps_of(s);
  for (int32_t k = 0; k < ncap; k++) { m->cs.v[m->cs.len++] = cap[k]; m->cs.v[m->cs.len++] = node; }
}

static void emit(Run *m, int32_t fin) {
  size_t n = m->cs.len;
  if (!vec_room(&m->found, n + 2) || !vec_room(&m->at, 1)) { m->oom = true; return; }
  m->at.v[m->at.len++] = (int32_t)m->found.len;
  m->found.v[m->found.len++] = (int32_t)(n + 1);
  m->found.v[m->found.len++] = fin;
  if (n) memcpy(m->found.v + m->found.len, m->cs.v, n * sizeof *m->cs.v);
  m->found.len += n;
}

static void seq(Run *m, const int32_t *steps, int32_t n, int32_t k, int32_t j, const Frame *up, int32_t fin);

/* Node `x` passed step `s`'s own tests: capture it, match its child steps, then the rest of `steps`. */
static void match_node(Run *m, const int32_t *s, int32_t x, const int32_t *steps, int32_t n, int32_t k, const Frame *up, int32_t fin) {
  size_t save = m->cs.len;
  push_caps(m, s, x);
  if (m->oom) return;
  if (x > fin) fin = x;
  if (s[S_NCHILD] == 0) seq(m, steps, n, k + 1, m->next[x], up, fin);
  else {
    Frame f = { steps, n, k + 1, m->next[x], up };
    seq(m, children_of(s), s[S_NCHILD], 0, first_child(m, x), &f, fin);
  }
  m->cs.len = save;
}

/* Matches `steps[k..]` against the siblings from `j` on, then continues with `up`. */
static void seq(Run *m, const int32_t *steps, int32_t n, int32_t k, int32_t j, const Frame *up, int32_t fin) {
  if (m->oom) return;
  if (k == n) {
    if (!up) emit(m, fin);
    else seq(m, up->steps, up->n, up->k, up->j, up->up, fin);
    return;
  }
  const int32_t *s = m->w + steps[k];
  int32_t flags = s[S_FLAGS];
  if (flags & F_OPTIONAL) seq(m, steps, n, k + 1, j, up, fin);
  bool alt = flags & F_ALT;
  bool splits = (flags & F_CAPTURING) || s[S_NCHILD] > 0 || alt;
  for (int32_t x = j; x >= 0; x = m->next[x]) {
    if (!((flags & F_LAST) && later_named(m, x))) {
      if (alt) {
        if (s[S_FIELD] == 0 || m->field[x] == s[S_FIELD]) {
          const int32_t *alts = alts_of(s);
          for (int32_t a = 0; a < s[S_NALT]; a++) {
            const int32_t *a2 = m->w + alts[a];
            if (node_ok(m, a2, x)) match_node(m, a2, x, steps, n, k, up, fin);
          }
        }
      } else if (node_ok(m, s, x)) {
        match_node(m, s, x, steps, n, k, up, fin);
        if (!splits) break; /* tree-sitter does not split its state there: first node only */
      }
    }
    if ((flags & F_IMMEDIATE) && named(m, x)) break;
  }
}

/* Matches root step `s` at node `i`; appends every capture list to `found`. */
static void match_root(Run *m, const int32_t *s, int32_t i) {
  if (!node_ok(m, s, i)) return;
  m->cs.len = 0;
  push_caps(m, s, i);
  if (m->oom) return;
  if (s[S_NCHILD] == 0) emit(m, i);
  else seq(m, children_of(s), s[S_NCHILD], 0, first_child(m, i), NULL, i);
}

static int cmp_key(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

/* Appends one match to the output; `fin` its finishing node. */
static void output(Run *m, int32_t pattern, const int32_t *pairs, int32_t npairs, int32_t fin) {
  if (!vec_room(&m->out, 2 + (size_t)npairs * 2) || !vec_room(&m->fin, 2)) { m->oom = true; return; }
  m->fin.v[m->fin.len++] = fin;
  m->fin.v[m->fin.len++] = (int32_t)m->out.len;
  m->out.v[m->out.len++] = pattern;
  m->out.v[m->out.len++] = npairs;
  if (npairs) memcpy(m->out.v + m->out.len, pairs, (size_t)npairs * 2 * sizeof *pairs);
  m->out.len += (size_t)npairs * 2;
}

/* Tree-sitter's longest-match rule over the matches of one pattern at one root: distinct, maximal sets (as `longest`). */
static void output_longest(Run *m, int32_t pattern, bool subsets) {
  size_t f = m->at.len;
  size_t *kat = malloc((f + 1) * sizeof *kat);
  size_t total = 0;
  for (size_t a = 0; a < f; a++) total += (size_t)(m->found.v[m->at.v[a]] - 1) / 2;
  int64_t *keys = malloc((total ? total : 1) * sizeof *keys);
  if (!kat || !keys) { free(kat); free(keys); m->oom = true; return; }
  /* each match as its sorted (capture, node) pairs, one number per pair (the same numbers as query-match.ts) */
  size_t o = 0;
  for (size_t a = 0; a < f; a++) {
    const int32_t *r = m->found.v + m->at.v[a];
    int32_t np = (r[0] - 1) / 2;
    kat[a] = o;
    for (int32_t p = 0; p < np; p++) keys[o++] = (int64_t)r[2 + 2 * p] * 16777216 + r[3 + 2 * p];
    qsort(keys + kat[a], (size_t)np, sizeof *keys, cmp_key);
  }
  kat[f] = o;
  for (size_t a = 0; a < f; a++) {
    const int64_t *ka = keys + kat[a];
    size_t la = kat[a + 1] - kat[a];
    bool keep = true;
    for (size_t b = 0; keep && b < f; b++) {
      if (a == b) continue;
      const int64_t *kb = keys + kat[b];
      size_t lb = kat[b + 1] - kat[b];
      if (la == lb) {
        if (b < a && memcmp(ka, kb, la * sizeof *ka) == 0) keep = false; /* identical sets: the first one only */
      } else if (subsets && la < lb) {
        size_t j = 0;
        for (size_t i = 0; i < lb && j < la; i++) if (kb[i] == ka[j]) j++;
        if (j == la) keep = false;
      }
    }
    if (keep) {
      const int32_t *r = m->found.v + m->at.v[a];
      output(m, pattern, r + 2, (r[0] - 1) / 2, r[1]);
    }
  }
  free(kat);
  free(keys);
}

bool qm_run(const QmProgram *p, uint32_t n, const int32_t *parent, const int32_t *next, const uint16_t *type,
            const uint16_t *field, int32_t **out, size_t *out_len) {
  Run m;
  memset(&m, 0, sizeof m);
  m.w = p->w;
  m.types = p->w + p->w[H_TYPES];
  m.symbols = p->symbols;
  m.n = n;
  m.parent = parent; m.next = next; m.type = type; m.field = field;
  *out = NULL;
  *out_len = 0;
  bool sorted = true;
  for (uint32_t i = 0; i < n && !m.oom; i++) {
    const int32_t *list = m.w + type_entry(&m, type[i])[2];
    int32_t nr = list[0];
    for (int32_t r = 0; r < nr && !m.oom; r++) {
      const int32_t *root = m.w + list[1 + r];
      int32_t pattern = root[0], flags = root[1];
      const int32_t *s = m.w + root[2];
      if (flags & R_SIMPLE) {
        int32_t ncap = s[S_NCAP];
        if (!vec_room(&m.cs, (size_t)ncap * 2)) { m.oom = true; break; }
        m.cs.len = 0;
        push_caps(&m, s, (int32_t)i);
        if (m.fin.len && m.fin.v[m.fin.len - 2] > (int32_t)i) sorted = false;
        output(&m, pattern, m.cs.v, ncap, (int32_t)i);
        continue;
      }
      match_root(&m, s, (int32_t)i);
      /* alternatives of one root alternation share the longest-match rule */
      if (m.at.len == 0 || (r + 1 < nr && m.w[list[2 + r]] == pattern)) continue;
      size_t first = m.fin.len;
      if (m.at.len == 1 || !(flags & R_DEDUPE)) {
        for (size_t a = 0; a < m.at.len && !m.oom; a++) {
          const int32_t *rec = m.found.v + m.at.v[a];
          output(&m, pattern, rec + 2, (rec[0] - 1) / 2, rec[1]);
        }
      } else output_longest(&m, pattern, flags & R_SUBSETS);
      for (size_t k = first; k < m.fin.len; k += 2) {
        if (k >= 2 && m.fin.v[k - 2] > m.fin.v[k]) sorted = false;
      }
      m.found.len = 0;
      m.at.len = 0;
    }
  }
  bool ok = !m.oom;
  if (ok && !sorted) {
    /* finishOrder: a stable counting sort by finishing node */
    size_t count = m.fin.len / 2;
    size_t *at = calloc((size_t)n + 1, sizeof *at);
    int32_t *res = malloc((m.out.len ? m.out.len : 1) * sizeof *res);
    size_t *order = malloc((count ? count : 1) * sizeof *order);
    if (!at || !res || !order) ok = false;
    else {
      for (size_t k = 0; k < count; k++) at[m.fin.v[2 * k] + 1]++;
      for (uint32_t i = 1; i <= n; i++) at[i] += at[i - 1];
      for (size_t k = 0; k < count; k++) order[at[m.fin.v[2 * k]]++] = k;
      size_t o = 0;
      for (size_t k = 0; k < count; k++) {
        const int32_t *rec = m.out.v + m.fin.v[2 * order[k] + 1];
        size_t words = 2 + (size_t)rec[1] * 2;
        memcpy(res + o, rec, words * sizeof *res);
        o += words;
      }
      free(m.out.v);
      m.out.v = res;
      res = NULL;
    }
    free(at);
    free(res);
    free(order);
  }
  free(m.cs.v); free(m.found.v); free(m.at.v); free(m.fin.v);
  if (!ok) { free(m.out.v); return false; }
  *out = m.out.v;
  *out_len = m.out.len;
  return true;
}
