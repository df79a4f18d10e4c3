/**
 * A large synthetic TypeScript repository for the web UI's size limits (test/web/large.test.ts) and its
 * benchmark (bench/web-ui.ts): `packages` folders of `files` files with `functions` functions each. Functions
 * call their neighbours in the file, one function of another file of the same package and, now and then, one
 * of the next package, so modules (communities) form along packages and depend on each other; one function of
 * each file calls a shared `trace`, a hub with a caller in every file. Deterministic.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface SyntheticShape { packages: number; files: number; functions: number }

/** 50 × 20 × 25 = 25,000 functions (and the hub). */
export const LARGE: SyntheticShape = { packages: 50, files: 20, functions: 25 };

/** Writes the repository into `dir`; returns the number of functions written (the hub `trace` included). */
export function writeSyntheticRepo(dir: string, shape: SyntheticShape = LARGE): number {
  fs.mkdirSync(path.join(dir, 'src', 'shared'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'src', 'shared', 'log.ts'), '/** Records a value. */\nexport function trace(x: number): number {\n  return x;\n}\n');
  let count = 1;
  for (let p = 0; p < shape.packages; p++) {
    const pkg = path.join(dir, 'src', `pkg${p}`);
    fs.mkdirSync(pkg, { recursive: true });
    for (let f = 0; f < shape.files; f++) {
      const lines: string[] = [];
      const sibling = (f + 1) % shape.files;
      const nextPkg = (p + 1) % shape.packages;
      lines.push(`import { p${p}f${sibling}fn0 } from './file${sibling}';`, `import { trace } from '../shared/log';`);
      if (f % 5 === 0) lines.push(`import { p${nextPkg}f${f}fn1 } from '../pkg${nextPkg}/file${f}';`);
      for (let n = 0; n < shape.functions; n++) {
        const name = `p${p}f${f}fn${n}`;
        const body: string[] = [];
        if (n + 1 < shape.functions) body.push(`  p${p}f${f}fn${n + 1}(x + 1);`);
        if (n === 0) body.push(`  p${p}f${sibling}fn0(x);`);
        if (n === 2 && f % 5 === 0) body.push(`  p${nextPkg}f${f}fn1(x);`);
        if (n === 3) body.push('  trace(x);');
        lines.push(`/** Step ${n} of file ${f} in package ${p}. */`, `export function ${name}(x: number): number {`, ...body, `  return x * ${n + 1};`, '}');
        count++;
      }
      fs.writeFileSync(path.join(pkg, `file${f}.ts`), lines.join('\n') + '\n');
    }
  }
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'synthetic', private: true }) + '\n');
  return count;
}
