/**
 * Readable, unique module names from what members share: the folder most of them live in, else the
 * identifier word that is common inside the module and rare outside it (`users`, `scheduler`,
 * `operators-window`). Names depend only on members, never on the order modules were found in.
 */
import type { GraphNode } from '../graph/schema.ts';
import { dirOf, splitWords } from './paths.ts';
import { compareStrings } from './ties.ts';

/** Folder names that say nothing about a functional area. */
const GENERIC_FOLDERS = new Set([
  '', '.', 'src', 'lib', 'libs', 'source', 'sources', 'internal', 'app', 'dist', 'build', 'pkg', 'main', 'js',
  'ts', 'code', 'modules', 'packages', 'server', 'client',
]);

/** Identifier words too common or too vague to name an area. */
const STOP_WORDS = new Set([
  'get', 'set', 'is', 'has', 'can', 'should', 'to', 'from', 'of', 'the', 'and', 'or', 'by', 'for', 'with', 'in',
  'on', 'at', 'as', 'new', 'create', 'make', 'build', 'init', 'handle', 'handler', 'run', 'do', 'exec', 'impl',
  'default', 'index', 'main', 'util', 'utils', 'helper', 'helpers', 'fn', 'func', 'cb', 'callback', 'value',
  'values', 'type', 'types', 'interface', 'class', 'base', 'abstract', 'this', 'self', 'async', 'sync', 'test',
  'tests', 'spec', 'mock', 'find', 'update', 'delete', 'remove', 'add', 'constructor', 'args', 'arg', 'options',
  'opts', 'result', 'results', 'internal', 'lib', 'src', 'js', 'ts', 'tsx', 'jsx', 'mjs', 'cjs', 'd', 'it',
  'not', 'no', 'all', 'any', 'one', 'use', 'item', 'items', 'list', 'data', 'props', 'state', 'key', 'name',
  'id', 'ids', 'call', 'apply', 'next', 'done', 'error', 'err', 'res', 'req', 'ctx', 'param', 'params', 'like',
]);

/** Share of members a folder must hold to name the module. */
const FOLDER_SHARE = 0.6;
/** Share of members a word must appear in to name the module. */
const WORD_SHARE = 0.25;

/** Counts, over all symbols of the repository, how many carry each word (for rarity). */
export function wordFrequencies(symbols: readonly GraphNode[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const s of symbols) for (const w of symbolWords(s)) df.set(w, (df.get(w) ?? 0) + 1);
  return df;
}

/**
 * Returns one unique name per group of member symbols. `importance` ranks members (e.g. by how many
 * relations point at them): the most important one names a module that nothing else tells apart.
 */
export function nameModules(groups: readonly (readonly GraphNode[])[], df: Map<string, number>, total: number, importance: (n: GraphNode) => number = () => 0): string[] {
  const candidates = groups.map((members) => {
    const list = candidateNames(members, df, total);
    const anchor = anchorWord(members, importance);
    if (anchor && !list[list.length - 1].endsWith(anchor)) list.push(`${list[list.length - 1]}-${anchor}`);
    return list;
  });
  const pick = new Array<number>(groups.length).fill(0);
  const current = (i: number): string => candidates[i][pick[i]];
  // Colliding modules all move to their next, more specific candidate, so no module is favoured by order.
  for (let round = 0; round < 4; round++) {
    const owners = new Map<string, number[]>();
    groups.forEach((_, i) => { const k = current(i); const l = owners.get(k); if (l) l.push(i); else owners.set(k, [i]); });
    let moved = false;
    for (const list of owners.values()) {
      if (list.length < 2) continue;
      for (const i of list) if (pick[i] + 1 < candidates[i].length) { pick[i]++; moved = true; }
    }
    if (!moved) break;
  }
  // Still equal: number them, the largest module (then the smallest first member uid) keeping the plain name.
  const order = groups.map((_, i) => i).sort((x, y) =>
    groups[y].length - groups[x].length || compareStrings(groups[x][0]?.uid ?? '', groups[y][0]?.uid ?? ''));
  const taken = new Set<string>();
  const names = new Array<string>(groups.length);
  for (const i of order) {
    let name = current(i);
    for (let k = 2; taken.has(name); k++) name = `${current(i)}-${k}`;
    taken.add(name);
    names[i] = name;
  }
  return names;
}

/** Candidate names, most general first: folder, folder-word, folder-word-word (or word-led when no folder). */
export function candidateNames(members: readonly GraphNode[], df: Map<string, number>, total: number): string[] {
  const folder = dominantFolder(members);
  const words = topWords(members, df, total, folder ? [folder.label] : []);
  const out: string[] = [];
  // Lead with whichever describes clearly more members: the shared folder, or a word they share that is
  // rare elsewhere (a feature that crosses layer folders — `order` across routes/, services/, data/ — is
  // better named by the word; a word every module shares names none).
  const lead = words[0];
  const wordWins = lead !== undefined && lead.share > (folder?.share ?? 0) + 0.1 && lead.share >= 2 * ((df.get(lead.word) ?? 0) / Math.max(1, total));
  if (folder && !wordWins) {
    out.push(folder.label);
    if (words[0]) out.push(`${folder.label}-${words[0].word}`);
    if (words[1]) out.push(`${folder.label}-${words[0].word}-${words[1].word}`);
    if (folder.parent) out.push(`${folder.parent}-${out[out.length - 1]}`);
  } else if (words.length) {
    out.push(words[0].word);
    if (folder) out.push(`${words[0].word}-${folder.label}`);
    if (words[1]) out.push(`${out[out.length - 1]}-${words[1].word}`);
    const wide = widestFolder(members);
    if (wide && !folder) out.push(`${wide}-${out[out.length - 1]}`);
  } else {
    out.push(widestFolder(members) ?? fallbackWord(members));
  }
  return out;
}

interface FolderName { label: string; parent?: string; /** Share of members inside the folder. */ share: number }

/** The deepest folder holding at least FOLDER_SHARE of the members, named by its last non-generic segment. */
function dominantFolder(members: readonly GraphNode[]): FolderName | undefined {
  // Count members per file first: members share few files, so folders are walked once per file.
  const perFile = new Map<string, number>();
  for (const m of members) perFile.set(m.filePath ?? '', (perFile.get(m.filePath ?? '') ?? 0) + 1);
  const count = new Map<string, number>();
  for (const [file, c] of perFile) {
    let d = dirOf(file);
    while (d) { count.set(d, (count.get(d) ?? 0) + c); const i = d.lastIndexOf('/'); d = i < 0 ? '' : d.slice(0, i); }
  }
  let best: string | undefined;
  for (const [d, c] of count) {
    if (c < FOLDER_SHARE * members.length) continue;
    if (best === undefined || depth(d) > depth(best) || (depth(d) === depth(best) && d < best)) best = d;
  }
  if (best === undefined) return undefined;
  const segs = best.split('/').filter((s) => !GENERIC_FOLDERS.has(s.toLowerCase()));
  if (!segs.length) return undefined;
  return { label: segs[segs.length - 1], parent: segs.length > 1 ? segs[segs.length - 2] : undefined, share: count.get(best)! / members.length };
}

/** Label of the folder holding the most members (any share), or undefined when all are generic. */
function widestFolder(members: readonly GraphNode[]): string | undefined {
  const count = new Map<string, number>();
  for (const m of members) {
    const segs = dirOf(m.filePath).split('/').filter((s) => !GENERIC_FOLDERS.has(s.toLowerCase()));
    const label = segs[segs.length - 1];
    if (label) count.set(label, (count.get(label) ?? 0) + 1);
  }
  let best: string | undefined, bestC = 0;
  for (const [l, c] of count) if (c > bestC || (c === bestC && best !== undefined && l < best)) { best = l; bestC = c; }
  return best;
}

/**
 * Words shared by at least WORD_SHARE of the members (and by two of them), ranked by share × rarity in the
 * repository, skipping stop words and words that repeat an excluded label (`user` beside folder `users`).
 */
function topWords(members: readonly GraphNode[], df: Map<string, number>, total: number, exclude: string[]): { word: string; share: number }[] {
  const local = new Map<string, number>();
  for (const m of members) for (const w of symbolWords(m)) local.set(w, (local.get(w) ?? 0) + 1);
  const excluded = exclude.map((e) => stem(e.toLowerCase()));
  const minCount = Math.max(members.length > 1 ? 2 : 1, Math.ceil(WORD_SHARE * members.length));
  const scored: [string, number, number][] = [];
  for (const [w, c] of local) {
    if (c < minCount || excluded.includes(stem(w))) continue;
    const rarity = Math.log(1 + total / (df.get(w) ?? 1));
    scored.push([w, (c / members.length) * rarity, c / members.length]);
  }
  scored.sort((x, y) => y[1] - x[1] || compareStrings(x[0], y[0]));
  const out: { word: string; share: number }[] = [];
  for (const [w, , share] of scored) {
    if (out.some((o) => stem(o.word) === stem(w))) continue;
    out.push({ word: w, share });
    if (out.length === 2) break;
  }
  return out;
}

/** The module's most important member (ties by uid), as kebab-case words; members stand for their class. */
function anchorWord(members: readonly GraphNode[], importance: (n: GraphNode) => number): string | undefined {
  let best: GraphNode | undefined, bestScore = -1;
  for (const m of members) {
    // Types are mentioned everywhere; a function or class says more about what the module does.
    const score = importance(m) * (m.label === 'Interface' || m.label === 'TypeAlias' ? 0.5 : 1);
    if (score > bestScore || (score === bestScore && best !== undefined && m.uid < best.uid)) { best = m; bestScore = score; }
  }
  if (!best) return undefined;
  const owner = (best.label === 'Method' || best.label === 'Property') && best.qualifiedName ? best.qualifiedName.split('.')[0] : best.name;
  const words = splitWords(owner);
  return words.length ? words.join('-') : undefined;
}

/** Last resort: the first word of the member with the smallest uid, or `module`. */
function fallbackWord(members: readonly GraphNode[]): string {
  for (const m of [...members].sort((x, y) => compareStrings(x.uid, y.uid))) {
    const w = splitWords(m.name).find((x) => x.length > 1);
    if (w) return w;
  }
  return 'module';
}

/** Words per symbol, computed once per naming pass (the same symbols are read for rarity and for names). */
const wordCache = new WeakMap<GraphNode, Set<string>>();

/** Distinct meaningful words of a symbol: its name, its class (for members) and its file's base name. */
function symbolWords(s: GraphNode): Set<string> {
  const cached = wordCache.get(s);
  if (cached) return cached;
  const out = new Set<string>();
  wordCache.set(s, out);
  const sources = [s.qualifiedName ?? s.name, baseName(s.filePath)];
  for (const src of sources) for (const w of splitWords(src)) if (w.length >= 3 && !STOP_WORDS.has(w) && !/^\d+$/.test(w)) out.add(w);
  return out;
}

function baseName(filePath: string | undefined): string {
  if (!filePath) return '';
  const b = filePath.slice(filePath.lastIndexOf('/') + 1);
  const dot = b.indexOf('.');
  return dot < 0 ? b : b.slice(0, dot);
}

function stem(w: string): string {
  return w.toLowerCase().replace(/ies$/, 'y').replace(/s$/, '');
}

function depth(d: string): number {
  let k = 1;
  for (const ch of d) if (ch === '/') k++;
  return k;
}
