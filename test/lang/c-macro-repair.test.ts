import test from 'ava';
import { cMacroRepairs, loopMacros, macroAttributes, macroRepairs } from '../../lib/lang/c/macro-attributes.ts';
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
