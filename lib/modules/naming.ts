/**
 * Readable, unique module names from what members share: the folder most of them live in, else the
 * identifier word that is common inside the module and rare outside it (`users`, `scheduler`,
 * `operators-window`). Names depend only on members, never on the order modules were found in.
 */
import type { GraphNode } from '../graph/schema.ts';
import { dirOf, isTestPath, splitWords } from '../util/paths.ts';
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
/** Share of the units (by weight) the widest non-generic folder must hold to name a module no folder leads. */
const WIDE_SHARE = 0.4;
/** Share of the units (by weight) a word must appear in to name the module. */
const WORD_SHARE = 0.25;

/** Type-only units (interfaces, type aliases) say less about what an area does: they count half. */
const TYPE_WEIGHT = 0.5;
/**
 * Units of test files name a module only when it holds little else: a module of `starlette/endpoints.py` and the
 * tests that exercise it is the endpoints' area, not `tests-websockets`. All-test modules keep their test names
 * (every unit scaled alike leaves the shares unchanged).
 */
const TEST_WEIGHT = 0.1;

/**
 * Word rarity over the whole repository (how many naming units carry each word, and the number of units),
 * with everything naming needs of each symbol worked out once, as numbers. A naming unit is a top-level
 * symbol with its members (a class and its methods, an interface and its properties, a function and the
 * functions nested in it): same file, same first segment of the qualified name. Words and folders are
 * counted per unit, so a type with five properties weighs like one type, not six symbols — `OrderLine`
 * cannot name the order module. A unit's words are those of its own name and its file (a method's name says
 * what it does, not what the area is).
 *
 * Symbols, units, words, files, folders and folder labels are numbered here, so that describing a module
 * sums into typed arrays indexed by those numbers: no key string and no map per module. This runs cold in
 * every analyze, where key strings (built, flattened, hashed) and per-module maps were most of naming's time.
 */
export class WordFrequencies {
  /** Units among the symbols counted. */
  readonly total: number;
  /** The symbols counted, in the order given. */
  readonly symbols: readonly GraphNode[];
  /** Each symbol's unit × 2, plus 1 when the symbol is its unit's root (no dot in its qualified name). */
  readonly keys: Int32Array;

  /** Units carrying each word, among the units counted (0 for a word first met later, in candidateNames). */
  private readonly df: number[] = [];
  private readonly wordIds = new Map<string, number>();
  private readonly wordText: string[] = [];
  private readonly stems: (string | undefined)[] = [];

  private readonly fileIds = new Map<string, number>();
  /** Per file: its path, its base name's words, its units by root name, its folder, its widest-folder label. */
  private readonly filePath: string[] = [];
  private readonly fileWords: number[][] = [];
  private readonly fileUnits: Map<string, number>[] = [];
  private readonly fileFolder: number[] = [];
  private readonly fileDirText: string[] = [];
  private readonly fileLabel: number[] = [];
  /** Per file: 1 for a test file (the language's own test-file rules), else 0. */
  private readonly fileTest: number[] = [];

  /** Per unit: its file and its distinct words. */
  private readonly unitFile: number[] = [];
  private readonly unitWords: number[][] = [];

  /** Per folder (every non-root folder above a file): path, parent (−1: the root), depth (segments). */
  private readonly folderIds = new Map<string, number>();
  private readonly folderPath: string[] = [];
  private readonly folderParent: number[] = [];
  private readonly folderDepth: number[] = [];

  /** Last non-generic segments of the files' folders (widestFolder's labels). */
  private readonly labelIds = new Map<string, number>();
  private readonly labelText: string[] = [];

  // Scratch for describing one module, indexed by the numbers above, zeroed again after each use.
  private slot = new Int32Array(0);
  private uKey = new Int32Array(0);
  private uCount = new Int32Array(0);
  private uFirst = new Int32Array(0);
  private uRoot = new Int32Array(0);
  private uWeight = new Float64Array(0);
  private uTotal = 0;
  private fileAcc = new Float64Array(0);
  private folderAcc = new Float64Array(0);
  private wordAcc = new Float64Array(0);
  private wordCount = new Int32Array(0);
  private labelAcc = new Float64Array(0);
  private fileMark = new Int8Array(0);
  private readonly touched: number[] = [];
  private readonly touched2: number[] = [];

  /** Counts, over `symbols` (grouped into units), how many units carry each word. */
  constructor(symbols: readonly GraphNode[]) {
    this.symbols = symbols;
    this.keys = this.keysOf(symbols);
    this.total = this.unitFile.length;
    const df = this.df;
    // Indexed loops over the per-unit word lists, here and below: without TurboFan a for…of makes an iterator
    // per list and a call and a result object per step.
    for (let u = 0; u < this.total; u++) { const words = this.unitWords[u]; for (let x = 0; x < words.length; x++) df[words[x]]++; }
  }

  /** Unit codes (unit × 2, + 1 for a root) of `members`, numbering units, files and words met for the first time. */
  keysOf(members: readonly GraphNode[]): Int32Array {
    const keys = new Int32Array(members.length);
    // Members of a unit usually come together (a class, then its methods): the previous unit is tried first,
    // compared in place, without slicing the root name out of the qualified name.
    let prevPath: string | undefined, prevRoot = '', prevKey = -1;
    for (let i = 0; i < members.length; i++) {
      const m = members[i];
      const q = m.qualifiedName ?? m.name;
      const dot = q.indexOf('.');
      const rootLength = dot < 0 ? q.length : dot;
      const path = m.filePath ?? '';
      let key: number;
      if (prevKey >= 0 && rootLength === prevRoot.length && path === prevPath && q.startsWith(prevRoot)) {
        key = prevKey;
      } else {
        prevRoot = dot < 0 ? q : q.slice(0, dot);
        prevPath = path;
        key = prevKey = this.unitOf(path, prevRoot);
      }
      keys[i] = 2 * key + (dot < 0 ? 1 : 0);
    }
    return keys;
  }

  /** Number of the unit named `rootName` in the file at `path`, with its words the first time. */
  private unitOf(path: string, rootName: string): number {
    const file = this.fileOf(path);
    const units = this.fileUnits[file];
    let key = units.get(rootName);
    if (key === undefined) {
      key = this.unitFile.length;
      units.set(rootName, key);
      this.unitFile.push(file);
      this.unitWords.push(this.wordsOf(rootName, file));
    }
    return key;
  }

  /** Number of the file at `path`, with its words and folders worked out the first time. */
  private fileOf(path: string): number {
    let f = this.fileIds.get(path);
    if (f !== undefined) return f;
    f = this.filePath.length;
    this.fileIds.set(path, f);
    this.filePath.push(path);
    const words: number[] = [];
    for (const w of splitWords(baseName(path))) if (meaningful(w)) words.push(this.wordOf(w));
    this.fileWords.push(words);
    this.fileUnits.push(new Map());
    const dir = dirOf(path);
    this.fileFolder.push(this.folderOf(dir));
    this.fileDirText.push(dir);
    const segs = dir.split('/').filter((x) => !GENERIC_FOLDERS.has(x.toLowerCase()));
    const label = segs[segs.length - 1];
    this.fileLabel.push(label ? this.labelOf(label) : -1);
    this.fileTest.push(isTestPath(path) ? 1 : 0);
    return f;
  }

  /** Number of a folder (−1 for the root ''), its parents numbered first. */
  private folderOf(dir: string): number {
    if (!dir) return -1;
    let d = this.folderIds.get(dir);
    if (d !== undefined) return d;
    const parent = this.folderOf(dirOf(dir));
    d = this.folderPath.length;
    this.folderIds.set(dir, d);
    this.folderPath.push(dir);
    this.folderParent.push(parent);
    this.folderDepth.push(depth(dir));
    return d;
  }

  private labelOf(label: string): number {
    let l = this.labelIds.get(label);
    if (l === undefined) { l = this.labelText.length; this.labelIds.set(label, l); this.labelText.push(label); }
    return l;
  }

  private wordOf(word: string): number {
    let w = this.wordIds.get(word);
    if (w === undefined) { w = this.wordText.length; this.wordIds.set(word, w); this.wordText.push(word); this.df.push(0); this.stems.push(undefined); }
    return w;
  }

  /** Distinct meaningful words of a unit: its name's, then its file's base name's. */
  private wordsOf(name: string, file: number): number[] {
    const out: number[] = [];
    const words = splitWords(name);
    for (let x = 0; x < words.length; x++) if (meaningful(words[x])) { const id = this.wordOf(words[x]); if (!out.includes(id)) out.push(id); }
    const fileWords = this.fileWords[file];
    for (let x = 0; x < fileWords.length; x++) if (!out.includes(fileWords[x])) out.push(fileWords[x]);
    return out;
  }

  private stemOf(w: number): string {
    return (this.stems[w] ??= stem(this.wordText[w]));
  }

  /** Scratch arrays at least as long as the numbers handed out so far, and `members` units. */
  private grow(members: number): void {
    const units = this.unitFile.length;
    if (this.slot.length < units) { this.slot = new Int32Array(units + (units >> 1)).fill(-1); }
    if (this.uKey.length < members) {
      const n = members + (members >> 1);
      this.uKey = new Int32Array(n); this.uCount = new Int32Array(n); this.uFirst = new Int32Array(n);
      this.uRoot = new Int32Array(n); this.uWeight = new Float64Array(n);
    }
    const files = this.filePath.length, folders = this.folderPath.length, words = this.wordText.length, labels = this.labelText.length;
    if (this.fileAcc.length < files) { this.fileAcc = new Float64Array(files + (files >> 1)); this.fileMark = new Int8Array(files + (files >> 1)); }
    if (this.folderAcc.length < folders) this.folderAcc = new Float64Array(folders + (folders >> 1));
    if (this.wordAcc.length < words) { this.wordAcc = new Float64Array(words + (words >> 1)); this.wordCount = new Int32Array(words + (words >> 1)); }
    if (this.labelAcc.length < labels) this.labelAcc = new Float64Array(labels + (labels >> 1));
  }

  /**
   * Groups members `from..to` of `nodes` (unit codes in `keys`) into units, in order of their first member;
   * returns how many. A unit's weight grows with the square root of its member count, so a class with many
   * methods weighs more than a lone function without drowning the rest, a type-only unit counts half and a test
   * file's unit a tenth.
   */
  private units(nodes: readonly GraphNode[], keys: Int32Array, from: number, to: number): number {
    this.grow(to - from);
    const { slot, uKey, uCount, uFirst, uRoot, uWeight } = this;
    let n = 0;
    for (let i = from; i < to; i++) {
      const code = keys[i], key = code >> 1;
      let at = slot[key];
      if (at < 0) { at = slot[key] = n++; uKey[at] = key; uCount[at] = 0; uFirst[at] = i; uRoot[at] = -1; }
      if (code & 1) uRoot[at] = i; // the last root wins, as the map of units kept it
      uCount[at]++;
    }
    let total = 0;
    for (let x = 0; x < n; x++) {
      slot[uKey[x]] = -1;
      const label = nodes[uRoot[x] >= 0 ? uRoot[x] : uFirst[x]].label;
      uWeight[x] = Math.sqrt(uCount[x]) * (label === 'Interface' || label === 'TypeAlias' ? TYPE_WEIGHT : 1)
        * (this.fileTest[this.unitFile[uKey[x]]] ? TEST_WEIGHT : 1);
      total += uWeight[x];
    }
    this.uTotal = total;
    return n;
  }

  /** Candidate names, and the folder that leads them (where the anchor is looked for). */
  describe(nodes: readonly GraphNode[], keys: Int32Array, from: number, to: number): { names: string[]; folder?: string } {
    const n = this.units(nodes, keys, from, to);
    const folder = this.dominantFolder(n);
    const words = this.topWords(n, folder ? folder.label : undefined);
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
      && lead.share >= 2 * (this.df[lead.id] / Math.max(1, this.total));
    if (folder && !wordWins) {
      push(folder.label);
      if (words[0]) push(`${folder.label}-${words[0].word}`);
      if (words[1]) push(`${folder.label}-${words[0].word}-${words[1].word}`);
      if (folder.parent) push(`${folder.parent}-${out[out.length - 1]}`);
    } else if (words.length) {
      push(words[0].word);
      if (folder) push(`${words[0].word}-${folder.label}`);
      if (words[1]) push(`${out[out.length - 1]}-${words[1].word}`);
      const wide = this.widestFolder(n);
      // Only a folder holding a fair part of the module qualifies it: a few files of a vendored library beside a
      // module of flat `src/` files would otherwise name it (`jemalloc-server` for redis's server core).
      if (wide && !folder && wide.share >= WIDE_SHARE) push(`${wide.label}-${out[out.length - 1]}`);
    } else {
      // Nothing shared: a folder holding a fair part of the module, else (empty list) the caller's anchor.
      const wide = this.widestFolder(n);
      if (wide && wide.share >= WIDE_SHARE) push(wide.label);
      if (wide && wide.share >= WIDE_SHARE) return { names: out, folder: wide.path };
    }
    return { names: out, ...(folder && !wordWins ? { folder: folder.path } : {}) };
  }

  /** The deepest folder holding at least FOLDER_SHARE of the units (by weight), named by its last non-generic segment. */
  private dominantFolder(n: number): FolderName | undefined {
    const { uKey, uWeight, unitFile, fileAcc, folderAcc, fileFolder, folderParent, folderDepth, folderPath } = this;
    const total = this.uTotal;
    // Weight per file first (in order of first unit): units share few files, so folders are walked once per file.
    const files = this.touched, folders = this.touched2;
    files.length = 0; folders.length = 0;
    for (let x = 0; x < n; x++) {
      const f = unitFile[uKey[x]];
      if (fileAcc[f] === 0) files.push(f);
      fileAcc[f] += uWeight[x];
    }
    for (const f of files) {
      const c = fileAcc[f];
      fileAcc[f] = 0;
      for (let d = fileFolder[f]; d >= 0; d = folderParent[d]) { if (folderAcc[d] === 0) folders.push(d); folderAcc[d] += c; }
    }
    let best = -1;
    for (const d of folders) {
      if (folderAcc[d] < FOLDER_SHARE * total) continue;
      if (best < 0 || folderDepth[d] > folderDepth[best] || (folderDepth[d] === folderDepth[best] && folderPath[d] < folderPath[best])) best = d;
    }
    let out: FolderName | undefined;
    if (best >= 0) {
      // A parent folder that holds (nearly) the whole module names it better than a subfolder holding a
      // part (`shared/` for `shared/utils/*` plus `shared/logger.ts`), unless the parent is a generic one.
      while (folderAcc[best] < 0.8 * total && folderParent[best] >= 0) {
        const up = folderParent[best], path = folderPath[up];
        if (folderAcc[up] < 0.95 * total || GENERIC_FOLDERS.has(path.slice(path.lastIndexOf('/') + 1).toLowerCase())) break;
        best = up;
      }
      const segs = folderPath[best].split('/').filter((x) => !GENERIC_FOLDERS.has(x.toLowerCase()));
      if (segs.length) out = { path: folderPath[best], label: segs[segs.length - 1], parent: segs.length > 1 ? segs[segs.length - 2] : undefined, share: folderAcc[best] / total };
    }
    for (const d of folders) folderAcc[d] = 0;
    return out;
  }

  /** Label and share of the folder holding the most unit weight, or undefined when all are generic. */
  private widestFolder(n: number): { path: string; label: string; share: number } | undefined {
    const { uKey, uWeight, unitFile, fileLabel, fileDirText, labelAcc, labelText } = this;
    const labels = this.touched, paths = new Map<number, string>();
    labels.length = 0;
    for (let x = 0; x < n; x++) {
      const f = unitFile[uKey[x]], l = fileLabel[f];
      if (l < 0) continue;
      if (labelAcc[l] === 0) labels.push(l);
      labelAcc[l] += uWeight[x];
      const d = fileDirText[f], had = paths.get(l);
      if (had === undefined || d < had) paths.set(l, d);
    }
    let best = -1, bestC = 0;
    for (const l of labels) {
      const c = labelAcc[l];
      labelAcc[l] = 0;
      if (c > bestC || (c === bestC && best >= 0 && labelText[l] < labelText[best])) { best = l; bestC = c; }
    }
    return best < 0 ? undefined : { path: paths.get(best)!, label: labelText[best], share: bestC / this.uTotal };
  }

  /**
   * Words carried by at least WORD_SHARE of the units' weight (and by two units), ranked by share × rarity in
   * the repository, skipping stop words and words that repeat an excluded label (`user` beside folder `users`).
   */
  private topWords(n: number, exclude: string | undefined): { word: string; id: number; share: number }[] {
    const { uKey, uWeight, unitWords, wordAcc, wordCount } = this;
    const total = this.uTotal;
    const seen = this.touched;
    seen.length = 0;
    for (let x = 0; x < n; x++) {
      const weight = uWeight[x];
      const words = unitWords[uKey[x]];
      for (let y = 0; y < words.length; y++) { const w = words[y]; if (wordCount[w] === 0) seen.push(w); wordAcc[w] += weight; wordCount[w]++; }
    }
    const excluded = exclude === undefined ? undefined : stem(exclude.toLowerCase());
    const minUnits = n > 1 ? 2 : 1;
    const scored: [number, number, number][] = [];
    for (const w of seen) {
      const share = wordAcc[w] / total, units = wordCount[w];
      wordAcc[w] = 0; wordCount[w] = 0;
      if (units < minUnits || share < WORD_SHARE || (excluded !== undefined && excluded === this.stemOf(w))) continue;
      const rarity = Math.log(1 + this.total / (this.df[w] || 1));
      scored.push([w, share * rarity, share]);
    }
    const text = this.wordText;
    scored.sort((x, y) => y[1] - x[1] || compareStrings(text[x[0]], text[y[0]]));
    const out: { word: string; id: number; share: number }[] = [];
    for (const [w, , share] of scored) {
      if (out.some((o) => this.stemOf(o.id) === this.stemOf(w))) continue;
      out.push({ word: text[w], id: w, share });
      if (out.length === 2) break;
    }
    return out;
  }

  /**
   * The module's most important member (by `importance`, ties by uid) as kebab-case words, members standing for
   * their owner, without the words the name already says (`operators` + `createOperatorSubscriber` →
   * `subscriber`). Members of the module's own folder come first (an `operators-*` module is not named after
   * a util every operator calls), then members outside test files, then code before types and constants (those are
   * mentioned everywhere).
   */
  anchorWord(from: number, to: number, importance: ArrayLike<number>, name: string, folder?: string): string | undefined {
    const said = new Set(name.split('-').map(stem));
    for (const i of this.rank(from, to, importance, folder)) {
      const m = this.symbols[i];
      // A method, property or nested function stands for the top-level symbol it belongs to.
      const owner = (m.qualifiedName ?? m.name).split('.')[0];
      const words = splitWords(owner).filter((w) => w.length > 1 && !/^\d+$/.test(w) && !ANCHOR_SKIP.has(w) && !said.has(stem(w)));
      if (words.length) return words.slice(0, 3).join('-');
    }
    return undefined;
  }

  /** The ANCHOR_CANDIDATES best ranked members of `from..to` for anchorWord, best first. */
  private rank(from: number, to: number, importance: ArrayLike<number>, folder: string | undefined): number[] {
    // Apart from anchorWord's wording: this loop runs per member and is compiled without it.
    const nodes = this.symbols, keys = this.keys, unitFile = this.unitFile, fileTest = this.fileTest;
    this.grow(0);
    const mark = this.fileMark;
    const prefix = folder === undefined ? '' : `${folder}/`;
    // The first few candidates only: a name is wanted, not a sort of every member. Kept in rank order by
    // insertion into a short list (one pass over the members); whether a file is in the folder is asked once.
    const marked = this.touched;
    marked.length = 0;
    const rm: number[] = [], rf: number[] = [], rc: number[] = [], rs: number[] = [];
    for (let i = from; i < to; i++) {
      const m = nodes[i];
      const file = unitFile[keys[i] >> 1];
      let f = 1;
      if (folder !== undefined) {
        if (mark[file] === 0) { mark[file] = (m.filePath ?? '').startsWith(prefix) ? 1 : 2; marked.push(file); }
        f = mark[file] === 1 ? 1 : 0;
      }
      // Code outside test files first, then the types and constants beside it (mentioned everywhere: redis's
      // `C_OK` is its most referenced symbol), then what test files hold.
      const c = (fileTest[file] ? 0 : 2) + (mentionedEverywhere(m) ? 0 : 1);
      const s = importance[i];
      const full = rm.length === ANCHOR_CANDIDATES;
      if (full && !before(f, c, s, m.uid, rf[ANCHOR_CANDIDATES - 1], rc[ANCHOR_CANDIDATES - 1], rs[ANCHOR_CANDIDATES - 1], nodes[rm[ANCHOR_CANDIDATES - 1]].uid)) continue;
      let at = full ? ANCHOR_CANDIDATES - 1 : rm.length;
      while (at > 0 && before(f, c, s, m.uid, rf[at - 1], rc[at - 1], rs[at - 1], nodes[rm[at - 1]].uid)) {
        rm[at] = rm[at - 1]; rf[at] = rf[at - 1]; rc[at] = rc[at - 1]; rs[at] = rs[at - 1]; at--;
      }
      rm[at] = i; rf[at] = f; rc[at] = c; rs[at] = s;
    }
    for (const file of marked) mark[file] = 0;
    return rm;
  }
}

/** True when candidate (f, c, s, uid) ranks before (rf, rc, rs, ruid): in the folder, not a test's, code, more important, smaller uid. */
function before(f: number, c: number, s: number, uid: string, rf: number, rc: number, rs: number, ruid: string): boolean {
  return (f - rf || c - rc || s - rs || compareStrings(ruid, uid)) > 0;
}

/** Counts, over all symbols of the repository (grouped into units), how many units carry each word. */
export function wordFrequencies(symbols: readonly GraphNode[]): WordFrequencies {
  return new WordFrequencies(symbols);
}

/**
 * Returns one unique name per group of the symbols `freq` counted: group k is symbols bounds[k]..bounds[k+1]−1.
 * `importance` ranks symbols (by position; e.g. how many relations point at them): the most important one
 * names a module that nothing else tells apart.
 */
export function nameModules(freq: WordFrequencies, bounds: ArrayLike<number>, importance: ArrayLike<number>): string[] {
  const count = bounds.length - 1;
  const symbols = freq.symbols;
  const candidates: string[][] = [];
  for (let k = 0; k < count; k++) {
    const from = bounds[k], to = bounds[k + 1];
    const { names: list, folder } = freq.describe(symbols, freq.keys, from, to);
    if (!list.length) { list.push(freq.anchorWord(from, to, importance, '') ?? fallbackWord(symbols.slice(from, to))); candidates.push(list); continue; }
    const last = list[list.length - 1];
    const anchor = freq.anchorWord(from, to, importance, last, folder);
    if (anchor) list.push(`${last}-${anchor}`);
    candidates.push(list);
  }
  const pick = new Array<number>(count).fill(0);
  const current = (i: number): string => candidates[i][pick[i]];
  // Colliding modules all move to their next, more specific candidate, so no module is favoured by order.
  for (let round = 0; round < 4; round++) {
    const owners = new Map<string, number[]>();
    for (let i = 0; i < count; i++) { const k = current(i); const l = owners.get(k); if (l) l.push(i); else owners.set(k, [i]); }
    let moved = false;
    for (const list of owners.values()) {
      if (list.length < 2) continue;
      for (const i of list) if (pick[i] + 1 < candidates[i].length) { pick[i]++; moved = true; }
    }
    if (!moved) break;
  }
  // Still equal: number them, the largest module (then the smallest first member uid) keeping the plain name.
  const size = (k: number): number => bounds[k + 1] - bounds[k];
  const firstUid = (k: number): string => (size(k) > 0 ? symbols[bounds[k]].uid : '');
  const order = Array.from({ length: count }, (_, i) => i).sort((x, y) => size(y) - size(x) || compareStrings(firstUid(x), firstUid(y)));
  const taken = new Set<string>();
  const names = new Array<string>(count);
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
  return freq.describe(members, freq.keysOf(members), 0, members.length).names;
}

interface FolderName { path: string; label: string; parent?: string; /** Weighted share of the units inside the folder. */ share: number }

/** Members looked at for an anchor, best ranked first. */
const ANCHOR_CANDIDATES = 8;

/** True for members that rank after code for an anchor: types and constants (`C_OK`, `MAX_SIZE`) are mentioned everywhere. */
function mentionedEverywhere(m: GraphNode): boolean {
  return m.label === 'Interface' || m.label === 'TypeAlias' || (m.label === 'Variable' && CONSTANT_NAME.test(m.name));
}

/** An all-capitals name: a constant or a macro by the convention of nearly every language. */
const CONSTANT_NAME = /^[A-Z][A-Z0-9_]*$/;

/** Words an anchor drops: verbs that start factory names, and words that say nothing about an area. */
const ANCHOR_SKIP = new Set(['create', 'make', 'get', 'build', 'new', 'internal', 'internals', 'impl', 'base', 'abstract', 'default']);

/** Last resort: the first word of the member with the smallest uid, or `module`. */
function fallbackWord(members: readonly GraphNode[]): string {
  for (const m of [...members].sort((x, y) => compareStrings(x.uid, y.uid))) {
    const w = splitWords(m.name).find((x) => x.length > 1);
    if (w) return w;
  }
  return 'module';
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
