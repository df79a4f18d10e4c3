/** Readable, unique flow names in `Entry → Terminal` style. */
import type { GraphNode } from '../graph/schema.ts';

/** Display name of a step: `Class.method` for members, the plain name otherwise. */
export function stepName(n: GraphNode): string {
  const q = n.qualifiedName;
  if (typeof q === 'string' && q) {
    const parts = q.split('.');
    return parts.length > 2 ? parts.slice(-2).join('.') : q;
  }
  return n.name;
}

/**
 * Names flows `Entry → Terminal` (`label → Terminal` when the flow has a label: an inline route handler's
 * `GET /users/:id`). When two flows would share a name, the ends that differ are qualified — a labelled
 * entry by its first step, others by their file path; if they still collide, later ones (in the given
 * order) get ` #2`, ` #3`.
 */
export function nameFlows(flows: readonly { entry: GraphNode; terminal: GraphNode; label?: string }[]): string[] {
  const head = (f: { entry: GraphNode; label?: string }): string => f.label ?? stepName(f.entry);
  const plain = flows.map((f) => `${head(f)} → ${stepName(f.terminal)}`);
  const groups = new Map<string, number[]>();
  plain.forEach((p, i) => { const l = groups.get(p); if (l) l.push(i); else groups.set(p, [i]); });
  const names = plain.slice();
  for (const list of groups.values()) {
    if (list.length < 2) continue;
    const entries = new Set(list.map((i) => flows[i].entry.uid));
    const terminals = new Set(list.map((i) => flows[i].terminal.uid));
    for (const i of list) {
      const { entry, terminal, label } = flows[i];
      const e = entries.size < 2 ? head(flows[i]) : label ? `${label} (${stepName(entry)})` : `${stepName(entry)} (${entry.filePath ?? '?'})`;
      const t = terminals.size > 1 ? `${stepName(terminal)} (${terminal.filePath ?? '?'})` : stepName(terminal);
      names[i] = `${e} → ${t}`;
    }
  }
  const taken = new Set<string>();
  return names.map((name) => {
    let out = name;
    for (let k = 2; taken.has(out); k++) out = `${name} #${k}`;
    taken.add(out);
    return out;
  });
}
