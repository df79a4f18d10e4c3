/**
 * A .gitignore matcher written to the gitignore(5) rules: comments, escapes, trailing-space trimming,
 * negation, directory-only patterns, anchored patterns (a slash at the start or in the middle), `*`, `?`,
 * bracket classes, and `**` at the start, end and middle. Rule files nest: a rule is relative to the folder of
 * its file, deeper files win over shallower ones, and within a file the last matching rule wins.
 */

/** One compiled pattern line. */
export interface IgnoreRule {
  /** The line as written (for debugging and docs). */
  source: string;
  negated: boolean;
  dirOnly: boolean;
  /** Matches a path relative to the rule file's folder ('/'-separated, no leading slash). */
  regex: RegExp;
}

/**
 * The rules of one file, with the folder (relative to the walk root, '' for the root) they apply under. A file
 * above the walk root (a parent folder's .gitignore when the root is a sub-folder of a git work tree) has
 * `base: ''` and `prefix`: the root's path relative to that file's folder, put before every path matched.
 */
export interface IgnoreFile {
  base: string;
  prefix?: string;
  rules: IgnoreRule[];
}

/** Parses the text of a .gitignore-style file into rules (invalid patterns are dropped, as git does). */
export function parseIgnoreFile(text: string): IgnoreRule[] {
  const rules: IgnoreRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const rule = compileLine(raw);
    if (rule) rules.push(rule);
  }
  return rules;
}

function compileLine(raw: string): IgnoreRule | undefined {
  let line = trimTrailingSpaces(raw);
  if (line === '' || line.startsWith('#')) return undefined;
  let negated = false;
  if (line.startsWith('!')) { negated = true; line = line.slice(1); }
  else if (line.startsWith('\\!') || line.startsWith('\\#')) line = line.slice(1);
  let dirOnly = false;
  if (line.endsWith('/') && !line.endsWith('\\/')) { dirOnly = true; line = line.slice(0, -1); }
  if (line === '') return undefined;
  // A slash at the start or in the middle anchors the pattern to the rule file's folder.
  const anchored = line.includes('/');
  if (line.startsWith('/')) line = line.slice(1);
  if (line === '') return undefined;
  const body = globToRegex(line);
  if (body === undefined) return undefined;
  const regex = new RegExp(anchored ? `^${body}$` : `^(?:.*/)?${body}$`);
  return { source: raw, negated, dirOnly, regex };
}

/** Trailing spaces are ignored unless escaped with a backslash. */
function trimTrailingSpaces(s: string): string {
  let end = s.length;
  while (end > 0 && (s[end - 1] === ' ' || s[end - 1] === '\t')) {
    if (end >= 2 && s[end - 2] === '\\') break;
    end--;
  }
  return s.slice(0, end);
}

/** Translates one glob (no leading slash) to a regex body; undefined for an unterminated class. */
function globToRegex(glob: string): string | undefined {
  let out = '';
  const segments = glob.split('/');
  for (let si = 0; si < segments.length; si++) {
    const seg = segments[si];
    const last = si === segments.length - 1;
    if (seg === '**') {
      if (segments.length === 1) return '.*';          // `**` alone: everything
      if (si === 0) { out += '(?:.*/)?'; continue; }   // `**/x`: x at any depth
      if (last) { out += '.*'; continue; }             // `x/**`: everything inside x (x/ already emitted)
      out += '(?:.*/)?';                               // `a/**/b`: zero or more folders
      continue;
    }
    const part = segmentToRegex(seg);
    if (part === undefined) return undefined;
    out += part;
    if (!last) out += '/';
  }
  return out;
}

function segmentToRegex(seg: string): string | undefined {
  let out = '';
  for (let i = 0; i < seg.length; i++) {
    const c = seg[i];
    if (c === '\\') {
      i++;
      if (i < seg.length) out += escapeRe(seg[i]);
      continue;
    }
    if (c === '*') {
      while (seg[i + 1] === '*') i++; // `**` inside a segment behaves like `*`
      out += '[^/]*';
      continue;
    }
    if (c === '?') { out += '[^/]'; continue; }
    if (c === '[') {
      const end = classEnd(seg, i);
      if (end < 0) return undefined;
      out += classToRegex(seg.slice(i + 1, end));
      i = end;
      continue;
    }
    out += escapeRe(c);
  }
  return out;
}

/** Index of the `]` closing the class opened at `start`, or -1. A `]` right after `[` or `[!` is literal. */
function classEnd(s: string, start: number): number {
  let i = start + 1;
  if (s[i] === '!' || s[i] === '^') i++;
  if (s[i] === ']') i++;
  for (; i < s.length; i++) {
    if (s[i] === '\\') { i++; continue; }
    if (s[i] === ']') return i;
  }
  return -1;
}

function classToRegex(body: string): string {
  let negate = false;
  if (body.startsWith('!') || body.startsWith('^')) { negate = true; body = body.slice(1); }
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\' && i + 1 < body.length) { out += escapeClassChar(body[++i]); continue; }
    if (c === '-' && out !== '' && i + 1 < body.length) { out += '-'; continue; }
    out += escapeClassChar(c);
  }
  // A class never matches '/', as in git's fnmatch with FNM_PATHNAME.
  return negate ? `[^/${out}]` : `(?!/)[${out}]`;
}

function escapeRe(c: string): string { return /[\\^$.*+?()[\]{}|/]/.test(c) ? `\\${c}` : c; }
function escapeClassChar(c: string): string { return /[\\\]^-]/.test(c) ? `\\${c}` : c; }

/**
 * The ignore state at one folder during a walk: the chain of rule files that apply there, shallowest first.
 * Immutable; `child` returns a new state when a folder brings its own .gitignore.
 */
export class IgnoreStack {
  private constructor(private readonly files: readonly IgnoreFile[]) {}

  /** A stack with the given base files (e.g. .git/info/exclude, then the root .gitignore). */
  static of(files: IgnoreFile[]): IgnoreStack { return new IgnoreStack(files.filter((f) => f.rules.length > 0)); }

  /** This stack plus one more (deeper) rule file. */
  child(file: IgnoreFile): IgnoreStack {
    return file.rules.length === 0 ? this : new IgnoreStack([...this.files, file]);
  }

  /** Whether `relPath` (relative to the walk root) is ignored; deepest file first, last rule first. */
  ignores(relPath: string, isDir: boolean): boolean {
    for (let fi = this.files.length - 1; fi >= 0; fi--) {
      const f = this.files[fi];
      let sub: string;
      if (f.prefix) sub = `${f.prefix}/${relPath}`;
      else if (f.base === '') sub = relPath;
      else if (relPath.startsWith(f.base + '/')) sub = relPath.slice(f.base.length + 1);
      else continue;
      for (let ri = f.rules.length - 1; ri >= 0; ri--) {
        const r = f.rules[ri];
        if (r.dirOnly && !isDir) continue;
        if (r.regex.test(sub)) return !r.negated;
      }
    }
    return false;
  }
}
