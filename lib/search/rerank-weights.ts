/**
 * Written by bench/search-history/fit-rerank.ts (pairwise logistic regression on the tuning half of
 * the localization set); the features are lib/search/rerank.ts FEATURES.
 */
export const RERANK_WEIGHTS: Readonly<Record<string, number>> | undefined = {
  'fused': 2.6614,
  'keyword': 0.8147,
  'file': 0.883,
  'fileSum': -0.3706,
  'fileShare': -0.1535,
  'cosine': 1.9424,
  'cover': -0.6335,
  'field.name': -0.4881,
  'field.owner': 3.0248,
  'field.path': 2.6226,
  'field.signature': 0.3202,
  'field.doc': 0.7961,
  'field.comments': -0.0278,
  'field.strings': 0.1982,
  'field.body': -0.6343,
  'nameShare': 1.1586,
  'keywordRank': 0.4566,
  'vectorRank': -0.0602,
  'bodyLength': 3.1447,
  'bodyEmpty': -1.209,
  'isTest': -5.517,
  'localPair': 1.6307,
  'localWindow': 2.3674,
  'localLine': -0.2211,
  'fileLine': 2.3704,
};
