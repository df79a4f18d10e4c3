/** Annotations written in strings (lib/lang/python/string-annotation.ts): what is read, and what is refused. */
import test from 'ava';
import { parseStringAnnotation } from '../../lib/lang/python/string-annotation.ts';

test('a string annotation gives its names, subscripts, unions and nested strings, with their offsets', (t) => {
  t.deepEqual(parseStringAnnotation(' OrderedDict[Event, T_Item] | None'), {
    k: 'union',
    types: [
      { k: 'name', parts: ['OrderedDict'], at: 1, args: [{ k: 'name', parts: ['Event'], at: 13 }, { k: 'name', parts: ['T_Item'], at: 20 }] },
      { k: 'none' },
    ],
  });
  t.deepEqual(parseStringAnnotation('Optional["pkg.Item"]'), { k: 'name', parts: ['Optional'], at: 0, args: [{ k: 'name', parts: ['pkg', 'Item'], at: 10 }] });
  t.deepEqual(parseStringAnnotation('Callable[[int, str], Node]'), {
    k: 'name', parts: ['Callable'], at: 0,
    args: [{ k: 'list', items: [{ k: 'name', parts: ['int'], at: 10 }, { k: 'name', parts: ['str'], at: 15 }] }, { k: 'name', parts: ['Node'], at: 21 }],
  });
  t.deepEqual(parseStringAnnotation('tuple[Item, ...]'), { k: 'name', parts: ['tuple'], at: 0, args: [{ k: 'name', parts: ['Item'], at: 6 }, { k: 'ellipsis' }] });
});

test('what is no annotation is refused, never thrown: calls, operators, unbalanced brackets, empty, deep nesting', (t) => {
  for (const bad of ['', '   ', 'f(x)', 'a + b', 'list[int', 'list[int]]', 'Dict[,]', '"unclosed', 'a.', 'x y', '[' .repeat(5000), 'list['.repeat(100) + 'int' + ']'.repeat(100), `"${'"'.repeat(3000)}`]) {
    t.is(parseStringAnnotation(bad), undefined, JSON.stringify(bad.slice(0, 40)));
  }
  // a few levels are read
  t.truthy(parseStringAnnotation('list['.repeat(8) + 'int' + ']'.repeat(8)));
});
