/**
 * The repository's change history as a prior for `query`: the files changed often and recently are where the
 * next change tends to land, whatever words describe it. A snapshot of a git work tree records its last
 * commits (time and changed files); the re-ranker reads, for each candidate's file, how many of those commits
 * touched it and how recently.
 */

/** One commit: its commit time (seconds since the epoch) and the files it changed (repository-relative). */
export interface HistoryCommit {
  time: number;
  files: readonly string[];
  /** The uids of the functions and methods it changed, when known. */
  symbols?: readonly string[];
}

/** How many of the newest commits the prior reads (and analyze records). */
export const HISTORY_DEPTH = 500;
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

  constructor(readonly commits: readonly HistoryCommit[]) {}

  /** The history as it was before `time`: only commits strictly older (a question must not see its own answer). */
  before(time: number): ChangeHistory {
    return new ChangeHistory(this.commits.filter((c) => c.time < time).slice(0, HISTORY_DEPTH));
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

/**
 * The commits of `git log --format=%x1e%ct --name-only` output, in the order given (git lists the newest first),
 * re-sorted by commit time, newest first (a commit's time can be older than its child's when clocks differ).
 */
export function parseGitLog(text: string): HistoryCommit[] {
  const out: Array<HistoryCommit & { at: number }> = [];
  for (const block of text.split('\x1e')) {
    const lines = block.split('\n');
    const time = Number(lines[0]);
    if (!lines[0] || !Number.isFinite(time)) continue;
    const files = lines.slice(1).filter((l) => l.length > 0);
    out.push({ time, files, at: out.length });
  }
  out.sort((a, b) => b.time - a.time || a.at - b.at);
  return out.map(({ time, files }) => ({ time, files }));
}
