/**
 * An OpenAI-compatible chat client that lets the model use codegraph's seven tools: each tool call runs
 * through this server's API (POST /tools/{name}) and its result goes back to the model. The endpoint, model
 * and key are the user's, kept in this browser's local storage; the key goes only to that endpoint.
 */
import { ApiError, get, tool } from '../api.ts';

export interface ChatSettings { baseUrl: string; model: string; apiKey: string }

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
  name?: string;
}

export interface ToolEvent { name: string; args: Record<string, unknown>; ok: boolean; result: string }

const STORAGE_KEY = 'codegraph.chat';
/** Most characters of one tool result handed to the model (tools have their own budgets; this is a backstop). */
const MAX_TOOL_RESULT = 40_000;
/** Most model round trips for one question. */
const MAX_ROUNDS = 8;

export function loadSettings(): ChatSettings {
  try {
    const s = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    return { baseUrl: String(s.baseUrl ?? ''), model: String(s.model ?? ''), apiKey: String(s.apiKey ?? '') };
  } catch {
    return { baseUrl: '', model: '', apiKey: '' };
  }
}

/** Saves the settings in this browser; refuses an endpoint on this server (the key must never reach it). */
export function saveSettings(s: ChatSettings): void {
  checkEndpoint(s.baseUrl);
  localStorage.setItem(STORAGE_KEY, JSON.stringify(s));
}

function checkEndpoint(baseUrl: string): URL {
  let url: URL;
  try { url = new URL(baseUrl); } catch { throw new ApiError('VALIDATION_ERROR', `the chat endpoint must be an http(s) URL, got '${baseUrl}'`, 0); }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ApiError('VALIDATION_ERROR', 'the chat endpoint must be an http(s) URL', 0);
  if (url.origin === location.origin) throw new ApiError('VALIDATION_ERROR', 'the chat endpoint cannot be this codegraph server: point it at an OpenAI-compatible API', 0);
  return url;
}

let toolsListing: Promise<Array<{ name: string; description: string; parameters: Record<string, unknown> }>> | undefined;

/** The seven tools as functions for the model (from GET /tools: the same schemas MCP lists). */
export async function chatTools(): Promise<Array<{ type: 'function'; function: { name: string; description: string; parameters: Record<string, unknown> } }>> {
  toolsListing ??= get<{ tools: Array<{ name: string; description: string; parameters: Record<string, unknown> }> }>('/tools').then((r) => r.tools);
  return (await toolsListing).map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
}

/** Runs one tool call through the local API; errors become a result the model can read. */
export async function runToolCall(name: string, rawArgs: string, repo: string): Promise<ToolEvent> {
  let args: Record<string, unknown>;
  try {
    args = rawArgs.trim() ? JSON.parse(rawArgs) : {};
    if (!args || typeof args !== 'object' || Array.isArray(args)) throw new Error('not an object');
  } catch {
    return { name, args: {}, ok: false, result: JSON.stringify({ error: { code: 'INVALID_JSON', message: `the arguments of ${name} are not a JSON object` } }) };
  }
  if (name !== 'list_repos' && args.repo === undefined) args = { ...args, repo };
  try {
    const out = await tool(name, args);
    return { name, args, ok: true, result: cap(JSON.stringify(out)) };
  } catch (err) {
    const e = err instanceof ApiError ? err : new ApiError('INTERNAL', String(err), 0);
    return { name, args, ok: false, result: JSON.stringify({ error: { code: e.code, message: e.message } }) };
  }
}

function cap(text: string): string {
  return text.length <= MAX_TOOL_RESULT ? text : `${text.slice(0, MAX_TOOL_RESULT)}… [cut at ${MAX_TOOL_RESULT} characters; ask for less, e.g. a smaller limit]`;
}

/** One request to the endpoint's /chat/completions. */
async function complete(settings: ChatSettings, messages: ChatMessage[], tools: unknown[], signal: AbortSignal): Promise<ChatMessage> {
  const url = checkEndpoint(settings.baseUrl);
  const endpoint = `${url.href.replace(/\/+$/, '')}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
  let res: Response;
  try {
    res = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify({ model: settings.model, messages, tools, tool_choice: 'auto' }), signal });
  } catch (err) {
    if (signal.aborted) throw new ApiError('CANCELLED', 'stopped', 0);
    throw new ApiError('NETWORK', `cannot reach the chat endpoint ${endpoint} (is it running, and does it allow this page's origin?)`, 0);
  }
  const text = await res.text();
  if (!res.ok) throw new ApiError('CHAT_ENDPOINT', `the chat endpoint answered ${res.status}: ${text.slice(0, 300)}`, res.status);
  let body: any;
  try { body = JSON.parse(text); } catch { throw new ApiError('CHAT_ENDPOINT', 'the chat endpoint did not answer JSON', res.status); }
  const message = body?.choices?.[0]?.message;
  if (!message) throw new ApiError('CHAT_ENDPOINT', 'the chat endpoint answered without choices[0].message', res.status);
  return { role: 'assistant', content: message.content ?? null, ...(Array.isArray(message.tool_calls) && message.tool_calls.length ? { tool_calls: message.tool_calls } : {}) };
}

/**
 * Sends the conversation and lets the model call tools until it answers in text (or MAX_ROUNDS pass).
 * `history` is extended in place; `onEvent` sees each assistant message and tool result as it happens.
 */
export async function converse(settings: ChatSettings, history: ChatMessage[], repo: string, signal: AbortSignal,
  onEvent: (e: { kind: 'assistant'; message: ChatMessage } | { kind: 'tool'; event: ToolEvent }) => void): Promise<void> {
  const tools = await chatTools();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const reply = await complete(settings, history, tools, signal);
    history.push(reply);
    onEvent({ kind: 'assistant', message: reply });
    if (!reply.tool_calls?.length) return;
    for (const call of reply.tool_calls) {
      if (signal.aborted) throw new ApiError('CANCELLED', 'stopped', 0);
      const event = await runToolCall(call.function.name, call.function.arguments, repo);
      history.push({ role: 'tool', tool_call_id: call.id, name: call.function.name, content: event.result });
      onEvent({ kind: 'tool', event });
    }
  }
  throw new ApiError('CHAT_ENDPOINT', `the model was still calling tools after ${MAX_ROUNDS} rounds; ask a narrower question`, 0);
}

/** The system message: which repository, and how to use the tools. */
export function systemPrompt(repo: { name: string; path: string }): ChatMessage {
  return {
    role: 'system',
    content: [
      `You answer questions about the code of the repository '${repo.name}' (${repo.path}) using codegraph's tools over its knowledge graph.`,
      'Start with query (flows and symbols for a topic), then context on a symbol uid; impact before a change; cypher for precise structural questions.',
      'rename only previews here (dry_run true); the person applies it from the rename view. Cite files and lines.',
    ].join(' '),
  };
}
