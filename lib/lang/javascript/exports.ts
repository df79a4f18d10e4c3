/**
 * package.json `exports`/`imports` targets and `typesVersions` as TypeScript reads them under `moduleResolution:
 * bundler`/`node16`: conditions are tried in the order the object lists them, each one that is active (`types`,
 * `import`, `require`, `node`, `default`, and tsconfig's `customConditions`) leading to its target; a target whose
 * file does not exist lets the next active condition try (what TypeScript does). Plain functions over plain JSON.
 */

/** The conditions TypeScript matches for a TypeScript source besides tsconfig's `customConditions`. */
export const BASE_CONDITIONS: readonly string[] = ['types', 'import', 'require', 'node', 'default'];

/**
 * The targets an `exports`/`imports` value gives, in the order they are tried: first those its active
 * conditions (`conditions`, with `default` always active) select, in the object's order, then — for a
 * repository whose build output is absent — the targets of the other conditions (`source`, `development`,
 * `browser`, …), in the object's order. `null` (an excluded subpath) gives none.
 */
export function conditionalTargets(value: unknown, conditions: readonly string[]): string[] {
  const active: string[] = [];
  const others: string[] = [];
  const walk = (v: unknown, on: boolean, depth: number): void => {
    if (depth > 8) return;
    if (typeof v === 'string') { const list = on ? active : others; if (!list.includes(v)) list.push(v); return; }
    if (Array.isArray(v)) { for (const x of v) walk(x, on, depth + 1); return; }
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      walk(x, on && (k === 'default' || conditions.includes(k)), depth + 1);
    }
  };
  walk(value, true, 0);
  return [...active, ...others.filter((t) => !active.includes(t))];
}

/**
 * The `exports` entry a subpath (`.`, `./sub`) matches: an exact key, else among keys with one `*` the one with
 * the longest part before it (Node's rule), with what its `*` captures; sugar (`"exports": "./x.js"` or an object
 * of conditions) stands for `.`.
 */
export function exportsEntry(exports: unknown, subpath: string): { value: unknown; captured: string } | undefined {
  if (exports === undefined || exports === null) return undefined;
  if (typeof exports === 'string' || Array.isArray(exports)) return subpath === '.' ? { value: exports, captured: '' } : undefined;
  if (typeof exports !== 'object') return undefined;
  const o = exports as Record<string, unknown>;
  const keys = Object.keys(o);
  if (!keys.some((k) => k.startsWith('.'))) return subpath === '.' ? { value: o, captured: '' } : undefined;
  if (Object.hasOwn(o, subpath) && !subpath.includes('*')) return { value: o[subpath], captured: '' };
  let best: { value: unknown; captured: string } | undefined;
  let bestPre = -1, bestLen = -1;
  for (const k of keys) {
    const star = k.indexOf('*');
    if (star < 0 || k.indexOf('*', star + 1) >= 0) continue;
    const pre = k.slice(0, star), post = k.slice(star + 1);
    if (subpath.length < k.length - 1 || !subpath.startsWith(pre) || !subpath.endsWith(post)) continue;
    if (pre.length > bestPre || (pre.length === bestPre && k.length > bestLen)) {
      best = { value: o[k], captured: subpath.slice(pre.length, subpath.length - post.length) };
      bestPre = pre.length;
      bestLen = k.length;
    }
  }
  // a folder mapping of old Node (`"./lib/": "./lib/"`): the rest of the subpath under the target folder
  if (!best) {
    for (const k of keys) {
      if (!k.endsWith('/') || !subpath.startsWith(k) || k.length <= bestPre) continue;
      best = { value: appendToTargets(o[k], subpath.slice(k.length)), captured: '' };
      bestPre = k.length;
    }
  }
  return best;
}

function appendToTargets(v: unknown, rest: string): unknown {
  if (typeof v === 'string') return v + rest;
  if (Array.isArray(v)) return v.map((x) => appendToTargets(x, rest));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, appendToTargets(x, rest)]));
  return v;
}

/** A typesVersions range TypeScript 5 satisfies (`*`, `>=4.2`, `>3.1`, `<6`, `<=5.9`, several joined by spaces). */
function rangeHolds(range: string): boolean {
  const TS = [5, 9];
  const cmp = (v: string): number => {
    const [a = 0, b = 0] = v.split('.').map((x) => Number(x) || 0);
    return TS[0] !== a ? TS[0] - a : TS[1] - b;
  };
  return range.trim().split(/\s+/).every((part) => {
    const m = /^(>=|<=|>|<|=)?v?(\d+(?:\.\d+)*)(?:\.[x*])?$/.exec(part);
    if (part === '*' || part === '') return true;
    if (!m) return false;
    const c = cmp(m[2]);
    switch (m[1]) {
      case '>=': return c >= 0;
      case '>': return c > 0;
      case '<=': return c <= 0;
      case '<': return c < 0;
      default: return m[2].split('.').every((x, i) => i >= TS.length || Number(x) === TS[i]); // `5`, `5.9`: that version
    }
  });
}

/**
 * The paths `typesVersions` gives for a path inside the package (`v4`, `index.d.ts`): the first range that holds
 * for TypeScript 5, then its pattern with the longest part before `*` (exact first); the targets with the `*`
 * filled in. Undefined when typesVersions does not apply.
 */
export function typesVersionsTargets(typesVersions: unknown, inner: string): string[] | undefined {
  if (!typesVersions || typeof typesVersions !== 'object' || Array.isArray(typesVersions)) return undefined;
  for (const [range, map] of Object.entries(typesVersions as Record<string, unknown>)) {
    if (!rangeHolds(range)) continue;
    if (!map || typeof map !== 'object' || Array.isArray(map)) return undefined;
    let best: { targets: unknown; captured: string } | undefined;
    let bestPre = -1;
    for (const [pattern, targets] of Object.entries(map as Record<string, unknown>)) {
      const star = pattern.indexOf('*');
      if (star < 0) { if (pattern === inner) { best = { targets, captured: '' }; break; } continue; }
      const pre = pattern.slice(0, star), post = pattern.slice(star + 1);
      if (inner.length >= pre.length + post.length && inner.startsWith(pre) && inner.endsWith(post) && pre.length > bestPre) {
        best = { targets, captured: inner.slice(pre.length, inner.length - post.length) };
        bestPre = pre.length;
      }
    }
    if (!best || !Array.isArray(best.targets)) return undefined;
    return best.targets.filter((t): t is string => typeof t === 'string').map((t) => t.replace('*', best!.captured));
  }
  return undefined;
}
