import test from 'ava';
import { macroCondition } from '../../lib/lang/c/conditions.ts';

const defined = new Set(['A', '__linux__']);

test('a compound preprocessor condition is decided by the defined macros in three values', (t) => {
  t.is(macroCondition('defined(A) && !defined(B)', defined), true);
  t.is(macroCondition('defined(B) || defined _WIN32', defined), false);
  t.is(macroCondition('!(defined(B) || defined(C))', defined), true);
  t.is(macroCondition('defined(A) && \\\n  /* a comment */ (B || __linux__)', defined), true);
  t.is(macroCondition('A && 0', defined), false);
  t.is(macroCondition('0x10 || B', defined), true);
  // a comparison or a macro's call is unknown; false && unknown is false, true || unknown is true
  t.is(macroCondition('defined(A) && W == 8', defined), undefined);
  t.is(macroCondition('defined(B) && W == 8', defined), false);
  t.is(macroCondition('defined(A) || VERSION(1) > 2', defined), true);
  t.is(macroCondition('!(W > 1)', defined), undefined);
  t.is(macroCondition('defined(A) &&', defined), undefined);
  t.is(macroCondition('A @ B', defined), undefined);
});
