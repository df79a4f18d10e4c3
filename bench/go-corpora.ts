/**
 * The real Go code bases the Go call graph is checked on (bench/go-callgraph-diff.ts), each a Debian
 * `golang-*-dev` package of a pinned version: `apt-get download name=version`, unpacked with `dpkg -x` into one
 * GOPATH tree (/usr/share/gocode/src/<import path>), beside the packages it imports, re-created when missing.
 *
 * Two halves, so that a figure is never measured on the code that tuned it:
 * - tune: go-cmp 0.5.9 (reflection-heavy, interfaces, options as values), gorilla/mux 1.8.0 (a router: methods on
 *   pointer receivers, handler interfaces), cobra 1.6.1 (a CLI library: struct methods, callbacks, pflag).
 * - held out (never tuned on; read its figures, not its misses): yaml.v3 3.0.1 and BurntSushi/toml 1.2.0.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface GoCorpus {
  half: 'tune' | 'held-out';
  /** The package indexed and checked (its folder under src/). */
  importPath: string;
  /** Debian packages unpacked into the GOPATH: the corpus' own first, then what it imports. */
  debs: Array<[name: string, version: string]>;
}

export const GO_CORPORA: Record<string, GoCorpus> = {
  'go-cmp': { half: 'tune', importPath: 'github.com/google/go-cmp', debs: [['golang-github-google-go-cmp-dev', '0.5.9-1']] },
  mux: { half: 'tune', importPath: 'github.com/gorilla/mux', debs: [['golang-github-gorilla-mux-dev', '1.8.0-1']] },
  cobra: {
    half: 'tune', importPath: 'github.com/spf13/cobra',
    debs: [['golang-github-spf13-cobra-dev', '1.6.1-1'], ['golang-github-spf13-pflag-dev', '1.0.6~git20210604-d5e0c0615ace-1'], ['golang-github-cpuguy83-go-md2man-v2-dev', '2.0.2+ds1-1'], ['golang-github-russross-blackfriday-v2-dev', '2.1.0-1'], ['golang-gopkg-yaml.v3-dev', '3.0.1-3']],
  },
  'yaml.v3': { half: 'held-out', importPath: 'gopkg.in/yaml.v3', debs: [['golang-gopkg-yaml.v3-dev', '3.0.1-3']] },
  toml: { half: 'held-out', importPath: 'github.com/BurntSushi/toml', debs: [['golang-github-burntsushi-toml-dev', '1.2.0-2']] },
};

/** Where corpora are unpacked (one GOPATH per corpus). */
export const GO_CORPORA_HOME = path.join(os.tmpdir(), 'codegraph-go-corpora');

/** A corpus' GOPATH and project folder, made on first use. Throws with the reason when it cannot be made. */
export function goCorpus(name: string): { gopath: string; root: string; corpus: GoCorpus } {
  const corpus = GO_CORPORA[name];
  if (!corpus) throw new Error(`unknown Go corpus ${name} (known: ${Object.keys(GO_CORPORA).join(', ')})`);
  const tag = `${name}-${corpus.debs[0][1]}`.replace(/[^A-Za-z0-9._-]/g, '_');
  const home = path.join(GO_CORPORA_HOME, tag);
  const gopath = path.join(home, 'usr', 'share', 'gocode');
  const root = path.join(gopath, 'src', corpus.importPath);
  if (existsSync(path.join(home, '.complete'))) return { gopath, root, corpus };
  rmSync(home, { recursive: true, force: true });
  mkdirSync(home, { recursive: true });
  const work = path.join(home, '.debs');
  mkdirSync(work, { recursive: true });
  for (const [deb, version] of corpus.debs) {
    execFileSync('apt-get', ['download', `${deb}=${version}`], { cwd: work, stdio: ['ignore', 'ignore', 'pipe'] });
  }
  for (const f of readdirSync(work)) if (f.endsWith('.deb')) execFileSync('dpkg', ['-x', path.join(work, f), home]);
  rmSync(work, { recursive: true, force: true });
  if (!existsSync(root)) throw new Error(`${corpus.debs[0][0]} has no ${corpus.importPath}`);
  writeFileSync(path.join(home, '.complete'), '');
  return { gopath, root, corpus };
}
