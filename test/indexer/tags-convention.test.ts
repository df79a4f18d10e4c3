/**
 * Tree-sitter's tags convention as collector roles (lib/extract/tags.ts): a query written like a grammar's own
 * `queries/tags.scm` (`@definition.function`, `@reference.call`, `@name`) gives symbols and calls, here on the
 * JavaScript grammar with a language spec made for the test.
 */
import test from 'ava';
import { parseQuery } from '../../lib/extract/query-parse.ts';
import { patternRole } from '../../lib/extract/tags.ts';
import { extractWith } from '../../lib/extract/index.ts';
import { grammarBinding, languageRuntime } from '../../lib/extract/runtime.ts';
import type { LanguageSpec } from '../../lib/extract/language.ts';
import { defaultProjectConfig } from '../../lib/lang/index.ts';
import { resolveProject } from '../../lib/resolve/index.ts';
import { graphData } from '../../lib/graph/code-graph.ts';

const TAGS = `
(function_declaration name: (identifier) @name) @definition.function
(class_declaration name: (identifier) @name) @definition.class
(class_body (method_definition name: (property_identifier) @name) @definition.method)
(call_expression function: [(identifier) @name (member_expression property: (property_identifier) @name)]) @reference.call
; names and members in the common vocabulary, so calls resolve
((identifier) @id (#set! role "id"))
((member_expression object: (_) @object property: (property_identifier) @property) @member (#set! role "member"))
((function_declaration) @scope (#set! role "scope.function"))
((method_definition) @scope (#set! role "scope.method"))
((class_declaration) @scope (#set! role "scope.class"))
((this) @this (#set! role "expr.this"))
`;

const spec: LanguageSpec = {
  id: 'tags-test',
  grammar: () => grammarBinding('tree-sitter-javascript'),
  nodeTypes: ['tree-sitter-javascript', 'src/node-types.json'],
  queries: [{ file: 'tags-test.scm', text: () => TAGS }],
  comments: { line: ['//'], block: ['/*', '*/'] },
};

test('a tags-style pattern takes its role from its capture, renamed to the role\'s main capture', (t) => {
  const [fn, , , call, id] = parseQuery(TAGS).map(patternRole);
  t.is(fn.props.role, 'def.function');
  t.deepEqual(fn.root.captures, ['def']);
  t.is(call.props.role, 'call');
  t.deepEqual(call.root.captures, ['call']);
  t.is(id.props.role, 'id', 'a pattern with a role keeps it');
});

test('tags-style definitions and calls give symbols and resolved calls (a method call through its member)', (t) => {
  const text = 'function helper() {}\nclass Box {\n  open() { helper(); this.close(); }\n  close() {}\n}\nunknownThing();\n';
  const facts = extractWith(languageRuntime(spec), 'box.js', text);
  t.deepEqual(facts.symbols.map((s) => `${s.label}:${s.qualifiedName}`), ['Function:helper', 'Class:Box', 'Method:Box.open', 'Method:Box.close']);
  t.deepEqual(facts.calls.map((c) => c.callee.k === 'member' ? `${c.callee.k}.${c.callee.name}` : c.callee.k === 'id' ? `id:${c.callee.name}` : c.callee.k), ['id:helper', 'member.close', 'id:unknownThing']);
  const { graph } = resolveProject([facts], defaultProjectConfig());
  const calls = graphData(graph).edges.filter((e) => e.type === 'CALLS').map((e) => `${e.source} -> ${e.target} ${e.reason}`);
  t.deepEqual(calls.sort(), ['Method:box.js:Box.open -> Function:box.js:helper same-file', 'Method:box.js:Box.open -> Method:box.js:Box.close this-member']);
});
