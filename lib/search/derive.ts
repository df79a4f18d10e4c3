/**
 * Other forms of an English word, for the query words an index does not hold. People describe a change with
 * nouns and adverbs (`compression`, `lazily`, `validation`, `equality`) and in British spelling (`normalise`,
 * `colour`, `cancelled`) where the code says `compress`, `lazy`, `validate`, `equal`, `normalize`, `color`,
 * `canceled`. The light stemmer (tokenize.ts) keeps such forms apart on purpose, so a word the index lacks
 * would add nothing to any score; its derived forms that the index has stand in for it. Only regular English
 * morphology: no synonyms (a word's meaning is not guessed, only its other spellings and parts of speech).
 */

/** A rewrite of a word's ending: words ending in `from` (after at least `keep` letters) may end in each of `to`. */
interface Rule { from: string; to: readonly string[]; keep: number }

const rule = (from: string, to: readonly string[], keep = 3): Rule => ({ from, to, keep });

/**
 * The endings rewritten, in families; within a family only the first ending that matches applies (so
 * `compression` is read as -ssion, not also as -sion and -tion). British spellings first (a word may be both, as
 * `normalisation` is), then derivational suffixes back to their stem, and verbs forward to their nouns.
 */
const FAMILIES: readonly (readonly Rule[])[] = [
  // British → American spelling.
  [rule('isations', ['izations']), rule('isation', ['ization']), rule('ising', ['izing']), rule('ised', ['ized']), rule('ises', ['izes']),
    rule('iser', ['izer']), rule('ise', ['ize']), rule('ysed', ['yzed']), rule('yser', ['yzer']), rule('yse', ['yze'])],
  [rule('oured', ['ored']), rule('ours', ['ors']), rule('our', ['or'])],
  [rule('lled', ['led']), rule('lling', ['ling']), rule('ller', ['ler'])],
  [rule('tres', ['ters']), rule('tre', ['ter'])],
  // Adverbs → adjectives.
  [rule('ily', ['y']), rule('ally', ['al', '']), rule('ly', [''])],
  // Nouns of action → verbs.
  [rule('ization', ['ize']), rule('isation', ['ise', 'ize']), rule('ication', ['y', 'icate']), rule('ation', ['ate', 'e', '']),
    rule('ition', ['ite', 'e', '']), rule('ssion', ['ss', 'de', 't']), rule('nsion', ['nd']), rule('olution', ['olve']),
    rule('ction', ['ct']), rule('ption', ['pt', 'be']), rule('tion', ['te', 't']), rule('sion', ['de', 'se']),
    rule('ments', ['']), rule('ment', ['']), rule('al', ['e', ''])],
  // Qualities → adjectives.
  [rule('ability', ['able']), rule('ibility', ['ible']), rule('ivity', ['ive']), rule('icity', ['ic']), rule('ity', ['', 'e']),
    rule('iness', ['y']), rule('ness', [''])],
  // Agents and capabilities → verbs.
  [rule('ers', ['e', '']), rule('er', ['e', '']), rule('ors', ['e', '']), rule('or', ['e', '']), rule('able', ['e', '']), rule('ible', ['e', ''])],
  // Verbs → their nouns (the code names the thing, the question the act).
  [rule('ate', ['ation', 'ator']), rule('ize', ['ization', 'izer']), rule('ct', ['ction']), rule('e', ['ion', 'er'])],
];

/** Derived forms of a lower-case word by FAMILIES (the word itself excluded), in rule order, without repeats. */
export function derivedForms(word: string): string[] {
  const out: string[] = [];
  if (word.length < 5 || !/^[a-z]+$/.test(word)) return out;
  for (const family of FAMILIES) {
    const r = family.find((x) => word.endsWith(x.from) && word.length - x.from.length >= x.keep);
    if (!r) continue;
    const base = word.slice(0, word.length - r.from.length);
    for (const to of r.to) {
      const form = base + to;
      if (form !== word && form.length >= 3 && !out.includes(form)) out.push(form);
    }
  }
  return out;
}
