/**
 * Repairs of Swift the grammar cannot parse. Freestanding macros written without arguments (`#_sourceLocation`,
 * `#isolation`, a package's own `#myMacro`), which tree-sitter-swift 0.7.1 cannot parse: it knows `#name(…)` as a macro invocation and the fixed special literals
 * (`#file`, `#line`, …), and anything else turns the declaration around it into an ERROR node (a function whose
 * default argument is `#_sourceLocation` loses its name and every call in its body). The same-length repair
 * (lib/extract/language.ts `repair`, tried only on a file whose own parse has errors) writes such a macro as `#line`
 * padded with spaces: an expression of a library type, which is what the macro expands to as far as calls go.
 */

const SPECIAL = new Set(['file', 'fileID', 'filePath', 'line', 'column', 'function', 'dsohandle']);
// `#name` not followed by `(`, `<` or another name character; `#if`-style directives are at a line's start
const BARE_MACRO = /#([A-Za-z_][A-Za-z0-9_]*)(?![A-Za-z0-9_(<])/g;
const DIRECTIVES = new Set(['if', 'elseif', 'else', 'endif', 'available', 'unavailable', 'selector', 'keyPath', 'colorLiteral', 'imageLiteral', 'fileLiteral', 'sourceLocation', 'warning', 'error']);

/** The text with every bare freestanding macro the grammar does not know written as `#line` (none: the text). */
export function bareMacros(text: string): string {
  if (!text.includes('#')) return text;
  return text.replace(BARE_MACRO, (all: string, name: string) => {
    if (SPECIAL.has(name) || DIRECTIVES.has(name) || name.length < 4) return all;
    return '#line' + ' '.repeat(all.length - 5);
  });
}

const blank = (s: string): string => ' '.repeat(s.length);
// `nonisolated(unsafe) var x`: the grammar knows `nonisolated` alone
const NONISOLATED_UNSAFE = /\bnonisolated\(unsafe\)/g;
// `sending` before a parameter's type (`_ event: sending @escaping () -> Void`; the grammar knows `borrowing` and
// `consuming` there)
const SENDING_PARAMETER = /(?<=[A-Za-z_0-9][ \t]*:[ \t]*(?:(?:borrowing|consuming|inout)[ \t]+)?)sending(?=[ \t]+[@A-Za-z_([])/g;
// typed throws (`func parse() throws(ParseError) -> Int`, Swift 6): the error type is blanked, leaving `throws`
const TYPED_THROWS = /\bthrows(\([^()\n]*\))/g;
// `unsafe` before an expression (`unsafe setenv(k, v, 1)`, `return unsafe p.pointee`, Swift 6.2)
const UNSAFE_EXPRESSION = /(?<=(?:^|[=(,{]|\breturn|\btry|\bawait)[ \t]*)unsafe(?=[ \t]+[A-Za-z_&(.])/gm;
// `await` after `try` in an `if`/`guard`/`while` condition (`if let c = try? await r.decode(C.self) {`): blanked, the
// call stays
const AWAIT_IN_CONDITION = /(?<=\b(?:if|guard|while)\b[^\n{]*\btry[?!]?[ \t]+)await\b/g;
// `consume x` as an expression (`_ = consume retrier`, `f(consume x)`)
const CONSUME = /(?<=(?:^|[=(,])[ \t]*)consume(?=[ \t]+[A-Za-z_])/gm;
// a directive line: inside a type's member list the grammar cannot take `#if canImport(X)` around a declaration
const DIRECTIVE_LINE = /^([ \t]*)(#(?:if|elseif|else|endif|error|warning)\b.*)$/gm;
// an empty tuple as an argument (`.success(())`, `Result(value: (), error: e)`) reads as a missing operator
const EMPTY_TUPLE_ARGUMENT = /(?<=[(,:][ \t]*)\(\)(?=[ \t]*[,)])/g;

/**
 * Newer Swift syntax tree-sitter-swift 0.7.1 does not parse, each written as what the grammar reads alike for calls and
 * declarations: `nonisolated(unsafe)`, a parameter's `sending` (after `consuming` too), typed throws' error type
 * (`throws(E)`), an `unsafe` expression's marker, `await` after `try` in a condition, `consume x`, an empty tuple
 * argument (`0` and a space), and the compiler-directive lines (`#if`, `#else`, `#endif`, `#error`), blanked so that
 * both branches are read as members, as the grammar reads a directive between statements. Same length, as every
 * repair.
 */
export function modernSyntax(text: string): string {
  return text
    .replace(NONISOLATED_UNSAFE, (m) => 'nonisolated' + blank(m.slice('nonisolated'.length)))
    .replace(SENDING_PARAMETER, blank)
    .replace(TYPED_THROWS, (_all, type: string) => 'throws' + blank(type))
    .replace(UNSAFE_EXPRESSION, blank)
    .replace(AWAIT_IN_CONDITION, blank)
    .replace(CONSUME, blank)
    .replace(DIRECTIVE_LINE, (_all, lead: string, directive: string) => lead + blank(directive))
    .replace(EMPTY_TUPLE_ARGUMENT, '0 ');
}

/** The repairs tried on a Swift file whose parse has errors: the bare macros alone, then with the newer syntax too. */
export function swiftRepairs(text: string): readonly string[] {
  const macros = bareMacros(text);
  return [macros, modernSyntax(macros)];
}
