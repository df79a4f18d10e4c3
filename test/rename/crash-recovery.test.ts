/**
 * Issue 27 item 9: `kill -9` during a rename apply or a publish leaves temporary files; the next run removes
 * them, and only them (a live writer's files and anything not named as a temporary file are left alone).
 */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeFilesAtomically } from '../../lib/rename/apply.ts';
import { sha256 } from '../../lib/rename/text.ts';
import { analyzeRepository } from '../../lib/analyze/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const applyModule = pathToFileURL(path.resolve(here, '../../lib/rename/apply.ts')).href;

function tempRepo(t: import('ava').ExecutionContext): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cg-crash-')));
  t.teardown(() => fs.rmSync(root, { recursive: true, force: true }));
  fs.mkdirSync(path.join(root, 'src', 'lib'), { recursive: true });
  fs.writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a = 1;\n');
  fs.writeFileSync(path.join(root, 'src', 'lib', 'b.ts'), "import { a } from '../a';\nexport const b = a;\n");
  return root;
}

/** Every file under `root` whose name marks it as a temporary file, relative. */
function temps(root: string): string[] {
  return (fs.readdirSync(root, { recursive: true }) as string[]).map((p) => p.split(path.sep).join('/')).filter((p) => /\.tmp$|writes-\d+/.test(p)).sort();
}

/**
 * Runs an apply in another process whose renames never return (as if it were killed between writing its
 * temporary files and renaming them), kills it with SIGKILL once the temporary files exist, and returns its pid.
 */
async function killedApply(root: string): Promise<number> {
  const changes = ['src/a.ts', 'src/lib/b.ts'].map((p) => {
    const text = fs.readFileSync(path.join(root, p), 'utf8');
    return { path: p, expectedHash: sha256(text), text: text.replace(/\ba\b/g, 'alpha') };
  });
  const script = `
    import { promises as fs } from 'node:fs';
    const { writeFilesAtomically } = await import(${JSON.stringify(applyModule)});
    const ops = { realpath: fs.realpath, stat: fs.stat, readFile: fs.readFile, writeFile: fs.writeFile, chmod: fs.chmod, unlink: fs.unlink,
      rename: () => { process.stdout.write('written\\n'); return new Promise(() => {}); } };
    await writeFilesAtomically(${JSON.stringify(root)}, ${JSON.stringify(changes)}, ops);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d) => { if (String(d).includes('written')) resolve(); });
    child.once('exit', (code) => reject(new Error(`the apply exited early (${code})`)));
  });
  child.kill('SIGKILL');
  await new Promise((r) => child.once('close', r));
  return child.pid!;
}

test('an apply killed with SIGKILL leaves temporary files; the next apply removes them before writing', async (t) => {
  const root = tempRepo(t);
  await analyzeRepository(root, { home: path.join(root, '.home') });
  const pid = await killedApply(root);
  const left = temps(root);
  t.true(left.some((p) => new RegExp(`^src/\\.a\\.ts\\.codegraph-${pid}-[0-9a-f]{8}\\.tmp$`).test(p)), left.join(', '));
  t.true(left.some((p) => new RegExp(`^src/lib/\\.b\\.ts\\.codegraph-${pid}-`).test(p)), left.join(', '));
  t.true(left.some((p) => new RegExp(`^\\.codegraph/writes-${pid}-`).test(p)), left.join(', '));
  t.is(fs.readFileSync(path.join(root, 'src', 'a.ts'), 'utf8'), 'export const a = 1;\n', 'nothing was renamed');
  // A live writer's file and a file merely named like one (no pid of a dead process) stay.
  const live = path.join(root, 'src', `.a.ts.codegraph-${process.pid}-0123abcd.tmp`);
  fs.writeFileSync(live, 'in progress');
  const text = fs.readFileSync(path.join(root, 'src', 'a.ts'), 'utf8');
  await writeFilesAtomically(root, [{ path: 'src/a.ts', expectedHash: sha256(text), text: 'export const a = 2;\n' }]);
  t.deepEqual(temps(root), [`src/.a.ts.codegraph-${process.pid}-0123abcd.tmp`]);
  t.is(fs.readFileSync(path.join(root, 'src', 'a.ts'), 'utf8'), 'export const a = 2;\n');
});

test('the next analyze removes what a killed apply and a killed publish left in the work tree and in .codegraph', async (t) => {
  const root = tempRepo(t);
  const home = path.join(root, '.home');
  await analyzeRepository(root, { home });
  const pid = await killedApply(root);
  // A publish killed between writing CURRENT's temporary file and renaming it leaves `.CURRENT.<pid>.<hex>.tmp`.
  const indexDir = path.join(root, '.codegraph');
  fs.writeFileSync(path.join(indexDir, `.CURRENT.${pid}.89abcdef.tmp`), 'g-x\n');
  fs.writeFileSync(path.join(home, `.registry.json.${pid}.89abcdef.tmp`), '{}');
  t.true(temps(root).length >= 5, temps(root).join(', '));
  await analyzeRepository(root, { home });
  t.deepEqual(temps(root), []);
});
