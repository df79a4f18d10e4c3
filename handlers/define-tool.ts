/** One definition per tool: schema, description and annotations serve every channel (direct, HTTP, MCP). */
import Joi from 'joi';
import { CodegraphError } from '../lib/errors.ts';

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface ToolDefinition<Req, Ctx, Res> {
  /** Tool name as exposed over MCP and in routes (`query`, `context`, …). */
  name: string;
  /** Written for an agent: what it does, when to use it, what comes back. */
  description: string;
  /** Joi schema of the request; unknown keys are refused. */
  schema: Joi.ObjectSchema;
  annotations: ToolAnnotations;
  /** The pure implementation; receives an already validated request. */
  run(req: Req, ctx: Ctx): Res | Promise<Res>;
}

/** A callable tool: validates like a server would, then runs. Carries its definition for the runtimes. */
export type Tool<Req, Ctx, Res> = ((req: unknown, ctx: Ctx) => Promise<Res>) & { definition: ToolDefinition<Req, Ctx, Res> };

/** Validates `input` against `schema`; throws VALIDATION_ERROR naming every bad field. */
export function validate<T>(schema: Joi.ObjectSchema, input: unknown): T {
  const { value, error } = schema.validate(input ?? {}, { abortEarly: false, convert: true });
  if (error) {
    const details = error.details.map((d) => ({ field: d.path.join('.') || '(body)', message: d.message.replace(/"/g, "'") }));
    throw new CodegraphError('VALIDATION_ERROR', `invalid request: ${details.map((d) => d.message).join('; ')}`, details);
  }
  return value as T;
}

/** Wraps a definition into a callable tool. */
export function defineTool<Req, Ctx, Res>(def: ToolDefinition<Req, Ctx, Res>): Tool<Req, Ctx, Res> {
  const fn = async (req: unknown, ctx: Ctx): Promise<Res> => def.run(validate<Req>(def.schema, req), ctx);
  return Object.assign(fn, { definition: def });
}

/** The optional `repo` selector every tool accepts. */
export const repoField = Joi.string().min(1).max(4096).description('Repository name or path; required when several are indexed');
