/**
 * What describes each symbol, for both indexes: the keyword fields (name, qualified name, path, signature,
 * doc comment, body identifiers) and the one text the embedder turns into a vector.
 */
import { SYMBOL_LABELS, type GraphNode } from '../graph/schema.ts';
import type { GraphView } from '../graph/code-graph.ts';
import { splitIdentifier } from './tokenize.ts';

/** Keyword fields of one symbol (raw text; the keyword index tokenises them). */
export interface SearchFields {
  /** The symbol's name. */
  name: string;
  /** Its owner: the container part of the qualified name (`Command` of `Command.parse`). */
  owner: string;
  /** The file path, without its extension. */
  path: string;
  signature: string;
  /** The doc comment or docstring (what the extractor recorded, else the block above the definition). */
  doc: string;
  /** Comments inside the span. */
  comments: string;
  /** String literals inside the span (error messages, option names). */
  strings: string;
  /** Identifiers of the span, every occurrence (the keyword index splits them at case changes and digits). */
  body: string;
}

/** One searchable symbol. */
export interface SearchDoc {
  uid: string;
  /** The defining file ('' when none). */
  file: string;
  fields: SearchFields;
  /** The text the embedder sees. */
  embedText: string;
}

/** Most identifier occurrences kept per symbol: enough to describe it, bounded for classes spanning whole files. */
const MAX_BODY_IDENTIFIERS = 1500;
/** Longest doc, comment and string text kept (chars). */
const MAX_DOC_CHARS = 1600;
const MAX_PROSE_CHARS = 4000;
/** Longest text handed to the embedder (chars); a sentence model reads ~256 tokens anyway. */
const MAX_EMBED_CHARS = 700;

const SYMBOLS: ReadonlySet<string> = new Set(SYMBOL_LABELS);

/** True for nodes the search indexes (code symbols, not files, folders, communities or processes). */
export function isSearchable(node: GraphNode): boolean {
  return SYMBOLS.has(node.label);
}

/** The searchable symbols in graph order, and their positions there by defining file (first-seen order) and without one. */
export interface SearchableGroups {
  nodes: GraphNode[];
  byFile: Map<string, number[]>;
  loose: number[];
}

/** The graph's searchable symbols, grouped by file (a document's row is its symbol's position in `nodes`). */
export function searchableGroups(graph: GraphView | readonly GraphNode[]): SearchableGroups {
  const nodes: GraphNode[] = [];
  const byFile = new Map<string, number[]>();
  const loose: number[] = [];
  const each = (n: GraphNode): void => {
    if (!isSearchable(n)) return;
    const at = nodes.length;
    nodes.push(n);
    if (n.filePath) {
      let list = byFile.get(n.filePath);
      if (!list) byFile.set(n.filePath, (list = []));
      list.push(at);
    } else loose.push(at);
  };
  if (isNodeList(graph)) for (const n of graph) each(n);
  else graph.forEachNode((_uid, n) => each(n));
  return { nodes, byFile, loose };
}

function isNodeList(g: GraphView | readonly GraphNode[]): g is readonly GraphNode[] { return Array.isArray(g); }

/** Builds the search documents of every symbol of the graph, in graph order. */
export function buildDocuments(graph: GraphView, readSource: (filePath: string) => string | undefined): SearchDoc[] {
  const { nodes, byFile, loose } = searchableGroups(graph);
  const out = new Array<SearchDoc>(nodes.length);
  const place = (at: readonly number[], text: string | undefined): void => {
    const docs = documentsOfFile(at.map((i) => nodes[i]), text);
    for (let k = 0; k < at.length; k++) out[at[k]] = docs[k];
  };
  for (const [filePath, at] of byFile) place(at, readSource(filePath));
  place(loose, undefined);
  return out;
}

/**
 * The documents of the symbols of one file (`text` = its source, undefined when unreadable). A document
 * depends only on that text and on the node's own properties.
 */
export function documentsOfFile(nodes: readonly GraphNode[], text: string | undefined): SearchDoc[] {
  const starts = text === undefined ? [] : lineStarts(text);
  const comments = text === undefined ? new Map<string, DocComment[]>() : docCommentsByName(text, starts);
  const filePath = nodes[0]?.filePath ?? '';
  const pathWords = filePath.replace(/\.[^./]+$/, '').replace(/\.d$/, '');
  const file: FileContext = { text, starts, comments, pathWords, inPath: `in ${lastSegments(pathWords, 2)}` };
  return nodes.map((n) => describe(n, file));
}

/**
 * The document of `node` made only when something reads its fields or text (`make` builds it): one taken over
 * from the previous generation, whose keyword entries and weighted terms are stored (lib/search/reuse.ts).
 */
export function deferredDocument(node: GraphNode, make: () => SearchDoc): SearchDoc {
  const fields = new DeferredFields(make);
  return {
    uid: node.uid, file: node.filePath ?? '', fields,
    get embedText() { return fields.document().embedText; },
  };
}

/**
 * A deferred document's fields: getters on the prototype reading the document made on first use (one object per
 * row; defining eight getters on each of ~20k rows taken over cost a large repository's one-file run more than
 * reading them). Nothing enumerates a document's fields: each reader names the field it wants.
 */
class DeferredFields implements SearchFields {
  private made: SearchDoc | undefined;
  constructor(private readonly make: () => SearchDoc) {}
  /** The document, made on first use. */
  document(): SearchDoc { return (this.made ??= this.make()); }
  get name(): string { return this.document().fields.name; }
  get owner(): string { return this.document().fields.owner; }
  get path(): string { return this.document().fields.path; }
  get signature(): string { return this.document().fields.signature; }
  get doc(): string { return this.document().fields.doc; }
  get comments(): string { return this.document().fields.comments; }
  get strings(): string { return this.document().fields.strings; }
  get body(): string { return this.document().fields.body; }
}

/** What the symbols of one file share: its text, line starts, doc comments and path words. */
interface FileContext {
  text: string | undefined;
  starts: number[];
  comments: Map<string, DocComment[]>;
  pathWords: string;
  inPath: string;
}

/** The words of a span, sorted into code identifiers, comments and string literals. */
export interface SpanWords { body: string[]; comments: string[]; strings: string[] }

/**
 * One lexer for every language: block and line comments (`/* *\/`, `//`, `#` followed by a space), triple-quoted
 * strings (docstrings: read as comments), quoted strings and template literals, and identifiers. It needs no
 * grammar: a bag of words per field is all search keeps, so a rare misreading (a `//` operator) only moves
 * words between fields.
 */
const SPAN_LEXER = /\/\*[\s\S]*?(?:\*\/|$)|\/\/[^\n]*|#(?=[\s!#])[^\n]*|"""[\s\S]*?(?:"""|$)|'''[\s\S]*?(?:'''|$)|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\[\s\S])*`|[\p{L}_$][\p{L}\p{N}_$]*/gu;

/** The words of `text[from, to)`: identifiers (at most `max`, keywords kept: the index drops them), comments, strings. */
export function spanWords(text: string, from: number, to: number, max = MAX_BODY_IDENTIFIERS): SpanWords {
  const out: SpanWords = { body: [], comments: [], strings: [] };
  let prose = 0;
  const span = text.slice(from, to);
  for (const m of span.matchAll(SPAN_LEXER)) {
    const tok = m[0];
    const c = tok.charCodeAt(0);
    if (c === 47 /* / */ || c === 35 /* # */ || (tok.length >= 6 && (tok.startsWith('"""') || tok.startsWith("'''")))) {
      if (prose < MAX_PROSE_CHARS) { out.comments.push(tok); prose += tok.length; }
    } else if (c === 34 || c === 39 || c === 96) {
      if (tok.length > 2 && prose < MAX_PROSE_CHARS) { out.strings.push(tok.slice(1, -1)); prose += tok.length; }
    } else if (out.body.length < max) out.body.push(tok);
  }
  return out;
}

/**
 * The node properties a document is made from (besides its file's text): equal keys, equal documents. The
 * packed form the search worker gets (packSearchable) carries exactly these: change both together.
 */
export function describedProperties(n: GraphNode): unknown[] {
  return [n.uid, n.label, n.name, n.qualifiedName, n.filePath, n.signature, n.doc, n.line, n.endLine];
}

/** describedProperties' string-valued keys, in a PackedSymbols' order (then `line` and `endLine`, numbers). */
const PACKED_STRINGS = ['uid', 'label', 'name', 'qualifiedName', 'filePath', 'signature', 'doc'] as const;

/**
 * The searchable nodes reduced to what a document is made from (describedProperties), in one string and two
 * typed arrays: what the search worker is sent (lib/analyze/search-beside.ts). A structured clone of ~15k node
 * objects costs the sending thread ~35-50 ms (every key of every object written); this form copies in a few.
 */
export interface PackedSymbols {
  count: number;
  /** The string properties of every node, in PACKED_STRINGS order, concatenated. */
  text: string;
  /** Length of each of them in `text` (-1: the property is absent). */
  lengths: Int32Array;
  /** `line` and `endLine` of each node (NaN: absent). */
  numbers: Float64Array;
}

/**
 * The searchable nodes of `nodes` (in order) packed, or undefined when one has a described property of another
 * type than the schema's (a string, or a number other than NaN), which the packed form cannot carry.
 */
export function packSearchable(nodes: readonly GraphNode[]): PackedSymbols | undefined {
  const symbols = nodes.filter(isSearchable);
  const lengths = new Int32Array(symbols.length * PACKED_STRINGS.length);
  const numbers = new Float64Array(symbols.length * 2);
  let text = '';
  let j = 0;
  for (let i = 0; i < symbols.length; i++) {
    const n = symbols[i];
    for (const k of PACKED_STRINGS) {
      const v = n[k];
      if (v === undefined) lengths[j++] = -1;
      else if (typeof v === 'string') { text += v; lengths[j++] = v.length; }
      else return undefined;
    }
    for (let m = 0; m < 2; m++) {
      const v = m === 0 ? n.line : n.endLine;
      if (v === undefined) numbers[2 * i + m] = NaN;
      else if (typeof v === 'number' && !Number.isNaN(v)) numbers[2 * i + m] = v;
      else return undefined;
    }
  }
  return { count: symbols.length, text, lengths, numbers };
}

/** The nodes `packSearchable` packed, with exactly their described properties (absent ones left out). */
export function unpackSearchable(p: PackedSymbols): GraphNode[] {
  const out = new Array<GraphNode>(p.count);
  let at = 0, j = 0;
  for (let i = 0; i < p.count; i++) {
    const n: Record<string, unknown> = {};
    for (const k of PACKED_STRINGS) {
      const len = p.lengths[j++];
      if (len < 0) continue;
      n[k] = p.text.slice(at, at + len);
      at += len;
    }
    const line = p.numbers[2 * i], endLine = p.numbers[2 * i + 1];
    if (!Number.isNaN(line)) n.line = line;
    if (!Number.isNaN(endLine)) n.endLine = endLine;
    out[i] = n as unknown as GraphNode;
  }
  return out;
}

/** Offsets where each line of `text` starts (line k, 1-based, starts at `starts[k - 1]`). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function describe(n: GraphNode, file: FileContext): SearchDoc {
  const qualified = typeof n.qualifiedName === 'string' ? n.qualifiedName : n.name;
  const owner = qualified.includes('.') ? qualified.slice(0, qualified.lastIndexOf('.')) : '';
  const signature = typeof n.signature === 'string' ? n.signature : '';
  const recorded = typeof n.doc === 'string' ? n.doc : '';
  const doc = (recorded.length >= 20 ? recorded : leadingDoc(n, file.comments) || recorded).slice(0, MAX_DOC_CHARS);
  let words: SpanWords = { body: [], comments: [], strings: [] };
  const { text, starts } = file;
  if (text !== undefined && typeof n.line === 'number') {
    const first = Math.max(0, n.line - 1);
    const end = Math.min(starts.length, typeof n.endLine === 'number' ? n.endLine : n.line);
    if (first < end) words = spanWords(text, starts[first], end < starts.length ? starts[end] - 1 : text.length);
  }
  const fields: SearchFields = {
    name: n.name, owner, path: file.pathWords, signature, doc,
    comments: words.comments.join(' '), strings: words.strings.join(' '), body: words.body.join(' '),
  };
  const kind = n.label === 'Variable' ? 'variable' : n.label === 'TypeAlias' ? 'type' : n.label.toLowerCase();
  const embedText = [
    kind, splitIdentifier(n.name).join(' '), n.name,
    owner ? `of ${splitIdentifier(owner).join(' ')}` : '',
    file.inPath,
    firstSentences(doc, 2),
    signature.slice(0, 200),
  ].filter(Boolean).join(' ').slice(0, MAX_EMBED_CHARS);
  return { uid: n.uid, file: n.filePath ?? '', fields, embedText };
}

function lastSegments(p: string, k: number): string {
  return p.split('/').slice(-k).map((s) => splitIdentifier(s).join(' ')).join(' ');
}

function firstSentences(text: string, k: number): string {
  // split's limit stops the scan after k parts (the same parts as splitting all and keeping k).
  return text.split(SENTENCE_BREAK, k).join(' ');
}
const SENTENCE_BREAK = /(?<=[.!?])\s+/;

/** A cleaned doc comment and the line its `*\/` ends on. */
interface DocComment { endLine: number; text: string }

const DECL_NAME = /#?([A-Za-z_$][\w$]*)/y;
const DECL_PREFIX = /(?:\s|@[\w.]+(?:\([^)]*\))?|export\b|default\b|declare\b|abstract\b|async\b|public\b|private\b|protected\b|static\b|readonly\b|override\b|get\b|set\b|function\*?|class\b|interface\b|type\b|enum\b|const\b|let\b|var\b|namespace\b)*/y;

/**
 * Finds every `/** … *\/` block in a file and the name declared right after it, in one pass. Overloads
 * (rxjs writes the real documentation above the first of several signatures) all map to the same name.
 */
export function docCommentsByName(text: string, starts: readonly number[] = lineStarts(text)): Map<string, DocComment[]> {
  const out = new Map<string, DocComment[]>();
  // What /\/\*\*([\s\S]*?)\*\//g finds, by indexOf: a lazy [\s\S]*? tries the closing `*\/` at every
  // character of a long comment, which was most of this function on a cold run.
  let from = 0;
  for (;;) {
    const open = text.indexOf('/**', from);
    if (open < 0) break;
    const close = text.indexOf('*/', open + 3);
    if (close < 0) break;
    const after = close + 2;
    from = after;
    DECL_PREFIX.lastIndex = after;
    const pre = DECL_PREFIX.exec(text);
    const at = after + (pre ? pre[0].length : 0);
    DECL_NAME.lastIndex = at;
    const nm = DECL_NAME.exec(text);
    if (!nm) continue;
    // Names are read from the next 120 characters at most.
    const name = nm[0].length > 120 ? nm[1].slice(0, 120 - (nm[0].length - nm[1].length)) : nm[1];
    const endLine = lineOf(starts, after);
    let list = out.get(name);
    if (!list) out.set(name, (list = []));
    list.push({ endLine, text: cleanDoc(text.slice(open + 3, close)) });
  }
  return out;
}

/** The 1-based line of `offset`, by binary search of the line starts. */
function lineOf(starts: readonly number[], offset: number): number {
  let lo = 0, hi = starts.length - 1;
  while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (starts[mid] <= offset) lo = mid; else hi = mid - 1; }
  return lo + 1;
}

/** How far above a definition its doc comment may end (overload signatures may sit between). */
const DOC_REACH = 60;

/**
 * The doc comment of a symbol: among the blocks declaring its name that end just above it or inside its
 * span (overloads: rxjs documents the implementation, below the signatures; an indexer may report either
 * line), the longest — short ones are `@deprecated` notes on single overloads.
 */
function leadingDoc(n: GraphNode, comments: Map<string, DocComment[]>): string {
  const list = comments.get(n.name);
  if (!list || typeof n.line !== 'number') return '';
  const end = typeof n.endLine === 'number' ? n.endLine : n.line;
  let best = '';
  for (const c of list) {
    if (c.endLine >= n.line - DOC_REACH && c.endLine <= end && c.text.length > best.length) best = c.text;
  }
  return best.slice(0, MAX_DOC_CHARS);
}

/**
 * Strips comment markup, fenced code examples and link syntax from a JSDoc body. Line by line that is: drop a
 * leading `*`, drop the lines of a fenced block (from a line starting with ``` to the next, inclusive) and
 * lines starting with a skipped tag (@see, @example, …), join what is left; then unwrap {@link x} to x, drop
 * HTML tags and images, collapse whitespace. Since whitespace is collapsed at the end, each dropped star, line
 * or block can be replaced by a space, which one regular expression does in one native pass (a JavaScript
 * loop per line and character ran cold on every analyze).
 */
export function cleanDoc(raw: string): string {
  // A line break before the first line too, so every line starts the same way (no lookbehind per character).
  let text = ('\n' + raw).replace(DOC_NOISE, ' ');
  // The two markup patterns need these characters: most docs have neither, and skip the regex passes.
  if (text.includes('{@link')) text = text.replace(LINK, '$1');
  if (text.includes('<') || text.includes('![')) text = text.replace(MARKUP, ' ');
  return collapseSpaces(text).trim();
}

/**
 * `text.replace(/\s+/g, ' ')`, matching only the runs that are not a single space already: the same result
 * with a fraction of the matches (prose is mostly words between single spaces; 3–6x faster on doc comments).
 */
export function collapseSpaces(text: string): string {
  return text.replace(SPACE_RUNS, ' ');
}
const SPACE_RUNS = / \s+|[^\S ]\s*/g;

/**
 * What cleanDoc drops, from a line's leading line break (after whitespace, an optional `*` and whitespace,
 * which is what the star-stripped line's trimStart skips; [^\S\n] is \s but the line break): a fenced block
 * (its opening line, the lines up to the next fence line, which is dropped too, or to the end when unclosed),
 * a skipped tag's line, or else the line's leading star.
 */
const DOC_NOISE = /\n[^\S\n]*\*?[^\S\n]*(?:```[^\n]*(?:\n(?![^\S\n]*\*?[^\S\n]*```)[^\n]*)*(?:\n[^\n]*)?|@(?:see|example|internal|nocollapse|owner|ignore)\b[^\n]*)|\n[^\S\n]*\*/g;
const LINK = /\{@link(?:code|plain)?\s+([^}|\s]+)(?:[|\s][^}]*)?\}/g;
const MARKUP = /!\[[^\]]*\]\([^)]*\)|<[^>]+>/g;
