/**
 * Rename and the members outside the repository (lib/resolve/outside.ts): a method overriding an outside member
 * cannot be renamed (the outside declaration keeps its name, so the method would silently stop overriding it), and a
 * method whose class has an outside base of unknown members may be one, which the preview says.
 */
import type { CodeGraph } from '../graph/code-graph.ts';
import type { GraphNode } from '../graph/schema.ts';
import { unknownBasesAbove } from '../symbols/outside.ts';
import { qualifiedNameOf } from '../symbols/lookup.ts';

/** Why the group cannot be renamed because a member of it overrides an outside member, or undefined. */
export function outsideOverrideRefusal(target: GraphNode, group: readonly GraphNode[]): { message: string; node: GraphNode; overrides: string } | undefined {
  for (const n of group) {
    if (typeof n.overridesOutside !== 'string') continue;
    const outside = n.overridesOutside;
    // (`Map.set` → Map; `Component.render (react)` → Component)
    const bare = outside.replace(/ \(.*\)$/, '');
    const type = bare.slice(0, Math.max(0, bare.lastIndexOf('.')));
    const who = n === target ? `${target.label} '${qualifiedNameOf(target)}'` : `${target.label} '${qualifiedNameOf(target)}' is renamed with ${n.label} '${qualifiedNameOf(n)}' (${n.filePath}:${n.line}), which`;
    return {
      node: n, overrides: outside,
      message: `${who} overrides ${outside}, declared outside the repository, which a rename cannot change: renamed, it would silently stop overriding it, and every call made through ${type || 'that type'} (by code holding the object as one, or by its runtime) would run the outside member instead`,
    };
  }
  return undefined;
}

/** A warning for the methods of the group whose class (or a project class above it) has outside bases of unknown members. */
export function unknownBaseWarning(graph: CodeGraph, group: readonly GraphNode[], oldName: string): string | undefined {
  const seen = new Map<string, string>();
  for (const n of group) {
    if (n.label !== 'Method') continue;
    for (const { type, base } of unknownBasesAbove(graph, n)) seen.set(`${type.uid}\u0000${base}`, `${qualifiedNameOf(type)} extends ${base}`);
  }
  if (!seen.size) return undefined;
  const list = [...seen.values()].sort();
  return `${list.slice(0, 3).join(', ')}${list.length > 3 ? ` and ${list.length - 3} more` : ''}: outside the repository, with members not known here; if ${list.length > 1 ? 'one of them' : 'it'} declares or calls '${oldName}', the renamed method no longer overrides it (calls through that type would not reach it): check before applying`;
}
