/**
 * The role vocabulary of nominal languages' queries (lib/lang/<id>/*.scm), read by collect.ts. A pattern's role is
 * its `#set! role` (or the role its tags-style captures give it: lib/extract/tags.ts), optionally followed by `:` and
 * the symbol kind to record (`def.class:struct`). docs/indexing.md lists what each role's captures mean.
 */

/** One match filed by role: its role, the kind after `:` if any, and its captures' node indexes (the first of each name). */
export interface Rec {
  role: string;
  kind?: string;
  caps: Record<string, number>;
}

/** The capture that names what a role is about (the node the record is filed under). */
export function subjectOf(role: string): string {
  if (role === 'decl.narrow' || role === 'decl.implicit' || role === 'decl.receiver' || role === 'decl.builder') return 'scope';
  if (role.startsWith('cond.')) return 'region';
  if (role === 'op') return 'site';
  if (role.startsWith('decl.')) return 'name';
  if (role.startsWith('def.') || role.startsWith('heritage.') || role === 'annotation' || role === 'import' || role === 'namespace' || role === 'package') return 'def';
  if (role === 'expr.key') return 'key';
  if (role.startsWith('expr.')) return 'expr';
  if (role.startsWith('type.')) return 'type';
  if (role === 'scope') return 'scope';
  if (role === 'id') return 'id';
  if (role === 'call') return 'call';
  if (role === 'member.init') return 'def';
  return 'def';
}

/** Role and kind of a pattern's role string (`def.class:struct` → `def.class`, `struct`). */
export function splitRole(role: string): { role: string; kind?: string } {
  const i = role.indexOf(':');
  return i < 0 ? { role } : { role: role.slice(0, i), kind: role.slice(i + 1) };
}

/** The roles whose subject is a definition (a symbol), and the label and kind each gives by default. */
export const DEF_ROLES: Readonly<Record<string, { label: 'Class' | 'Interface' | 'Enum' | 'TypeAlias' | 'Function' | 'Method' | 'Property' | 'Variable'; kind: string }>> = {
  'def.class': { label: 'Class', kind: 'class' },
  'def.interface': { label: 'Interface', kind: 'interface' },
  'def.enum': { label: 'Enum', kind: 'enum' },
  'def.type': { label: 'TypeAlias', kind: 'type' },
  'def.function': { label: 'Function', kind: 'function' },
  'def.method': { label: 'Method', kind: 'method' },
  'def.constructor': { label: 'Method', kind: 'constructor' },
  'def.field': { label: 'Property', kind: 'field' },
  'def.property': { label: 'Property', kind: 'property' },
  'def.enum.member': { label: 'Property', kind: 'enum_member' },
  'def.var': { label: 'Variable', kind: 'var' },
  'def.namespace': { label: 'Variable', kind: 'namespace' },
};
