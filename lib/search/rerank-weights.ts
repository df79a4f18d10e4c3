/**
 * Written by bench/search-history/fit-rerank.ts (pairwise logistic regression on the tuning half of
 * the localization set); the features are lib/search/rerank.ts FEATURES.
 */
export const RERANK_WEIGHTS: Readonly<Record<string, number>> | undefined = {
  'fused': 3.1715,
  'keyword': 0.3393,
  'file': 1.3648,
  'fileSum': -0.3358,
  'fileShare': -0.1234,
  'cosine': 2.3466,
  'cover': 1.1875,
  'field.name': 0.1142,
  'field.owner': 1.9956,
  'field.path': 1.69,
  'field.signature': 0.2725,
  'field.doc': 0.9411,
  'field.comments': 0.4108,
  'field.strings': 0.4377,
  'field.body': -0.3303,
  'nameShare': 1.0604,
  'keywordRank': 0.6158,
  'vectorRank': -0.129,
  'bodyLength': 3.1972,
  'bodyEmpty': -1.172,
  'isTest': -5.3645,
};
