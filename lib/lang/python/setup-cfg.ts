/**
 * A setup.cfg as setuptools reads it: Python's `configparser` with its default settings (RawConfigParser: `=` and `:`
 * delimiters, full-line comments starting `#` or `;`, no inline comments, option names lower-cased, a value going on
 * over the lines indented deeper than its first one, blank lines inside a value kept, a `[DEFAULT]` section whose
 * options every section inherits; no interpolation). No npm INI parser reads that syntax (docs/architecture.md,
 * Decisions, "setup.cfg"), so this reader implements it, and test/python/setup-cfg.test.ts compares it with Python's
 * own configparser.
 */

/** A file's sections: section name → option name → value (multi-line values joined by '\n', as configparser does). */
export type IniSections = Map<string, Map<string, string>>;

/** What `readSetupCfg` gives: the sections, and the lines configparser would refuse (1-based), which it skipped. */
export interface IniFile { sections: IniSections; badLines: number[] }

const SECTION = /^\[(.+)\]$/;
// configparser's option pattern: the shortest name before the first delimiter, then the value
const OPTION = /^(.*?)\s*([=:])\s*(.*)$/;
const DEFAULT_SECTION = 'DEFAULT';

/**
 * Reads a setup.cfg (or any file in configparser's syntax). Lenient where configparser raises (a line before any
 * section, a line that is no option, a repeated section or option): such a line is skipped, or the later option
 * wins, and `badLines` lists where; the rest of the file is still read.
 */
export function readSetupCfg(text: string): IniFile {
  const raw = new Map<string, Map<string, string[]>>();
  const defaults = new Map<string, string[]>();
  const badLines: number[] = [];
  let section: Map<string, string[]> | undefined;
  let option: string | undefined;
  let indent = 0;
  const lines = text.split('\n');
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n];
    const value = line.trim();
    const comment = value.startsWith('#') || value.startsWith(';');
    if (!value || comment) {
      // a blank line inside a value is part of it (trailing ones are trimmed at the end); a comment line is not
      if (!comment && section && option !== undefined) section.get(option)!.push('');
      continue;
    }
    const lineIndent = line.search(/\S/);
    if (section && option !== undefined && lineIndent > indent) {
      section.get(option)!.push(value);
      continue;
    }
    indent = lineIndent;
    const header = SECTION.exec(value);
    if (header) {
      const name = header[1];
      if (name === DEFAULT_SECTION) section = defaults;
      else {
        section = raw.get(name);
        if (!section) raw.set(name, (section = new Map()));
      }
      option = undefined;
      continue;
    }
    const m = section ? OPTION.exec(value) : null;
    if (!section || !m || !m[1].trim()) {
      badLines.push(n + 1);
      continue;
    }
    option = m[1].trimEnd().toLowerCase();
    section.set(option, [m[3].trim()]);
  }
  const join = (parts: string[]): string => parts.join('\n').trimEnd();
  const sections: IniSections = new Map();
  for (const [name, options] of raw) {
    const out = new Map<string, string>();
    for (const [k, v] of defaults) out.set(k, join(v));
    for (const [k, v] of options) out.set(k, join(v));
    sections.set(name, out);
  }
  if (defaults.size) sections.set(DEFAULT_SECTION, new Map([...defaults].map(([k, v]) => [k, join(v)])));
  return { sections, badLines };
}

/**
 * A value setuptools reads as a list (`_parse_list`): one item per line when it spans lines, else comma-separated;
 * items trimmed, empty ones dropped.
 */
export function listValue(value: string | undefined): string[] {
  if (value === undefined) return [];
  return (value.includes('\n') ? value.split('\n') : value.split(',')).map((s) => s.trim()).filter((s) => s.length > 0);
}

/** A value setuptools reads as a dict (`_parse_dict`): `key = value` items of listValue, split at the first `=`. */
export function dictValue(value: string | undefined): Array<[key: string, value: string]> {
  const out: Array<[string, string]> = [];
  for (const item of listValue(value)) {
    const at = item.indexOf('=');
    if (at >= 0) out.push([item.slice(0, at).trim(), item.slice(at + 1).trim()]);
  }
  return out;
}
