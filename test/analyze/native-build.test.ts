/**
 * The native addon is optional (native/build.mjs): without a C compiler the build says so in one line, writes no
 * addon and removes one left from an earlier build (made from other inputs), and analyze then gives the same
 * generation as with the addon (test/analyze/native-ahead.test.ts compares them byte for byte).
 */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildNative } from '../../native/build.mjs';

const tmp = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'codegraph-native-build-'));
// These tests are about building: CODEGRAPH_NATIVE=0 (a run of the suite without the addon) would skip the build.
delete process.env.CODEGRAPH_NATIVE;

test('a compiler that is not there: one line naming it, no addon, and an addon of an earlier build removed', (t) => {
  const dir = tmp();
  try {
    const out = path.join(dir, 'tree_flat.node');
    // what an earlier build with a compiler left
    fs.writeFileSync(out, 'an addon of other sources');
    fs.writeFileSync(`${out}.stamp`, 'their hash');
    const note = buildNative({ out, cc: path.join(dir, 'no-such-cc') });
    t.regex(note ?? '', /^native parser not built \(.*no-such-cc failed: .*ENOENT.*\); parsing goes through node-tree-sitter$/);
    t.false(note!.includes('\n'), 'one line');
    t.false(fs.existsSync(out));
    t.false(fs.existsSync(`${out}.stamp`));
    t.deepEqual(fs.readdirSync(dir), [], 'no temporary file left');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('no cc on the PATH and no CC: the same note, nothing written', (t) => {
  const dir = tmp();
  const saved = { PATH: process.env.PATH, CC: process.env.CC };
  try {
    const out = path.join(dir, 'tree_flat.node');
    process.env.PATH = dir; // an empty folder: no compiler to find
    delete process.env.CC;
    const note = buildNative({ out });
    t.regex(note ?? '', /^native parser not built \(cc failed: .*ENOENT/);
    t.deepEqual(fs.readdirSync(dir), []);
  } finally {
    process.env.PATH = saved.PATH;
    if (saved.CC === undefined) delete process.env.CC; else process.env.CC = saved.CC;
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a compiler that fails: its last lines in the note, no addon', (t) => {
  const dir = tmp();
  try {
    const out = path.join(dir, 'tree_flat.node');
    const cc = path.join(dir, 'failing-cc');
    fs.writeFileSync(cc, '#!/bin/sh\necho "fatal error: node_api.h: No such file" >&2\nexit 1\n', { mode: 0o755 });
    const note = buildNative({ out, cc });
    t.regex(note ?? '', /failing-cc failed: fatal error: node_api\.h: No such file\)/);
    t.false(fs.existsSync(out));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
