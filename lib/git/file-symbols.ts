/**
 * Symbols of one version of a file, when the index does not describe that version: the file is parsed with
 * the indexer's own extractor, so uids and line ranges agree with what a re-index would produce.
 */
import { createHash } from 'node:crypto';
import { resolveProject } from '../resolve/index.ts';
import { SYMBOL_LABELS, type GraphNode } from '../graph/schema.ts';
import { extractFile, languageOf, defaultProjectConfig } from '../lang/index.ts';

const SYMBOLS = new Set<string>(SYMBOL_LABELS);
let available: boolean | undefined;

/** True when the extractor yields symbols (false while it is a placeholder or fails to load). */
export function canParseSymbols(): boolean {
  if (available === undefined) {
    try {
      available = parseNodes('codegraph-probe.ts', 'export function codegraphProbe() {}\n')
        .some((n) => n.label === 'Function' && n.name === 'codegraphProbe');
    } catch {
      available = false;
    }
  }
  return available;
}

function parseNodes(filePath: string, text: string): GraphNode[] {
  const language = languageOf(filePath);
  if (!language) return [];
  const facts = extractFile(filePath, text, language);
  const { graph } = resolveProject([facts], defaultProjectConfig());
  return graph.nodes.filter((n) => SYMBOLS.has(n.label) && n.filePath === filePath);
}

// Agents call detect_changes again and again on a working tree that barely moves: keep recent parses.
const CACHE_SIZE = 256;
const cache = new Map<string, GraphNode[]>();

/** Code symbols of `text` as file `filePath`; undefined when the file is not code or parsing is unavailable. */
export function parseFileSymbols(filePath: string, text: string): GraphNode[] | undefined {
  if (!languageOf(filePath) || !canParseSymbols()) return undefined;
  const key = filePath + '\u0000' + createHash('sha256').update(text).digest('hex');
  const hit = cache.get(key);
  if (hit) { cache.delete(key); cache.set(key, hit); return hit; }
  let nodes: GraphNode[];
  try {
    nodes = parseNodes(filePath, text);
  } catch {
    return undefined;
  }
  cache.set(key, nodes);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return nodes;
}

/** Forgets cached parses (benchmarks measure cold calls with it). */
export function clearParseCache(): void { cache.clear(); }
