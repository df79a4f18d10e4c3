/** Builds the graph of a fixture folder through the real indexer (extractFile + resolveProject), in memory. */
import fs from 'node:fs';
import path from 'node:path';
import { resolveProject } from '../../lib/resolve/index.ts';
import type { CodeGraph } from '../../lib/graph/code-graph.ts';
import { extractFile, languageOf, loadProjectConfig } from '../../lib/lang/index.ts';

/** Every indexable file under `root` (relative, '/'-separated), in the order given (default: sorted). */
export function listSources(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) { if (entry.name !== 'node_modules') walk(rel); } else if (languageOf(rel)) out.push(rel);
    }
  };
  walk('');
  return out.sort();
}

/** Extracts and resolves the files of `root`, in `order` (to check that walk order does not matter). */
export function fixtureGraph(root: string, order: (files: string[]) => string[] = (f) => f): CodeGraph {
  const files = order(listSources(root));
  const facts = files.map((rel) => { const text = fs.readFileSync(path.join(root, rel), 'utf8'); return extractFile(rel, text, languageOf(rel, text)!); });
  const all = fs.readdirSync(root, { recursive: true }).map(String).map((p) => p.split(path.sep).join('/'));
  const config = loadProjectConfig(all, (rel) => { try { return fs.readFileSync(path.join(root, rel), 'utf8'); } catch { return undefined; } });
  return resolveProject(facts, config).graph;
}
