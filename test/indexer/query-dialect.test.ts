/**
 * The query dialect beyond the indexer's own files: text predicates (`#eq?`, `#not-eq?`, `#match?`, `#not-match?`,
 * `#any-of?`, `#not-any-of?`, the `any-` forms) and the ignored directives of tags queries, each checked against
 * tree-sitter's own query engine (node-tree-sitter's Query, which evaluates predicates the same way) over real
 * sources: every rxjs file and every JavaScript fixture.
 */
import test from 'ava';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type ParserT from 'tree-sitter';
import { parseQuery } from '../../lib/extract/query-parse.ts';
import { QueryEngine } from '../../lib/extract/query-match.ts';
import { FlatTree } from '../../lib/extract/flat-tree.ts';
import { languageOf, languageRuntime, languageSource } from '../../lib/lang/index.ts';
import { sourceFiles } from './corpus.ts';

const require = createRequire(import.meta.url);
const Parser = require('tree-sitter') as typeof ParserT;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Queries with text predicates, for the ECMAScript grammars (node types they all share). */
const PREDICATES = `
((call_expression function: (identifier) @fn arguments: (arguments (string) @s)) (#eq? @fn "require"))
((call_expression function: (member_expression object: (identifier) @o property: (property_identifier) @p)) (#not-eq? @o @p) (#any-of? @p "pipe" "subscribe" "call"))
((identifier) @upper (#match? @upper "^[A-Z][A-Z_0-9]+$"))
((identifier) @lower (#not-match? @lower "[A-Z_$0-9]"))
((member_expression object: (this) property: (property_identifier) @m) (#not-any-of? @m "_subscribe" "destination"))
((variable_declarator name: (identifier) @a value: (identifier) @b) (#eq? @a @b))
((arguments (identifier)? @x (identifier)? @y) (#any-eq? @x "source"))
((formal_parameters (_) @p) (#any-not-match? @p "^_"))
`;

/** A tags-style query with directives node-tree-sitter does not know: they are ignored (and left out for it). */
const DIRECTIVES = `
((function_declaration name: (identifier) @name) @definition.function (#strip! @name "^//\\\\s*") (#set-adjacent! @name @definition.function))
((class_declaration name: (_) @name) @definition.class (#select-adjacent! @name @definition.class) (#is-not? local))
`;

function keys(matches: Array<{ pattern: number; captures: Array<{ name: string; start: number; end: number }> }>): string[] {
  return matches.map((m) => `${m.pattern}|${m.captures.map((c) => `${c.name}@${c.start}-${c.end}`).join(',')}`).sort();
}

/** Both engines' matches of `query` over `text` (node-tree-sitter's Query given `oracleQuery`, by default the same text). */
function both(query: string, text: string, lang: string, oracleQuery = query): { ours: string[]; theirs: string[] } {
  const rt = languageRuntime(lang);
  const engine = new QueryEngine(parseQuery(query), rt.names);
  const tree = rt.parser.parse(text);
  try {
    const flat = FlatTree.from(tree, text, rt.names, engine.plan);
    const ours = keys(engine.run(flat).map((m) => ({ pattern: m.pattern, captures: m.captures.map((c) => ({ name: c.name, start: c.node.start, end: c.node.end })) })));
    const q = new Parser.Query(languageSource(lang).grammar as ParserT.Language, oracleQuery);
    const theirs = keys(q.matches(tree.rootNode).map((m) => ({ pattern: m.pattern, captures: m.captures.map((c) => ({ name: c.name, start: c.node.startIndex, end: c.node.endIndex })) })));
    return { ours, theirs };
  } finally {
    (tree as unknown as { delete?: () => void }).delete?.();
  }
}

test('text predicates give the matches tree-sitter\'s query engine gives, on every rxjs file and JavaScript fixture', (t) => {
  const files = [...sourceFiles(path.join(root, 'node_modules/rxjs/src')), ...sourceFiles(path.join(root, 'test/fixtures')).filter((f) => languageOf(f) === 'javascript')];
  t.true(files.length > 300);
  let matched = 0;
  const diffs: string[] = [];
  for (const f of files) {
    const { ours, theirs } = both(PREDICATES, readFileSync(f, 'utf8'), languageOf(f)!);
    matched += ours.length;
    if (JSON.stringify(ours) !== JSON.stringify(theirs)) diffs.push(`${f}: ${ours.length} vs ${theirs.length}`);
  }
  t.deepEqual(diffs, []);
  t.true(matched > 5000, `${matched} matches`);
});

test('each predicate filters as node-tree-sitter\'s does (small cases)', (t) => {
  const run = (q: string, text: string): string[] => both(q, text, 'javascript').ours;
  const src = 'const a = require("x"); const b = load("y"); a.pipe(b); b.b(); const c = c;';
  t.is(run('((call_expression function: (identifier) @fn) (#eq? @fn "require"))', src).length, 1);
  t.is(run('((call_expression function: (identifier) @fn) (#not-eq? @fn "require"))', src).length, 1);
  t.is(run('((member_expression object: (_) @o property: (_) @p) (#eq? @o @p))', src).length, 1);
  t.is(run('((identifier) @i (#any-of? @i "a" "c"))', src).length, 4);
  t.is(run('((identifier) @i (#match? @i "^[ab]$"))', src).length, 5);
  for (const q of ['((identifier) @i (#match? @i "^[ab]$"))', '((variable_declarator name: (_) @a value: (_) @b) (#eq? @a @b))']) {
    const { ours, theirs } = both(q, src, 'javascript');
    t.deepEqual(ours, theirs, q);
  }
});

test('tags directives (#strip!, #set-adjacent!, #select-adjacent!, #is-not?) are accepted and change no match', (t) => {
  const oracle = DIRECTIVES.replace(/\(#(?:strip!|set-adjacent!|select-adjacent!|is-not\?)[^)]*\)/g, '');
  for (const f of sourceFiles(path.join(root, 'test/fixtures')).filter((x) => languageOf(x) === 'javascript').slice(0, 40)) {
    const { ours, theirs } = both(DIRECTIVES, readFileSync(f, 'utf8'), 'javascript', oracle);
    t.deepEqual(ours, theirs, f);
  }
});

test('bad predicates fail when the query is loaded, with the reason', (t) => {
  const names = languageRuntime('javascript').names;
  const load = (q: string) => () => new QueryEngine(parseQuery(q), names);
  t.throws(load('((identifier) @x (#eq? "a" @x))'), { message: /first argument must be a capture/ });
  t.throws(load('((identifier) @x (#eq? @x))'), { message: /expected 2 arguments/ });
  t.throws(load('((identifier) @x (#match? @x @x))'), { message: /second argument must be a string/ });
  t.throws(load('((identifier) @x (#eq? @y "a"))'), { message: /no capture @y/ });
  t.throws(load('((identifier) @x (#frobnicate? @x))'), { message: /#frobnicate\? is not supported/ });
});
