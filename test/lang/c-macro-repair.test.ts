import test from 'ava';
import { macroAttributes } from '../../lib/lang/c/macro-attributes.ts';

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
