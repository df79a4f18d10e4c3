import test from 'ava';
import { TerminalProgress } from '../../lib/analyze/progress.ts';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { SMALL_PROJECT, tempRepo } from './_helpers.ts';

function fakeTty() {
  const chunks: string[] = [];
  const stream = { columns: 120, write: (s: string) => { chunks.push(s); return true; } } as unknown as NodeJS.WriteStream;
  return { stream, text: () => chunks.join('') };
}

test('terminal progress: every phase is drawn on one self-overwriting line; messages go above it', async (t) => {
  const tty = fakeTty();
  const progress = new TerminalProgress(tty.stream);
  const { root, home } = tempRepo(SMALL_PROJECT);
  await analyzeRepository(root, { home, progress, log: (m) => progress.message(m) });
  const out = tty.text();
  for (const phase of ['walk', 'read', 'parse', 'resolve', 'modules', 'processes', 'search']) t.true(out.includes(`\r\x1b[K${phase}`), phase);
  t.regex(out, /parse \d+\/3 files/);
  t.true(out.endsWith('\r\x1b[K')); // the line is cleared before the summary
  t.false(out.includes('\n') && !/\r\x1b\[K[^\r]*\n/.test(out));
  progress.phase('parse', 10);
  progress.message('a warning');
  t.regex(tty.text(), /\r\x1b\[Ka warning\n\r\x1b\[Kparse 0\/10 files$/);
});

test('terminal progress: a phase without counts shows its running seconds, redrawn every second; end stops the clock', async (t) => {
  const tty = fakeTty();
  const progress = new TerminalProgress(tty.stream);
  progress.phase('search');
  // (the clock is redrawn each second; on a loaded machine a tick may come late, so wait for the second one to be drawn)
  const deadline = Date.now() + 120_000;
  while (!/search {2}[2-9]s$/.test(tty.text()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  t.regex(tty.text(), /\r\x1b\[Ksearch {2}[2-9]s$/);
  progress.end();
  const after = tty.text();
  await new Promise((r) => setTimeout(r, 1200));
  t.is(tty.text(), after, 'nothing drawn after end');
});
