/**
 * Test corpora shared by the differential tests of the parse and match paths (query-engine, native-parse,
 * native-match): every indexable source file under a folder, reproducibly damaged copies of rxjs files, and
 * texts that stress offsets and encodings.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { languageOf } from '../../lib/lang/index.ts';


/** Every file the indexer has a language for under `dir` (node_modules skipped), sorted. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const f = path.join(dir, e.name);
    if (e.isDirectory()) { if (e.name !== 'node_modules') out.push(...sourceFiles(f)); } else if (languageOf(f)) out.push(f);
  }
  return out.sort();
}

/**
 * `count` texts made from randomly chosen `files` with three random cuts each (same `seed`, same texts), so the
 * parsers meet ERROR and MISSING nodes everywhere.
 */
export function damagedTexts(files: readonly string[], seed: number, count = 40): Array<{ label: string; text: string }> {
  let s = seed;
  const rnd = (): number => { s = (s * 1103515245 + 12345) & 0x7fffffff; return s / 0x7fffffff; };
  const out: Array<{ label: string; text: string }> = [];
  for (let k = 0; k < count; k++) {
    const f = files[Math.floor(rnd() * files.length)];
    let text = readFileSync(f, 'utf8');
    for (let e = 0; e < 3; e++) { const at = Math.floor(rnd() * text.length); text = text.slice(0, at) + text.slice(at + 1 + Math.floor(rnd() * 20)); }
    out.push({ label: `${path.basename(f)} cut ${k}`, text });
  }
  return out;
}

/** Texts that stress offsets and encodings (empty, CRLF, BOM, astral characters, lone CR, NUL, lone surrogate). */
export const ODD_TEXTS: Readonly<Record<string, string>> = {
  empty: '',
  crlf: 'const a = 1;\r\nfunction f(x) {\r\n  return a + x; // 😀 é\r\n}\r\nexport { f };\r\n',
  bom: '\uFEFFimport { x } from "./x";\nexport const y = x("😀😀", `t${x}`);\n',
  astral: 'const 𝒜 = 1; const s = "𝒜𝒜"; f(𝒜, s);\nclass K { m() { return this.n?.p; } }\n',
  lonecr: 'const a = 1;\rconst b = a;\n',
  nul: 'const a = "\u0000"; f(a);\n',
  surrogate: 'const a = "\uD800"; g(a);\n',
};
