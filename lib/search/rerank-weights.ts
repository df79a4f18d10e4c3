/**
 * Written by bench/search-history/fit-rerank.ts (pairwise logistic regression on the tuning half of
 * the localization set); the features are lib/search/rerank.ts FEATURES.
 */
export const RERANK_WEIGHTS: Readonly<Record<string, number>> | undefined = {
  'fused': 2.8152,
  'keyword': 0.5142,
  'file': 1.5892,
  'fileSum': -0.316,
  'fileShare': -0.1339,
  'cosine': 2.4895,
  'cover': 0.7779,
  'field.name': 0.0042,
  'field.owner': 2.3047,
  'field.path': 2.0096,
  'field.signature': 0.5421,
  'field.doc': 1.0792,
  'field.comments': 0.4109,
  'field.strings': 0.6326,
  'field.body': 0.0729,
  'nameShare': 1.0387,
  'keywordRank': 0.614,
  'vectorRank': -0.0859,
  'bodyLength': 3.0383,
  'bodyEmpty': -1.1411,
  'isTest': -5.4267,
};
