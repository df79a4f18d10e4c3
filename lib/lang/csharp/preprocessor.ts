/**
 * Conditional compilation that tree-sitter-c-sharp 0.23.5 cannot parse. The grammar takes `#if` directives between
 * statements and members, but not inside a declaration (between a method's signature and its `=>` body, inside a
 * base list, around one of two alternative headers): there the declaration around it becomes an ERROR node and
 * every call in it is lost (serilog's `ILogger`, whose default interface methods sit under
 * `#if FEATURE_DEFAULT_INTERFACE`). Two same-length repairs (lib/extract/language.ts `repair`), tried in this order
 * only on a file whose own parse has errors, the first that parses with the fewest errors kept:
 * 1. every branch kept, the directive lines as spaces: code that is right under either setting stays whole;
 * 2. the first branch of each `#if … #elif … #else … #endif` only, the other branches as spaces too: where the
 *    branches are alternatives of one construct (two headers of one class). Which symbols a build defines is not
 *    known here, so the first branch is taken, as for C's `#ifdef`.
 * Line breaks stay, so offsets, rows and columns do not move.
 */

const DIRECTIVE = /^[ \t]*#[ \t]*(if|elif|else|endif)\b/;

/** The repairs of a C# file's conditional compilation, in the order they are tried (none when it has no `#if`). */
export function conditionalRepairs(text: string): string[] {
  if (!/^[ \t]*#[ \t]*if\b/m.test(text)) return [];
  return [rewrite(text, false), rewrite(text, true)];
}

/** `text` without its conditional directive lines, and with `firstOnly` without the branches after the first. */
function rewrite(text: string, firstOnly: boolean): string {
  const lines = text.split('\n');
  // per open conditional: whether the branch being read is kept
  const keep: boolean[] = [];
  for (let i = 0; i < lines.length; i++) {
    const d = DIRECTIVE.exec(lines[i])?.[1];
    const active = keep.every(Boolean);
    if (d === 'if') keep.push(true);
    else if ((d === 'elif' || d === 'else') && keep.length) keep[keep.length - 1] = !firstOnly;
    else if (d === 'endif' && keep.length) keep.pop();
    if (d !== undefined || (firstOnly && !active)) lines[i] = lines[i].replace(/[^\r]/g, ' ');
  }
  return lines.join('\n');
}
