/**
 * Kotlin the grammar cannot parse though the compiler does (lib/lang/kotlin/repair.ts): each construct made the
 * parser give up on the rest of its class or file, so the functions after it were lost. The repair keeps the text's
 * length; the facts keep the written names.
 */
import test from 'ava';
import { bareParser, extractFile } from '../../lib/lang/index.ts';
import { kotlinRepair } from '../../lib/lang/kotlin/repair.ts';

const parses = (text: string): boolean => !bareParser('kotlin').parse(text).rootNode.hasError;

/** A class whose first method holds the construct and whose later methods the parse must keep. */
function classWith(body: string): string {
  return `package p\n\nclass Holder {\n    fun first(v: Any): Any {\n${body}\n    }\n\n    fun second(): Int = third()\n\n    fun third(): Int = 3\n}\n`;
}

const cases: Array<[string, string]> = [
  ['a multi-dollar string', '        val ref = $$"$ref"\n        return $$"""{ "$schema": "$$ref", "x": "${literal}" }"""'],
  ['a raw string ending in extra quotes', '        return """If-Match: "strong", "a \\"comma\\""""" + """k="v""""'],
  ['a when guard', '        return when (v) {\n            is String if v.isEmpty() -> 1\n            is Int -> 2\n            else -> 3\n        }'],
  ['dynamic as a name', '        val dynamic = v is String\n        return f(v, dynamic)'],
  ['an infix get', '        val id = table.insert { it[name] = v } get table.id\n        return id'],
  ['a routing call named get after a property', '        val messages = listOf(v)\n        get("/stream") {\n            messages.size\n        }\n        return messages'],
  ['suspend called with a lambda', '        val block = suspend {\n            second()\n        }\n        return block'],
  ['suspend before a parenthesised function type', '        val verify: suspend ((Any) -> Int?) = { null }\n        return verify'],
];

for (const [what, body] of cases) {
  test(`${what}: the grammar fails on it, the repair of the same length parses, and every method is found`, (t) => {
    const text = classWith(body);
    t.false(parses(text), 'the grammar has caught up: this repair may be dropped');
    const repaired = kotlinRepair(text);
    t.is(repaired.length, text.length);
    t.true(parses(repaired), repaired);
    const facts = extractFile('src/p/Holder.kt', text, 'kotlin');
    t.is(facts.parseErrors, 0);
    t.deepEqual(facts.symbols.filter((s) => s.label === 'Method').map((s) => s.name), ['first', 'second', 'third']);
  });
}

test('context parameters before a member: the clause is blanked and the class keeps its members', (t) => {
  const text = 'package p\n\nclass Scope\n\nclass Holder {\n    context(_: Scope)\n    fun first(): Int = second()\n\n    fun second(): Int = 2\n}\n';
  t.false(parses(text));
  t.true(parses(kotlinRepair(text)));
  const facts = extractFile('src/p/Holder.kt', text, 'kotlin');
  t.deepEqual(facts.symbols.filter((s) => s.label === 'Method').map((s) => s.name), ['first', 'second']);
});

test('bodies on one line ending at the brace: the space before it becomes `;`, and the classes after them are kept', (t) => {
  const text = 'package p\n\nclass Point { val x = 1 }\nobject Registry { fun lookup(): Int = 1 }\n\nclass Holder {\n    fun first(): Int = Registry.lookup()\n}\n';
  t.false(parses(text), 'the grammar has caught up: this repair may be dropped');
  const repaired = kotlinRepair(text);
  t.is(repaired.length, text.length);
  t.true(repaired.includes('class Point { val x = 1;}'));
  t.true(parses(repaired), repaired);
  const facts = extractFile('src/p/Holder.kt', text, 'kotlin');
  t.is(facts.parseErrors, 0);
  t.deepEqual(facts.symbols.filter((s) => s.label === 'Method').map((s) => s.name), ['lookup', 'first']);
});

test('the names written in the file are the facts\' names, not the repaired ones', (t) => {
  const text = 'package p\n\nfun use(dynamic: Boolean): Boolean = check(dynamic)\nfun check(b: Boolean) = b\ninfix fun Int.get(o: Int) = this + o\nfun sum() = 1 get 2\n';
  const facts = extractFile('src/p/Use.kt', text, 'kotlin');
  t.is(facts.parseErrors, 0);
  const called = facts.calls.map((c) => (c.callee as { name?: string }).name ?? '').sort();
  t.true(called.includes('check'));
  t.true(called.includes('get'));
  t.false(called.some((n) => n.startsWith('_')));
});

test('code the grammar takes is left alone: an if expression, a getter, a modifier before set, plain strings', (t) => {
  const text = [
    'class A {',
    '    var x: Int = 1',
    '        private set',
    '    val y: Int get() = 2',
    '    fun f(a: Boolean) = listOf(1).map { if (a) 1 else 2 }.map { z -> z }',
    '    fun g(a: Boolean): Int { return if (a) 1 else 2 }',
    '    fun h() = "$x and ${y} cost \\$5" + """raw $x"""',
    '    val z: Int',
    '        get() = 3',
    '    var w: String = ""',
    '        set(value) { field = value }',
    '    suspend fun s(block: suspend () -> Unit) = block()',
    '    val d: dynamic = null',
    '}',
  ].join('\n');
  t.is(kotlinRepair(text), text);
});

test('a nested class\'s primary constructor with modifiers on the next line: one annotation of the same length, and the enclosing class keeps its members', (t) => {
  const text = 'package p\n\nclass Outer {\n    class Builder<T>\n    @Inject internal actual constructor(val name: String) : Base<Builder<T>>, Other {\n        fun build(): Int = 1\n    }\n\n    fun after(): Int = 2\n}\n';
  t.false(parses(text), 'the grammar has caught up: this repair may be dropped');
  const repaired = kotlinRepair(text);
  t.is(repaired.length, text.length);
  t.true(repaired.includes('    @Inject                 constructor(val name'), repaired);
  t.true(parses(repaired), repaired);
  const facts = extractFile('src/p/Outer.kt', text, 'kotlin');
  t.is(facts.parseErrors, 0);
  t.deepEqual(facts.symbols.filter((s) => s.label === 'Method').map((s) => s.name), ['build', 'after']);
  // a class whose constructor stands on its own line without modifiers, or a constructor call, is left alone
  const plain = 'class A\nconstructor(x: Int)\nval made = constructor(1)\n';
  t.is(kotlinRepair(plain), plain);
});
