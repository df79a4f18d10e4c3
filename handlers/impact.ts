// PLACEHOLDER: replaced by the tool's real implementation.
import Joi from 'joi';
import { defineTool, repoField } from './define-tool.ts';
import { CodegraphError } from '../lib/errors.ts';
import type { Snapshot } from '../index-store/snapshot.ts';

export const impact = defineTool<Record<string, unknown>, Snapshot, unknown>({
  name: 'impact',
  description: 'not implemented yet',
  schema: Joi.object({ repo: repoField }).unknown(true),
  annotations: { readOnlyHint: true, destructiveHint: false },
  run: () => { throw new CodegraphError('INTERNAL', 'impact is not implemented yet'); },
});
