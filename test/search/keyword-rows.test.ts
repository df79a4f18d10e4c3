import test from 'ava';
import { appFiles, appGraph } from './fixture-graph.ts';
import { buildDocuments, type SearchFields } from '../../lib/search/documents.ts';
import { KeywordBuilder } from '../../lib/search/keyword.ts';

const files = appFiles();
const docs = buildDocuments(appGraph(files), (p) => files[p]);

test('replacing rows of a keyword index gives the index of the replaced documents, byte for byte', (t) => {
  const before = KeywordBuilder.build(docs);
  const only = (w: string): boolean => docs.filter((d) => Object.values(d.fields).join(' ').includes(w)).length === 1;
  // a row losing every word it alone had (those terms leave the dictionary), one gaining new words, the last one emptied
  const lone = docs.findIndex((d) => d.fields.name && only(d.fields.name));
  t.true(lone >= 0);
  const empty: SearchFields = { name: '', owner: '', path: '', signature: '', doc: '', comments: '', strings: '', body: '' };
  const replaced = new Map<number, SearchFields>([
    [lone, { ...docs[(lone + 1) % docs.length].fields }],
    [2, { ...docs[2].fields, doc: 'jittered linear delay, jittered again', body: `${docs[2].fields.body} zzyzx` }],
    [docs.length - 1, empty],
  ]);
  const at = [...replaced.keys()].sort((a, b) => a - b);
  const after = docs.map((d, i) => ({ fields: replaced.get(i) ?? d.fields }));
  const spliced = before.withRows(at, at.map((i) => replaced.get(i)!));
  t.deepEqual(spliced.toBuffer(), KeywordBuilder.build(after).toBuffer());
  // the edit both added terms and made some leave the dictionary
  t.true(spliced.termId('zzyzx') >= 0);
  t.true(before.terms.some((w) => spliced.termId(w) < 0));
  // no row replaced: the same index
  t.deepEqual(before.withRows([], []).toBuffer(), before.toBuffer());
});
