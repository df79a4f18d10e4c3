/*
 * codegraph's native parse: tree-sitter parse and the flat copy of the tree (lib/extract/flat-tree.ts) in one
 * call, so extraction pays no N-API crossing per syntax node. Through node-tree-sitter, the TreeCursor walk that
 * copies a tree took about as long as the parse itself (about two native calls per node); here it is a C loop.
 *
 * It links its own copy of tree-sitter's runtime (the sources node-tree-sitter vendors, same version) and parses
 * with the grammars' own TSLanguage pointers, taken from the `language` externals the grammar packages export.
 * Texts are parsed as UTF-16, as node-tree-sitter does, so offsets (UTF-16 units) and trees are the same.
 *
 * Exports:
 *   parse(language, text)      -> [buffer, count, errors]   parse and copy in this thread
 *   grammarNames(language)     -> [names, kinds, fields]    every symbol's name and TSSymbolType, every field's name
 *   queueNew()                 -> queue                     a background thread parsing files in submission order
 *   queueSubmit(queue, language, text)                      copies text; the thread parses it soon
 *   queueTake(queue)           -> [buffer, count, errors]   the oldest submitted file's result (waits)
 *   queueReady(queue)          -> boolean                   whether queueTake would return without waiting
 *   queueClose(queue)                                       stops the thread (pending files are dropped)
 * buffer: one ArrayBuffer of count * 20 bytes in FlatTree.parts() layout: start, end (u32, UTF-16 offsets),
 * parent, next (i32, -1 = none), type (u16, visible symbol id), field (u16, 0 = none).
 * errors: ERROR and MISSING nodes, counted only when the root reports an error (0 otherwise).
 */
#include <node_api.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "tree_sitter/api.h"

/* The tag grammar packages put on their `language` externals ("tree-sitter", "language" hashed, BLAKE2). */
static const napi_type_tag LANGUAGE_TYPE_TAG = { 0x8AF2E5212AD58ABFULL, 0xD5006CAD83ABBA16ULL };
/* Our own externals' tags, so one kind is never taken for another. */
static const napi_type_tag QUEUE_TYPE_TAG = { 0x636F646567726170ULL, 0x6851756575650001ULL };

#define CHECK(env, call) do { if ((call) != napi_ok) { throw_last(env); return NULL; } } while (0)

static void throw_last(napi_env env) {
  const napi_extended_error_info *info = NULL;
  bool pending = false;
  napi_is_exception_pending(env, &pending);
  if (pending) return;
  napi_get_last_error_info(env, &info);
  napi_throw_error(env, NULL, info && info->error_message ? info->error_message : "codegraph native: N-API call failed");
}

/* ---- the flat copy ------------------------------------------------------------------------------------ */

/* Growable scratch arrays of one walk (one per thread) plus the parent/last-child stacks. */
typedef struct {
  uint32_t cap, depth_cap;
  uint32_t *start, *end;
  int32_t *parent, *next;
  uint16_t *type, *field;
  int32_t *stack, *last;
} Scratch;

static bool grow_nodes(Scratch *s, uint32_t min) {
  uint32_t c = s->cap ? s->cap : 4096;
  while (c < min) c *= 2;
  void *a = realloc(s->start, c * 4); if (!a) return false; s->start = a;
  a = realloc(s->end, c * 4); if (!a) return false; s->end = a;
  a = realloc(s->parent, c * 4); if (!a) return false; s->parent = a;
  a = realloc(s->next, c * 4); if (!a) return false; s->next = a;
  a = realloc(s->type, c * 2); if (!a) return false; s->type = a;
  a = realloc(s->field, c * 2); if (!a) return false; s->field = a;
  s->cap = c;
  return true;
}

static bool grow_depth(Scratch *s, uint32_t min) {
  uint32_t c = s->depth_cap ? s->depth_cap : 256;
  while (c < min) c *= 2;
  void *a = realloc(s->stack, c * 4); if (!a) return false; s->stack = a;
  a = realloc(s->last, c * 4); if (!a) return false; s->last = a;
  s->depth_cap = c;
  return true;
}

static void scratch_free(Scratch *s) {
  free(s->start); free(s->end); free(s->parent); free(s->next); free(s->type); free(s->field);
  free(s->stack); free(s->last);
  memset(s, 0, sizeof *s);
}

/*
 * Preorder over the visible nodes (the nodes a TreeCursor visits, as flat-tree.ts's walk), filling the scratch.
 * Returns the node count, or 0 when memory ran out.
 */
static uint32_t walk(TSTree *tree, Scratch *s, uint32_t *errors) {
  TSNode root = ts_tree_root_node(tree);
  bool has_error = ts_node_has_error(root);
  TSTreeCursor c = ts_tree_cursor_new(root);
  uint32_t n = 0, depth = 0, errs = 0;
  if (!s->depth_cap && !grow_depth(s, 256)) { ts_tree_cursor_delete(&c); return 0; }
  s->stack[0] = -1;
  s->last[0] = -1;
  for (;;) {
    if (n == s->cap && !grow_nodes(s, n + 1)) { ts_tree_cursor_delete(&c); return 0; }
    uint32_t i = n++;
    TSNode node = ts_tree_cursor_current_node(&c);
    TSSymbol sym = ts_node_symbol(node);
    s->type[i] = sym;
    s->field[i] = ts_tree_cursor_current_field_id(&c);
    s->start[i] = ts_node_start_byte(node) / 2;
    s->end[i] = ts_node_end_byte(node) / 2;
    s->parent[i] = s->stack[depth];
    s->next[i] = -1;
    int32_t prev = s->last[depth];
    if (prev >= 0) s->next[prev] = (int32_t)i;
    s->last[depth] = (int32_t)i;
    if (has_error && (sym == (TSSymbol)-1 || ts_node_is_missing(node))) errs++;
    if (ts_tree_cursor_goto_first_child(&c)) {
      depth++;
      if (depth >= s->depth_cap && !grow_depth(s, depth + 1)) { ts_tree_cursor_delete(&c); return 0; }
      s->stack[depth] = (int32_t)i;
      s->last[depth] = -1;
      continue;
    }
    bool done = false;
    while (!ts_tree_cursor_goto_next_sibling(&c)) {
      if (depth == 0 || !ts_tree_cursor_goto_parent(&c)) { done = true; break; }
      depth--;
    }
    if (done) break;
  }
  ts_tree_cursor_delete(&c);
  *errors = errs;
  return n;
}

/* The scratch's first n nodes in the parts layout, at out (n * 20 bytes). */
static void pack(const Scratch *s, uint32_t n, uint8_t *out) {
  memcpy(out, s->start, (size_t)n * 4);
  memcpy(out + (size_t)n * 4, s->end, (size_t)n * 4);
  memcpy(out + (size_t)n * 8, s->parent, (size_t)n * 4);
  memcpy(out + (size_t)n * 12, s->next, (size_t)n * 4);
  memcpy(out + (size_t)n * 16, s->type, (size_t)n * 2);
  memcpy(out + (size_t)n * 18, s->field, (size_t)n * 2);
}

/* Parses UTF-16 text (len code units) and walks it; returns the node count (0: out of memory or no tree). */
static uint32_t parse_walk(TSParser *parser, const TSLanguage *lang, const uint16_t *text, uint32_t len, Scratch *s, uint32_t *errors) {
  if (ts_parser_language(parser) != lang && !ts_parser_set_language(parser, lang)) return 0;
  TSTree *tree = ts_parser_parse_string_encoding(parser, NULL, (const char *)text, len * 2, TSInputEncodingUTF16LE);
  if (!tree) return 0;
  uint32_t n = walk(tree, s, errors);
  ts_tree_delete(tree);
  return n;
}

/* ---- argument helpers --------------------------------------------------------------------------------- */

/* The TSLanguage of a grammar object ({ language: External }) or of the external itself. */
static const TSLanguage *language_arg(napi_env env, napi_value v) {
  napi_valuetype t;
  if (napi_typeof(env, v, &t) != napi_ok) return NULL;
  if (t == napi_object) {
    napi_value inner;
    if (napi_get_named_property(env, v, "language", &inner) != napi_ok) return NULL;
    v = inner;
    if (napi_typeof(env, v, &t) != napi_ok) return NULL;
  }
  if (t != napi_external) { napi_throw_type_error(env, NULL, "expected a tree-sitter grammar"); return NULL; }
  bool tagged = false;
  if (napi_check_object_type_tag(env, v, &LANGUAGE_TYPE_TAG, &tagged) != napi_ok || !tagged) {
    napi_throw_type_error(env, NULL, "not a tree-sitter language");
    return NULL;
  }
  void *p = NULL;
  if (napi_get_value_external(env, v, &p) != napi_ok || !p) return NULL;
  const TSLanguage *lang = p;
  uint32_t abi = ts_language_abi_version(lang);
  if (abi < TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION || abi > TREE_SITTER_LANGUAGE_VERSION) {
    napi_throw_error(env, NULL, "grammar ABI version not supported by codegraph's tree-sitter runtime");
    return NULL;
  }
  return lang;
}

/* A malloc'd UTF-16 copy of a JS string; *len its length in code units. */
static uint16_t *string_arg(napi_env env, napi_value v, uint32_t *len) {
  size_t n = 0;
  if (napi_get_value_string_utf16(env, v, NULL, 0, &n) != napi_ok) { napi_throw_type_error(env, NULL, "expected a string"); return NULL; }
  if (n > UINT32_MAX / 2 - 1) { napi_throw_range_error(env, NULL, "text too long"); return NULL; }
  uint16_t *buf = malloc((n + 1) * 2);
  if (!buf) { napi_throw_error(env, NULL, "out of memory"); return NULL; }
  size_t got = 0;
  if (napi_get_value_string_utf16(env, v, (char16_t *)buf, n + 1, &got) != napi_ok) { free(buf); throw_last(env); return NULL; }
  *len = (uint32_t)got;
  return buf;
}

/* A new ArrayBuffer for n nodes; *data is where to pack them. */
static napi_value buffer_for(napi_env env, uint32_t n, void **data) {
  napi_value ab;
  CHECK(env, napi_create_arraybuffer(env, (size_t)n * 20, data, &ab));
  return ab;
}

/* [buffer, count, errors]. */
static napi_value result_of(napi_env env, napi_value ab, uint32_t n, uint32_t errors) {
  napi_value arr, v;
  CHECK(env, napi_create_array_with_length(env, 3, &arr));
  CHECK(env, napi_set_element(env, arr, 0, ab));
  CHECK(env, napi_create_uint32(env, n, &v));
  CHECK(env, napi_set_element(env, arr, 1, v));
  CHECK(env, napi_create_uint32(env, errors, &v));
  CHECK(env, napi_set_element(env, arr, 2, v));
  return arr;
}

static void free_adopted(napi_env env, void *data, void *hint) {
  (void)env; (void)hint;
  free(data);
}

/*
 * An ArrayBuffer over *data (malloc'd, `bytes` long) that frees it when collected; *data is set to NULL (the
 * buffer owns it now). NULL, with *data untouched and no exception pending, when it cannot be made.
 */
static napi_value adopt(napi_env env, uint8_t **data, size_t bytes) {
  if (!*data || bytes == 0) return NULL;
  napi_value ab;
  if (napi_create_external_arraybuffer(env, *data, bytes, free_adopted, NULL, &ab) != napi_ok) {
    bool pending = false;
    napi_is_exception_pending(env, &pending);
    if (pending) { napi_value e; napi_get_and_clear_last_exception(env, &e); }
    return NULL;
  }
  *data = NULL;
  return ab;
}

/* The pointer of an external made by this addon with `tag` (NULL with a TypeError saying `expected` otherwise). */
static void *tagged_external(napi_env env, napi_value v, const napi_type_tag *tag, const char *expected) {
  napi_valuetype t;
  bool tagged = false;
  void *p = NULL;
  if (napi_typeof(env, v, &t) != napi_ok || t != napi_external || napi_check_object_type_tag(env, v, tag, &tagged) != napi_ok
      || !tagged || napi_get_value_external(env, v, &p) != napi_ok || !p) {
    napi_throw_type_error(env, NULL, expected);
    return NULL;
  }
  return p;
}

/* ---- parse in this thread ----------------------------------------------------------------------------- */

/* The parser and scratch of one JavaScript thread (main or worker): N-API instance data, one per env. */
typedef struct { TSParser *parser; Scratch scratch; } Local;

static void local_finalize(napi_env env, void *data, void *hint) {
  (void)env; (void)hint;
  Local *l = data;
  if (l->parser) ts_parser_delete(l->parser);
  scratch_free(&l->scratch);
  free(l);
}

static Local *local_of(napi_env env) {
  void *p = NULL;
  if (napi_get_instance_data(env, &p) == napi_ok && p) return p;
  Local *l = calloc(1, sizeof *l);
  if (!l) return NULL;
  l->parser = ts_parser_new();
  if (!l->parser || napi_set_instance_data(env, l, local_finalize, NULL) != napi_ok) { local_finalize(env, l, NULL); return NULL; }
  return l;
}

static napi_value js_parse(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  CHECK(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  if (argc < 2) { napi_throw_type_error(env, NULL, "parse(language, text)"); return NULL; }
  const TSLanguage *lang = language_arg(env, argv[0]);
  if (!lang) return NULL;
  Local *l = local_of(env);
  if (!l) { napi_throw_error(env, NULL, "out of memory"); return NULL; }
  uint32_t len = 0;
  uint16_t *text = string_arg(env, argv[1], &len);
  if (!text) return NULL;
  uint32_t errors = 0;
  uint32_t n = parse_walk(l->parser, lang, text, len, &l->scratch, &errors);
  free(text);
  if (n == 0) { napi_throw_error(env, NULL, "tree-sitter parse failed"); return NULL; }
  void *data = NULL;
  napi_value ab = buffer_for(env, n, &data);
  if (!ab) return NULL;
  pack(&l->scratch, n, data);
  return result_of(env, ab, n, errors);
}

/* [symbol names by id, symbol kinds by id (TSSymbolType: 0 regular, 1 anonymous, …), field names by id (0: null)]. */
static napi_value js_grammar_names(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  CHECK(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  if (argc < 1) { napi_throw_type_error(env, NULL, "grammarNames(language)"); return NULL; }
  const TSLanguage *lang = language_arg(env, argv[0]);
  if (!lang) return NULL;
  uint32_t count = ts_language_symbol_count(lang);
  uint32_t fields = ts_language_field_count(lang);
  napi_value names, kinds, fieldNames, out, v;
  CHECK(env, napi_create_array_with_length(env, count, &names));
  CHECK(env, napi_create_array_with_length(env, count, &kinds));
  CHECK(env, napi_create_array_with_length(env, fields + 1, &fieldNames));
  for (uint32_t i = 0; i < count; i++) {
    const char *name = ts_language_symbol_name(lang, (TSSymbol)i);
    if (name) { CHECK(env, napi_create_string_utf8(env, name, NAPI_AUTO_LENGTH, &v)); }
    else { CHECK(env, napi_get_null(env, &v)); }
    CHECK(env, napi_set_element(env, names, i, v));
    CHECK(env, napi_create_uint32(env, (uint32_t)ts_language_symbol_type(lang, (TSSymbol)i), &v));
    CHECK(env, napi_set_element(env, kinds, i, v));
  }
  for (uint32_t i = 0; i <= fields; i++) {
    const char *name = ts_language_field_name_for_id(lang, (TSFieldId)i);
    if (name) { CHECK(env, napi_create_string_utf8(env, name, NAPI_AUTO_LENGTH, &v)); }
    else { CHECK(env, napi_get_null(env, &v)); }
    CHECK(env, napi_set_element(env, fieldNames, i, v));
  }
  CHECK(env, napi_create_array_with_length(env, 3, &out));
  CHECK(env, napi_set_element(env, out, 0, names));
  CHECK(env, napi_set_element(env, out, 1, kinds));
  CHECK(env, napi_set_element(env, out, 2, fieldNames));
  return out;
}

/* ---- parse on a background thread --------------------------------------------------------------------- */

typedef struct Job {
  const TSLanguage *lang;
  uint16_t *text;
  uint32_t len;
  uint8_t *packed; /* result, n * 20 bytes (NULL with n == 0: failed) */
  uint32_t n, errors;
  bool done;
  struct Job *next;
} Job;

typedef struct {
  pthread_mutex_t mu;
  pthread_cond_t work; /* a job was queued, or closing */
  pthread_cond_t done; /* a job was finished */
  Job *head;           /* oldest job not yet taken */
  Job *tail;
  Job *todo;           /* next job the thread parses */
  bool closing;
  bool started;        /* the thread runs (started on the first submit) */
  pthread_t thread;
} Queue;

static void *queue_main(void *arg) {
  Queue *q = arg;
  TSParser *parser = ts_parser_new();
  Scratch s;
  memset(&s, 0, sizeof s);
  pthread_mutex_lock(&q->mu);
  for (;;) {
    while (!q->closing && !q->todo) pthread_cond_wait(&q->work, &q->mu);
    if (q->closing) break;
    Job *j = q->todo;
    q->todo = j->next;
    pthread_mutex_unlock(&q->mu);
    uint32_t errors = 0;
    uint32_t n = parse_walk(parser, j->lang, j->text, j->len, &s, &errors);
    uint8_t *packed = n ? malloc((size_t)n * 20) : NULL;
    if (packed) pack(&s, n, packed);
    free(j->text);
    j->text = NULL;
    pthread_mutex_lock(&q->mu);
    j->packed = packed;
    j->n = packed ? n : 0;
    j->errors = errors;
    j->done = true;
    pthread_cond_broadcast(&q->done);
  }
  pthread_mutex_unlock(&q->mu);
  scratch_free(&s);
  ts_parser_delete(parser);
  return NULL;
}

static void free_job(Job *j) {
  free(j->text);
  free(j->packed);
  free(j);
}

static void free_jobs(Job *j) {
  while (j) { Job *next = j->next; free_job(j); j = next; }
}

/* Stops the thread and frees every job; the queue stays usable as closed. */
static void queue_stop(Queue *q) {
  pthread_mutex_lock(&q->mu);
  bool started = q->started;
  q->closing = true;
  pthread_cond_broadcast(&q->work);
  pthread_mutex_unlock(&q->mu);
  if (started) pthread_join(q->thread, NULL);
  q->started = false;
  free_jobs(q->head);
  q->head = q->tail = q->todo = NULL;
}

static void queue_finalize(napi_env env, void *data, void *hint) {
  (void)env; (void)hint;
  Queue *q = data;
  queue_stop(q);
  pthread_mutex_destroy(&q->mu);
  pthread_cond_destroy(&q->work);
  pthread_cond_destroy(&q->done);
  free(q);
}

static Queue *queue_arg(napi_env env, napi_value v) {
  return tagged_external(env, v, &QUEUE_TYPE_TAG, "expected a parse queue");
}

/** The queue of a call whose one argument is a queue (`usage` is the TypeError's text when it is missing). */
static Queue *queue_call_arg(napi_env env, napi_callback_info info, const char *usage) {
  size_t argc = 1;
  napi_value argv[1];
  CHECK(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  if (argc < 1) { napi_throw_type_error(env, NULL, usage); return NULL; }
  return queue_arg(env, argv[0]);
}

static napi_value js_queue_new(napi_env env, napi_callback_info info) {
  (void)info;
  Queue *q = calloc(1, sizeof *q);
  if (!q) { napi_throw_error(env, NULL, "out of memory"); return NULL; }
  pthread_mutex_init(&q->mu, NULL);
  pthread_cond_init(&q->work, NULL);
  pthread_cond_init(&q->done, NULL);
  napi_value ext;
  if (napi_create_external(env, q, queue_finalize, NULL, &ext) != napi_ok) { queue_finalize(env, q, NULL); throw_last(env); return NULL; }
  CHECK(env, napi_type_tag_object(env, ext, &QUEUE_TYPE_TAG));
  return ext;
}

static napi_value js_queue_submit(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3];
  CHECK(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  if (argc < 3) { napi_throw_type_error(env, NULL, "queueSubmit(queue, language, text)"); return NULL; }
  Queue *q = queue_arg(env, argv[0]);
  if (!q) return NULL;
  const TSLanguage *lang = language_arg(env, argv[1]);
  if (!lang) return NULL;
  if (q->closing) { napi_throw_error(env, NULL, "parse queue is closed"); return NULL; }
  uint32_t len = 0;
  uint16_t *text = string_arg(env, argv[2], &len);
  if (!text) return NULL;
  Job *j = calloc(1, sizeof *j);
  if (!j) { free(text); napi_throw_error(env, NULL, "out of memory"); return NULL; }
  j->lang = lang;
  j->text = text;
  j->len = len;
  pthread_mutex_lock(&q->mu);
  if (!q->started) {
    if (pthread_create(&q->thread, NULL, queue_main, q) != 0) {
      pthread_mutex_unlock(&q->mu);
      free_job(j);
      napi_throw_error(env, NULL, "cannot start the parse thread");
      return NULL;
    }
    q->started = true;
  }
  if (q->tail) q->tail->next = j; else q->head = j;
  q->tail = j;
  if (!q->todo) q->todo = j;
  pthread_cond_signal(&q->work);
  pthread_mutex_unlock(&q->mu);
  return NULL;
}

static napi_value js_queue_take(napi_env env, napi_callback_info info) {
  Queue *q = queue_call_arg(env, info, "queueTake(queue)");
  if (!q) return NULL;
  pthread_mutex_lock(&q->mu);
  Job *j = q->head;
  if (!j) { pthread_mutex_unlock(&q->mu); napi_throw_error(env, NULL, "parse queue is empty"); return NULL; }
  while (!j->done) pthread_cond_wait(&q->done, &q->mu);
  q->head = j->next;
  if (!q->head) q->tail = NULL;
  pthread_mutex_unlock(&q->mu);
  if (!j->packed) { free_job(j); napi_throw_error(env, NULL, "tree-sitter parse failed"); return NULL; }
  /*
   * The thread's buffer becomes the ArrayBuffer itself (freed when it is collected): this thread, the one every
   * file waits on, then neither allocates zeroed memory nor copies the tree again.
   * Where a runtime refuses external buffers, they are copied as before.
   */
  napi_value ab = adopt(env, &j->packed, (size_t)j->n * 20);
  if (!ab) {
    void *data = NULL;
    ab = buffer_for(env, j->n, &data);
    if (ab) memcpy(data, j->packed, (size_t)j->n * 20);
  }
  napi_value res = ab ? result_of(env, ab, j->n, j->errors) : NULL;
  free_job(j);
  return res;
}

static napi_value js_queue_ready(napi_env env, napi_callback_info info) {
  Queue *q = queue_call_arg(env, info, "queueReady(queue)");
  if (!q) return NULL;
  pthread_mutex_lock(&q->mu);
  bool ready = q->head && q->head->done;
  pthread_mutex_unlock(&q->mu);
  napi_value v;
  CHECK(env, napi_get_boolean(env, ready, &v));
  return v;
}

static napi_value js_queue_close(napi_env env, napi_callback_info info) {
  Queue *q = queue_call_arg(env, info, "queueClose(queue)");
  if (!q) return NULL;
  queue_stop(q);
  return NULL;
}

static napi_value init(napi_env env, napi_value exports) {
  napi_property_descriptor props[] = {
    { "parse", NULL, js_parse, NULL, NULL, NULL, napi_default, NULL },
    { "grammarNames", NULL, js_grammar_names, NULL, NULL, NULL, napi_default, NULL },
    { "queueNew", NULL, js_queue_new, NULL, NULL, NULL, napi_default, NULL },
    { "queueSubmit", NULL, js_queue_submit, NULL, NULL, NULL, napi_default, NULL },
    { "queueTake", NULL, js_queue_take, NULL, NULL, NULL, napi_default, NULL },
    { "queueReady", NULL, js_queue_ready, NULL, NULL, NULL, napi_default, NULL },
    { "queueClose", NULL, js_queue_close, NULL, NULL, NULL, napi_default, NULL },
  };
  if (napi_define_properties(env, exports, sizeof props / sizeof props[0], props) != napi_ok) return NULL;
  return exports;
}

NAPI_MODULE_INIT() { return init(env, exports); }
