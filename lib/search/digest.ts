/**
 * A fast 64-bit string digest for cache keys (a document's properties, an embedding text): two 32-bit
 * multiply-xorshift lanes (cyrb53's mixing, both lanes kept). Not cryptographic: a collision only makes a
 * cache hand back a stale document or vector, and at 64 bits that is ~N²/2^65 per build. node:crypto's sha1
 * costs a few microseconds per call in object and binding overhead, which was a tenth of the search stage.
 */

/** 16 hex digits of `s` (optionally seeded). Stable across platforms and versions: digests are stored. */
export function digest64(s: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return hex8(h2) + hex8(h1);
}

/** digest64 of each string (same seed). */
export function digestAll(texts: readonly string[], seed = 0): string[] {
  return texts.map((t) => digest64(t, seed));
}

/** Two hex digits per byte value. */
const HEX: readonly string[] = Array.from({ length: 256 }, (_, i) => (i < 16 ? '0' : '') + i.toString(16));

/** 8 hex digits of a 32-bit value (a table, not Number#toString: that is a runtime call per digest). */
function hex8(h: number): string {
  return HEX[(h >>> 24) & 255] + HEX[(h >>> 16) & 255] + HEX[(h >>> 8) & 255] + HEX[h & 255];
}
