/**
 * Conditions decided before the program runs: `sys.version_info` compared with a version (`if sys.version_info >=
 * (3, 8):`) and the literals `True`, `False`, `None` and integers, under `not`, `and`, `or` and parentheses. A type checker reads them for the Python version it checks
 * for and skips the branch that cannot run there (pyright: the definitions in it do not exist, its calls have no
 * answer); the collector does the same for PYTHON_VERSION (collect.ts `visitIf`).
 */

/** The Python version static conditions are decided for: a current CPython 3, as a type checker's default. */
export const PYTHON_VERSION: readonly [number, number] = [3, 12];

/**
 * A test of the platform (`sys.platform == "win32"`, `os.name == 'nt'`, `platform.system()`): a type checker decides
 * it for the platform it checks for; codegraph keeps every platform's definitions, marked (`py.platformed`), so that
 * the rules naming each of several definitions leave them out.
 */
export function isPlatformTest(text: string): boolean {
  return /\bsys\.platform\b|\bos\.name\b|\bplatform\.system\b/.test(text);
}

/** What deciding a condition needs of the tree (lib/lang/python/tree.ts). */
export interface ConditionReader {
  type(i: number): string;
  txt(i: number): string;
  namedKids(i: number): number[];
  kids(i: number): number[];
  named(i: number): boolean;
  child(i: number, field: string): number;
  /** The dotted name as imported (`version_info` imported from sys: `sys.version_info`), else undefined. */
  canonical(i: number): string | undefined;
}

/** True or false when the condition is decided before the program runs, else undefined. */
export function staticCondition(r: ConditionReader, i: number): boolean | undefined {
  if (i < 0) return undefined;
  switch (r.type(i)) {
    case 'parenthesized_expression': { const k = r.namedKids(i); return k.length === 1 ? staticCondition(r, k[0]) : undefined; }
    case 'not_operator': { const v = staticCondition(r, r.child(i, 'argument')); return v === undefined ? undefined : !v; }
    case 'boolean_operator': {
      const op = r.txt(r.child(i, 'operator'));
      const a = staticCondition(r, r.child(i, 'left'));
      const b = staticCondition(r, r.child(i, 'right'));
      if (op === 'and') return a === false || b === false ? false : a === true && b === true ? true : undefined;
      if (op === 'or') return a === true || b === true ? true : a === false && b === false ? false : undefined;
      return undefined;
    }
    case 'comparison_operator': return versionComparison(r, i);
    // a literal (`if 0:` around debugging code, `if False:`): a checker narrows on its truth and reads no code in a
    // branch it rules out
    case 'true': return true;
    case 'false': case 'none': return false;
    case 'integer': { const n = Number(r.txt(i).replace(/_/g, '')); return Number.isNaN(n) ? undefined : n !== 0; }
    default: return undefined;
  }
}

/** `sys.version_info <op> (3, 8)` (also `[:2]`, `[0]`, `.major`, `.minor`, either side). */
function versionComparison(r: ConditionReader, i: number): boolean | undefined {
  const operands = r.namedKids(i);
  const ops = r.kids(i).filter((c) => !r.named(c)).map((c) => r.txt(c));
  if (operands.length !== 2 || ops.length !== 1) return undefined;
  let op = ops[0];
  let left = versionOf(r, operands[0]);
  let right = literalOf(r, operands[1]);
  if (!left) {
    // `(3, 8) <= sys.version_info`
    left = versionOf(r, operands[1]);
    right = literalOf(r, operands[0]);
    op = FLIPPED[op] ?? '';
  }
  if (!left || !right) return undefined;
  const c = compareVersions(left.parts, left.exact, right);
  if (c === undefined) return undefined;
  switch (op) {
    case '<': return c < 0;
    case '<=': return c <= 0;
    case '>': return c > 0;
    case '>=': return c >= 0;
    case '==': return c === 0;
    case '!=': return c !== 0;
    default: return undefined;
  }
}

const FLIPPED: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '==': '==', '!=': '!=' };

/** What an expression of sys.version_info is: its leading numbers; `exact` when nothing follows them (`[:2]`, `[0]`). */
function versionOf(r: ConditionReader, i: number): { parts: number[]; exact: boolean } | undefined {
  const ty = r.type(i);
  const [major, minor] = PYTHON_VERSION;
  if ((ty === 'attribute' || ty === 'identifier') && r.canonical(i) === 'sys.version_info') return { parts: [major, minor], exact: false };
  if (ty === 'attribute' && r.canonical(r.child(i, 'object')) === 'sys.version_info') {
    const name = r.txt(r.child(i, 'attribute'));
    return name === 'major' ? { parts: [major], exact: true } : name === 'minor' ? { parts: [minor], exact: true } : undefined;
  }
  if (ty === 'subscript' && r.canonical(r.child(i, 'value')) === 'sys.version_info') {
    const subs = r.namedKids(i).slice(1);
    if (subs.length !== 1) return undefined;
    const s = subs[0];
    if (r.type(s) === 'integer') { const k = Number(r.txt(s)); return k === 0 ? { parts: [major], exact: true } : k === 1 ? { parts: [minor], exact: true } : undefined; }
    // `[:2]`, `[:1]`
    const m = r.type(s) === 'slice' ? /^:\s*([12])$/.exec(r.txt(s)) : null;
    return m ? { parts: [major, minor].slice(0, Number(m[1])), exact: true } : undefined;
  }
  return undefined;
}

/** An integer or a tuple of integers as written. */
function literalOf(r: ConditionReader, i: number): number[] | undefined {
  const ty = r.type(i);
  if (ty === 'integer') return /^\d+$/.test(r.txt(i)) ? [Number(r.txt(i))] : undefined;
  if (ty !== 'tuple') return undefined;
  const out: number[] = [];
  for (const k of r.namedKids(i)) {
    if (r.type(k) !== 'integer' || !/^\d+$/.test(r.txt(k))) return undefined;
    out.push(Number(r.txt(k)));
  }
  return out.length ? out : undefined;
}

/**
 * Python's tuple order between the version (`exact`: these numbers only; else more parts follow, the micro version
 * and the release level) and a literal; undefined when the parts the version leaves unknown decide it.
 */
function compareVersions(version: number[], exact: boolean, lit: number[]): number | undefined {
  const n = Math.min(version.length, lit.length);
  for (let k = 0; k < n; k++) if (version[k] !== lit[k]) return version[k] < lit[k] ? -1 : 1;
  if (version.length === lit.length) return exact ? 0 : 1;
  if (version.length > lit.length) return 1;
  // the literal names parts the version does not know (`(3, 12, 1)`)
  return exact ? -1 : undefined;
}
