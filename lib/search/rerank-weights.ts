/**
 * Written by bench/search-history/fit-rerank.ts (pairwise logistic regression on the tuning half of
 * the localization set); the features are lib/search/rerank.ts FEATURES.
 */
export const RERANK_WEIGHTS: Readonly<Record<string, number>> | undefined = {
  'fused': 2.9461,
  'keyword': 0.6243,
  'file': 1.6138,
  'fileSum': -0.328,
  'fileShare': -0.1561,
  'cosine': 2.3461,
  'cover': 0.8257,
  'field.name': -0.083,
  'field.owner': 2.1631,
  'field.path': 1.8754,
  'field.signature': 0.5056,
  'field.doc': 1.0447,
  'field.comments': 0.3952,
  'field.strings': 0.589,
  'field.body': -0.101,
  'nameShare': 1.0559,
  'keywordRank': 0.5061,
  'vectorRank': -0.0887,
  'bodyLength': 3.0722,
  'bodyEmpty': -1.1629,
  'isTest': -5.433,
};
