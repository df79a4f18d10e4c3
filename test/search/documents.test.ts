/**
 * The document builders that were rewritten for speed (doc comment cleaning, body identifiers) against their
 * plain reference forms (oracle.ts): on edge cases and on every doc comment and symbol span of rxjs 7.8.1 and
 * the fixture app.
 */
import test from 'ava';
import { fileURLToPath } from 'node:url';
import { cleanDoc, collapseSpaces } from '../../lib/search/documents.ts';
import { buildDocuments, describedProperties, isSearchable, packSearchable, unpackSearchable } from '../../lib/search/documents.ts';
import { codeGraphFromData, graphData } from '../../lib/graph/code-graph.ts';
import { identifiersIn, splitIdentifier, stem, terms } from '../../lib/search/tokenize.ts';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import { appFiles, filesUnder } from './fixture-graph.ts';
import { referenceCleanDoc, referenceIdentifiers, referenceSplit, referenceStem, referenceTerms } from './oracle.ts';

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

test('identifiersIn equals the reference on edge spans', (t) => {
  const text = 'ab /* c */ de // fg\nhi /* open\njk */ lm 9nn o_p$ q1 if return ab de /';
  for (let from = 0; from < text.length; from += 3) {
    for (let to = from; to <= text.length; to += 2) {
      for (const max of [1, 3, 160]) t.deepEqual(identifiersIn(text, from, to, max), referenceIdentifiers(text, from, to, max), `${from}..${to} max ${max}`);
    }
  }
});

test('identifiersIn equals the reference on every line range of rxjs files', (t) => {
  let n = 0;
  for (const text of sources()) {
    const starts = [0];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    // Spans of 1, 7 and 40 lines from every 5th line, and the whole file.
    for (let l = 0; l < starts.length; l += 5) {
      for (const k of [1, 7, 40]) {
        const to = l + k < starts.length ? starts[l + k] - 1 : text.length;
        n++;
        const got = identifiersIn(text, starts[l], to, 160);
        const want = referenceIdentifiers(text, starts[l], to, 160);
        if (got.join(' ') !== want.join(' ')) t.fail(`span ${starts[l]}..${to}: ${got.join(' ')} ≠ ${want.join(' ')}`);
      }
    }
    t.deepEqual(identifiersIn(text, 0, text.length, 160), referenceIdentifiers(text, 0, text.length, 160));
  }
  t.true(n > 1000);
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
