/**
 * Written by bench/search-history/fit-rerank.ts (pairwise logistic regression on the tuning half of
 * the localization set); the features are lib/search/rerank.ts FEATURES.
 */
export const RERANK_WEIGHTS: Readonly<Record<string, number>> | undefined = {
  'fused': 2.9702,
  'keyword': 0.7146,
  'file': 1.8,
  'fileSum': -0.3813,
  'fileShare': -0.1326,
  'cosine': 2.1539,
  'cover': 0.8359,
  'field.name': -0.2151,
  'field.owner': 2.4198,
  'field.path': 1.905,
  'field.signature': 0.6146,
  'field.doc': 1.1561,
  'field.comments': 0.4502,
  'field.strings': 0.6059,
  'field.body': -0.0428,
  'nameShare': 1.0535,
  'keywordRank': 0.4223,
  'vectorRank': -0.1108,
  'bodyLength': 3.0051,
  'bodyEmpty': -1.1748,
  'isTest': -5.4776,
};
