/** `codegraph cypher` through the CLI's main, on a repository analyzed into a temporary CODEGRAPH_HOME. */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main } from '../../runtime/cli.ts';

async function cli(home: string, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const saved = { home: process.env.CODEGRAPH_HOME, out: process.stdout.write, err: process.stderr.write };
  let out = '', err = '';
  process.env.CODEGRAPH_HOME = home;
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => { out += String(chunk); const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined; cb?.(); return true; }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => { err += String(chunk); return true; }) as typeof process.stderr.write;
  try {
    return { code: await main(args), out, err };
  } finally {
    process.stdout.write = saved.out;
    process.stderr.write = saved.err;
    if (saved.home === undefined) delete process.env.CODEGRAPH_HOME; else process.env.CODEGRAPH_HOME = saved.home;
  }
}

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'codegraph-cypher-cli-'));
const home = path.join(base, 'home');
const root = path.join(base, 'shop');
fs.mkdirSync(path.join(root, 'src'), { recursive: true });
fs.writeFileSync(path.join(root, 'src/price.ts'), 'export function price(n: number): number {\n  return round(n * 1.2);\n}\n\nexport function round(x: number): number {\n  return Math.round(x);\n}\n');
fs.writeFileSync(path.join(root, 'src/cart.ts'), "import { price } from './price';\n\nexport function total(items: number[]): number {\n  return items.map(price).reduce((a, b) => a + b, 0);\n}\n\nexport function checkout(items: number[]): string {\n  return `total ${total(items)}`;\n}\n");
test.after.always(() => fs.rmSync(base, { recursive: true, force: true }));

test.serial('cypher prints the tool JSON; params and --max-rows are passed through', async (t) => {
  const a = await cli(home, 'analyze', root);
  t.is(a.code, 0, a.err);
  const r = await cli(home, 'cypher', "MATCH (c)-[:CALLS]->(f:Function {name: 'total'}) RETURN c.name AS caller, f.filePath AS file");
  t.is(r.code, 0, r.err);
  t.deepEqual(JSON.parse(r.out), { columns: ['caller', 'file'], rows: [{ caller: 'checkout', file: 'src/cart.ts' }], row_count: 1, truncated: false });
  const p = await cli(home, 'cypher', 'MATCH (f:Function) WHERE f.name STARTS WITH $p RETURN f.name AS n ORDER BY n', '--params', '{"p":"r"}', '--repo', 'shop');
  t.deepEqual(JSON.parse(p.out).rows, [{ n: 'round' }]);
  const m = await cli(home, 'cypher', 'MATCH (f:Function) RETURN f.name AS n ORDER BY n', '--max-rows', '2');
  t.like(JSON.parse(m.out), { row_count: 2, truncated: true });
});

test.serial('bad input exits non-zero with the error code on stderr and nothing on stdout', async (t) => {
  for (const [args, code] of [
    [['cypher', 'MATCH (n) DELETE n'], 'READ_ONLY'],
    [['cypher', 'MATCH (n RETURN n'], 'CYPHER_SYNTAX'],
    [['cypher', 'RETURN 1', '--params', 'not json'], 'VALIDATION_ERROR'],
    [['cypher', 'RETURN 1', '--max-rows', 'many'], 'VALIDATION_ERROR'],
    [['cypher'], 'VALIDATION_ERROR'],
    [['cypher', 'RETURN 1', '--repo', 'nope'], 'REPO_NOT_FOUND'],
  ] as const) {
    const r = await cli(home, ...args);
    t.is(r.code, 1, args.join(' '));
    t.regex(r.err, new RegExp(`${code}:`), args.join(' '));
    t.is(r.out, '');
  }
});
