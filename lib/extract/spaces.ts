/**
 * `t` with each run of whitespace as one space (`t.replace(/\s+/g, ' ')`). Most texts the collector and the JSDoc
 * reader collapse (signatures, callee texts, doc types) are one line of printable ASCII with single spaces, which
 * that replace gives back unchanged: those skip the regular expression.
 */
export function oneSpaced(t: string): string {
  let prev = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    // a control character, a non-ASCII one (maybe a Unicode space) or a second space: the regex decides
    if (c > 32 ? c >= 127 : c !== 32 || prev === 32) return t.replace(/\s+/g, ' ');
    prev = c;
  }
  return t;
}
