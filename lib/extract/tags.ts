/**
 * Tree-sitter's tags convention (a grammar's `queries/tags.scm`: `@definition.function`, `@reference.call`, `@name`)
 * read as collector roles, so a grammar's own tags query runs with little editing. A pattern without a `#set! role`
 * whose captures include one of the names below takes that role, and the capture is renamed to the one the role's
 * handler reads (`@definition.function` → `@def`); `@name` keeps its name. A pattern with a `#set! role` is left as
 * it is, and so is one with neither (Go's `(package_clause … @name)`: nothing to do with it).
 */
import type { QNode, QPattern } from './query-parse.ts';

/** Tags capture name → the role it gives a pattern and the name its node is captured under. */
export const TAG_ROLES: Readonly<Record<string, { role: string; capture: string }>> = {
  'definition.function': { role: 'def.function', capture: 'def' },
  'definition.method': { role: 'def.method', capture: 'def' },
  'definition.class': { role: 'def.class', capture: 'def' },
  'definition.interface': { role: 'def.interface', capture: 'def' },
  'definition.type': { role: 'def.type', capture: 'def' },
  'definition.enum': { role: 'def.enum', capture: 'def' },
  'definition.module': { role: 'def.namespace', capture: 'def' },
  'definition.namespace': { role: 'def.namespace', capture: 'def' },
  'definition.constant': { role: 'def.var', capture: 'def' },
  'definition.variable': { role: 'def.var', capture: 'def' },
  'definition.field': { role: 'def.field', capture: 'def' },
  'definition.property': { role: 'def.field', capture: 'def' },
  // the call node; the callee is the node `@name` names (the member around it when it is one's property)
  'reference.call': { role: 'call', capture: 'call' },
  'reference.type': { role: 'id.type', capture: 'ref' },
  'reference.implementation': { role: 'heritage.implements', capture: 'ref' },
};

/** The pattern with the role its tags-style captures give it (itself when it has a role or no such capture). */
export function patternRole(p: QPattern): QPattern {
  if (p.props.role !== undefined) return p;
  let found: { tag: string; role: string; capture: string } | undefined;
  visit(p.root, (q) => {
    for (const c of q.captures) {
      const t = TAG_ROLES[c];
      if (t && !found) found = { tag: c, ...t };
    }
  });
  if (!found) return p;
  const { tag, capture } = found;
  const root = rename(p.root, tag, capture);
  return { root, props: { ...p.props, role: found.role }, source: p.source };
}

function visit(q: QNode, f: (q: QNode) => void): void {
  f(q);
  for (const c of q.children) visit(c, f);
  for (const a of q.alts) visit(a, f);
}

/** A copy of the pattern with capture `from` renamed `to`. */
function rename(q: QNode, from: string, to: string): QNode {
  return {
    ...q,
    captures: q.captures.map((c) => (c === from ? to : c)),
    children: q.children.map((c) => rename(c, from, to)),
    alts: q.alts.map((a) => rename(a, from, to)),
  };
}
