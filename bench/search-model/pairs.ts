/**
 * The training pairs of the code-search model: (doc comment, code) from the sources that npm packages and
 * Debian packages ship. The npm packages are this repository's own node_modules (pinned by package-lock.json),
 * minus every package whose code the search is measured on (the localization set's repositories, the
 * project's held-out repositories, rxjs of bench/search-eval.ts); with `--debian`, also the source trees that
 * Debian packages install in the other languages codegraph indexes (debianSources: Python, Go, Java, Rust, Ruby,
 * PHP). Each file is extracted with codegraph's own parser and described by the same search documents `query`
 * indexes (lib/search/documents.ts): the pair's text is the doc's first two sentences, its code every other
 * field (name, owner, path, signature, comments, strings, body identifiers), so the model learns on exactly
 * what it embeds at analyze time.
 *   node --import tsx bench/search-model/pairs.ts [--modules DIR] [--debian] [--out FILE]   (default: ./node_modules)
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
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
const SKIP_DIRS = new Set(['node_modules', 'test', 'tests', '__tests__', 'spec', 'fixtures', 'example', 'examples', 'benchmark', 'benchmarks', 'coverage', '.git',
  'testdata', 'idle_test', '__pycache__', 'site-packages', 'dist-packages', 'vendor']);
/** Test files by name in languages that keep them beside the code (Go, Python, Java, Ruby, Rust). */
const TEST_FILE = /(?:_test\.go|^test_.*\.py|_test\.py|Tests?\.java|_spec\.rb|_test\.rb|Test\.php)$/;
/** Languages whose doc comments open with `/**` (a file without one has no pair to give). */
const SLASH_STAR_DOCS = /\.[cm]?[jt]sx?$/;

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
    if (!e.isFile() || !languageOf(p) || /\.(min|bundle)\.[cm]?js$/.test(e.name) || /\.map$/.test(e.name) || TEST_FILE.test(e.name)) continue;
    out.push(p);
  }
  return out;
}

/** Javadoc and PHPDoc inline tags (`{@code x}`, `{@link x}`): their argument is the prose's word. */
const INLINE_TAG = /\{@\w+\s+([^}]*)\}/g;

function firstSentences(text: string, k: number): string {
  return text.split(/(?<=[.!?])\s+/, k).join(' ');
}

function npmSource(name: string, dir: string): string {
  let version = '';
  try { version = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version ?? ''; } catch { /* no version */ }
  return `${name}@${version}`;
}

/** The pairs of one package folder; `seen` (file and pair digests) drops copies shipped twice (dist/esm, dist/cjs). */
export function packagePairs(name: string, dir: string, seen: Set<string>, source = npmSource(name, dir)): Pair[] {
  const out: Pair[] = [];
  for (const file of sourceFiles(dir)) out.push(...filePairs(`${name}/${path.relative(dir, file).split(path.sep).join('/')}`, file, seen, source));
  return out;
}

/** The pairs of one source file, named `rel` in its package. */
export function filePairs(rel: string, file: string, seen: Set<string>, source: string): Pair[] {
  const out: Pair[] = [];
  const size = fs.statSync(file).size;
  if (size > MAX_FILE_BYTES || size < 40 || !languageOf(file)) return out;
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split('\n').length;
  if (text.length / lines > MAX_MEAN_LINE || (SLASH_STAR_DOCS.test(file) && !text.includes('/**'))) return out;
  const fileKey = createHash('sha1').update(text).digest('hex');
  if (seen.has(fileKey)) return out;
  seen.add(fileKey);
  let facts;
  try { facts = extractFile(rel, text, languageOf(file)!); } catch { return out; }
  const nodes = facts.symbols.map((s, i) => ({
    uid: `${s.label}:${rel}:${s.qualifiedName}#${i}`, label: s.label, name: s.name, qualifiedName: s.qualifiedName,
    filePath: rel, signature: s.signature, doc: s.doc, line: s.line, endLine: s.endLine,
  }) as unknown as GraphNode);
  if (nodes.length === 0) return out;
  for (const d of documentsOfFile(nodes, text)) {
    const doc = firstSentences(d.fields.doc.replace(INLINE_TAG, '$1'), 2).slice(0, 300);
    if (doc.split(/\s+/).filter((w) => /[a-z]{2}/i.test(w)).length < MIN_DOC_WORDS) continue;
    const code = { ...d.fields, doc: '' };
    const key = createHash('sha1').update(doc + '\0' + code.name + '\0' + code.body.slice(0, 2000)).digest('hex');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ source, text: doc, code });
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

/**
 * Source trees that Debian packages install, in every language codegraph indexes besides JavaScript: Python's
 * standard library and python3-* packages, Go's standard library, the JDK's sources (openjdk-17-source, a zip
 * unpacked into `unpackDir`), librust-*-dev crates, Ruby's standard library and php-* packages. Each entry is
 * one unit of provenance: `debian:<package>@<version>/<folder>`.
 */
export function debianSources(unpackDir: string): Array<{ name: string; dir: string; source: string }> {
  const version = (pkg: string): string => execFileSync('dpkg-query', ['-W', '-f=${Version}', pkg], { encoding: 'utf8' });
  // A folder no package owns (a cache, something installed by hand) is left out.
  const owner = (p: string): string => { try { return execFileSync('dpkg', ['-S', p], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split(':')[0].split(',')[0].trim(); } catch { return ''; } };
  const subdirs = (d: string): string[] => fs.existsSync(d)
    ? fs.readdirSync(d, { withFileTypes: true }).filter((e) => !SKIP_DIRS.has(e.name) && !e.name.startsWith('.') && (e.isDirectory() || /\.(py|rb|php)$/.test(e.name))).map((e) => e.name).sort()
    : [];
  const out: Array<{ name: string; dir: string; source: string }> = [];
  const add = (pkg: string, root: string, part: string): void => {
    const name = `${pkg}/${part}`;
    if (EXCLUDED_PACKAGES.some((re) => re.test(part))) return;
    out.push({ name, dir: path.join(root, part), source: `debian:${pkg}@${version(pkg)}/${part}` });
  };
  for (const [root, pkg] of [['/usr/lib/python3.11', 'libpython3.11-stdlib'], ['/usr/lib/go-1.19/src', 'golang-1.19-src'], ['/usr/lib/ruby/3.1.0', 'libruby3.1']] as const) {
    for (const part of subdirs(root)) add(pkg, root, part);
  }
  for (const root of ['/usr/lib/python3/dist-packages', '/usr/share/cargo/registry', '/usr/share/php']) {
    for (const part of subdirs(root)) { const pkg = owner(path.join(root, part)); if (pkg) add(pkg, root, part); }
  }
  const zip = '/usr/lib/jvm/openjdk-17/src.zip';
  if (fs.existsSync(zip)) {
    const jdk = path.join(unpackDir, 'openjdk-17-src');
    if (!fs.existsSync(jdk)) execFileSync('unzip', ['-q', '-o', zip, '-d', jdk]);
    for (const part of subdirs(jdk)) add('openjdk-17-source', jdk, part);
  }
  return out;
}

/** Every pair of the Debian source trees (debianSources), in their order; `seen` is shared with the npm pass. */
export function collectDebianPairs(unpackDir: string, seen: Set<string>, log: (m: string) => void = () => {}): Pair[] {
  const byPackage = new Map<string, Pair[]>();
  for (const { name, dir, source } of debianSources(unpackDir)) {
    const got = fs.statSync(dir).isDirectory() ? packagePairs(name, dir, seen, source) : filePairs(name, dir, seen, source);
    if (got.length) log(`${name}: ${got.length}`);
    const pkg = name.split('/')[0];
    let list = byPackage.get(pkg);
    if (!list) byPackage.set(pkg, (list = []));
    for (const p of got) list.push(p);
  }
  const out: Pair[] = [];
  for (const [pkg, list] of byPackage) {
    const kept = list.length <= MAX_PACKAGE_PAIRS ? list : sample(list, MAX_PACKAGE_PAIRS);
    if (kept.length < list.length) log(`${pkg}: ${kept.length} of ${list.length} kept`);
    for (const p of kept) out.push(p);
  }
  return out;
}

/**
 * Most pairs one Debian package gives: the JDK alone documents over a hundred thousand symbols, and a corpus
 * that is mostly Javadoc teaches Java's words (a fixed share keeps every language's prose in the mix).
 */
const MAX_PACKAGE_PAIRS = 25_000;

/** `k` pairs of `list` chosen by a digest of their text (the same files give the same choice), in list order. */
function sample(list: readonly Pair[], k: number): Pair[] {
  const keyed = list.map((p, i) => ({ i, h: createHash('sha1').update(p.text + '\0' + p.code.name).digest('hex') }));
  keyed.sort((a, b) => (a.h < b.h ? -1 : a.h > b.h ? 1 : a.i - b.i));
  return keyed.slice(0, k).map((x) => x.i).sort((a, b) => a - b).map((i) => list[i]);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const arg = (n: string, d: string): string => { const i = process.argv.indexOf(n); return i > 0 ? process.argv[i + 1] : d; };
  const pairs = collectPairs(arg('--modules', 'node_modules'), (m) => console.error(m));
  if (process.argv.includes('--debian')) for (const p of collectDebianPairs(process.env.TMPDIR ?? '/tmp', new Set(), (m) => console.error(m))) pairs.push(p);
  fs.writeFileSync(arg('--out', path.join(process.env.TMPDIR ?? '/tmp', 'codegraph-pairs.json')), JSON.stringify(pairs));
  console.error(`${pairs.length} pairs from ${new Set(pairs.map((p) => p.source)).size} packages`);
}
