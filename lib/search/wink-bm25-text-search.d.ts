// wink-bm25-text-search ships no types; lib/search/bm25.ts describes the part it uses (WinkEngine).
declare module 'wink-bm25-text-search' {
  const factory: () => unknown;
  export default factory;
}
