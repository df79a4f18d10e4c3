/**
 * The repository's change history as a prior for `query`: the files changed often and recently are where the
 * next change tends to land, whatever words describe it. A snapshot of a git work tree records its last
 * commits (time and changed files); the re-ranker reads, for each candidate's file, how many of those commits
 * touched it and how recently. The commits' subjects are text as well: a change description tends to share
 * words with the descriptions of earlier changes to the same code (bug localization's "similar past reports").
 */
import { queryTerms } from './query-terms.ts';

/** One commit: its commit time (seconds since the epoch) and the files it changed (repository-relative). */
export interface HistoryCommit {
  time: number;
  files: readonly string[];
  /** The uids of the functions and methods it changed, when known. */
  symbols?: readonly string[];
  /** Its subject line, when recorded. */
  subject?: string;
}

/** How well a query matches the subjects of the commits that changed one file or symbol. */
export interface SubjectMatch {
  /** The best cosine of the query to one of those subjects. */
  max: number;
  /** The cosines summed, each divided by how many files (symbols) its commit changed. */
  sum: number;
}

const NO_MATCH: SubjectMatch = { max: 0, sum: 0 };

/** A query's cosines to the recorded subjects, read per file and per symbol. */
export interface SubjectMatches {
  file(file: string): SubjectMatch;
  symbol(uid: string): SubjectMatch;
  /** Every symbol some matching commit changed, with its match, in uid order. */
  symbols(): Array<[string, SubjectMatch]>;
}

/** How many of the newest commits the prior reads (and analyze records). */
export const HISTORY_DEPTH = 500;
/** The depth in use (benches vary it; nothing else should). */
export const historySettings = { depth: HISTORY_DEPTH };
/** Half-life, in commits, of a change's weight in the recency sum. */
export const HISTORY_HALF_LIFE = 50;

/** What the prior says of one file. */
export interface FileHistory {
  /** Commits (of the last HISTORY_DEPTH) that changed it. */
  changes: number;
  /** The same commits weighted by recency: the newest counts 1, one HISTORY_HALF_LIFE older 0.5, … */
  recent: number;
}

const NONE: FileHistory = { changes: 0, recent: 0 };

/** A repository's recorded history, newest commit first, and the per-file prior over its last commits. */
export class ChangeHistory {
  private perFile?: Map<string, FileHistory>;
  private perSymbol?: Map<string, FileHistory>;
  private subjects?: { postings: Map<string, number[]>; idf: Map<string, number>; norms: Float64Array; n: number };

  constructor(readonly commits: readonly HistoryCommit[]) {}

  /** The history as it was before `time`: only commits strictly older (a question must not see its own answer). */
  before(time: number, exclude?: (c: HistoryCommit) => boolean): ChangeHistory {
    return new ChangeHistory(this.commits.filter((c) => c.time < time && !exclude?.(c)).slice(0, historySettings.depth));
  }

  /** True when no commit is recorded (the prior then says nothing and is not used). */
  get empty(): boolean { return this.commits.length === 0; }

  /** The prior of one file. */
  file(file: string): FileHistory {
    return (this.perFile ??= this.tally((c) => c.files)).get(file) ?? NONE;
  }

  /** The prior of one function or method, by uid. */
  symbol(uid: string): FileHistory {
    return (this.perSymbol ??= this.tally((c) => c.symbols ?? [])).get(uid) ?? NONE;
  }

  /**
   * The query's tf-idf cosine to each of the last HISTORY_DEPTH commits' subjects (terms as the index makes
   * them, change words dropped; idf over those subjects), gathered per file and per symbol the commits changed.
   */
  matchSubjects(query: ReadonlyArray<{ term: string; weight: number }>): SubjectMatches {
    const idx = (this.subjects ??= this.indexSubjects());
    const sims = new Map<number, number>();
    let qnorm = 0;
    const absent = Math.log(1 + (idx.n + 0.5) / 0.5);
    for (const { term, weight } of query) {
      const idf = idx.idf.get(term) ?? absent;
      qnorm += (weight * idf) ** 2;
      for (const c of idx.postings.get(term) ?? []) sims.set(c, (sims.get(c) ?? 0) + weight * idf * idf);
    }
    qnorm = Math.sqrt(qnorm);
    const perFile = new Map<string, SubjectMatch>();
    const perSymbol = new Map<string, SubjectMatch>();
    const gather = (into: Map<string, SubjectMatch>, keys: readonly string[], sim: number): void => {
      for (const k of keys) {
        const cur = into.get(k);
        if (cur) { cur.max = Math.max(cur.max, sim); cur.sum += sim / keys.length; } else into.set(k, { max: sim, sum: sim / keys.length });
      }
    };
    for (const [c, dot] of [...sims].sort((a, b) => a[0] - b[0])) {
      const sim = qnorm > 0 && idx.norms[c] > 0 ? dot / (qnorm * idx.norms[c]) : 0;
      if (sim <= 0) continue;
      gather(perFile, this.commits[c].files, sim);
      gather(perSymbol, this.commits[c].symbols ?? [], sim);
    }
    return {
      file: (f) => perFile.get(f) ?? NO_MATCH,
      symbol: (u) => perSymbol.get(u) ?? NO_MATCH,
      symbols: () => [...perSymbol].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
    };
  }

  private indexSubjects(): { postings: Map<string, number[]>; idf: Map<string, number>; norms: Float64Array; n: number } {
    const n = Math.min(historySettings.depth, this.commits.length);
    const postings = new Map<string, number[]>();
    const bags: string[][] = [];
    for (let c = 0; c < n; c++) {
      const bag = [...new Set(subjectTerms(this.commits[c].subject ?? ''))];
      bags.push(bag);
      for (const t of bag) { const l = postings.get(t); if (l) l.push(c); else postings.set(t, [c]); }
    }
    const idf = new Map<string, number>();
    for (const [t, l] of postings) idf.set(t, Math.log(1 + (n - l.length + 0.5) / (l.length + 0.5)));
    const norms = new Float64Array(n);
    bags.forEach((bag, c) => { let s = 0; for (const t of bag) s += idf.get(t)! ** 2; norms[c] = Math.sqrt(s); });
    return { postings, idf, norms, n };
  }

  private tally(keys: (c: HistoryCommit) => readonly string[]): Map<string, FileHistory> {
    const m = new Map<string, FileHistory>();
    const n = Math.min(HISTORY_DEPTH, this.commits.length);
    for (let i = 0; i < n; i++) {
      const w = Math.pow(0.5, i / HISTORY_HALF_LIFE);
      for (const f of keys(this.commits[i])) {
        const cur = m.get(f);
        if (cur) { cur.changes++; cur.recent += w; } else m.set(f, { changes: 1, recent: w });
      }
    }
    return m;
  }
}

/** A subject's search terms: conventional-commit prefixes and issue numbers off, change words dropped. */
export function subjectTerms(subject: string): string[] {
  const text = subject
    .replace(/^\s*\[[^\]]*\]\s*/, '')
    .replace(/^[a-z]+(?:\([^)]*\))?!?:\s*/i, '')
    .replace(/\(?#\d+\)?/g, ' ');
  return queryTerms(text).map((t) => t.term);
}

/**
 * The commits of `git log --format=%x1e%ct --name-only` output, in the order given (git lists the newest first),
 * re-sorted by commit time, newest first (a commit's time can be older than its child's when clocks differ).
 */
export function parseGitLog(text: string): HistoryCommit[] {
  const out: Array<HistoryCommit & { at: number }> = [];
  for (const block of text.split('\x1e')) {
    const lines = block.split('\n');
    const space = lines[0].indexOf(' ');
    const time = Number(space < 0 ? lines[0] : lines[0].slice(0, space));
    if (!lines[0] || !Number.isFinite(time)) continue;
    const files = lines.slice(1).filter((l) => l.length > 0);
    out.push({ time, files, subject: space < 0 ? '' : lines[0].slice(space + 1), at: out.length });
  }
  out.sort((a, b) => b.time - a.time || a.at - b.at);
  return out.map(({ time, files, subject }) => ({ time, files, subject }));
}
