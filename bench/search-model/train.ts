/**
 * Trains the code-search model (lib/search/embedders/trained.ts) on the pairs pairs.ts collects: a neural bag
 * of words, one vector per term shared by prose and code, learned so that a doc comment's vector is closest to
 * the vector of the code it documents among the other codes of its batch (in-batch softmax, both directions,
 * temperature 0.05), with Adagrad. Deterministic: a seeded generator makes the initial vectors and the batch
 * order, so the same pairs give the same bytes. Five percent of the pairs (chosen by a digest of their text)
 * are held out and scored (MRR of the right code among all held-out codes) after every epoch.
 * Change descriptions (commits.ts's pairs, `--commits FILE`) are the text a query is; each is seen `--repeat`
 * times an epoch, as there are far fewer of them than of doc comments, and they are scored on their own.
 * With `--english`, every term that is an English word starts from its GloVe vector (a fixed random projection,
 * english.ts) instead of noise, and the frequent English words the pairs lack are added after training, mapped
 * from their English neighbours (`--english-words`, `--english-method`, `--english-shrink`).
 *   node --import tsx bench/search-model/train.ts [--pairs FILE] [--commits FILE] [--repeat N] [--local] [--out FILE] [--dim 128] [--epochs 8] [--vocab 40000]
 *     [--english [--english-words 40000] [--english-method knn|ridge] [--english-shrink 0.5]]
 * (`--english` reads a 300 MB JSON file: run it with `node --max-old-space-size=8000`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { documentTerms, textTerms } from '../../lib/search/embedders/cooccurrence.ts';
import { embedRows, MAX_CODE_TERMS, nbowToBuffer, weightedRows, type NbowModel } from '../../lib/search/embedders/trained.ts';
import { DEFAULT_MODEL_FILE } from '../../lib/search/embedders/trained-file.ts';
import { seededRandom } from '../../lib/util/seeded-random.ts';
import type { Pair } from './pairs.ts';
import { DEFAULT_ENGLISH, ENGLISH_WORDS, englishStems, extendWithEnglish, loadEnglish, modelId, projectEnglish, type EnglishOptions } from './english.ts';

const arg = (n: string, d: string): string => { const i = process.argv.indexOf(n); return i > 0 ? process.argv[i + 1] : d; };
const pairsFile = arg('--pairs', path.join(process.env.TMPDIR ?? '/tmp', 'codegraph-pairs.json'));
const out = arg('--out', DEFAULT_MODEL_FILE);
const DIM = Number(arg('--dim', '128'));
const EPOCHS = Number(arg('--epochs', '8'));
const VOCAB = Number(arg('--vocab', '40000'));
const BATCH = 256;
const SCALE = 20;
const LR = Number(arg('--lr', '0.05'));
const LOCAL = process.argv.includes('--local');
const MAX_QUERY_TERMS = 48;
const MIN_DF = 3;

const cpu = (): number => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
const t0 = cpu();
const docPairs = JSON.parse(fs.readFileSync(pairsFile, 'utf8')) as Pair[];
const commitsFile = arg('--commits', '');
const commitPairs = commitsFile ? JSON.parse(fs.readFileSync(commitsFile, 'utf8')) as Pair[] : [];
const REPEAT = Number(arg('--repeat', '2'));
const pairs = [...docPairs, ...commitPairs];
const isCommit = (i: number): boolean => i >= docPairs.length;
const qBags = pairs.map((p) => textTerms(p.text));
const cBags = pairs.map((p) => documentTerms(p.code));

// Vocabulary: terms in at least MIN_DF pairs, the most frequent VOCAB; idf over both sides of every pair.
const pairDf = new Map<string, number>();
const sideDf = new Map<string, number>();
for (let i = 0; i < pairs.length; i++) {
  const both = new Set([...qBags[i].keys(), ...cBags[i].keys()]);
  for (const t of both) pairDf.set(t, (pairDf.get(t) ?? 0) + 1);
  for (const bag of [qBags[i], cBags[i]]) for (const t of bag.keys()) sideDf.set(t, (sideDf.get(t) ?? 0) + 1);
}
const terms = [...pairDf].filter(([, c]) => c >= MIN_DF).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
  .slice(0, VOCAB).map(([t]) => t).sort();
const T = terms.length;
const idf = Float32Array.from(terms, (t) => Math.log(1 + (2 * pairs.length) / (sideDf.get(t) ?? 1)));

const rand = seededRandom(0x5eed);
const vectors = new Float32Array(T * DIM);
for (let i = 0; i < vectors.length; i++) vectors[i] = (rand() - 0.5) * 0.3;
const ENGLISH = process.argv.includes('--english');
const english: EnglishOptions = {
  ...DEFAULT_ENGLISH,
  words: Number(arg('--english-words', String(DEFAULT_ENGLISH.words))),
  method: arg('--english-method', DEFAULT_ENGLISH.method) as EnglishOptions['method'],
  shrink: Number(arg('--english-shrink', String(DEFAULT_ENGLISH.shrink))),
};
const stems = ENGLISH ? englishStems(loadEnglish(ENGLISH_WORDS)) : [];
if (ENGLISH) {
  // the random rows' expected length (uniform in ±0.15: √(dim · 0.3² / 12)), so both kinds of start weigh alike
  const prior = projectEnglish(stems, DIM, Math.sqrt((DIM * 0.09) / 12));
  let n = 0;
  terms.forEach((t, i) => { const v = prior.get(t); if (v) { vectors.set(v, i * DIM); n++; } });
  console.log(`${n} of ${T} terms start from their English vectors`);
}
const model: NbowModel = { id: '', dim: DIM, terms, idf, vectors };

const qRows = qBags.map((b) => weightedRows(model, b, MAX_QUERY_TERMS));
const cRows = cBags.map((b) => weightedRows(model, b, MAX_CODE_TERMS));
const usable = pairs.map((_, i) => i).filter((i) => qRows[i].length > 0 && cRows[i].length > 0);
const heldOut = (i: number): boolean => createHash('sha1').update(pairs[i].text).digest()[0] < 13; // ~5%
const train = usable.filter((i) => !heldOut(i));
const validDocs = usable.filter((i) => heldOut(i) && !isCommit(i));
const validCommits = usable.filter((i) => heldOut(i) && isCommit(i));
console.log(`${pairs.length} pairs (${commitPairs.length} from commits; ${train.length} training, ${validDocs.length} + ${validCommits.length} held out), ${T} terms, dim ${DIM}; ${(cpu() - t0).toFixed(1)} s CPU`);

/** MRR of each held-out text's code among all held-out codes of its kind (doc comments, change descriptions). */
function validate(): string {
  return `doc comments ${mrrOf(validDocs).toFixed(4)}${validCommits.length ? `, change descriptions ${mrrOf(validCommits).toFixed(4)}` : ''}`;
}

function mrrOf(valid: readonly number[]): number {
  const qs = valid.map((i) => embedRows(model, qRows[i]));
  const cs = valid.map((i) => embedRows(model, cRows[i]));
  let mrr = 0;
  for (let a = 0; a < qs.length; a++) {
    const dot = (c: Float32Array): number => { let s = 0; for (let j = 0; j < DIM; j++) s += qs[a][j] * c[j]; return s; };
    const own = dot(cs[a]);
    let rank = 1;
    for (let b = 0; b < cs.length; b++) if (b !== a && dot(cs[b]) > own) rank++;
    mrr += 1 / rank;
  }
  return mrr / Math.max(1, qs.length);
}

/** Unnormalised sum of weighted rows into `u` (length DIM). */
function sum(rows: ReadonlyArray<[number, number]>, u: Float32Array): void {
  u.fill(0);
  for (const [i, w] of rows) { const base = i * DIM; for (let j = 0; j < DIM; j++) u[j] += w * vectors[base + j]; }
}

const accum = new Float32Array(T * DIM);
/** Backpropagates `g` (gradient at the normalised vector `h` of norm `n`) into the rows, with Adagrad. */
function update(rows: ReadonlyArray<[number, number]>, h: Float32Array, n: number, g: Float32Array): void {
  let hg = 0;
  for (let j = 0; j < DIM; j++) hg += h[j] * g[j];
  const du = new Float32Array(DIM);
  for (let j = 0; j < DIM; j++) du[j] = (g[j] - h[j] * hg) / n;
  for (const [i, w] of rows) {
    const base = i * DIM;
    for (let j = 0; j < DIM; j++) {
      const gr = w * du[j];
      accum[base + j] += gr * gr;
      vectors[base + j] -= (LR * gr) / (Math.sqrt(accum[base + j]) + 1e-8);
    }
  }
}

const sources = [...new Set(pairs.map((p) => p.source))].sort();

/**
 * With --local, a batch holds pairs of as few sources (packages, repositories) as its size allows: the other
 * codes of a batch are then the same project's, which is what a query must tell its answer from (random
 * batches mostly teach which project a word belongs to). Sources come in a shuffled order, their pairs in the
 * order given (already shuffled).
 */
function bySource(order: readonly number[]): number[] {
  const groups = new Map<string, number[]>();
  for (const i of order) { const k = pairs[i].source; let g = groups.get(k); if (!g) groups.set(k, (g = [])); g.push(i); }
  const keys = [...groups.keys()];
  for (let i = keys.length - 1; i > 0; i--) { const j = Math.floor(rand() * (i + 1)); [keys[i], keys[j]] = [keys[j], keys[i]]; }
  return keys.flatMap((k) => groups.get(k)!);
}
/** Writes the model as it is now (after every epoch, so a long run can be used before it ends). */
function save(): void {
  model.id = modelId(model);
  const shipped = ENGLISH ? extendWithEnglish(model, stems, english) : model;
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, nbowToBuffer(shipped));
  fs.writeFileSync(out.replace(/\.bin$/, '.sources.txt'), `${sources.join('\n')}\n`);
  console.log(`wrote ${out} (${fs.statSync(out).size} bytes, id ${shipped.id}); ${sources.length} packages listed beside it`);
}

console.log(`epoch 0: held-out MRR ${validate()}`);
for (let epoch = 1; epoch <= EPOCHS; epoch++) {
  // Change descriptions come REPEAT times, each time in a pass of its own (a copy in its own batch would be its own negative).
  let order: number[] = [];
  for (let pass = 0; pass < Math.max(1, REPEAT); pass++) {
    const part = pass === 0 ? train.slice() : train.filter(isCommit);
    for (let i = part.length - 1; i > 0; i--) { const j = Math.floor(rand() * (i + 1)); [part[i], part[j]] = [part[j], part[i]]; }
    order = order.concat(LOCAL ? bySource(part) : part);
  }
  let loss = 0;
  for (let at = 0; at + 2 <= order.length; at += BATCH) {
    const batch = order.slice(at, at + BATCH);
    const B = batch.length;
    const qh = batch.map(() => new Float32Array(DIM)), ch = batch.map(() => new Float32Array(DIM));
    const qn = new Float32Array(B), cn = new Float32Array(B);
    for (let b = 0; b < B; b++) {
      for (const [rows, h, norms] of [[qRows[batch[b]], qh[b], qn], [cRows[batch[b]], ch[b], cn]] as const) {
        sum(rows, h);
        let s = 0;
        for (let j = 0; j < DIM; j++) s += h[j] * h[j];
        const n = Math.sqrt(s) || 1;
        norms[b] = n;
        for (let j = 0; j < DIM; j++) h[j] /= n;
      }
    }
    // Similarities, then d(loss)/d(similarity) of both softmax directions.
    const S = new Float32Array(B * B);
    for (let a = 0; a < B; a++) for (let b = 0; b < B; b++) { let s = 0; for (let j = 0; j < DIM; j++) s += qh[a][j] * ch[b][j]; S[a * B + b] = SCALE * s; }
    const dS = new Float32Array(B * B);
    for (let dir = 0; dir < 2; dir++) {
      for (let a = 0; a < B; a++) {
        const at2 = (b: number): number => (dir === 0 ? a * B + b : b * B + a);
        let m = -Infinity;
        for (let b = 0; b < B; b++) m = Math.max(m, S[at2(b)]);
        let z = 0;
        for (let b = 0; b < B; b++) z += Math.exp(S[at2(b)] - m);
        loss += -(S[at2(a)] - m - Math.log(z)) / 2;
        for (let b = 0; b < B; b++) dS[at2(b)] += ((Math.exp(S[at2(b)] - m) / z - (a === b ? 1 : 0)) * SCALE) / (2 * B);
      }
    }
    const gq = batch.map(() => new Float32Array(DIM)), gc = batch.map(() => new Float32Array(DIM));
    for (let a = 0; a < B; a++) for (let b = 0; b < B; b++) {
      const d = dS[a * B + b];
      if (d === 0) continue;
      for (let j = 0; j < DIM; j++) { gq[a][j] += d * ch[b][j]; gc[b][j] += d * qh[a][j]; }
    }
    for (let b = 0; b < B; b++) { update(qRows[batch[b]], qh[b], qn[b], gq[b]); update(cRows[batch[b]], ch[b], cn[b], gc[b]); }
  }
  console.log(`epoch ${epoch}: loss ${(loss / order.length).toFixed(4)}, held-out MRR ${validate()}; ${(cpu() - t0).toFixed(1)} s CPU`);
  save();
}

