/**
 * The real Java code the Java call graph is checked on (bench/java-callgraph-diff.ts): packages of OpenJDK 17's
 * java.base, from Debian's openjdk-17-source of a pinned version (`apt-get download`, its src.zip unpacked), each
 * compiled by the oracle as part of java.base (`--patch-module`), re-created when missing.
 *
 * Two halves, so that a figure is never measured on the code that tuned it:
 * - tune: java.util.regex, java.util.stream, java.nio.file.
 * - held out (never tuned on; read its figures, not its misses): java.time (with its subpackages) and
 *   java.util.concurrent (with atomic and locks).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface JavaCorpus {
  half: 'tune' | 'held-out';
  /** The package folder under the module (its subpackages included). */
  dir: string;
}

export const JDK_SOURCE: [name: string, version: string] = ['openjdk-17-source', '17.0.21.1+2-1~deb12u1'];

export const JAVA_CORPORA: Record<string, JavaCorpus> = {
  regex: { half: 'tune', dir: 'java/util/regex' },
  stream: { half: 'tune', dir: 'java/util/stream' },
  'nio-file': { half: 'tune', dir: 'java/nio/file' },
  time: { half: 'held-out', dir: 'java/time' },
  concurrent: { half: 'held-out', dir: 'java/util/concurrent' },
};

/** Where the JDK's sources are unpacked. */
export const JAVA_CORPORA_HOME = path.join(os.tmpdir(), 'codegraph-java-corpora');

/** java.base's sources, unpacked on first use (the module's root folder). */
function javaBase(): string {
  const home = path.join(JAVA_CORPORA_HOME, `${JDK_SOURCE[0]}-${JDK_SOURCE[1]}`.replace(/[^A-Za-z0-9._-]/g, '_'));
  const base = path.join(home, 'java.base');
  if (existsSync(path.join(home, '.complete'))) return base;
  rmSync(home, { recursive: true, force: true });
  const work = path.join(home, '.debs');
  mkdirSync(work, { recursive: true });
  execFileSync('apt-get', ['download', `${JDK_SOURCE[0]}=${JDK_SOURCE[1]}`], { cwd: work, stdio: ['ignore', 'ignore', 'pipe'] });
  const deb = readdirSync(work).find((f) => f.endsWith('.deb'));
  if (!deb) throw new Error(`apt-get download ${JDK_SOURCE[0]}=${JDK_SOURCE[1]} gave no package`);
  execFileSync('dpkg', ['-x', path.join(work, deb), path.join(work, 'x')]);
  execFileSync('unzip', ['-q', path.join(work, 'x', 'usr', 'lib', 'jvm', 'openjdk-17', 'lib', 'src.zip'), 'java.base/*', '-d', home]);
  rmSync(work, { recursive: true, force: true });
  writeFileSync(path.join(home, '.complete'), '');
  return base;
}

/** A corpus' folder: only its package tree, copied out of java.base so the index and the oracle see the same files. */
export function javaCorpus(name: string): { root: string; corpus: JavaCorpus } {
  const corpus = JAVA_CORPORA[name];
  if (!corpus) throw new Error(`unknown Java corpus ${name} (known: ${Object.keys(JAVA_CORPORA).join(', ')})`);
  const root = path.join(JAVA_CORPORA_HOME, 'corpora', name);
  if (existsSync(path.join(root, '.complete'))) return { root, corpus };
  rmSync(root, { recursive: true, force: true });
  mkdirSync(path.dirname(path.join(root, corpus.dir)), { recursive: true });
  execFileSync('cp', ['-r', path.join(javaBase(), corpus.dir), path.join(root, corpus.dir)]);
  writeFileSync(path.join(root, '.complete'), '');
  return { root, corpus };
}
