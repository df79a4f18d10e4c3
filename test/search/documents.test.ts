/**
 * The document builders that were rewritten for speed (doc comment cleaning, body identifiers) against their
 * plain reference forms (oracle.ts): on edge cases and on every doc comment and symbol span of rxjs 7.8.1 and
 * the fixture app.
 */
import test from 'ava';
import { fileURLToPath } from 'node:url';
import { cleanDoc, collapseSpaces } from '../../lib/search/documents.ts';
import { buildDocuments, describedProperties, isSearchable, packSearchable, spanWords, unpackSearchable } from '../../lib/search/documents.ts';
import { codeGraphFromData, graphData } from '../../lib/graph/code-graph.ts';
import { splitIdentifier, stem, terms } from '../../lib/search/tokenize.ts';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import { appFiles, appGraph, filesUnder } from './fixture-graph.ts';
import { referenceCleanDoc, referenceSplit, referenceStem, referenceTerms } from './oracle.ts';

const RXJS_SRC = fileURLToPath(new URL('../../node_modules/rxjs/src/', import.meta.url));
const sources = (): string[] => [...Object.values(filesUnder(RXJS_SRC)), ...Object.values(appFiles())];

/** Every `/** … *\/` body of a text. */
function docBodies(text: string): string[] {
  const out: string[] = [];
  for (let from = 0; ;) {
    const open = text.indexOf('/**', from);
    const close = open < 0 ? -1 : text.indexOf('*/', open + 3);
    if (close < 0) return out;
    out.push(text.slice(open + 3, close));
    from = close + 2;
  }
}

test('cleanDoc equals the line-by-line reference on edge cases', (t) => {
  const cases = [
    '', '*', ' * ', '\n', 'one line', ' * Hello\n * world  ', '** double star\n  ** again',
    ' * text\n * ```ts\n * code()\n * ```\n * after', ' * open fence\n * ```\n * never closed\n * @see x',
    '```\nstarts fenced\n```\nafter', ' *    ```js   \n * inside\n *   ``` trailing text\n * out',
    ' * @see foo\n * @example\n * @param x kept\n * @seeAlso kept too\n * @internal\n * end',
    ' * {@link Foo} and {@linkcode Bar baz} and {@link Qux|label}\n * {@link\n * Split across}',
    ' * <b>bold</b> ![img](http://x/y.png) a < b and c > d',
    '\t*\ttabs\r\n *\tcrlf\r\n * \u00a0nbsp\u2028sep \ufeffbom',
    ' * a\n\n\n * b\n *\n', '*```\n*x\n*```', ' * * ```\n * not a fence',
  ];
  for (const raw of cases) t.is(cleanDoc(raw), referenceCleanDoc(raw), JSON.stringify(raw));
});

test('cleanDoc equals the reference on every doc comment of rxjs and the fixture app', (t) => {
  let n = 0;
  for (const text of sources()) {
    for (const raw of docBodies(text)) {
      n++;
      if (cleanDoc(raw) !== referenceCleanDoc(raw)) t.fail(JSON.stringify(raw.slice(0, 300)));
    }
  }
  t.true(n > 500, `${n} doc comments`);
});

test('collapseSpaces equals replacing every whitespace run with one space', (t) => {
  for (const s of ['', ' ', '  ', 'a b', 'a  b', ' a\tb \n c\r\n\r\nd ', '\u00a0x\u3000 y', 'a \t b']) {
    t.is(collapseSpaces(s), s.replace(/\s+/g, ' '), JSON.stringify(s));
  }
});

test('splitIdentifier and terms equal the plain reference on edge words', (t) => {
  const words = ['', 'a', 'A', 'map', 'Map', 'MAP', 'mapTo', 'parseHTTPResponse2x', '_private', '__x__', '$value', 'a1b2', 'İstanbul',
    'Ünïcödé', 'naïve', '数据流', 'x_y$z', 'is', 'of', 'the', 'if', 'return', 'i', 'ReturnType', 'Observables', 'running', 'retried'];
  for (const w of words) {
    t.deepEqual(splitIdentifier(w), referenceSplit(w), w);
    for (const [stop, noise] of [[false, false], [true, false], [true, true]] as const) {
      t.deepEqual(terms(w, { stopWords: stop, codeNoise: noise }), referenceTerms(w, stop, noise), `${w} ${stop} ${noise}`);
    }
  }
});

test('terms equal the plain reference on every field of every rxjs document', async (t) => {
  const snap = await buildSnapshotInMemory(RXJS_SRC, { search: false, log: () => {} });
  const src = filesUnder(RXJS_SRC);
  const docs = buildDocuments(snap.graph, (p) => src[p]);
  t.true(docs.length > 900);
  let bad = 0;
  for (const d of docs) {
    for (const [text, stop, noise] of [[d.fields.name, false, false], [d.fields.path, false, false], [d.fields.doc, true, false], [d.fields.signature, true, false], [d.fields.body, true, true], [d.embedText, true, false]] as const) {
      if (terms(text, { stopWords: stop, codeNoise: noise }).join(' ') !== referenceTerms(text, stop, noise).join(' ')) bad++;
    }
  }
  t.is(bad, 0);
});

test('stem equals the plain reference on every ending rule and on every lower-case word of rxjs', (t) => {
  const bases = ['a', 'ab', 'abc', 'run', 'stop', 'hop', 'fizz', 'call', 'pass', 'box', 'match', 'wish', 'tree', 'agree', 'retri', 'statu', 'analys', 'bu', 'observ', 'mapp'];
  const endings = ['', 's', 'es', 'ies', 'sses', 'xes', 'ches', 'shes', 'ing', 'ings', 'ed', 'eds', 'e', 'ee', 'us', 'is', 'ss', 'ied', 'ying', 'nning', 'tted', 'lled'];
  const words = new Set<string>(['', 'S', 'Es', 'running', 'café', 'x1s']);
  for (const b of bases) for (const e of endings) words.add(b + e);
  for (const text of sources()) for (const w of text.toLowerCase().match(/[a-z]+/g) ?? []) words.add(w);
  t.true(words.size > 3000, `${words.size} words`);
  let bad = 0;
  for (const w of words) if (stem(w) !== referenceStem(w)) { bad++; if (bad < 5) t.log(w, stem(w), referenceStem(w)); }
  t.is(bad, 0);
});

test('packed symbols (what the search worker gets) unpack to the searchable nodes\' described properties, and the same documents', async (t) => {
  const snap = await buildSnapshotInMemory(RXJS_SRC, { search: false, log: () => {} });
  const src = filesUnder(RXJS_SRC);
  const nodes = graphData(snap.graph).nodes;
  const packed = packSearchable(nodes)!;
  t.truthy(packed);
  // through a structured clone, as postMessage sends them
  const back = unpackSearchable(structuredClone(packed));
  const searchable = nodes.filter(isSearchable);
  t.true(searchable.length > 900 && searchable.length < nodes.length);
  t.deepEqual(back.map((n) => JSON.stringify(describedProperties(n))), searchable.map((n) => JSON.stringify(describedProperties(n))));
  for (let i = 0; i < back.length; i++) {
    for (const k of ['qualifiedName', 'signature', 'doc', 'line', 'endLine']) t.is(k in back[i], searchable[i][k] !== undefined, `${searchable[i].uid} ${k}`);
  }
  const g = codeGraphFromData({ nodes: back, edges: [] });
  t.is(JSON.stringify(buildDocuments(g, (p) => src[p])), JSON.stringify(buildDocuments(snap.graph, (p) => src[p])));
  // edge values: empty strings, non-ASCII, absent lines; a property of another type cannot be packed
  const odd = [{ uid: 'Function:a.ts:f', label: 'Function', name: '', filePath: 'ä/€.ts', signature: '(x: \u{1F600}) => 0', line: 3 }] as never[];
  t.deepEqual(unpackSearchable(structuredClone(packSearchable(odd)!)), odd);
  t.is(packSearchable([{ uid: 'Function:a.ts:g', label: 'Function', name: 'g', line: '3' }] as never[]), undefined);
  t.is(packSearchable([{ uid: 'Function:a.ts:g', label: 'Function', name: 'g', doc: 5 }] as never[]), undefined);
});

test('spanWords sorts a span into identifiers, comments and string literals, in any language', (t) => {
  const js = [
    'function load(path) {',
    '  // read the config file once',
    '  /* cached: see below */',
    '  if (!exists(path)) throw new Error(`config file ${path} is missing`);',
    "  return parse(read(path, 'utf8'), \"strict\");",
    '}',
  ].join('\n');
  const w = spanWords(js, 0, js.length);
  t.deepEqual(w.body, ['function', 'load', 'path', 'if', 'exists', 'path', 'throw', 'new', 'Error', 'return', 'parse', 'read', 'path']);
  t.deepEqual(w.comments, ['// read the config file once', '/* cached: see below */']);
  t.deepEqual(w.strings, ['config file ${path} is missing', 'utf8', 'strict']);
  const py = [
    'def load(path):',
    '    """Read the settings file."""',
    '    # fall back to defaults',
    "    raise ValueError('no settings at ' + path)",
  ].join('\n');
  const p = spanWords(py, 0, py.length);
  t.deepEqual(p.body, ['def', 'load', 'path', 'raise', 'ValueError', 'path']);
  t.deepEqual(p.comments, ['"""Read the settings file."""', '# fall back to defaults']);
  t.deepEqual(p.strings, ['no settings at ']);
  // A JavaScript private name is no comment; an unterminated comment or string ends the span, never throws.
  t.deepEqual(spanWords('this.#count = 1', 0, 15).body, ['this', 'count']);
  t.deepEqual(spanWords('a /* open', 0, 9), { body: ['a'], comments: ['/* open'], strings: [] });
  t.deepEqual(spanWords("x = 'open", 0, 9).body, ['x', 'open']);
  // Only [from, to) is read.
  t.deepEqual(spanWords('alpha beta gamma', 6, 10).body, ['beta']);
});

test('documents carry each field: name, owner, path, doc, comments, strings, body', (t) => {
  const files = appFiles();
  const docs = buildDocuments(appGraph(files), (p) => files[p]);
  const retry = docs.find((d) => d.uid.endsWith(':withRetry'))!;
  t.is(retry.file, 'src/util/retry.ts');
  t.is(retry.fields.name, 'withRetry');
  t.is(retry.fields.path, 'src/util/retry');
  t.regex(retry.fields.doc, /exponential backoff/);
  const method = docs.find((d) => d.fields.owner !== '')!;
  t.true(method.uid.includes(`${method.fields.owner}.`));
});
