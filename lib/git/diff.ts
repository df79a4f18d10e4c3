/**
 * Unified diff parsing (git's extended format and plain `diff -u`): files with their status, and hunks with
 * old and new line numbers of every removed and added line. Any context size works (-U0 included).
 */

export type FileStatus = 'added' | 'deleted' | 'modified' | 'renamed' | 'copied';

export interface DiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** Old line numbers of removed lines, ascending. */
  removed: number[];
  removedText: string[];
  /** New line numbers of added lines, ascending. */
  added: number[];
  addedText: string[];
  /** For each added line: the old line after which it is inserted (0: before the first line). */
  insertedAfterOld: number[];
  /** For each removed line: the new line after which it used to be (0: before the first line). */
  removedAfterNew: number[];
  /** Context lines: [old line, new line, text]. */
  context: [number, number, string][];
}

export interface FileDiff {
  /** Path before the change (null for an added file), relative, '/'-separated. */
  oldPath: string | null;
  /** Path after the change (null for a deleted file). */
  newPath: string | null;
  status: FileStatus;
  /** A binary file: no hunks, no line information. */
  binary: boolean;
  hunks: DiffHunk[];
  /** Similarity percentage of a rename or copy. */
  similarity?: number;
  /** Set when a `\ No newline at end of file` marker speaks about that side. */
  oldNoNewlineAtEnd?: boolean;
  newNoNewlineAtEnd?: boolean;
}

/** Parses unified diff text into one entry per file, in order of appearance. */
export function parseUnifiedDiff(text: string): FileDiff[] {
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const files: FileDiff[] = [];
  let cur: (FileDiff & { gitHeader?: boolean }) | undefined;
  let i = 0;
  const start = (oldPath: string | null, newPath: string | null, gitHeader: boolean) => {
    cur = { oldPath, newPath, status: 'modified', binary: false, hunks: [], gitHeader };
    files.push(cur);
  };
  while (i < lines.length) {
    const line = stripCr(lines[i]);
    if (line.startsWith('diff --git ')) {
      const [a, b] = splitGitHeaderPaths(line.slice('diff --git '.length));
      start(a, b, true);
      i++;
      continue;
    }
    if (line.startsWith('--- ') && i + 1 < lines.length && stripCr(lines[i + 1]).startsWith('+++ ')) {
      const oldP = headerPath(line.slice(4));
      const newP = headerPath(stripCr(lines[i + 1]).slice(4));
      // A plain `diff -u` (no git header), or a second file in one: ---/+++ starts a file.
      if (!cur || !cur.gitHeader || cur.hunks.length > 0 || cur.binary) start(oldP, newP, false);
      const f = cur!;
      f.oldPath = oldP;
      f.newPath = newP;
      if (oldP === null) f.status = 'added';
      else if (newP === null) f.status = 'deleted';
      f.gitHeader = false; // from here on a new ---/+++ pair is a new file
      i += 2;
      continue;
    }
    if (line.startsWith('@@') && cur) {
      i = readHunk(lines, i, cur);
      continue;
    }
    if (cur && cur.hunks.length === 0) readExtendedHeader(line, cur);
    if (cur && line.startsWith('GIT binary patch')) {
      cur.binary = true;
      // Skip the base85 blocks up to the next file.
      i++;
      while (i < lines.length && !lines[i].startsWith('diff --git ')) i++;
      continue;
    }
    i++;
  }
  for (const f of files) {
    delete (f as { gitHeader?: boolean }).gitHeader;
    if (f.status === 'modified' && f.oldPath !== null && f.newPath !== null && f.oldPath !== f.newPath) f.status = 'renamed';
  }
  return files;
}

function readExtendedHeader(line: string, f: FileDiff): void {
  if (line.startsWith('new file mode')) { f.status = 'added'; f.oldPath = null; }
  else if (line.startsWith('deleted file mode')) { f.status = 'deleted'; f.newPath = null; }
  else if (line.startsWith('rename from ')) { f.status = 'renamed'; f.oldPath = unquote(line.slice(12)); }
  else if (line.startsWith('rename to ')) { f.status = 'renamed'; f.newPath = unquote(line.slice(10)); }
  else if (line.startsWith('copy from ')) { f.status = 'copied'; f.oldPath = unquote(line.slice(10)); }
  else if (line.startsWith('copy to ')) { f.status = 'copied'; f.newPath = unquote(line.slice(8)); }
  else if (line.startsWith('similarity index ')) f.similarity = parseInt(line.slice(17), 10);
  else if (line.startsWith('Binary files ') && line.endsWith(' differ')) {
    f.binary = true;
    // `Binary files /dev/null and b/x differ` tells an added (or deleted) binary file.
    const m = /^Binary files (.+) and (.+) differ$/.exec(line);
    if (m) {
      const a = headerPath(m[1]), b = headerPath(m[2]);
      if (a === null) { f.status = 'added'; f.oldPath = null; } else if (f.oldPath === null && f.status !== 'added') f.oldPath = a;
      if (b === null) { f.status = 'deleted'; f.newPath = null; } else if (f.newPath === null && f.status !== 'deleted') f.newPath = b;
    }
  }
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** Reads one hunk starting at `lines[i]`; returns the index after it. Counts lines, so `--- x` inside a hunk stays content. */
function readHunk(lines: string[], i: number, f: FileDiff): number {
  const m = HUNK.exec(stripCr(lines[i]));
  if (!m) return i + 1;
  const h: DiffHunk = {
    oldStart: +m[1], oldLines: m[2] === undefined ? 1 : +m[2], newStart: +m[3], newLines: m[4] === undefined ? 1 : +m[4],
    removed: [], removedText: [], added: [], addedText: [], insertedAfterOld: [], removedAfterNew: [], context: [],
  };
  f.hunks.push(h);
  // An empty range names the line *after which* the change sits, so counting starts one further.
  let oldLine = h.oldLines === 0 ? h.oldStart + 1 : h.oldStart;
  let newLine = h.newLines === 0 ? h.newStart + 1 : h.newStart;
  let oldLeft = h.oldLines, newLeft = h.newLines;
  let last: ' ' | '-' | '+' | undefined;
  i++;
  while (i < lines.length && (oldLeft > 0 || newLeft > 0 || lines[i].startsWith('\\'))) {
    const l = lines[i];
    const c = l[0];
    if (c === '\\') {
      if (last === '-' || last === ' ') f.oldNoNewlineAtEnd = true;
      if (last === '+' || last === ' ') f.newNoNewlineAtEnd = true;
    } else if (c === '-' && oldLeft > 0) {
      h.removed.push(oldLine); h.removedText.push(l.slice(1)); h.removedAfterNew.push(newLine - 1);
      oldLine++; oldLeft--; last = '-';
    } else if (c === '+' && newLeft > 0) {
      h.added.push(newLine); h.addedText.push(l.slice(1)); h.insertedAfterOld.push(oldLine - 1);
      newLine++; newLeft--; last = '+';
    } else if ((c === ' ' || l === '') && oldLeft > 0 && newLeft > 0) {
      // Some tools strip the space of an empty context line.
      h.context.push([oldLine, newLine, l.slice(1)]);
      oldLine++; newLine++; oldLeft--; newLeft--; last = ' ';
    } else {
      break; // malformed or truncated hunk: keep what was read
    }
    i++;
  }
  return i;
}

function stripCr(s: string): string { return s.endsWith('\r') ? s.slice(0, -1) : s; }

/** A ---/+++ path: `/dev/null` → null, `a/x` → `x`, trailing tab-separated timestamp dropped. */
function headerPath(raw: string): string | null {
  let p = raw;
  if (p.startsWith('"')) p = unquote(p.slice(0, closingQuote(p) + 1));
  else { const tab = p.indexOf('\t'); if (tab >= 0) p = p.slice(0, tab); }
  if (p === '/dev/null') return null;
  return stripPrefix(p);
}

function stripPrefix(p: string): string {
  return /^[abciwo]\//.test(p) ? p.slice(2) : p;
}

/** `a/x b/y` of a `diff --git` line; quoted paths and paths with spaces (equal on both sides) handled. */
function splitGitHeaderPaths(rest: string): [string | null, string | null] {
  if (rest.startsWith('"')) {
    const end = closingQuote(rest);
    const a = unquote(rest.slice(0, end + 1));
    const bRaw = rest.slice(end + 2);
    return [stripPrefix(a), stripPrefix(bRaw.startsWith('"') ? unquote(bRaw) : bRaw)];
  }
  if (rest.endsWith('"')) {
    const q = rest.lastIndexOf(' "');
    return [stripPrefix(rest.slice(0, q)), stripPrefix(unquote(rest.slice(q + 1)))];
  }
  // Unquoted: when both sides name the same path the split is in the middle.
  const half = (rest.length - 1) / 2;
  if (Number.isInteger(half) && rest[half] === ' ' && stripPrefix(rest.slice(0, half)) === stripPrefix(rest.slice(half + 1))) {
    const p = stripPrefix(rest.slice(0, half));
    return [p, p];
  }
  const sp = rest.indexOf(' b/');
  if (sp >= 0) return [stripPrefix(rest.slice(0, sp)), stripPrefix(rest.slice(sp + 1))];
  const parts = rest.split(' ');
  return [stripPrefix(parts[0]), stripPrefix(parts.slice(1).join(' '))];
}

function closingQuote(s: string): number {
  for (let i = 1; i < s.length; i++) {
    if (s[i] === '\\') { i++; continue; }
    if (s[i] === '"') return i;
  }
  return s.length - 1;
}

const ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/** Git's C-style quoted path (`"a/caf\303\251.ts"`) → the UTF-8 string; unquoted input comes back as is. */
export function unquote(s: string): string {
  if (!(s.startsWith('"') && s.endsWith('"') && s.length >= 2)) return s;
  const bytes: number[] = [];
  const body = s.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch !== '\\') { for (const b of Buffer.from(ch, 'utf8')) bytes.push(b); continue; }
    const next = body[i + 1];
    if (next !== undefined && /[0-7]/.test(next)) {
      const oct = /^[0-7]{1,3}/.exec(body.slice(i + 1))![0];
      bytes.push(parseInt(oct, 8));
      i += oct.length;
    } else if (next !== undefined && next in ESCAPES) {
      bytes.push(ESCAPES[next]);
      i++;
    } else {
      bytes.push(92);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
