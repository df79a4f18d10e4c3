/** Real git repositories in temporary folders, for diff parsing and detect_changes tests. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TempRepo {
  root: string;
  git(...args: string[]): string;
  write(rel: string, text: string | Buffer): void;
  remove(rel: string): void;
  read(rel: string): string;
  commit(message: string): string;
  cleanup(): void;
}

/** A fresh repository with user name/email set and `files` committed (when given). */
export function tempRepo(files: Record<string, string> = {}, prefix = 'codegraph-tools-'): TempRepo {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: root, LC_ALL: 'C' };
  const repo: TempRepo = {
    root,
    git: (...args) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'pipe'] }),
    write: (rel, text) => { const abs = path.join(root, rel); fs.mkdirSync(path.dirname(abs), { recursive: true }); fs.writeFileSync(abs, text); },
    remove: (rel) => fs.rmSync(path.join(root, rel)),
    read: (rel) => fs.readFileSync(path.join(root, rel), 'utf8'),
    commit: (message) => { repo.git('add', '-A'); repo.git('commit', '-q', '--no-gpg-sign', '-m', message); return repo.git('rev-parse', 'HEAD').trim(); },
    cleanup: () => fs.rmSync(root, { recursive: true, force: true }),
  };
  repo.git('init', '-q', '-b', 'main');
  repo.git('config', 'user.name', 'Codegraph Test');
  repo.git('config', 'user.email', 'test@codegraph.invalid');
  repo.git('config', 'core.autocrlf', 'false');
  repo.git('config', 'core.quotepath', 'true');
  for (const [rel, text] of Object.entries(files)) repo.write(rel, text);
  if (Object.keys(files).length > 0) repo.commit('initial');
  return repo;
}
