// PLACEHOLDER until the indexer work lands: same signatures.
import { CodeGraph } from '../graph/code-graph.ts';
import { ReferenceIndex } from '../refs/reference-index.ts';
import type { FileFacts } from '../extract/index.ts';

/** Module-resolution settings of a repository: tsconfig baseUrl/paths, workspace packages, … */
export interface ProjectConfig { [key: string]: unknown }

/** Reads tsconfig/jsconfig and package.json workspaces through `readText` (relative paths). */
export function loadProjectConfig(_filePaths: readonly string[], _readText: (relPath: string) => string | undefined): ProjectConfig {
  return {};
}

export interface ResolveResult {
  graph: CodeGraph;
  refs: ReferenceIndex;
  /** Call sites that could not be resolved, in total and per file. */
  unresolvedCalls: { total: number; byFile: Record<string, number> };
}

/** Builds the whole graph (Folder/File structure, symbols, relations) and the reference index from all files' facts. */
export function resolveProject(files: readonly FileFacts[], _config: ProjectConfig): ResolveResult {
  const graph = new CodeGraph();
  for (const f of files) graph.addNode({ uid: `File:${f.path}`, label: 'File', name: f.path.split('/').pop()!, filePath: f.path, language: f.language });
  return { graph, refs: new ReferenceIndex(), unresolvedCalls: { total: 0, byFile: {} } };
}
