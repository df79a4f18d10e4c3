import test from 'ava';
import { appFiles, appGraph } from './fixture-graph.ts';
import { buildDocuments } from '../../lib/search/documents.ts';
import { embedFields, embedQuery, nbowFromBuffer, nbowToBuffer } from '../../lib/search/embedders/trained.ts';
import { shippedModel } from '../../lib/search/embedders/trained-file.ts';
import { coocFromBuffer, coocToBuffer, COOC_DIM, documentTerms, embedTerms, embedText, learnCooccurrence } from '../../lib/search/embedders/cooccurrence.ts';

const files = appFiles();
const docs = buildDocuments(appGraph(files), (p) => files[p]);
const cos = (a: Float32Array, b: Float32Array): number => a.reduce((s, x, i) => s + x * b[i], 0);

test('the learned model is deterministic, round-trips through its file, and refuses a damaged one', (t) => {
  const a = learnCooccurrence(docs);
  const b = learnCooccurrence(docs);
  t.deepEqual(coocToBuffer(a), coocToBuffer(b));
  t.regex(a.id, /^builtin:cooc-v1-128-[0-9a-f]{16}$/);
  t.true(a.terms.length > 10);
  t.deepEqual([...a.terms].sort(), a.terms);
  const back = coocFromBuffer(coocToBuffer(a));
  t.is(back.id, a.id);
  t.deepEqual(Array.from(back.vectors), Array.from(a.vectors));
  t.throws(() => coocFromBuffer(coocToBuffer(a).subarray(0, 100)), { message: /damaged/ });
  t.throws(() => coocFromBuffer(Buffer.from('not a model at all')), { message: /not a co-occurrence model/ });
  // A different repository gives a different model id (queries must use their own snapshot's model).
  t.not(learnCooccurrence(docs.slice(0, Math.floor(docs.length / 2))).id, a.id);
});

test('vectors are unit length; words the repository never uses give no vector; a symbol is closest to its own words', (t) => {
  const m = learnCooccurrence(docs);
  const norm = (v: Float32Array): number => Math.sqrt(cos(v, v));
  const vecs = docs.map((d) => embedTerms(m, documentTerms(d.fields)));
  for (const v of vecs) t.true(norm(v) === 0 || Math.abs(norm(v) - 1) < 1e-4);
  t.is(norm(embedText(m, 'zzzqqqxx plokijuh')), 0);
  t.is(embedText(m, 'session').length, COOC_DIM);
  // The query "password hash verify" is nearer verifyPassword's vector than the average symbol's.
  const q = embedText(m, 'password hash verify');
  const at = docs.findIndex((d) => d.fields.name === 'verifyPassword');
  const mean = vecs.reduce((s, v) => s + cos(q, v), 0) / vecs.length;
  t.true(cos(q, vecs[at]) > mean);
});

test('the shipped code-search model: reads back to the same bytes, refuses a damaged file, embeds prose near the code it describes', (t) => {
  const m = shippedModel();
  t.regex(m.id, /^builtin:nbow-v1-128-[0-9a-f]{16}$/);
  t.deepEqual([...m.terms].sort(), m.terms);
  const bytes = nbowToBuffer(m);
  t.deepEqual(nbowToBuffer(nbowFromBuffer(bytes)), bytes);
  t.throws(() => nbowFromBuffer(bytes.subarray(0, bytes.length - 1)), { message: /damaged/ });
  t.throws(() => nbowFromBuffer(Buffer.from('not a model at all, not at all')), { message: /not a code-search model/ });
  const norm = (v: Float32Array): number => Math.sqrt(cos(v, v));
  const vecs = docs.map((d) => embedFields(m, d.fields));
  for (const v of vecs) t.true(norm(v) === 0 || Math.abs(norm(v) - 1) < 1e-4);
  t.is(norm(embedQuery(m, 'zzzqqqxx plokijuh')), 0);
  // Words the fixture's code does not use still find it: "try again after a delay" is withRetry.
  const q = embedQuery(m, 'try the call again after waiting a little');
  const ranked = vecs.map((v, i) => [cos(q, v), docs[i].fields.name] as const).sort((a, b) => b[0] - a[0]);
  t.is(ranked[0][1], 'withRetry', JSON.stringify(ranked.slice(0, 3)));
});
