/**
 * Our query engine (lib/extract/query-match.ts) against tree-sitter's own (the native Parser.Query, compiled
 * here only, as the oracle): identical matches and byte-identical FileFacts over every rxjs source file and
 * every fixture source file, small per-construct checks, and loud failures for unsupported query syntax.
 */
import test from 'ava';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseQuery } from '../../lib/extract/query-parse.ts';
import { QueryEngine } from '../../lib/extract/query-match.ts';
import { languageRuntime, type LanguageId, extractFile, languageOf } from '../../lib/lang/index.ts';
import { FlatTree } from '../../lib/extract/flat-tree.ts';
import { bothMatches, factsFrom, matchKey, parsedText } from './native-oracle.ts';
import { damagedTexts, ODD_TEXTS, sourceFiles } from './corpus.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');


/** Compares both engines on files; returns a description of every difference. */
function differences(files: string[]): string[] {
  const diffs: string[] = [];
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    const lang = languageOf(f)!;
    // both engines match the tree the extractor parses (a file with syntax errors may be parsed repaired)
    const { ours, native } = bothMatches(parsedText(text, lang), lang);
    const a = ours.map(matchKey).sort(), b = native.map(matchKey).sort();
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      const A = new Set(a), B = new Set(b);
      diffs.push(`${f}: matches differ; only ours ${JSON.stringify(a.filter((x) => !B.has(x)).slice(0, 3))}, only native ${JSON.stringify(b.filter((x) => !A.has(x)).slice(0, 3))}`);
      continue;
    }
    const mine = extractFile(f, text, lang);
    if (JSON.stringify(mine) !== JSON.stringify(factsFrom(f, text, lang, native, mine.parseErrors))) diffs.push(`${f}: FileFacts differ`);
  }
  return diffs;
}

test('every rxjs source file: same matches and byte-identical FileFacts as tree-sitter\'s query engine', (t) => {
  const files = sourceFiles(path.join(root, 'node_modules/rxjs/src'));
  t.true(files.length > 250);
  t.deepEqual(differences(files), []);
});

test('every fixture source file (TS, TSX, JS, broken files): same matches and FileFacts as tree-sitter', (t) => {
  const files = sourceFiles(path.join(root, 'test/fixtures'));
  t.true(files.length > 50);
  t.deepEqual(differences(files), []);
});

test('damaged files under every grammar (ERROR and MISSING nodes everywhere): same matches and FileFacts', (t) => {
  const files = sourceFiles(path.join(root, 'node_modules/rxjs/src')).filter((f) => f.endsWith('.ts'));
  const diffs: string[] = [];
  let errors = 0;
  for (const { label, text } of damagedTexts(files, 7)) {
    for (const lang of ['typescript', 'tsx', 'javascript'] as const) {
      const { ours, native } = bothMatches(parsedText(text, lang), lang);
      if (JSON.stringify(ours.map(matchKey).sort()) !== JSON.stringify(native.map(matchKey).sort())) { diffs.push(`${label} (${lang}): matches differ`); continue; }
      const mine = extractFile(label, text, lang);
      errors += mine.parseErrors;
      if (JSON.stringify(mine) !== JSON.stringify(factsFrom(label, text, lang, native, mine.parseErrors))) diffs.push(`${label} (${lang}): FileFacts differ`);
    }
  }
  t.true(errors > 100, 'the damaged texts do produce ERROR/MISSING nodes');
  t.deepEqual(diffs, []);
});

test('odd texts (empty, CRLF, BOM, astral characters, lone CR, NUL, lone surrogate) under every grammar: same matches and FileFacts', (t) => {
  for (const [name, text] of Object.entries(ODD_TEXTS)) {
    for (const lang of ['typescript', 'tsx', 'javascript'] as const) {
      const { ours, native } = bothMatches(parsedText(text, lang), lang);
      t.deepEqual(ours.map(matchKey).sort(), native.map(matchKey).sort(), `${name} (${lang})`);
      const mine = extractFile('a.ts', text, lang);
      t.is(JSON.stringify(mine), JSON.stringify(factsFrom('a.ts', text, lang, native, mine.parseErrors)), `${name} (${lang})`);
    }
  }
});

/** Our matches of a one-off query over a snippet, as readable strings. */
function run(query: string, text: string, lang: LanguageId = 'typescript'): string[] {
  const rt = languageRuntime(lang);
  const engine = new QueryEngine(parseQuery(query), rt.names);
  const tree = rt.parser.parse(text);
  const flat = FlatTree.from(tree, text, rt.names, engine.plan);
  return engine.run(flat).map((m) => `${m.pattern}:${m.captures.map((c) => `${c.name}=${text.slice(c.node.start, c.node.end)}`).join(' ')}`);
}

test('constructs: nested children give every combination, in order', (t) => {
  t.deepEqual(run('(formal_parameters (_) @a (_) @b)', 'function f(x, y, z) {}').sort(),
    ['0:a=x b=y', '0:a=x b=z', '0:a=y b=z']);
});

test('constructs: fields, negated fields, anonymous tokens', (t) => {
  t.deepEqual(run('(for_in_statement left: (identifier) @x operator: "of")', 'for (a of b) {} for (c in d) {}'), ['0:x=a']);
  t.deepEqual(run('(export_statement (export_clause) !source) @e', 'export { a }; export { b } from "m";'), ['0:e=export { a };']);
  t.deepEqual(run('(lexical_declaration "let" (variable_declarator) @d)', 'let a = 1, b; const c = 2;'), ['0:d=a = 1', '0:d=b']);
});

test('constructs: optional captures take the node when it exists (longest match), else match without it', (t) => {
  t.deepEqual(run('(variable_declarator name: (identifier) @n value: (_)? @v)', 'let a = 1, b;').sort(), ['0:n=a v=1', '0:n=b']);
});

test('constructs: alternations with a field and a shared capture; root alternations', (t) => {
  t.deepEqual(run('(pair value: [(arrow_function) (function_expression)] @v)', 'x = { a: () => 1, b: function () {}, c: 3 };'),
    ['0:v=() => 1', '0:v=function () {}']);
  t.deepEqual(run('[(class) (class_declaration)] @c', 'class A {} const B = class {};'), ['0:c=class A {}', '0:c=class {}']);
});

test('constructs: anchors (first named child, next named sibling, last named child)', (t) => {
  t.deepEqual(run('(arguments . (string) @s)', 'f("a", "b"); g(1, "c");'), ['0:s="a"']);
  t.deepEqual(run('(arguments . (_) @a . (_) @b)', 'f(1, 2, 3);'), ['0:a=1 b=2']);
  t.deepEqual(run('(arguments (_) @a .)', 'f(1, 2, 3);'), ['0:a=3']);
  t.deepEqual(run('(arguments . (string) @s .)', 'f("a"); g("b", 1);'), ['0:s="a"']);
});

test('constructs: several captures on one node, comments as named children, wildcard skips ERROR', (t) => {
  t.deepEqual(run('(formal_parameters (identifier) @a @b)', 'function f(x) {}', 'javascript'), ['0:a=x b=x']);
  t.deepEqual(run('(arguments (_) @a)', 'f(1 /* c */, 2);'), ['0:a=1', '0:a=/* c */', '0:a=2']);
  const broken = 'f(1, %%);';
  const { ours, native } = bothMatches(broken, 'typescript');
  t.deepEqual(ours.map(matchKey).sort(), native.map(matchKey).sort());
  t.true(run('(arguments (_) @a)', broken).every((m) => !m.includes('%')), 'ERROR nodes are not wildcard matches');
});

test('unsupported or invalid query syntax fails loudly when the query is loaded', (t) => {
  const names = languageRuntime('typescript').names;
  const load = (q: string) => () => new QueryEngine(parseQuery(q), names);
  t.throws(load('((identifier) @x (#frob? @x "a"))'), { message: /#frob\? is not supported/ });
  t.throws(load('(arguments (_)* @a)'), { message: /quantifier '\*' is not supported/ });
  t.throws(load('(arguments (_)+ @a)'), { message: /quantifier '\+' is not supported/ });
  t.throws(load('((comment) (function_declaration))'), { message: /sibling sequences/ });
  t.throws(load('(MISSING identifier)'), { message: /MISSING/ });
  t.throws(load('(expression/identifier)'), { message: /supertype/ });
  t.throws(load('(no_such_node)'), { message: /invalid node type no_such_node/ });
  t.throws(load('(arguments "no-such-token")'), { message: /invalid node type "no-such-token"/ });
  t.throws(load('(call_expression nosuchfield: (_))'), { message: /invalid field name nosuchfield/ });
  t.throws(load('(arguments'), { message: /query line 1/ });
  t.notThrows(load('((identifier) @id (#set! role "id"))'));
});
