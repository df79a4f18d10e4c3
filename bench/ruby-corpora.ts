/**
 * The real Ruby code bases Ruby's call graph is checked on (bench/ruby-callgraph-diff.ts, test/ruby/real-code.test.ts),
 * each a Debian `ruby-*` package of a pinned version: `apt-get download name=version`, unpacked with `dpkg -x`, the
 * gem's folder (lib/ and what it ships beside it) copied to a temporary corpus folder, re-created when missing.
 *
 * Two halves, so that a figure is never measured on the code that tuned it:
 * - tune: kramdown 2.4.0 (a Markdown parser and its converters: class hierarchies, mixins, module functions).
 * - held out (never tuned on; read its figures, not its misses): rouge 3.30.0 (a highlighter of ~200 lexers
 *   written in a class-level DSL, formatters, themes).
 * The oracle runs a driver (bench/ruby-oracle/<name>.rb) over real inputs: kramdown converts this repository's
 * Markdown documents with every converter; rouge lexes and formats the demo text of every lexer it ships.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface RubyCorpus {
  half: 'tune' | 'held-out';
  deb: string;
  version: string;
  /** The gem's folder inside the package. */
  gem: string;
  /** Other folders of the package the driver reads (demo texts), copied beside the gem as `data/`. */
  data?: string;
}

export const RUBY_CORPORA: Record<string, RubyCorpus> = {
  kramdown: { half: 'tune', deb: 'ruby-kramdown', version: '2.4.0-2', gem: 'usr/share/rubygems-integration/all/gems/kramdown-2.4.0' },
  rouge: { half: 'held-out', deb: 'ruby-rouge', version: '3.30.0-2', gem: 'usr/share/rubygems-integration/all/gems/rouge-3.30.0', data: 'usr/share/ruby-rouge/demos' },
};

/** Where corpora are unpacked. */
export const RUBY_CORPORA_HOME = path.join(os.tmpdir(), 'codegraph-ruby-corpora');

/** A corpus' folder (the gem: `lib/`, and `data/` when it has one), made on first use. Throws with the reason when it cannot be made. */
export function rubyCorpus(name: string): { root: string; corpus: RubyCorpus } {
  const corpus = RUBY_CORPORA[name];
  if (!corpus) throw new Error(`unknown Ruby corpus ${name} (known: ${Object.keys(RUBY_CORPORA).join(', ')})`);
  const home = path.join(RUBY_CORPORA_HOME, `${name}-${corpus.version}`.replace(/[^A-Za-z0-9._-]/g, '_'));
  const root = path.join(home, 'gem');
  if (existsSync(path.join(home, '.complete'))) return { root, corpus };
  rmSync(home, { recursive: true, force: true });
  const work = path.join(home, '.deb');
  mkdirSync(work, { recursive: true });
  execFileSync('apt-get', ['download', `${corpus.deb}=${corpus.version}`], { cwd: work, stdio: ['ignore', 'ignore', 'pipe'] });
  const unpacked = path.join(home, '.x');
  for (const f of readdirSync(work)) if (f.endsWith('.deb')) execFileSync('dpkg', ['-x', path.join(work, f), unpacked]);
  if (!existsSync(path.join(unpacked, corpus.gem, 'lib'))) throw new Error(`${corpus.deb} ${corpus.version} has no ${corpus.gem}/lib`);
  cpSync(path.join(unpacked, corpus.gem), root, { recursive: true });
  if (corpus.data) cpSync(path.join(unpacked, corpus.data), path.join(root, 'data'), { recursive: true });
  rmSync(work, { recursive: true, force: true });
  rmSync(unpacked, { recursive: true, force: true });
  writeFileSync(path.join(home, '.complete'), '');
  return { root, corpus };
}
