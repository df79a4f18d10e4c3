/**
 * The training pairs of the code-search model: (doc comment, code) from the JavaScript and TypeScript sources
 * that npm packages ship. The packages are this repository's own node_modules (pinned by package-lock.json),
 * minus every package whose code the search is measured on (the localization set's nine repositories, the
 * project's held-out repositories, rxjs of bench/search-eval.ts). Each file is extracted with codegraph's own
 * parser and described by the same search documents `query` indexes (lib/search/documents.ts): the pair's
 * text is the doc's first two sentences, its code every other field (name, owner, path, signature, comments,
 * strings, body identifiers), so the model learns on exactly what it embeds at analyze time.
 *   node --import tsx bench/search-model/pairs.ts [--modules DIR] [--out FILE]   (default: ./node_modules)
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { extractFile, languageOf } from '../../lib/lang/index.ts';
import { documentsOfFile, type SearchFields } from '../../lib/search/documents.ts';
import type { GraphNode } from '../../lib/graph/schema.ts';

/** Packages left out: the code search is measured on (training on it would tune on the test). */
export const EXCLUDED_PACKAGES: readonly RegExp[] = [
  // The localization set (bench/search-history/repos.ts), both halves.
  /^@vue\//, /^vue$/, /^axios$/, /^immer$/, /^undici(-types)?$/, /^mobx(-.*)?$/, /^commander$/, /^knex$/,
  /^@reduxjs\//, /^redux(-.*)?$/, /^koa(-.*)?$/, /^@koa\//,
  // The repositories the project is measured on (the brief's held-out list).
  /^zod$/, /^ky$/, /^hono$/, /^fastify$/, /^@fastify\//, /^express$/,
  // bench/search-eval.ts's questions are about rxjs.
  /^rxjs$/,
];

/** One training pair. */
export interface Pair {
  /** `package@version`, for provenance. */
  source: string;
  /** The doc comment's first sentences: what a person would say the code does. */
  text: string;
  /** The symbol's search fields, its doc left out. */
  code: SearchFields;
}

const MAX_FILE_BYTES = 400_000;
/** Files whose lines are this long on average are bundled or minified output, not sources. */
const MAX_MEAN_LINE = 200;
const MIN_DOC_WORDS = 4;
const SKIP_DIRS = new Set(['node_modules', 'test', 'tests', '__tests__', 'spec', 'fixtures', 'example', 'examples', 'benchmark', 'benchmarks', 'coverage', '.git']);

/** Top-level package folders of a node_modules folder (scoped ones included), sorted. */
export function packageDirs(modules: string): Array<{ name: string; dir: string }> {
  const out: Array<{ name: string; dir: string }> = [];
  for (const e of fs.readdirSync(modules).sort()) {
    if (e.startsWith('.')) continue;
    const p = path.join(modules, e);
    if (e.startsWith('@')) for (const s of fs.readdirSync(p).sort()) out.push({ name: `${e}/${s}`, dir: path.join(p, s) });
    else out.push({ name: e, dir: p });
  }
  return out.filter((x) => !EXCLUDED_PACKAGES.some((re) => re.test(x.name)) && fs.existsSync(path.join(x.dir, 'package.json')));
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) { if (!SKIP_DIRS.has(e.name)) sourceFiles(p, out); continue; }
    if (!e.isFile() || !languageOf(p) || /\.(min|bundle)\.[cm]?js$/.test(e.name) || /\.map$/.test(e.name)) continue;
    out.push(p);
  }
  return out;
}

function firstSentences(text: string, k: number): string {
  return text.split(/(?<=[.!?])\s+/, k).join(' ');
}

/** The pairs of one package folder; `seen` (file and pair digests) drops copies shipped twice (dist/esm, dist/cjs). */
export function packagePairs(name: string, dir: string, seen: Set<string>): Pair[] {
  let version = '';
  try { version = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version ?? ''; } catch { /* no version */ }
  const source = `${name}@${version}`;
  const out: Pair[] = [];
  for (const file of sourceFiles(dir)) {
    const size = fs.statSync(file).size;
    if (size > MAX_FILE_BYTES || size < 40) continue;
    const text = fs.readFileSync(file, 'utf8');
    const lines = text.split('\n').length;
    if (text.length / lines > MAX_MEAN_LINE || !text.includes('/**')) continue;
    const fileKey = createHash('sha1').update(text).digest('hex');
    if (seen.has(fileKey)) continue;
    seen.add(fileKey);
    const rel = `${name}/${path.relative(dir, file).split(path.sep).join('/')}`;
    let facts;
    try { facts = extractFile(rel, text, languageOf(file)!); } catch { continue; }
    const nodes = facts.symbols.map((s, i) => ({
      uid: `${s.label}:${rel}:${s.qualifiedName}#${i}`, label: s.label, name: s.name, qualifiedName: s.qualifiedName,
      filePath: rel, signature: s.signature, doc: s.doc, line: s.line, endLine: s.endLine,
    }) as unknown as GraphNode);
    if (nodes.length === 0) continue;
    for (const d of documentsOfFile(nodes, text)) {
      const doc = firstSentences(d.fields.doc, 2).slice(0, 300);
      if (doc.split(/\s+/).filter((w) => /[a-z]{2}/i.test(w)).length < MIN_DOC_WORDS) continue;
      const code = { ...d.fields, doc: '' };
      const key = createHash('sha1').update(doc + '\0' + code.name + '\0' + code.body.slice(0, 2000)).digest('hex');
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ source, text: doc, code });
    }
  }
  return out;
}

/** Every pair of the packages of a node_modules folder, in package order. */
export function collectPairs(modules: string, log: (m: string) => void = () => {}): Pair[] {
  const seen = new Set<string>();
  const out: Pair[] = [];
  for (const { name, dir } of packageDirs(modules)) {
    const got = packagePairs(name, dir, seen);
    if (got.length) log(`${name}: ${got.length}`);
    out.push(...got);
  }
  return out;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const arg = (n: string, d: string): string => { const i = process.argv.indexOf(n); return i > 0 ? process.argv[i + 1] : d; };
  const pairs = collectPairs(arg('--modules', 'node_modules'), (m) => console.error(m));
  fs.writeFileSync(arg('--out', path.join(process.env.TMPDIR ?? '/tmp', 'codegraph-pairs.json')), JSON.stringify(pairs));
  console.error(`${pairs.length} pairs from ${new Set(pairs.map((p) => p.source)).size} packages`);
}
