/** `list_repos`: the indexed repositories with their stats (DESIGN.md §5). Runs on the registry listing. */
import Joi from 'joi';
import { defineTool, repoField } from './define-tool.ts';
import { repoNotFound } from '../lib/errors.ts';
import type { RepoInfo } from '../index-store/snapshot.ts';

export interface ListReposRequest {
  repo?: string;
}

export interface ListReposResponse {
  repos: RepoInfo[];
}

const schema = Joi.object({
  repo: repoField.description('Only this repository (name or path); unknown names are REPO_NOT_FOUND'),
});

export const listRepos = defineTool<ListReposRequest, RepoInfo[], ListReposResponse>({
  name: 'list_repos',
  description: [
    'Lists the indexed repositories: name, path, indexedAt, lastCommit and stats (files, nodes, edges, communities,',
    'processes, embeddings). Use the name as `repo` in the other tools when several are indexed.',
  ].join(' '),
  schema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run(req, registry) {
    let repos = [...registry].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.path < b.path ? -1 : 1));
    if (req.repo !== undefined) {
      const want = req.repo.replace(/[\\/]+$/, '');
      const hit = repos.filter((r) => r.name === req.repo).length ? repos.filter((r) => r.name === req.repo) : repos.filter((r) => r.path === want);
      if (hit.length === 0) throw repoNotFound(req.repo, repos.map((r) => r.name));
      repos = hit;
    }
    return { repos: repos.map(view) };
  },
});

/** Exactly the documented fields, copied (the registry's objects are never handed out). */
function view(r: RepoInfo): RepoInfo {
  const s = r.stats ?? ({} as Partial<RepoInfo['stats']>);
  return {
    name: r.name, path: r.path, indexedAt: r.indexedAt, lastCommit: r.lastCommit ?? null,
    stats: { files: s.files ?? 0, nodes: s.nodes ?? 0, edges: s.edges ?? 0, communities: s.communities ?? 0, processes: s.processes ?? 0, embeddings: s.embeddings ?? 0 },
  };
}
