import test from 'ava';
import { appFiles, appGraph } from './fixture-graph.ts';
import { buildDocuments, type SearchFields } from '../../lib/search/documents.ts';
import { KeywordBuilder } from '../../lib/search/keyword.ts';

const files = appFiles();
const docs = buildDocuments(appGraph(files), (p) => files[p]);
const empty: SearchFields = { name: '', owner: '', path: '', signature: '', doc: '', comments: '', strings: '', body: '' };

test('replacing rows of a keyword index gives the index of the replaced documents, byte for byte', (t) => {
  const before = KeywordBuilder.build(docs);
  const only = (w: string): boolean => docs.filter((d) => Object.values(d.fields).join(' ').includes(w)).length === 1;
  // a row losing every word it alone had (those terms leave the dictionary), one gaining new words, the last one emptied
  const lone = docs.findIndex((d) => d.fields.name && only(d.fields.name));
  t.true(lone >= 0);
  const replaced = new Map<number, SearchFields>([
    [lone, { ...docs[(lone + 1) % docs.length].fields }],
    [2, { ...docs[2].fields, doc: 'jittered linear delay, jittered again', body: `${docs[2].fields.body} zzyzx` }],
    [docs.length - 1, empty],
  ]);
  const after = docs.map((d, i) => ({ fields: replaced.get(i) ?? d.fields }));
  const prevOf = Int32Array.from(docs, (_, i) => (replaced.has(i) ? -1 : i));
  const spliced = before.remapped(prevOf, (i) => after[i].fields);
  t.deepEqual(spliced.toBuffer(), KeywordBuilder.build(after).toBuffer());
  // the edit both added terms and made some leave the dictionary
  t.true(spliced.termId('zzyzx') >= 0);
  t.true(before.terms.some((w) => spliced.termId(w) < 0));
  // no row replaced: the same index
  t.deepEqual(before.remapped(Int32Array.from(docs, (_, i) => i), () => empty).toBuffer(), before.toBuffer());
});

test('an index with rows added, removed and replaced gives the index of the new documents, byte for byte', (t) => {
  t.true(docs.length >= 6);
  const before = KeywordBuilder.build(docs);
  const added: SearchFields = { ...docs[1].fields, name: 'zzyzxAdded', doc: 'an added symbol with words of its own' };
  // new rows: row 0 removed, a new row after row 1, row 3 replaced, the last row removed, a new row at the end
  const rows: Array<{ prev: number; fields: SearchFields }> = [];
  docs.forEach((d, i) => {
    if (i === 0 || i === docs.length - 1) return;
    rows.push(i === 3 ? { prev: -1, fields: { ...d.fields, body: `${d.fields.body} qqxyzzy` } } : { prev: i, fields: d.fields });
    if (i === 1) rows.push({ prev: -1, fields: added });
  });
  rows.push({ prev: -1, fields: { ...added, name: 'zzyzxLast' } });
  const remapped = before.remapped(Int32Array.from(rows, (r) => r.prev), (i) => rows[i].fields);
  t.deepEqual(remapped.toBuffer(), KeywordBuilder.build(rows).toBuffer());
});

test('rows taken over out of their order or twice are tokenised again: the same index', (t) => {
  const before = KeywordBuilder.build(docs);
  // the first two documents swapped, then the third twice (the second time as row 2's previous row again)
  const rows = [docs[1], docs[0], docs[2], docs[2], ...docs.slice(3)];
  const prevOf = Int32Array.from([1, 0, 2, 2, ...docs.slice(3).map((_, k) => k + 3)]);
  const remapped = before.remapped(prevOf, (i) => rows[i].fields);
  t.deepEqual(remapped.toBuffer(), KeywordBuilder.build(rows).toBuffer());
});
