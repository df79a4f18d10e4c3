import test from 'ava';
import { cMacroRepairs, conditionalsInStatements, loopMacros, macroAttributes, macroRepairs, storageMacros } from '../../lib/lang/c/macro-attributes.ts';
import { extractFile } from '../../lib/lang/index.ts';

const blank = (line: string, macro: string): string => line.replace(macro, ' '.repeat(macro.length));

test('annotation macros in a class head, after a parameter list, a parameter\'s or a member\'s name are written as spaces, the text keeping its length', (t) => {
  const lines = [
    'void lock() ABSL_EXCLUSIVE_LOCK_FUNCTION();',
    'inline void Lock() EXCLUSIVE_LOCK_FUNCTION() { lock(); }',
    'int size() const LOCKS_EXCLUDED(mu_) SHARED_LOCKS_REQUIRED(x);',
    'virtual void f() OVERRIDE_X = 0;',
    'Table* mem_ GUARDED_BY(mutex_);',
    'int* p_ ABSL_PT_GUARDED_BY(mu_) = nullptr;',
    'class ABSL_LOCKABLE ABSL_ATTRIBUTE_WARN_UNUSED Mutex {',
    'explicit MutexLock(Mutex& mu ABSL_INTERNAL_ATTRIBUTE_CAPTURED_BY_THIS, int n LIFETIME_BOUND)',
  ];
  const out = macroAttributes(lines.join('\n')).split('\n');
  t.is(out[0], blank(lines[0], 'ABSL_EXCLUSIVE_LOCK_FUNCTION()'));
  t.is(out[1], blank(lines[1], 'EXCLUSIVE_LOCK_FUNCTION()'));
  t.is(out[2], blank(blank(lines[2], 'LOCKS_EXCLUDED(mu_)'), 'SHARED_LOCKS_REQUIRED(x)'));
  t.is(out[3], blank(lines[3], 'OVERRIDE_X'));
  t.is(out[4], blank(lines[4], 'GUARDED_BY(mutex_)'));
  t.is(out[5], blank(lines[5], 'ABSL_PT_GUARDED_BY(mu_)'));
  t.is(out[6], blank(lines[6], 'ABSL_LOCKABLE ABSL_ATTRIBUTE_WARN_UNUSED'));
  t.is(out[7], blank(blank(lines[7], 'ABSL_INTERNAL_ATTRIBUTE_CAPTURED_BY_THIS'), 'LIFETIME_BOUND'));
});

test('a macro after a statement\'s head, a cast or a return is code, and stays', (t) => {
  const code = [
    'void g() {',
    '  if (x) LOG(INFO) << 1;',
    '  while (y) FOO();',
    '  for (;;) BAR(i);',
    '  x = (size_t) MAX_SIZE;',
    '  return (a) B_FLAG;',
    '  switch (k) DEFAULT_CASE;',
    '  ABCD x;',
    '  f(sizeof(struct FOO_T), MAX_LEN);',
    '  g(unsigned INT32);',
    '}',
  ].join('\n');
  t.is(macroAttributes(code), code);
});

test('C loop macros (`list_for_each_entry(pos, head, member) {`) end as a call statement before their body; statements, definitions and C++ stay', (t) => {
  const code = [
    'void walk(struct list *l) {',
    '\tfor_each_string_list_item(item, l) {',
    '\t\tuse(item);',
    '\t}',
    '\thash_for_each (ht, bkt, obj, node)',
    '\t{',
    '\t\tuse(obj);',
    '\t}',
    '\tif (ready(l)) {',
    '\t\tswitch (l->kind) {',
    '\t\t}',
    '\t}',
    '}',
    'old_style(a, b)',
    '{',
    '}',
  ].join('\n');
  const out = loopMacros(code).split('\n');
  t.is(out[1], '\tfor_each_string_list_item(item, l);{');
  t.is(out[4], '\thash_for_each (ht, bkt, obj, node)');
  t.is(out[5], ';{');
  t.is(out.slice(8).join('\n'), code.split('\n').slice(8).join('\n'));
  t.is(loopMacros(code).length, code.length);
  // C++: a lower-case class's constructor has that shape, so C++'s repairs leave it
  const cpp = 'class my_vector {\n  my_vector(int n) {\n    grow(n);\n  }\n};\n';
  t.deepEqual(macroRepairs(cpp).map((r) => r.includes('my_vector(int n)')), [true, true]);
  t.true(cMacroRepairs(code).every((r) => r.includes('for_each_string_list_item(item, l);{')));
});

test('a C file whose loop macros broke its parse keeps its calls without errors', (t) => {
  const code = 'struct item { int x; };\nvoid use(struct item *i) { }\nvoid run(struct list *l) {\n\tstruct item *item;\n\tfor_each_item(item, l) {\n\t\tuse(item);\n\t}\n}\n';
  const facts = extractFile('a.c', code, 'c');
  t.is(facts.parseErrors, 0);
  const called = facts.calls.map((c) => (c.callee as { name?: string }).name);
  t.true(called.includes('use'));
  t.true(called.includes('for_each_item'), 'the macro keeps its call');
});

test('a capitals macro between a declaration\'s type and its declarator is written as spaces; a product and a qualifier\'s type stay', (t) => {
  const lines = [
    'int ZEXPORT inflateEnd(z_streamp strm) {',
    '    struct inflate_state FAR *state;',
    '    state = (struct inflate_state FAR *)strm->state;',
    'local const z_crc_t FAR crc_table[256];',
    'void write_table(FILE *, const z_crc_t FAR *, int);',
    'const char * ZEXPORT zError(int err) {',
    '    n = a * SCALE * b;',
    '    return FOO * x;',
    'const UINT32 count;',
  ];
  const out = macroAttributes(lines.join('\n')).split('\n');
  t.is(out[0], blank(lines[0], 'ZEXPORT'));
  t.is(out[1], blank(lines[1], 'FAR'));
  t.is(out[2], blank(lines[2], 'FAR'));
  t.is(out[3], blank(lines[3], 'FAR'));
  t.is(out[4], blank(lines[4], 'FAR'));
  t.is(out[5], blank(lines[5], 'ZEXPORT'));
  t.deepEqual(out.slice(6), lines.slice(6));
});

test('a C line led by a word before a type and a name is led by a storage-class macro, written as spaces; declarations and statements stay', (t) => {
  const lines = [
    'local int helper(int x) {',
    'local gzFile gz_open(const void *path, int fd) {',
    '    local char buf[BUFLEN];',
    'local TCONST tree_desc d = {0};',
    '    s->next_in = (z_const Bytef *)source;',
    '    msg = (z_const char *)"need dictionary";',
    'uInt const x = 1;',
    'gzFile file = 0;',
    '    return foo(x);',
    '    n = (size_t *)p;',
    '    z_crc_t FAR *table,',
  ];
  const out = storageMacros(lines.join('\n')).split('\n');
  t.is(out[0], blank(lines[0], 'local'));
  t.is(out[1], blank(lines[1], 'local'));
  t.is(out[2], blank(lines[2], 'local'));
  t.is(out[3], blank(blank(lines[3], 'local'), 'TCONST'));
  t.is(out[4], blank(lines[4], 'z_const'));
  t.is(out[5], blank(lines[5], 'z_const'));
  t.deepEqual(out.slice(6), lines.slice(6));
});

test('a conditional splitting a statement is read as its first branch; one between statements or declarations stays', (t) => {
  const code = [
    'int f(int a) {',
    '    int s =',
    '#ifdef GZIP',
    '        a == 2 ? 1 :',
    '#endif',
    '        0;',
    '    if (!a ||',
    '#else',
    '    if (',
    '#endif',
    '        a > 1) return 0;',
    '#ifdef WIDE',
    '    g(a);',
    '#else',
    '    h(a);',
    '#endif',
    '    if (a) s = 1;',
    '#ifdef WIDE',
    '    else if (a == 2) s = 2;',
    '#endif',
    '    else s = 3;',
    '    return s;',
    '}',
  ];
  // (the `#else` at line 8 has no `#if` in this excerpt: the conditional is unbalanced and is left)
  const text = code.join('\n').replace('    if (!a ||\n#else\n    if (\n#endif\n', '#ifdef GUNZIP\n    if (!a ||\n#else\n    if (\n#endif\n');
  const lines = text.split('\n');
  const out = conditionalsInStatements(text).split('\n');
  t.is(out.length, lines.length);
  const blankAt = (i: number): string => lines[i].replace(/./g, ' ');
  // `s =` then `#ifdef GZIP`: the directives go, the branch stays
  t.deepEqual([out[2], out[3], out[4]], [blankAt(2), lines[3], blankAt(4)]);
  // `if (!a ||` then `#else`: the first branch stays, the other with the directives goes
  t.deepEqual(out.slice(6, 11), [blankAt(6), lines[7], blankAt(8), blankAt(9), blankAt(10)]);
  // between statements: left
  t.deepEqual(out.slice(12, 17), lines.slice(12, 17));
  // an `else` under a conditional: its directives go
  t.deepEqual([out[18], out[19], out[20]], [blankAt(18), lines[19], blankAt(20)]);
  t.is(extractFile('a.c', conditionalsInStatements(text), 'c').parseErrors, 0);
  t.is(extractFile('a.c', text, 'c').parseErrors, 0, 'the repair is the extractor\'s');
});
