/**
 * What Python's resolver (resolve.ts) can read of a file while resolving another one: its symbols, the locals
 * their values name, and its `py` facts but the positions of its own sites — where each import is written (`at`,
 * `parts`, `line`: read only to place that file's own occurrences and IMPORTS edges), where `__all__`'s strings are
 * (that file's export occurrences), the line of its `__main__` guard and of its `sys.path` changes, and its comments
 * (search reads them, resolution does not). Everything else is kept, keys added later included, so an edit
 * inside a body (lines added above an import, a comment, another call) keeps the shape and resolves that file alone.
 */
import type { FileFacts } from '../../extract/facts.ts';
import type { PyFacts } from './facts.ts';

/** The facts of a Python file with the positions only its own resolution reads removed (ResolveRules.outwardFacts). */
export function pythonOutwardFacts(facts: FileFacts): FileFacts {
  const py = facts.py as PyFacts | undefined;
  if (!py) return facts;
  const { comments: _c, mainGuard, ...rest } = py;
  const out: Record<string, unknown> = {
    ...rest,
    imports: py.imports.map(({ at: _a, parts: _p, line: _l, ...imp }) => imp),
  };
  // (a method's parameters as another file reads them, an override's: each one's declared type, not its local's
  // index, which a local added in an earlier body shifts)
  if (py.sigs) out.sigs = Object.fromEntries(Object.entries(py.sigs).map(([s, sig]) => [s, { p: sig.p, l: sig.l.map((l) => (l >= 0 ? facts.locals[l]?.type ?? null : -1)) }]));
  if (py.all) out.all = py.all.map((a) => a.name);
  if (py.sysPath) out.sysPath = py.sysPath.map(({ line: _l, ...s }) => s);
  if (mainGuard !== undefined) out.mainGuard = true;
  return { ...facts, py: out };
}
