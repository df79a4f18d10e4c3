/**
 * Swift's same-length repairs (lib/lang/swift/repair.ts): each newer construct tree-sitter-swift 0.7.1 cannot parse
 * is rewritten without moving an offset, and the rewritten text parses without errors. The fixture
 * swift/modern-syntax shows the calls these constructs used to cost; the empty tuple argument is here alone, as the
 * grammar's recovery around it as written differs between parsers (its scanner's state is not reset between parses).
 */
import test from 'ava';
import { bareParser, LANGUAGE_IDS } from '../../lib/lang/index.ts';
import { modernSyntax, swiftRepairs } from '../../lib/lang/swift/repair.ts';

const swift = LANGUAGE_IDS.includes('swift');

/** ERROR and MISSING nodes of Swift text. */
function errors(text: string): number {
  const tree = bareParser('swift').parse(text);
  let n = 0;
  const walk = (node: { type: string; isMissing: boolean; hasError: boolean; children: unknown[] }): void => {
    if (node.type === 'ERROR' || node.isMissing) { n++; return; }
    for (const c of node.children as Array<typeof node>) if (c.hasError || c.isMissing) walk(c);
  };
  walk(tree.rootNode as never);
  return n;
}

const CASES: Array<[string, string]> = [
  ['nonisolated(unsafe)', 'final class C {\n    private nonisolated(unsafe) var count: Int = 0\n}\n'],
  ['a sending parameter', 'func perform(_ event: sending @escaping () -> Void) { run() }\nfunc run() {}\n'],
  ['consume', 'func f(_ b: Box) -> Box {\n    let mine = consume b\n    return mine\n}\n'],
  ['sending after consuming', 'func handle(reader: consuming sending Reader, sender: consuming sending Sender) { run() }\nfunc run() {}\n'],
  ['typed throws', 'enum E: Error { case bad }\nfunc parse(_ s: String) throws(E) -> Int { try check(s) }\nfunc check(_ s: String) throws(E) -> Int { 1 }\n'],
  ['try await in a condition', 'func load() async throws {\n    if let c = try? await decode(1) {\n        use(c)\n    }\n    guard let d = try await decode(2) else { return }\n    use(d)\n}\n'],
  ['an unsafe expression', 'func set(_ k: String) {\n    if k.isEmpty {\n        unsafe setenv(k, "", 1)\n    }\n    let p = unsafe ptr.pointee\n    return\n}\n'],
  ['#if around a member declaration', 'enum E: Error {\n    #if canImport(Security)\n    enum Reason { case a }\n    #endif\n    case other\n}\n'],
  ['empty tuple arguments', 'func check() -> Result<Void, Error> {\n    report(Result(value: (), error: nil))\n    return .success(())\n}\n'],
];

for (const [name, text] of CASES) {
  (swift ? test : test.skip)(`repair: ${name}`, (t) => {
    t.true(errors(text) > 0, 'the grammar cannot parse it as written');
    const repaired = modernSyntax(text);
    t.is(repaired.length, text.length);
    t.is(repaired.replace(/[^\n]/g, '').length, text.replace(/[^\n]/g, '').length, 'lines stay where they are');
    t.is(errors(repaired), 0);
  });
}

(swift ? test : test.skip)('repairs leave valid Swift alone: identifiers that share the words, directives between statements', (t) => {
  const text = 'func f(sending: Int, consume: Int, unsafe: Int) throws -> Int {\n    let unchecked = sending + consume + unsafe\n    #if DEBUG\n    print(unchecked)\n    #endif\n    return g(())\n}\n';
  const [macros, modern] = swiftRepairs(text);
  t.is(macros, text);
  t.is(modern.length, text.length);
  // a parameter or local named like the words keeps its name
  t.true(modern.includes('sending: Int, consume: Int, unsafe: Int) throws -> Int'));
  t.true(modern.includes('let unchecked = sending + consume + unsafe'));
});
