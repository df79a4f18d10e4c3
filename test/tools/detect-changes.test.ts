import test from 'ava';
import { detectChanges } from '../../handlers/detect_changes.ts';
import { detectFromDiff, type DetectChangesResult } from '../../lib/git/detect.ts';
import { memorySnapshot } from '../helpers/memory-snapshot.ts';
import { GraphBuilder } from '../../lib/graph/builder.ts';
import { handGraph, handRefs, FILES, U } from './hand-graph.ts';
import { tempRepo } from './git-repo.ts';
import type { CodegraphError } from '../../lib/errors.ts';
import type { DiffScope } from '../../index-store/snapshot.ts';

/** The real `git diff` between two trees of files (new files and deletions included). */
function gitDiffOf(before: Record<string, string>, after: Record<string, string | null>, flags: string[] = []): string {
  const repo = tempRepo(before);
  try {
    for (const [p, text] of Object.entries(after)) if (text === null) repo.remove(p); else repo.write(p, text);
    repo.git('add', '-A');
    return repo.git('diff', '--cached', ...flags);
  } finally {
    repo.cleanup();
  }
}

/** The hand graph indexed at FILES, with the working tree moved on to `after`. */
function edited(after: Record<string, string | null>, flags: string[] = []) {
  const files: Record<string, string> = { ...FILES };
  for (const [p, text] of Object.entries(after)) if (text === null) delete files[p]; else files[p] = text;
  const diff = gitDiffOf(FILES, after, flags);
  const snapshot = memorySnapshot({ graph: handGraph(), refs: handRefs(), files, indexedFiles: FILES });
  return { snapshot, diff };
}

const changes = (r: DetectChangesResult) => r.changed_symbols.map((s) => [s.uid, s.change_type]);
const replaceLine = (text: string, n: number, line: string | null) => {
  const lines = text.split('\n');
  if (line === null) lines.splice(n - 1, 1); else lines[n - 1] = line;
  return lines.join('\n');
};

test('a modified method body: the symbol, its callers (tests excluded), the flow with its changed step, a risk', (t) => {
  const { snapshot, diff } = edited({ 'src/auth/service.ts': replaceLine(FILES['src/auth/service.ts'], 7, '    return hashPassword(name) !== findUser(name);') });
  const r = detectFromDiff(snapshot, diff, 500);
  t.deepEqual(changes(r), [[U.validate, 'modified']]);
  t.deepEqual(r.changed_symbols[0], { uid: U.validate, name: 'validate', type: 'Method', filePath: 'src/auth/service.ts', line: 6, endLine: 8, change_type: 'modified', indexed: true });
  t.deepEqual(r.affected_symbols.map((s) => [s.uid, s.depth, s.relationType, s.via]), [[U.handleLogin, 1, 'CALLS', U.validate]]);
  t.deepEqual(r.affected_processes, [{
    uid: U.LoginFlow, name: 'LoginFlow', steps: 3,
    changed_steps: [{ uid: U.validate, name: 'validate', step: 2, change_type: 'modified' }],
    affected_steps: [{ uid: U.handleLogin, name: 'handleLogin', step: 1, depth: 1 }],
  }]);
  t.deepEqual(r.summary, {
    changed_files: 1, changed_count: 1, affected_count: 1, risk_level: 'medium', risk_reason: '1 affected processes (>= 1)',
    added: 0, modified: 1, deleted: 0, processes_affected: 1, modules_affected: 2,
  });
  t.deepEqual(r.affected_modules, ['Api', 'Auth']);
  t.deepEqual(r.files, [{ path: 'src/auth/service.ts', status: 'modified', binary: false, index: 'old', symbols: 1, additions: 1, deletions: 1 }]);
  t.false(r.truncated);
});

test('a deletion-only diff: the removed method is deleted (not its class), its callers are affected', (t) => {
  const { snapshot, diff } = edited({ 'src/auth/service.ts': replaceLine(FILES['src/auth/service.ts'], 9, null) });
  t.regex(diff, /^-  save\(\) \{\}$/m);
  t.notRegex(diff, /^\+[^+]/m);
  const r = detectFromDiff(snapshot, diff, 500);
  t.deepEqual(changes(r), [[U.save, 'deleted']]);
  t.deepEqual(r.affected_symbols.map((s) => s.uid), [U.handleSignup]);
  t.is(r.summary.deleted, 1);
  // handleSignup, in a file the diff leaves alone, still calls the method: the change breaks it
  t.is(r.summary.risk_level, 'high');
  t.is(r.summary.risk_reason, 'a deleted symbol is still used by code the diff leaves unchanged (handleSignup in src/api/routes.ts uses UserService.save)');
});

test('a deleted symbol whose callers are changed too (updated with it) is rated by the numbers alone', (t) => {
  const routes = FILES['src/api/routes.ts'].replace('  new UserService().save();', '  new UserService();');
  const { snapshot, diff } = edited({ 'src/auth/service.ts': replaceLine(FILES['src/auth/service.ts'], 9, null), 'src/api/routes.ts': routes });
  const r = detectFromDiff(snapshot, diff, 500);
  t.deepEqual(changes(r), [[U.handleSignup, 'modified'], [U.save, 'deleted']]);
  t.is(r.summary.risk_level, 'medium');
  t.is(r.summary.risk_reason, '2 affected modules (>= 2)'); // Auth (the method) and Api (its caller)
});

test('a deleted file: its symbols and the file are deleted; importers and callers are affected', (t) => {
  const { snapshot, diff } = edited({ 'src/db/repo.ts': null });
  const r = detectFromDiff(snapshot, diff, 500);
  t.deepEqual(changes(r), [['File:src/db/repo.ts', 'deleted'], [U.findUser, 'deleted']]);
  t.deepEqual(r.files.map((f) => [f.path, f.status, f.index, f.deletions]), [['src/db/repo.ts', 'deleted', 'old', 3]]);
  const affected = r.affected_symbols.map((s) => [s.uid, s.depth]);
  t.deepEqual(affected.filter(([, d]) => d === 1), [['File:src/auth/service.ts', 1], [U.validate, 1]]);
  t.true(affected.some(([uid]) => uid === U.handleLogin));
  // the importing file and validate still name what the deleted file held
  t.is(r.summary.risk_level, 'high');
  t.regex(r.summary.risk_reason, /^deleted symbols are still used by 2 dependents the diff leaves unchanged \(/);
});

test('a top-level change (an import line) marks the file modified; symbols below it only moved', (t) => {
  const { snapshot, diff } = edited({ 'src/auth/service.ts': "import './polyfill';\n" + FILES['src/auth/service.ts'] });
  const r = detectFromDiff(snapshot, diff, 500);
  t.deepEqual(changes(r), [['File:src/auth/service.ts', 'modified']]);
  t.deepEqual(r.affected_symbols.map((s) => s.uid), ['File:src/api/routes.ts']); // test file importer excluded
});

test('the version the index does not describe is not parsed: its symbols are known through the lines of the diff only', (t) => {
  const after = [
    "import { BaseService, Validator } from './base';",
    "import { hashPassword } from '../util/hash';",
    "import { findUser } from '../db/repo';",
    'export class UserService extends BaseService implements Validator {',
    '  constructor() { super(); }',
    '  validate(name: string) {',
    '    return hashPassword(name) === findUser(name);',
    '  }',
    '  remove() {}',
    '}',
  ].join('\n');
  const { snapshot, diff } = edited({ 'src/auth/service.ts': after });
  // `save` lost every line and nothing named save took its place, so it is deleted; what replaced it stays
  // unknown until the file is indexed again (`index: 'old'` says which side the symbols describe).
  const r = detectFromDiff(snapshot, diff, 500);
  t.deepEqual(changes(r), [[U.save, 'deleted']]);
  t.deepEqual(r.files.map((f) => [f.path, f.index]), [['src/auth/service.ts', 'old']]);
  t.deepEqual(r.affected_symbols.map((s) => s.uid), [U.handleSignup]);
  // A one-line method rewritten in place is modified, not deleted.
  const inPlace = edited({ 'src/auth/service.ts': replaceLine(FILES['src/auth/service.ts'], 9, '  save() { return 1; }') });
  t.deepEqual(changes(detectFromDiff(inPlace.snapshot, inPlace.diff, 500)), [[U.save, 'modified']]);
});

test('index describing the new version: added symbols come from the index, with their callers', (t) => {
  // Indexed after `save` was written; the diff adds it (and its call).
  const before = { ...FILES, 'src/auth/service.ts': replaceLine(FILES['src/auth/service.ts'], 9, null) };
  const diff = gitDiffOf(before, { 'src/auth/service.ts': FILES['src/auth/service.ts'] });
  const snapshot = memorySnapshot({ graph: handGraph(), files: FILES, indexedFiles: FILES });
  const r = detectFromDiff(snapshot, diff, 500);
  t.deepEqual(changes(r), [[U.save, 'added']]);
  t.true(r.changed_symbols[0].indexed);
  t.deepEqual(r.files[0].index, 'new');
  t.deepEqual(r.affected_symbols.map((s) => s.uid), [U.handleSignup]);
});

test('a blank or comment line replaced by code changes the symbol holding it, on either indexed side', (t) => {
  // validate's body line is blank (or a comment) in one version and code in the other: the removed line
  // changes nothing by itself, but the code put in its place does.
  const path = 'src/auth/service.ts';
  for (const placeholder of ['', '    // todo']) {
    const quiet = replaceLine(FILES[path], 7, placeholder);
    const code = replaceLine(FILES[path], 7, '    return hashPassword(name) === findUser(name);');
    for (const [indexed, now] of [[quiet, code], [code, quiet]]) {
      const indexedFiles = { ...FILES, [path]: indexed };
      const diff = gitDiffOf(indexedFiles, { [path]: now });
      const oldSide = memorySnapshot({ graph: handGraph(), refs: handRefs(), files: { ...FILES, [path]: now }, indexedFiles });
      t.deepEqual(changes(detectFromDiff(oldSide, diff, 500)), [[U.validate, 'modified']], `${JSON.stringify(placeholder)} -> code, index old`);
      // The same diff read with the index describing the new version.
      const newSide = memorySnapshot({ graph: handGraph(), refs: handRefs(), files: { ...FILES, [path]: now }, indexedFiles: { ...FILES, [path]: now } });
      t.deepEqual(changes(detectFromDiff(newSide, diff, 500)), [[U.validate, 'modified']], `${JSON.stringify(placeholder)} -> code, index new`);
    }
  }
});

test("comment-only lines are read by the file's language: '#' comments change no Python symbol, '//' is Python code", (t) => {
  const path = 'pkg/util.py';
  const before = ['def scale(x):', '    # double it', '    return x * 2', ''].join('\n');
  const g = new GraphBuilder();
  g.addNode({ uid: `File:${path}`, label: 'File', name: 'util.py', filePath: path, language: 'python' });
  g.addNode({ uid: `Function:${path}:scale`, label: 'Function', name: 'scale', qualifiedName: 'scale', filePath: path, line: 1, endLine: 3, language: 'python', exported: true });
  const graph = g.toGraph();
  const run = (after: string) => {
    const snapshot = memorySnapshot({ graph, files: { [path]: after }, indexedFiles: { [path]: before } });
    return changes(detectFromDiff(snapshot, gitDiffOf({ [path]: before }, { [path]: after }), 500));
  };
  t.deepEqual(run(before.replace('# double it', '# twice x')), []);
  t.deepEqual(run(before.replace('    # double it', '    x //= 1')), [[`Function:${path}:scale`, 'modified']]);
});

test("a line starting with '*' is a comment only inside a block comment: C's '*p = x;' is code", (t) => {
  const path = 'src/buf.c';
  const before = ['/**', ' * Stores v at p.', ' */', 'void put(int *p, int v) {', '  *p = v;', '}', ''].join('\n');
  const g = new GraphBuilder();
  g.addNode({ uid: `File:${path}`, label: 'File', name: 'buf.c', filePath: path, language: 'c' });
  g.addNode({ uid: `Function:${path}:put`, label: 'Function', name: 'put', qualifiedName: 'put', filePath: path, line: 1, endLine: 6, language: 'c', exported: true });
  const graph = g.toGraph();
  for (const indexed of ['old', 'new'] as const) {
    const run = (after: string, diffText?: string) => {
      const snapshot = memorySnapshot({ graph, files: { [path]: after }, indexedFiles: { [path]: indexed === 'old' ? before : after } });
      return changes(detectFromDiff(snapshot, diffText ?? gitDiffOf({ [path]: before }, { [path]: after }), 500));
    };
    t.deepEqual(run(before.replace('  *p = v;', '  *p = v + 1;')), [[`Function:${path}:put`, 'modified']], `dereference, index ${indexed}`);
    t.deepEqual(run(before.replace('  *p = v;', '  *p = v;\n  *(p + 1) = v;')), [[`Function:${path}:put`, 'modified']], `added dereference, index ${indexed}`);
    t.deepEqual(run(before.replace(' * Stores v at p.', ' * Writes v through p.')), [], `doc comment line, index ${indexed}`);
    // -U0: the diff alone does not show the comment's opening line; the file's text does
    t.deepEqual(run(before.replace(' * Stores v at p.', ' * Writes v through p.'), gitDiffOf({ [path]: before }, { [path]: before.replace(' * Stores v at p.', ' * Writes v through p.') }, ['-U0'])), [], `doc comment line, -U0, index ${indexed}`);
  }
});

test('a stale index (neither side matches) is reported as such', (t) => {
  const v1 = replaceLine(FILES['src/util/hash.ts'], 2, '  return p + 1;');
  const v2 = replaceLine(FILES['src/util/hash.ts'], 2, '  return p + 2;');
  const diff = gitDiffOf({ ...FILES, 'src/util/hash.ts': v1 }, { 'src/util/hash.ts': v2 });
  const snapshot = memorySnapshot({ graph: handGraph(), files: { ...FILES, 'src/util/hash.ts': v2 }, indexedFiles: FILES });
  const r = detectFromDiff(snapshot, diff, 500);
  t.is(r.files[0].index, 'stale');
  t.deepEqual(changes(r), [[U.hashPassword, 'modified']]);
});

test('renamed file: exported symbols count as modified (every importer changes its path)', (t) => {
  const { snapshot, diff } = edited({ 'src/util/hash.ts': null, 'src/util/hashing.ts': FILES['src/util/hash.ts'] }, ['-M']);
  t.regex(diff, /rename from src\/util\/hash.ts/);
  const r = detectFromDiff(snapshot, diff, 500);
  t.deepEqual(r.files.map((f) => [f.path, f.old_path, f.status]), [['src/util/hashing.ts', 'src/util/hash.ts', 'renamed']]);
  t.deepEqual(changes(r), [['File:src/util/hash.ts', 'modified'], [U.hashPassword, 'modified']]);
});

test('binary files and non-code files are listed but change no symbol; an empty diff is risk none', (t) => {
  const { snapshot, diff } = edited({ 'logo.png': '\u0000\u0001PNG\u0000', 'README.md': '# hi\n' });
  t.regex(diff, /Binary files/);
  const r = detectFromDiff(snapshot, diff, 500);
  t.deepEqual(r.files.map((f) => [f.path, f.status, f.binary, f.index]).sort(), [['README.md', 'added', false, 'none'], ['logo.png', 'added', true, 'none']]);
  t.deepEqual(r.changed_symbols, []);
  t.is(r.summary.risk_level, 'none');
  t.is(r.summary.risk_reason, 'no code symbol changed');
  const empty = detectFromDiff(snapshot, '', 500);
  t.deepEqual(empty.summary, {
    changed_files: 0, changed_count: 0, affected_count: 0, risk_level: 'none', risk_reason: 'no changes',
    added: 0, modified: 0, deleted: 0, processes_affected: 0, modules_affected: 0,
  });
  t.deepEqual([empty.changed_symbols, empty.affected_processes, empty.affected_symbols, empty.files], [[], [], [], []]);
});

test('a new code file nobody indexed yet: the file is added (not indexed); limit truncates affected_symbols', (t) => {
  const { snapshot, diff } = edited({ 'src/new.ts': 'export function fresh() {}\n', 'src/util/hash.ts': replaceLine(FILES['src/util/hash.ts'], 2, '  return p.trim();') });
  const r = detectFromDiff(snapshot, diff, 1);
  t.deepEqual(changes(r), [['File:src/new.ts', 'added'], [U.hashPassword, 'modified']]);
  t.false(r.changed_symbols[0].indexed);
  t.is(r.summary.affected_count, 2);
  t.is(r.affected_symbols.length, 1);
  t.true(r.truncated);
});

test('handler: scopes reach the host, diff text skips git, git failures surface as GIT_ERROR', async (t) => {
  const asked: [DiffScope, string | undefined][] = [];
  const s = memorySnapshot({ graph: handGraph(), files: FILES, diff: (scope, ref) => { asked.push([scope, ref]); return ''; } });
  await detectChanges({}, s);
  await detectChanges({ scope: 'staged' }, s);
  await detectChanges({ scope: 'ALL' }, s);
  await detectChanges({ scope: 'compare', base_ref: 'main~1' }, s);
  await detectChanges({ base_ref: 'v1.0' }, s);
  t.deepEqual(asked, [['unstaged', undefined], ['staged', undefined], ['all', undefined], ['compare', 'main~1'], ['compare', 'v1.0']]);
  // With `diff`, git is not asked (this host would fail if it were).
  const noGit = memorySnapshot({ graph: handGraph(), files: FILES });
  const r = await detectChanges({ diff: '' }, noGit);
  t.is(r.summary.risk_level, 'none');
  const e = await t.throwsAsync(detectChanges({}, noGit)) as CodegraphError;
  t.is(e.code, 'GIT_ERROR');
});

test('handler: compare without base_ref, base_ref with another scope, unknown scope are VALIDATION_ERRORs', async (t) => {
  const s = memorySnapshot({ graph: handGraph(), files: FILES, diff: () => { throw new Error('git must not be asked'); } });
  const fields = async (req: unknown) => {
    const e = await t.throwsAsync(detectChanges(req, s)) as CodegraphError;
    t.is(e.code, 'VALIDATION_ERROR');
    return [(e.details as { field: string }[]).map((d) => d.field), e.message];
  };
  t.deepEqual(await fields({ scope: 'compare' }), [['base_ref'], "invalid request: 'base_ref' is required with scope 'compare'"]);
  t.deepEqual((await fields({ scope: 'all', base_ref: 'x' }))[0], ['base_ref']);
  t.deepEqual((await fields({ scope: 'yesterday' }))[0], ['scope']);
  t.deepEqual((await fields({ diff: 42 }))[0], ['diff']);
  t.deepEqual((await fields({ limit: 0 }))[0], ['limit']);
});

test('a Python attribute assigned in a method is one of its statements: changing it modifies the method too', async (t) => {
  const { buildSnapshotInMemory } = await import('../../lib/analyze/index.ts');
  const { tempDir, writeTree } = await import('../analyze/_helpers.ts');
  const path = 'pkg/filters.py';
  const before = ['class Reindent:', '    def __init__(self, n):', '        self.n = n', '        self.offset = 0', '', '    def nl(self):', '        return self.n', ''].join('\n');
  const root = tempDir();
  writeTree(root, { [path]: before });
  const { graph } = await buildSnapshotInMemory(root, { search: false });
  const run = (after: string) => {
    const snapshot = memorySnapshot({ graph, files: { [path]: after }, indexedFiles: { [path]: before } });
    return changes(detectFromDiff(snapshot, gitDiffOf({ [path]: before }, { [path]: after }), 500));
  };
  const init = `Method:${path}:Reindent.__init__`, n = `Property:${path}:Reindent.n`;
  t.true(graph.hasNode(init) && graph.hasNode(n), 'the uids the extractor gives');
  // The attribute's own line: the declaration and the constructor both changed.
  t.deepEqual(run(before.replace('self.n = n', 'self.n = n * 2')), [[init, 'modified'], [n, 'modified']]);
  // A line of the body that declares nothing: the constructor alone.
  t.deepEqual(run(before.replace('        self.offset = 0', '        print(n)\n        self.offset = 0')), [[init, 'modified']]);
  // A class's own property line is not its methods' (the class's nested symbols keep their lines to themselves).
  t.deepEqual(run(before.replace('        return self.n', '        return self.n + 1')), [[`Method:${path}:Reindent.nl`, 'modified']]);
});

test('a patch not applied yet (the working tree at its old side): the index is the old side, a class deleted at the end of a file is deleted', async (t) => {
  const { buildSnapshotInMemory } = await import('../../lib/analyze/index.ts');
  const { parseUnifiedDiff } = await import('../../lib/git/diff.ts');
  const { forwardApply } = await import('../../lib/git/reconstruct.ts');
  const fs = await import('node:fs');
  const nodePath = await import('node:path');
  const dir = nodePath.resolve(import.meta.dirname, '../fixtures/tools/unapplied-patch');
  const root = nodePath.join(dir, 'repo');
  const patch = fs.readFileSync(nodePath.join(dir, 'change.patch'), 'utf8');
  const files = Object.fromEntries(['pkg/__init__.py', 'pkg/body.py', 'pkg/cache.py', 'pkg/client.py', 'pkg/dicts.py']
    .map((p) => [p, fs.readFileSync(nodePath.join(root, p), 'utf8')]));
  const { graph } = await buildSnapshotInMemory(root, { search: false });
  const r = detectFromDiff(memorySnapshot({ graph, files }), patch, 500);
  t.deepEqual(r.files.map((f) => [f.path, f.index]), [['pkg/body.py', 'old'], ['pkg/cache.py', 'old'], ['pkg/dicts.py', 'old']]);
  t.deepEqual(changes(r), [
    ['Function:pkg/body.py:encode', 'modified'],
    // a new function between two (the file), and a decorator added to `load` (the function it decorates);
    // `parse`, after the new decorated function, is unchanged
    ['File:pkg/cache.py', 'modified'], ['Function:pkg/cache.py:load', 'modified'],
    ['Class:pkg/dicts.py:NestedJSONArray', 'deleted'],
  ]);
  // client.py, which the patch leaves alone, still builds the deleted class.
  t.is(r.summary.risk_level, 'high');
  t.regex(r.summary.risk_reason, /send in pkg\/client\.py uses NestedJSONArray/);
  // The same patch once applied (the working tree at its new side, the index still at the old): the same answer.
  const applied: Record<string, string> = { ...files };
  for (const f of parseUnifiedDiff(patch)) applied[f.newPath!] = forwardApply(files[f.oldPath!], f)!;
  t.not(applied['pkg/cache.py'], files['pkg/cache.py']);
  const after = detectFromDiff(memorySnapshot({ graph, files: applied, indexedFiles: files }), patch, 500);
  t.deepEqual(after.files.map((f) => [f.path, f.index]), [['pkg/body.py', 'old'], ['pkg/cache.py', 'old'], ['pkg/dicts.py', 'old']]);
  t.deepEqual(changes(after), changes(r));
});

test('handler: a diff text holding no file diff is a VALIDATION_ERROR on diff, not an answer of "no changes"', async (t) => {
  const s = memorySnapshot({ graph: handGraph(), files: FILES, diff: () => { throw new Error('git must not be asked'); } });
  const fs = await import('node:fs');
  const nodePath = await import('node:path');
  const patch = fs.readFileSync(nodePath.resolve(import.meta.dirname, '../fixtures/tools/unapplied-patch/change.patch'), 'utf8');
  // a message, a commit's hunks without their file headers: the change the agent means would read as none
  const hunksOnly = patch.split('\n').filter((l) => !/^(diff --git|index |--- |\+\+\+ )/.test(l)).join('\n');
  for (const diff of ['this is not a diff', 'fixed the login bug', hunksOnly]) {
    const e = await t.throwsAsync(detectChanges({ diff }, s)) as CodegraphError;
    t.is(e.code, 'VALIDATION_ERROR');
    t.deepEqual((e.details as { field: string }[]).map((d) => d.field), ['diff']);
    t.regex(e.message, /'diff' holds no file diff/);
  }
  // empty and blank texts are an empty change; a diff of one non-code file is a change of no symbol
  for (const diff of ['', '\n', '  \n']) t.is((await detectChanges({ diff }, s)).summary.risk_reason, 'no changes');
  const readme = await detectChanges({ diff: '--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-a\n+b\n' }, s);
  t.is(readme.summary.risk_reason, 'no code symbol changed');
});
