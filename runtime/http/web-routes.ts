/**
 * The read routes the web UI needs beside the tools: bounded graph slices (module overview, one module, a
 * symbol's neighbourhood, a process as a sequence), the processes, the indexed files with their symbols and
 * one indexed file's text. Each is a POST with a JSON body validated by its Joi schema, answered with the error
 * body of DESIGN.md §6 like the tools, and confined to registered repositories: a file is read only when the
 * snapshot indexed it, through the snapshot's host (which never leaves the repository).
 */
import Joi from 'joi';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type Hapi from '@hapi/hapi';
import { validate } from '../../handlers/define-tool.ts';
import { repoField } from '../../handlers/define-tool.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { REL_TYPES, type RelType } from '../../lib/graph/schema.ts';
import { lookupSymbol } from '../../lib/symbols/lookup.ts';
import {
  NEIGHBOURHOOD_RELATIONS, SLICE_LIMIT, fileSymbols, moduleOverview, moduleSlice, neighbourhood, processList, processSequence,
  symbolCounts,
} from '../../lib/graph/slice.ts';
import type { SnapshotSource } from '../snapshot-source.ts';
import { toolEntries } from '../tool-runner.ts';
import { joiToJsonSchema, objectRules } from '../mcp/json-schema.ts';
import { errorResponse, maxBytesOf, type ApiServer } from './api-server.ts';
import { readJsonBody } from './body.ts';

/** Deepest neighbourhood a request may ask for (beyond it a slice is most of the graph anyway). */
export const MAX_NEIGHBOURHOOD_DEPTH = 5;
/** Largest file text returned (characters); longer files are cut and marked. */
export const MAX_FILE_CHARS = 2_000_000;
/** Most files listed by /files. */
export const MAX_FILES_LISTED = 100_000;
/** Most processes listed by /graph/processes. */
export const MAX_PROCESSES_LISTED = 10_000;

/** One read route: its path, request schema and the pure function over a snapshot. */
export interface ViewRoute {
  path: string;
  description: string;
  schema: Joi.ObjectSchema;
  run(req: any, snapshot: Snapshot): unknown;
}

const limitField = (max: number, fallback: number) => Joi.number().integer().min(1).max(max).default(fallback);

const overview: ViewRoute = {
  path: '/graph/overview',
  description: 'Modules (communities) as a graph: size in symbols, files, languages, and the dependencies between modules folded into one edge per pair.',
  schema: Joi.object({ limit: limitField(SLICE_LIMIT, SLICE_LIMIT).description('Most modules returned (largest first)'), repo: repoField }),
  run: (req: { limit: number }, s) => moduleOverview(s.graph, req.limit),
};

const module: ViewRoute = {
  path: '/graph/module',
  description: "One module's symbols with the dependencies among them (the whole repository's when `module` is omitted); over `limit`, the most connected.",
  schema: Joi.object({
    module: Joi.string().min(1).max(4096).description('Community uid or name; omitted: every symbol of the repository'),
    limit: limitField(SLICE_LIMIT, SLICE_LIMIT).description('Most symbols returned'),
    repo: repoField,
  }),
  run(req: { module?: string; limit: number }, s) {
    const slice = moduleSlice(s.graph, req.module, req.limit);
    if (!slice) throw new CodegraphError('NOT_FOUND', `no module '${req.module}' in ${s.repo.name}`);
    return slice;
  },
};

const neighbours: ViewRoute = {
  path: '/graph/neighbourhood',
  description: 'The symbols within `depth` hops of a symbol: callers on one side, callees on the other, nearest first, with the relations among them.',
  schema: Joi.object({
    uid: Joi.string().min(1).max(4096).required().description('The centre symbol'),
    depth: Joi.number().integer().min(1).max(MAX_NEIGHBOURHOOD_DEPTH).default(2).description('Hops each way'),
    relationTypes: Joi.array().items(Joi.string().uppercase().valid(...REL_TYPES)).single().min(1).default([...NEIGHBOURHOOD_RELATIONS])
      .description('Relations to follow'),
    minConfidence: Joi.number().min(0).max(1).default(0).description('Ignore edges resolved with lower confidence'),
    limit: limitField(SLICE_LIMIT, 500).description('Most symbols returned (nearest first)'),
    repo: repoField,
  }),
  run(req: { uid: string; depth: number; relationTypes: RelType[]; minConfidence: number; limit: number }, s) {
    const found = lookupSymbol(s.graph, { uid: req.uid });
    if (found.status !== 'found') throw new CodegraphError('SYMBOL_NOT_FOUND', `symbol uid '${req.uid}' not found`);
    const relationTypes = REL_TYPES.filter((t) => req.relationTypes.includes(t));
    return neighbourhood(s.graph, found.node, { depth: req.depth, relationTypes, minConfidence: req.minConfidence, limit: req.limit });
  },
};

const processes: ViewRoute = {
  path: '/graph/processes',
  description: 'Execution flows, longest first: uid, name, steps, entry, terminal, modules.',
  schema: Joi.object({ limit: limitField(MAX_PROCESSES_LISTED, 1000), repo: repoField }),
  run: (req: { limit: number }, s) => processList(s.graph, req.limit),
};

const processView: ViewRoute = {
  path: '/graph/process',
  description: 'One execution flow as a sequence: steps in order, lifelines (owning type or file), and the earlier step that calls each.',
  schema: Joi.object({ process: Joi.string().min(1).max(4096).required().description('Process uid or name'), repo: repoField }),
  run(req: { process: string }, s) {
    const seq = processSequence(s.graph, req.process);
    if (!seq) throw new CodegraphError('NOT_FOUND', `no process '${req.process}' in ${s.repo.name}`);
    return seq;
  },
};

const files: ViewRoute = {
  path: '/files',
  description: 'The indexed files (path, language, lines, symbols), sorted by path.',
  schema: Joi.object({ limit: limitField(MAX_FILES_LISTED, MAX_FILES_LISTED), repo: repoField }),
  run(req: { limit: number }, s) {
    const counts = symbolCounts(s.graph);
    const all = [...s.files.values()].map((f) => ({ path: f.path, language: f.language, lines: f.lines, symbols: counts.get(f.path) ?? 0 }))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { files: all.slice(0, req.limit), total: all.length, truncated: all.length > req.limit };
  },
};

const fileRead: ViewRoute = {
  path: '/files/read',
  description: "One indexed file: its symbols by line and (unless include_text is false) its current text; `stale` when it changed since indexing. Only files the index holds can be read.",
  schema: Joi.object({
    path: Joi.string().min(1).max(4096).required().description('Relative path of an indexed file'),
    include_text: Joi.boolean().default(true),
    repo: repoField,
  }),
  run(req: { path: string; include_text: boolean }, s) {
    const indexed = s.files.get(req.path);
    if (!indexed) throw new CodegraphError('NOT_FOUND', `'${req.path}' is not an indexed file of ${s.repo.name}`);
    const out: Record<string, unknown> = { path: indexed.path, language: indexed.language, lines: indexed.lines, symbols: fileSymbols(s.graph, indexed.path) };
    if (req.include_text) {
      const text = s.host.readFile(indexed.path);
      if (text === undefined) throw new CodegraphError('NOT_FOUND', `'${req.path}' can no longer be read (deleted or moved since indexing?)`);
      out.stale = createHash('sha256').update(text).digest('hex') !== indexed.hash;
      out.truncated = text.length > MAX_FILE_CHARS;
      out.text = out.truncated ? text.slice(0, MAX_FILE_CHARS) : text;
    }
    return out;
  },
};

/** Every read route of the web UI, in the order docs/servers.md lists them. */
export const VIEW_ROUTES: readonly ViewRoute[] = [overview, module, neighbours, processes, processView, files, fileRead];

/** Validates `input` for `route`, picks the snapshot by `repo` and runs it; throws CodegraphError. */
export async function runViewRoute(source: SnapshotSource, route: ViewRoute, input: unknown): Promise<unknown> {
  const req = validate<Record<string, unknown>>(route.schema, input ?? {});
  const snapshot = await source.get(typeof req.repo === 'string' ? req.repo : undefined);
  return route.run(req, snapshot);
}

/**
 * The seven tools as an AI chat offers them to a model: name, description (with the cross-field rules) and a
 * JSON Schema of the parameters, made from the same Joi schemas as MCP's listing.
 */
export function toolListing(): { tools: Array<{ name: string; description: string; parameters: Record<string, unknown>; readOnly: boolean }> } {
  return {
    tools: toolEntries().map((t) => {
      const rules = objectRules(t.definition.schema);
      return {
        name: t.name, description: [t.definition.description, ...rules].join(rules.length ? '\n' : ''),
        parameters: { ...joiToJsonSchema(t.definition.schema), type: 'object' }, readOnly: t.definition.annotations.readOnlyHint,
      };
    }),
  };
}

/** Adds the read routes (and GET /tools) to the web-UI server. */
export function addViewRoutes(server: ApiServer, source: SnapshotSource, log?: (line: string) => void): void {
  const listing = toolListing();
  server.hapi.route({ method: 'GET', path: '/tools', handler: (_request, h) => h.response(listing).type('application/json') });
  for (const route of VIEW_ROUTES) {
    server.hapi.route({
      method: 'POST', path: route.path,
      handler: async (request: Hapi.Request, h: Hapi.ResponseToolkit) => {
        try {
          const body = await readJsonBody(request.payload as Readable, maxBytesOf(request));
          return h.response(await runViewRoute(source, route, body) as object).type('application/json');
        } catch (err) {
          return errorResponse(h, err, log);
        }
      },
    });
  }
}
