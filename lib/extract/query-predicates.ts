/**
 * Text predicates of a query pattern (`#eq?`, `#not-eq?`, `#match?`, `#not-match?`, `#any-of?`, `#not-any-of?` and
 * their `any-` forms), as node-tree-sitter evaluates them (its Query, lib/index.js): after tree-sitter's matching,
 * on the text of the captured nodes, so a match the predicates refuse is simply left out. A capture quantified by
 * `*`/`+` holds several nodes: the plain forms ask every one, the `any-` forms one of them; a capture with no node
 * passes `#eq?` (every of none) and fails `#match?`/`#any-of?` (none to test).
 */

/** One argument of a predicate: a capture (`@name`) or a string. */
export type PredicateArg = { capture: string } | { text: string };

/** A parsed predicate: its operator (`eq?`, `any-not-match?` …) and arguments. */
export interface QPredicate { op: string; args: PredicateArg[] }

/** The predicates a pattern may carry that filter matches (others are refused or, for directives, ignored). */
export const TEXT_PREDICATES: ReadonlySet<string> = new Set([
  'eq?', 'not-eq?', 'any-eq?', 'any-not-eq?', 'match?', 'not-match?', 'any-match?', 'any-not-match?', 'any-of?', 'not-any-of?',
]);

/**
 * Predicates that only annotate a match for tags or highlighting tools (`#strip!` and `#set-adjacent!` of doc
 * comments, `#select-adjacent!`, and `#is?`/`#is-not?` properties, which node-tree-sitter records without testing):
 * accepted and ignored, so a grammar's own tags query ports as it is.
 */
export const IGNORED_PREDICATES: ReadonlySet<string> = new Set(['strip!', 'set-adjacent!', 'select-adjacent!', 'is?', 'is-not?']);

/** A predicate compiled against the capture ids of its query: tests a match's captured nodes' texts. */
export type MatchTest = (captureIds: ArrayLike<number>, texts: (k: number) => string, count: number) => boolean;

/** Checks a predicate's shape (as node-tree-sitter does) and compiles it; `id` gives a capture name's id. */
export function compilePredicate(p: QPredicate, id: (capture: string) => number): MatchTest {
  const { op, args } = p;
  const fail = (msg: string): never => { throw new Error(`#${op}: ${msg}`); };
  const first = args[0];
  if (!first || !('capture' in first)) fail('its first argument must be a capture');
  const a = id((first as { capture: string }).capture);
  /** The texts of the nodes capture `c` took in a match (captures in match order). */
  const textsOf = (ids: ArrayLike<number>, texts: (k: number) => string, count: number, c: number): string[] => {
    const out: string[] = [];
    for (let k = 0; k < count; k++) if (ids[k] === c) out.push(texts(k));
    return out;
  };
  if (op.endsWith('eq?')) {
    if (args.length !== 2) fail(`expected 2 arguments, got ${args.length}`);
    const positive = !op.includes('not-');
    const all = !op.startsWith('any-');
    const second = args[1];
    if ('capture' in second) {
      const b = id(second.capture);
      return (ids, texts, count) => {
        const xs = textsOf(ids, texts, count, a), ys = textsOf(ids, texts, count, b);
        const ok = (x: string): boolean => ys.some((y) => (x === y) === positive);
        return all ? xs.every(ok) : xs.some(ok);
      };
    }
    const value = second.text;
    return (ids, texts, count) => {
      const xs = textsOf(ids, texts, count, a);
      const ok = (x: string): boolean => (x === value) === positive;
      return all ? xs.every(ok) : xs.some(ok);
    };
  }
  if (op.endsWith('match?')) {
    if (args.length !== 2) fail(`expected 2 arguments, got ${args.length}`);
    const second = args[1];
    if (!('text' in second)) fail('its second argument must be a string');
    const regex = new RegExp((second as { text: string }).text);
    const positive = !op.includes('not-');
    const all = !op.startsWith('any-');
    return (ids, texts, count) => {
      const xs = textsOf(ids, texts, count, a);
      if (xs.length === 0) return !positive;
      const ok = (x: string): boolean => regex.test(x) === positive;
      return all ? xs.every(ok) : xs.some(ok);
    };
  }
  // any-of? / not-any-of?
  if (args.length < 2) fail('expected at least 2 arguments');
  const values = args.slice(1).map((x) => ('text' in x ? x.text : fail('its values must be strings')));
  const positive = op === 'any-of?';
  return (ids, texts, count) => {
    const xs = textsOf(ids, texts, count, a);
    if (xs.length === 0) return !positive;
    return xs.every((x) => values.includes(x)) === positive;
  };
}
