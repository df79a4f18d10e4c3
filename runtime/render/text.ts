/** Small text helpers shared by the CLI's readable renderings: aligned tables, counts, locations, list cuts. */
import { stripAnsi, type Style } from './style.ts';

/** What every renderer gets: the style, the terminal width, and how many items a list shows before "… N more". */
export interface RenderOptions {
  style: Style;
  /** Columns of the terminal (lines are not cut when undefined). */
  width?: number;
  /** Items shown per list (default 10). */
  items?: number;
}

/** `n word` / `n words`. */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? word : many}`;
}

/** `path:line`, or the path alone. */
export function loc(filePath: string | undefined, line?: number): string {
  if (!filePath) return '';
  return line !== undefined && line > 0 ? `${filePath}:${line}` : filePath;
}

/** Printed width of a string (colour sequences take none). */
export function visible(s: string): number { return stripAnsi(s).length; }

/** Cuts a line to `width` characters (keeping colour sequences out of the count), ending it with '…'. */
export function fit(line: string, width: number | undefined): string {
  if (width === undefined || visible(line) <= width) return line;
  let out = '';
  let n = 0;
  for (let i = 0; i < line.length;) {
    // eslint-disable-next-line no-control-regex
    const esc = /^\x1b\[[0-9;]*m/.exec(line.slice(i));
    if (esc) { out += esc[0]; i += esc[0].length; continue; }
    if (n >= width - 1) break;
    out += line[i++];
    n++;
  }
  return `${out}…${line.includes('\x1b[') ? '\x1b[0m' : ''}`;
}

/** Rows of cells aligned in columns (two spaces apart); the last column is not padded. */
export function table(rows: string[][], indent = ''): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => { widths[i] = Math.max(widths[i] ?? 0, visible(cell)); });
  return rows.map((row) => indent + row.map((cell, i) => (i === row.length - 1 ? cell : cell + ' '.repeat(widths[i] - visible(cell)))).join('  ').trimEnd());
}

/** The first `limit` items and, when some are left out, how many. */
export function head<T>(items: readonly T[], limit: number): { shown: readonly T[]; rest: number } {
  return items.length <= limit ? { shown: items, rest: 0 } : { shown: items.slice(0, limit), rest: items.length - limit };
}

/** "… 12 more" with an optional hint on how to see them. */
export function moreLine(style: Style, rest: number, indent: string, hint?: string): string {
  return `${indent}${style.dim(`… ${rest.toLocaleString('en-US')} more${hint ? ` (${hint})` : ''}`)}`;
}

/** A confidence as a short figure (1 → "1", 0.85 → ".85"). */
export function conf(x: number | undefined): string {
  if (x === undefined) return '';
  if (x >= 1) return '1';
  return x.toFixed(2).replace(/^0/, '');
}

/** Joins rendered lines, cutting each to the terminal width. */
export function lines(out: readonly string[], width: number | undefined): string {
  return out.map((l) => fit(l, width)).join('\n');
}
