// PLACEHOLDER: replaced by the tool's real implementation.
import Joi from 'joi';
import { defineTool, repoField } from './define-tool.ts';
import { CodegraphError } from '../lib/errors.ts';
import type { RepoInfo } from '../index-store/snapshot.ts';

export const listRepos = defineTool<Record<string, unknown>, RepoInfo[], unknown>({
  name: 'list_repos',
  description: 'not implemented yet',
  schema: Joi.object({ repo: repoField }).unknown(true),
  annotations: { readOnlyHint: true, destructiveHint: false },
  run: () => { throw new CodegraphError('INTERNAL', 'list_repos is not implemented yet'); },
});
