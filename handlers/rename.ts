// PLACEHOLDER: replaced by the tool's real implementation.
import Joi from 'joi';
import { defineTool, repoField } from './define-tool.ts';
import { CodegraphError } from '../lib/errors.ts';
import type { Snapshot } from '../index-store/snapshot.ts';

export const rename = defineTool<Record<string, unknown>, Snapshot, unknown>({
  name: 'rename',
  description: 'not implemented yet',
  schema: Joi.object({ repo: repoField }).unknown(true),
  annotations: { readOnlyHint: false, destructiveHint: true },
  run: () => { throw new CodegraphError('INTERNAL', 'rename is not implemented yet'); },
});
