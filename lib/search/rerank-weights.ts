/**
 * Written by bench/search-history/fit-rerank.ts (pairwise logistic regression on the tuning half of
 * the localization set); the features are lib/search/rerank.ts FEATURES.
 */
export const RERANK_WEIGHTS: Readonly<Record<string, number>> | undefined = {
  'fused': 2.9754,
  'keyword': 0.5183,
  'file': 2.0426,
  'fileSum': -0.4185,
  'fileShare': 0.0173,
  'cosine': 1.7215,
  'cover': 1.2141,
  'field.name': -0.3539,
  'field.owner': 2.1712,
  'field.path': 1.7746,
  'field.signature': 0.5886,
  'field.doc': 1.1082,
  'field.comments': 0.5124,
  'field.strings': 0.5472,
  'field.body': -0.2558,
  'nameShare': 0.8797,
  'keywordRank': 0.3598,
  'vectorRank': 0.0417,
  'bodyLength': 3.605,
  'bodyEmpty': -0.9614,
  'isTest': -5.3957,
};
