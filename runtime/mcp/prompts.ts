/**
 * MCP prompts: ready-made tasks a person picks in their editor ("explore this area", "check impact before
 * changing X", "rename safely", "review my changes", "explain a flow"). Each renders one user message telling
 * the agent which tools to call, in which order, with the arguments already filled in, and what to report.
 * Argument completion offers symbol names, flow names and repositories from the index.
 */
import type { GetPromptResult, Prompt } from '@modelcontextprotocol/sdk/types.js';
import { CodegraphError } from '../../lib/errors.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { SYMBOL_LABELS } from '../../lib/graph/schema.ts';
import { nodesWithLabel } from '../../lib/graph/code-graph.ts';
import type { SnapshotSource } from '../snapshot-source.ts';

interface PromptSpec {
  prompt: Prompt;
  render(args: Record<string, string>): string;
}

const REPO_ARG = { name: 'repo', description: 'Repository name (default: the one this server runs in, or the only one indexed)', required: false };

/** `, repo: "x"` when a repository was named, for the tool calls the prompt spells out. */
function repoPart(args: Record<string, string>): string {
  return args.repo ? `, repo: ${JSON.stringify(args.repo)}` : '';
}

const PROMPTS: PromptSpec[] = [
  {
    prompt: {
      name: 'explore', title: 'Explore an area of the code',
      description: 'Find the execution flows and key symbols behind a feature or concept, and explain how it works.',
      arguments: [{ name: 'topic', description: 'The feature, concept or question, e.g. "user login" or "how are invoices sent"', required: true }, REPO_ARG],
    },
    render: (a) => [
      `Explore how "${a.topic}" works in this codebase, using the codegraph tools rather than reading files at random.`,
      '',
      `1. Call \`query\` with search_query: ${JSON.stringify(a.topic)}${repoPart(a)} (search_query is the same field as query). It returns the execution flows (processes) that match, best first, with their symbols.`,
      '2. Pick the two or three symbols that look central (entry points, matched symbols of the top flows) and call `context` on each with its `uid`, to see callers, callees, members and the flows it is part of.',
      '3. For the most relevant flow, read its step-by-step trace: the resource codegraph://repo/{repo}/process/{flow name}.',
      '4. Only then open source files, and only the ones these answers point to.',
      '',
      'Report: the entry points, the main flows step by step, the key symbols with file:line, the modules involved, and where a change for this topic would most likely go. Say what the graph did not show.',
    ].join('\n'),
  },
  {
    prompt: {
      name: 'impact_check', title: 'Check impact before changing a symbol',
      description: 'What breaks if a symbol changes: dependents by depth, affected flows and modules, and the risk.',
      arguments: [
        { name: 'symbol', description: 'Symbol name (Class.method for a member) or uid', required: true },
        { name: 'change', description: 'What you plan to change (signature, behaviour, removal…)', required: false },
        REPO_ARG,
      ],
    },
    render: (a) => [
      `Before changing \`${a.symbol}\`${a.change ? ` (${a.change})` : ''}, check its blast radius with codegraph.`,
      '',
      `1. Call \`impact\` with target: ${JSON.stringify(a.symbol)}, direction: "upstream"${repoPart(a)}. If the answer is "ambiguous", pick the candidate you mean and call again with its target_uid.`,
      '2. Depth 1 symbols will break (they call, import, extend or reference it directly); depth 2 are likely affected; depth 3 need testing. Call `context` on the target to see exactly how each direct caller uses it.',
      '3. If `truncated` is true, read on with the `offset` the answer gives before concluding; the counts in `summary` are exact.',
      '',
      'Report: the risk level and why, every direct dependent with file:line, the execution flows and modules affected, and the tests to run. If the risk is HIGH or CRITICAL, stop and present the plan before editing anything.',
    ].join('\n'),
  },
  {
    prompt: {
      name: 'rename_safely', title: 'Rename a symbol safely',
      description: 'Preview a coordinated multi-file rename, review the uncertain edits, apply, then verify.',
      arguments: [
        { name: 'symbol', description: 'Current name (Class.method for a member) or uid', required: true },
        { name: 'new_name', description: 'The new name', required: true },
        REPO_ARG,
      ],
    },
    render: (a) => [
      `Rename \`${a.symbol}\` to \`${a.new_name}\` across the codebase, safely.`,
      '',
      `1. Call \`impact\` with target: ${JSON.stringify(a.symbol)}${repoPart(a)} to see how widely it is used; if ambiguous, continue with the uid of the one you mean.`,
      `2. Call \`rename\` with symbol_name: ${JSON.stringify(a.symbol)} (or symbol_uid), new_name: ${JSON.stringify(a.new_name)}, dry_run: true${repoPart(a)}. Nothing is written.`,
      '3. Review the preview: edits with confidence "graph" are tracked references; "text_search" edits (strings, comments, configuration) are guesses — check each one. Read every warning.',
      '4. When the preview is right, call `rename` again with dry_run: false (add include_text_search: true only if you checked those edits). Files changed since indexing are refused; re-index with `codegraph analyze` and retry.',
      '5. Call `detect_changes` to confirm that only the expected symbols changed, then run the build and the tests.',
      '',
      'Report: how many edits in how many files, what you left out and why, and the result of the verification.',
    ].join('\n'),
  },
  {
    prompt: {
      name: 'review_changes', title: 'Review my changes',
      description: 'Map the current git diff onto symbols and flows, and judge the risk before committing.',
      arguments: [
        { name: 'scope', description: 'unstaged (default), staged, all, or compare (with base_ref)', required: false },
        { name: 'base_ref', description: 'Branch, tag or commit to compare with (implies scope compare)', required: false },
        REPO_ARG,
      ],
    },
    render: (a) => {
      const args = [a.base_ref ? `base_ref: ${JSON.stringify(a.base_ref)}` : a.scope ? `scope: ${JSON.stringify(a.scope)}` : 'scope: "all"', a.repo ? `repo: ${JSON.stringify(a.repo)}` : ''].filter(Boolean).join(', ');
      return [
        'Review the pending changes with codegraph before they are committed.',
        '',
        `1. Call \`detect_changes\` with ${args}. It lists the changed symbols (added, modified, deleted), what depends on them, the flows they touch and a risk level.`,
        '2. For each modified or deleted symbol with dependents, call `impact` with its uid to see who else must change; check that each direct dependent was updated or still works.',
        '3. For each touched execution flow, check that the flow still makes sense end to end (read its trace resource if needed).',
        '',
        'Report: what changed, what could break and where (file:line), missing updates, the tests to run, and the overall risk.',
      ].join('\n');
    },
  },
  {
    prompt: {
      name: 'explain_flow', title: 'Explain an execution flow',
      description: 'Walk through one execution flow (process) step by step.',
      arguments: [{ name: 'flow', description: 'The flow\'s name (see the processes resource) or uid', required: true }, REPO_ARG],
    },
    render: (a) => [
      `Explain the execution flow "${a.flow}".`,
      '',
      `1. Read the resource codegraph://repo/${a.repo ? encodeURIComponent(a.repo) : '{repo}'}/process/${encodeURIComponent(a.flow)} for its steps in order (list_repos gives the repository name).`,
      '2. Call `context` with the uid of the entry step and of any step whose role is unclear.',
      '',
      'Report: what triggers the flow, what each step does (file:line), where data is read or written, and where errors are handled.',
    ].join('\n'),
  },
];

const BY_NAME = new Map(PROMPTS.map((p) => [p.prompt.name, p]));

/** The prompts, as prompts/list returns them. */
export function listPrompts(): Prompt[] { return PROMPTS.map((p) => p.prompt); }

/** Renders a prompt; unknown names and missing required arguments are VALIDATION_ERROR / NOT_FOUND. */
export function getPrompt(name: string, args: Record<string, string> = {}): GetPromptResult {
  const spec = BY_NAME.get(name);
  if (!spec) throw new CodegraphError('NOT_FOUND', `unknown prompt '${name}'; prompts: ${PROMPTS.map((p) => p.prompt.name).join(', ')}`);
  const known = new Set((spec.prompt.arguments ?? []).map((x) => x.name));
  const unknown = Object.keys(args).filter((k) => !known.has(k));
  if (unknown.length) throw new CodegraphError('VALIDATION_ERROR', `prompt '${name}' has no argument ${unknown.map((k) => `'${k}'`).join(', ')}; arguments: ${[...known].join(', ')}`);
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(args)) if (typeof v === 'string' && v.trim() !== '') clean[k] = v.trim();
  const missing = (spec.prompt.arguments ?? []).filter((x) => x.required && !clean[x.name]).map((x) => x.name);
  if (missing.length) {
    throw new CodegraphError('VALIDATION_ERROR', `prompt '${name}' needs ${missing.map((k) => `'${k}'`).join(', ')}`, missing.map((field) => ({ field, message: `'${field}' is required` })));
  }
  return {
    description: spec.prompt.description,
    messages: [{ role: 'user', content: { type: 'text', text: spec.render(clean) } }],
  };
}

/** Most completion values returned (the MCP limit is 100). */
const MAX_COMPLETIONS = 100;

/** Completion values for a prompt argument: repositories, symbol names or flow names starting with `value`. */
export async function completePromptArgument(source: SnapshotSource, prompt: string, argument: string, value: string, repo?: string): Promise<{ values: string[]; total: number; hasMore: boolean }> {
  const prefix = value.toLowerCase();
  const pick = (names: Iterable<string>) => {
    const all = [...new Set(names)].filter((n) => n.toLowerCase().startsWith(prefix)).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
    return { values: all.slice(0, MAX_COMPLETIONS), total: all.length, hasMore: all.length > MAX_COMPLETIONS };
  };
  if (argument === 'repo') return pick(source.list().map((r) => r.name));
  if (!BY_NAME.has(prompt) || !['symbol', 'flow'].includes(argument)) return { values: [], total: 0, hasMore: false };
  let snapshot: Snapshot;
  try { snapshot = await source.get(repo); } catch { return { values: [], total: 0, hasMore: false }; }
  if (argument === 'flow') return pick(nodesWithLabel(snapshot.graph, 'Process').map((p) => p.name));
  const names: string[] = [];
  for (const label of SYMBOL_LABELS) for (const n of nodesWithLabel(snapshot.graph, label)) names.push(n.name);
  return pick(names);
}
