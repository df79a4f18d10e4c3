/**
 * Written by bench/search-history/fit-rerank.ts (pairwise logistic regression on the tuning half of
 * the localization set); the features are lib/search/rerank.ts FEATURES.
 */
export const RERANK_WEIGHTS: Readonly<Record<string, number>> | undefined = {
  'fused': 3.0702,
  'keyword': 0.5476,
  'file': 1.7795,
  'fileSum': -0.4043,
  'fileShare': -0.0416,
  'cosine': 2.2895,
  'cover': 0.8302,
  'field.name': -0.2521,
  'field.owner': 2.2263,
  'field.path': 1.8943,
  'field.signature': 0.5906,
  'field.doc': 1.1525,
  'field.comments': 0.4677,
  'field.strings': 0.6504,
  'field.body': 0.0037,
  'nameShare': 1.0924,
  'keywordRank': 0.4226,
  'vectorRank': -0.1085,
  'bodyLength': 2.9523,
  'bodyEmpty': -1.1995,
  'isTest': -5.5019,
};
