import test from 'ava';
import { appFiles, appGraph } from './fixture-graph.ts';
import { buildDocuments } from '../../lib/search/documents.ts';
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
