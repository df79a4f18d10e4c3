/**
 * Resolve time of method chains by their length: a Rust crate whose one function builds a command-line parser with
 * N chained `.arg(Arg::new(…).long(…).short(…).action(…).help(…))` calls of an outside crate (clap's shape), analyzed
 * cold in this process; prints the resolve phase's milliseconds per N. The work must grow with N, not with the paths
 * through the chain (each receiver is asked for from several places: lib/resolve/nominal/values.ts, value()).
 *
 *   node --import tsx bench/builder-chains.ts [N…]      (default 10 20 40 80)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyzeRepository } from '../lib/analyze/index.ts';

/** The crate's files for a chain of `links` calls. */
export function chainCrate(links: number): Record<string, string> {
  const arg = (i: number): string => `.arg(Arg::new("a${i}").long("a${i}").short('a').action(ArgAction::Set).help("h"))`;
  const chain = Array.from({ length: links }, (_, i) => arg(i)).join('\n        ');
  return {
    'Cargo.toml': '[package]\nname = "chain"\nversion = "0.1.0"\n\n[dependencies]\nclap = "4"\n',
    'src/main.rs': `use clap::{Arg, ArgAction, Command};\n\nfn build_command() -> Command {\n    Command::new("x")\n        ${chain}\n}\n\nfn main() {\n    build_command().get_matches();\n}\n`,
  };
}

async function main(): Promise<void> {
  const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
  for (const links of sizes.length ? sizes : [10, 20, 40, 80]) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codegraph-chain-'));
    try {
      for (const [p, text] of Object.entries(chainCrate(links))) {
        fs.mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
        fs.writeFileSync(path.join(dir, p), text);
      }
      const r = await analyzeRepository(dir, { home: path.join(dir, '.home') });
      process.stdout.write(`${links} links: resolve ${r.summary.timings.resolve} ms\n`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

await main();
