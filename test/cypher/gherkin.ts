/**
 * A small Gherkin reader for the openCypher TCK feature files: scenarios and scenario outlines (expanded
 * with their Examples), steps with doc strings and data tables. Only what the TCK uses.
 */

export interface Step {
  keyword: string;
  text: string;
  docString?: string;
  table?: string[][];
}

export interface Scenario {
  feature: string;
  file: string;
  name: string;
  /** 1-based line of the Scenario (Outline) keyword. */
  line: number;
  /** For expanded outlines: the example row number (1-based). */
  example?: number;
  steps: Step[];
}

/** Splits a table line `| a | b |` into trimmed cells (a `\|` is a literal bar). */
function cells(line: string): string[] {
  const inner = line.trim().slice(1, -1);
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === '\\' && (inner[i + 1] === '|' || inner[i + 1] === '\\')) { cur += inner[i + 1]; i++; continue; }
    if (inner[i] === '|') { out.push(cur.trim()); cur = ''; continue; }
    cur += inner[i];
  }
  out.push(cur.trim());
  return out;
}

/** Parses one feature file into scenarios (outlines expanded). */
export function parseFeature(text: string, file: string): Scenario[] {
  const lines = text.split(/\r?\n/);
  let feature = '';
  const out: Scenario[] = [];
  let i = 0;
  interface Raw { name: string; line: number; outline: boolean; steps: Step[]; examples: string[][][] }
  let cur: Raw | undefined;
  const flush = () => {
    if (!cur) return;
    if (!cur.outline) out.push({ feature, file, name: cur.name, line: cur.line, steps: cur.steps });
    else {
      let n = 0;
      for (const table of cur.examples) {
        const [header, ...rows] = table;
        for (const row of rows) {
          n++;
          const sub = (s: string) => s.replace(/<([^<>\s]+)>/g, (m, k: string) => { const idx = header.indexOf(k); return idx >= 0 ? row[idx] : m; });
          out.push({
            feature, file, name: sub(cur.name), line: cur.line, example: n,
            steps: cur.steps.map((s) => ({ keyword: s.keyword, text: sub(s.text), docString: s.docString === undefined ? undefined : sub(s.docString), table: s.table?.map((r) => r.map(sub)) })),
          });
        }
      }
    }
    cur = undefined;
  };
  let inExamples = false;
  let background: Step[] = [];
  let inBackground = false;
  while (i < lines.length) {
    const raw = lines[i];
    const line = raw.trim();
    i++;
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('Feature:')) { feature = line.slice(8).trim(); continue; }
    if (line.startsWith('Background:')) {
      flush();
      inBackground = true;
      cur = { name: 'Background', line: i, outline: false, steps: [], examples: [] };
      continue;
    }
    if (line.startsWith('Scenario Outline:') || line.startsWith('Scenario:')) {
      if (inBackground) { background = cur!.steps; cur = undefined; inBackground = false; }
      flush();
      const outline = line.startsWith('Scenario Outline:');
      // Background steps run before every scenario of the feature.
      cur = { name: line.slice(outline ? 17 : 9).trim(), line: i, outline, steps: background.map((s) => ({ ...s })), examples: [] };
      inExamples = false;
      continue;
    }
    if (line.startsWith('Examples:')) { inExamples = true; cur?.examples.push([]); continue; }
    if (!cur) continue;
    if (line.startsWith('|')) {
      if (inExamples) cur.examples[cur.examples.length - 1].push(cells(line));
      else {
        const step = cur.steps[cur.steps.length - 1];
        (step.table ??= []).push(cells(line));
      }
      continue;
    }
    if (line.startsWith('"""')) {
      const indent = raw.indexOf('"""');
      const body: string[] = [];
      while (i < lines.length && !lines[i].trim().startsWith('"""')) {
        body.push(lines[i].slice(Math.min(indent, lines[i].search(/\S|$/))));
        i++;
      }
      i++;
      cur.steps[cur.steps.length - 1].docString = body.join('\n');
      continue;
    }
    const m = /^(Given|When|Then|And|But)\s+(.*)$/.exec(line);
    if (m) { cur.steps.push({ keyword: m[1], text: m[2] }); continue; }
  }
  flush();
  return out;
}
