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

/** Share of the units (by weight) a folder must hold to name the module. */
const FOLDER_SHARE = 0.6;
/** Share of the units (by weight) a word must appear in to name the module. */
const WORD_SHARE = 0.25;

/**
 * A naming unit: a top-level symbol with its members (a class and its methods, an interface and its
 * properties, a function and the functions nested in it). Words and folders are counted per unit, so a type
 * with five properties weighs like one type, not six symbols — `OrderLine` cannot name the order module.
 */
interface Unit { words: Set<string>; filePath: string; weight: number }

/** Type-only units (interfaces, type aliases) say less about what an area does: they count half. */
const TYPE_WEIGHT = 0.5;

/**
 * Groups members into units (same file, same first segment of the qualified name). A unit's words are those
 * of its own name and its file (a method's name says what it does, not what the area is); its weight grows
 * with the square root of its member count, so a class with many methods weighs more than a lone function
 * without drowning the rest, and a type-only unit counts half.
 */
function unitsOf(members: readonly GraphNode[], words?: WordCache): Unit[] {
  // Keyed by file, then by the qualified name's first segment: no key string built per member.
  const byFile = new Map<string, Map<string, { rootName: string; filePath: string; root?: GraphNode; first: GraphNode; count: number }>>();
  const list: { rootName: string; filePath: string; root?: GraphNode; first: GraphNode; count: number }[] = [];
  for (const m of members) {
    const q = m.qualifiedName ?? m.name;
    const dot = q.indexOf('.');
    const rootName = dot < 0 ? q : q.slice(0, dot);
    const filePath = m.filePath ?? '';
    let inFile = byFile.get(filePath);
    if (!inFile) byFile.set(filePath, (inFile = new Map()));
    let u = inFile.get(rootName);
    if (!u) { inFile.set(rootName, (u = { rootName, filePath, first: m, count: 0 })); list.push(u); }
    if (dot < 0) u.root = m;
    u.count++;
  }
  return list.map((u) => {
    const label = (u.root ?? u.first).label;
    const weight = Math.sqrt(u.count) * (label === 'Interface' || label === 'TypeAlias' ? TYPE_WEIGHT : 1);
    // A unit's words depend on its name and file only: computed once per repository when a cache is given.
    let w: Set<string> | undefined;
    if (words) {
      const key = `${u.filePath}\u0000${u.rootName}`;
      w = words.units.get(key);
      if (!w) words.units.set(key, (w = wordsOf(u.rootName, u.filePath, words.files)));
    } else {
      w = wordsOf(u.rootName, u.filePath);
    }
    return { words: w, filePath: u.filePath, weight };
  });
}

/**
 * Word rarity over the whole repository: how many units carry each word, and the number of units; `words`
 * keeps each unit's words (by file and name) so that naming each module does not split the same names again.
 */
export interface WordFrequencies { df: Map<string, number>; total: number; words?: WordCache }

/** Words of each unit (by file and name) and of each file's base name, split once per repository. */
interface WordCache { units: Map<string, Set<string>>; files: Map<string, string[]> }

/** Counts, over all symbols of the repository (grouped into units), how many units carry each word. */
export function wordFrequencies(symbols: readonly GraphNode[]): WordFrequencies {
  const df = new Map<string, number>();
  const words: WordCache = { units: new Map(), files: new Map() };
  const units = unitsOf(symbols, words);
  for (const u of units) for (const w of u.words) df.set(w, (df.get(w) ?? 0) + 1);
  return { df, total: units.length, words };
}

/**
 * Returns one unique name per group of member symbols. `importance` ranks members (e.g. by how many
 * relations point at them): the most important one names a module that nothing else tells apart.
 */
export function nameModules(groups: readonly (readonly GraphNode[])[], freq: WordFrequencies, importance: (n: GraphNode) => number = () => 0): string[] {
  const candidates = groups.map((members) => {
    const { names: list, folder } = describe(members, freq);
    if (!list.length) { list.push(anchorWord(members, importance, '') ?? fallbackWord(members)); return list; }
    const last = list[list.length - 1];
    const anchor = anchorWord(members, importance, last, folder);
    if (anchor) list.push(`${last}-${anchor}`);
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
export function candidateNames(members: readonly GraphNode[], freq: WordFrequencies): string[] {
  return describe(members, freq).names;
}

/** Candidate names, and the folder that leads them (where the anchor is looked for). */
function describe(members: readonly GraphNode[], freq: WordFrequencies): { names: string[]; folder?: string } {
  const units = unitsOf(members, freq.words);
  const folder = dominantFolder(units);
  const words = topWords(units, freq, folder ? [folder.label] : []);
  const out: string[] = [];
  // A candidate never repeats a word (`observable-observable`) nor the candidate before it.
  const push = (name: string): void => {
    const seen = new Set<string>();
    // `feature24-feature` repeats too: a trailing number does not make a new word.
    const parts = name.split('-').filter((p) => { const k = stem(p.replace(/\d+$/, '')) || p; if (seen.has(k)) return false; seen.add(k); return true; });
    const clean = parts.join('-');
    if (clean && !out.includes(clean)) out.push(clean);
  };
  // Lead with whichever describes clearly more of the module: the shared folder, or a word its units share
  // that is rare elsewhere (a feature that crosses layer folders — `order` across routes/, services/, data/ —
  // is better named by the word; a word every module shares names none). A folder that holds most of the
  // module is what a person calls it (`auth/`, not the `controller` its classes are named after).
  const lead = words[0];
  const wordWins = lead !== undefined && (!folder || (folder.share < 0.75 && lead.share > folder.share + 0.1))
    && lead.share >= 2 * ((freq.df.get(lead.word) ?? 0) / Math.max(1, freq.total));
  if (folder && !wordWins) {
    push(folder.label);
    if (words[0]) push(`${folder.label}-${words[0].word}`);
    if (words[1]) push(`${folder.label}-${words[0].word}-${words[1].word}`);
    if (folder.parent) push(`${folder.parent}-${out[out.length - 1]}`);
  } else if (words.length) {
    push(words[0].word);
    if (folder) push(`${words[0].word}-${folder.label}`);
    if (words[1]) push(`${out[out.length - 1]}-${words[1].word}`);
    const wide = widestFolder(units);
    if (wide && !folder) push(`${wide.label}-${out[out.length - 1]}`);
  } else {
    // Nothing shared: a folder holding a fair part of the module, else (empty list) the caller's anchor.
    const wide = widestFolder(units);
    if (wide && wide.share >= 0.4) push(wide.label);
    if (wide && wide.share >= 0.4) return { names: out, folder: wide.path };
  }
  return { names: out, ...(folder && !wordWins ? { folder: folder.path } : {}) };
}

interface FolderName { path: string; label: string; parent?: string; /** Weighted share of the units inside the folder. */ share: number }

/** The deepest folder holding at least FOLDER_SHARE of the units (by weight), named by its last non-generic segment. */
function dominantFolder(units: readonly Unit[]): FolderName | undefined {
  // Weight per file first: units share few files, so folders are walked once per file.
  const perFile = new Map<string, number>();
  let total = 0;
  for (const u of units) { perFile.set(u.filePath, (perFile.get(u.filePath) ?? 0) + u.weight); total += u.weight; }
  const count = new Map<string, number>();
  for (const [file, c] of perFile) {
    let d = dirOf(file);
    while (d) { count.set(d, (count.get(d) ?? 0) + c); const i = d.lastIndexOf('/'); d = i < 0 ? '' : d.slice(0, i); }
  }
  let best: string | undefined;
  for (const [d, c] of count) {
    if (c < FOLDER_SHARE * total) continue;
    if (best === undefined || depth(d) > depth(best) || (depth(d) === depth(best) && d < best)) best = d;
  }
  if (best === undefined) return undefined;
  // A parent folder that holds (nearly) the whole module names it better than a subfolder holding a
  // part (`shared/` for `shared/utils/*` plus `shared/logger.ts`), unless the parent is a generic one.
  while (count.get(best)! < 0.8 * total && best.includes('/')) {
    const up = dirOf(best);
    if (count.get(up)! < 0.95 * total || GENERIC_FOLDERS.has(up.slice(up.lastIndexOf('/') + 1).toLowerCase())) break;
    best = up;
  }
  const segs = best.split('/').filter((x) => !GENERIC_FOLDERS.has(x.toLowerCase()));
  if (!segs.length) return undefined;
  return { path: best, label: segs[segs.length - 1], parent: segs.length > 1 ? segs[segs.length - 2] : undefined, share: count.get(best)! / total };
}

/** Label and share of the folder holding the most unit weight, or undefined when all are generic. */
function widestFolder(units: readonly Unit[]): { path: string; label: string; share: number } | undefined {
  const count = new Map<string, number>();
  const paths = new Map<string, string>();
  let total = 0;
  for (const u of units) {
    total += u.weight;
    const segs = dirOf(u.filePath).split('/').filter((x) => !GENERIC_FOLDERS.has(x.toLowerCase()));
    const label = segs[segs.length - 1];
    if (!label) continue;
    count.set(label, (count.get(label) ?? 0) + u.weight);
    const d = dirOf(u.filePath);
    if (!paths.has(label) || d < paths.get(label)!) paths.set(label, d);
  }
  let best: string | undefined, bestC = 0;
  for (const [l, c] of count) if (c > bestC || (c === bestC && best !== undefined && l < best)) { best = l; bestC = c; }
  return best === undefined ? undefined : { path: paths.get(best)!, label: best, share: bestC / total };
}

/**
 * Words carried by at least WORD_SHARE of the units' weight (and by two units), ranked by share × rarity in
 * the repository, skipping stop words and words that repeat an excluded label (`user` beside folder `users`).
 */
function topWords(units: readonly Unit[], freq: WordFrequencies, exclude: string[]): { word: string; share: number }[] {
  const local = new Map<string, [number, number]>(); // word → [weight, units]
  let total = 0;
  for (const u of units) {
    total += u.weight;
    for (const w of u.words) { const e = local.get(w); if (e) { e[0] += u.weight; e[1]++; } else local.set(w, [u.weight, 1]); }
  }
  const excluded = exclude.map((e) => stem(e.toLowerCase()));
  const minUnits = units.length > 1 ? 2 : 1;
  const scored: [string, number, number][] = [];
  for (const [w, [weight, n]] of local) {
    const share = weight / total;
    if (n < minUnits || share < WORD_SHARE || excluded.includes(stem(w))) continue;
    const rarity = Math.log(1 + freq.total / (freq.df.get(w) ?? 1));
    scored.push([w, share * rarity, share]);
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

/** Members looked at for an anchor, best ranked first. */
const ANCHOR_CANDIDATES = 8;

/** Words an anchor drops: verbs that start factory names, and words that say nothing about an area. */
const ANCHOR_SKIP = new Set(['create', 'make', 'get', 'build', 'new', 'internal', 'internals', 'impl', 'base', 'abstract', 'default']);

/**
 * The module's most important member (by `importance`, ties by uid) as kebab-case words, members standing for
 * their owner, without the words the name already says (`operators` + `createOperatorSubscriber` →
 * `subscriber`). Members of the module's own folder come first (an `operators-*` module is not named after
 * a util every operator calls), then functions and classes before types (types are mentioned everywhere).
 */
function anchorWord(members: readonly GraphNode[], importance: (n: GraphNode) => number, name: string, folder?: string): string | undefined {
  const said = new Set(name.split('-').map(stem));
  const prefix = folder === undefined ? '' : `${folder}/`;
  const inFolder = (m: GraphNode): number => (folder === undefined || (m.filePath ?? '').startsWith(prefix) ? 1 : 0);
  const isCode = (m: GraphNode): number => (m.label !== 'Interface' && m.label !== 'TypeAlias' ? 1 : 0);
  // The first few candidates only: a name is wanted, not a sort of every member. Kept in rank order by
  // insertion into a short list (one pass over the members).
  type Ranked = { m: GraphNode; f: number; c: number; s: number };
  const before = (x: Ranked, y: Ranked): boolean => (x.f - y.f || x.c - y.c || x.s - y.s || compareStrings(y.m.uid, x.m.uid)) > 0;
  const ranked: Ranked[] = [];
  for (const m of members) {
    const r = { m, f: inFolder(m), c: isCode(m), s: importance(m) };
    if (ranked.length === ANCHOR_CANDIDATES && !before(r, ranked[ANCHOR_CANDIDATES - 1])) continue;
    let at = ranked.length < ANCHOR_CANDIDATES ? ranked.length : ANCHOR_CANDIDATES - 1;
    while (at > 0 && before(r, ranked[at - 1])) { ranked[at] = ranked[at - 1]; at--; }
    ranked[at] = r;
  }
  for (const { m } of ranked) {
    // A method, property or nested function stands for the top-level symbol it belongs to.
    const owner = (m.qualifiedName ?? m.name).split('.')[0];
    const words = splitWords(owner).filter((w) => w.length > 1 && !/^\d+$/.test(w) && !ANCHOR_SKIP.has(w) && !said.has(stem(w)));
    if (words.length) return words.slice(0, 3).join('-');
  }
  return undefined;
}

/** Last resort: the first word of the member with the smallest uid, or `module`. */
function fallbackWord(members: readonly GraphNode[]): string {
  for (const m of [...members].sort((x, y) => compareStrings(x.uid, y.uid))) {
    const w = splitWords(m.name).find((x) => x.length > 1);
    if (w) return w;
  }
  return 'module';
}

/** Distinct meaningful words of a unit: its name's and its file's base name's. */
function wordsOf(name: string, filePath: string, fileWords?: Map<string, string[]>): Set<string> {
  const out = new Set<string>();
  for (const w of splitWords(name)) if (meaningful(w)) out.add(w);
  // Units share files: a file's words are split once when a cache is given.
  let fw = fileWords?.get(filePath);
  if (!fw) {
    fw = splitWords(baseName(filePath)).filter(meaningful);
    fileWords?.set(filePath, fw);
  }
  for (const w of fw) out.add(w);
  return out;
}

/** A word long enough, not a stop word, not a number (splitWords keeps digit runs as words of their own). */
function meaningful(w: string): boolean {
  const c = w.charCodeAt(0);
  return w.length >= 3 && !STOP_WORDS.has(w) && !(c >= 48 && c <= 57);
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
