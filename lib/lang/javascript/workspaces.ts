/**
 * Which folders of a repository are its workspace packages, as the package managers and TypeScript's project
 * references name them: the root package.json `workspaces` (an array, or Yarn's `{ packages }`), pnpm-workspace.yaml
 * `packages` (globs, `!` excluding), and the folders tsconfig `references` point at. A workspace member is what an
 * install links into node_modules, so where two package.json files share a name (a template, a fixture, a copy in
 * build output), the member is the one an import of that name reaches.
 */
import path from 'node:path';
import picomatch from 'picomatch';
import { parse as parseYaml } from 'yaml';
import { join, parseJsonc } from './json.ts';

const posix = path.posix;

/** A test of folders (relative to the repository root) for workspace membership; undefined when nothing declares any. */
export type WorkspaceTest = (dir: string) => boolean;

/**
 * Reads the workspace declarations through `read` (relative paths; undefined when absent); `tsconfigs` are the
 * tsconfig files whose `references` count.
 */
export function workspaceMembers(read: (rel: string) => string | undefined, tsconfigs: readonly string[]): WorkspaceTest | undefined {
  const globs: string[] = [];
  const root = parseJsonc(read('package.json') ?? '') as { workspaces?: unknown } | undefined;
  const ws = root && typeof root === 'object' ? root.workspaces : undefined;
  const list = Array.isArray(ws) ? ws : ws && typeof ws === 'object' ? (ws as { packages?: unknown }).packages : undefined;
  if (Array.isArray(list)) for (const g of list) if (typeof g === 'string') globs.push(g);
  const pnpm = read('pnpm-workspace.yaml');
  if (pnpm !== undefined) {
    try {
      const doc = parseYaml(pnpm) as { packages?: unknown } | null;
      if (doc && Array.isArray(doc.packages)) for (const g of doc.packages) if (typeof g === 'string') globs.push(g);
    } catch { /* a broken pnpm-workspace.yaml declares nothing */ }
  }
  const referenced = new Set<string>();
  for (const rel of tsconfigs) {
    const json = parseJsonc(read(rel) ?? '') as { references?: unknown } | undefined;
    if (!json || !Array.isArray(json.references)) continue;
    const dir = posix.dirname(rel) === '.' ? '' : posix.dirname(rel);
    for (const ref of json.references) {
      const p = ref && typeof ref === 'object' ? (ref as { path?: unknown }).path : undefined;
      if (typeof p !== 'string') continue;
      const target = join(dir, p.endsWith('.json') ? posix.dirname(p) : p);
      if (target !== undefined && target !== dir) referenced.add(target);
    }
  }
  const clean = (g: string): string => g.replace(/^\.\//, '').replace(/\/+$/, '');
  const include = globs.filter((g) => !g.startsWith('!')).map(clean).filter(Boolean);
  const exclude = globs.filter((g) => g.startsWith('!')).map((g) => clean(g.slice(1))).filter(Boolean);
  if (!include.length && !referenced.size) return undefined;
  const isIncluded = include.length ? picomatch(include, { dot: false }) : () => false;
  const isExcluded = exclude.length ? picomatch(exclude) : () => false;
  return (dir) => referenced.has(dir) || (dir !== '' && isIncluded(dir) && !isExcluded(dir));
}
