/**
 * The servers as docs/servers.md tells people to call them, with the real curl on 127.0.0.1: `curl --json` and
 * `-H 'Content-Type: application/json'` work, a plain `curl -d` (which sends a form type) gets a 415 that says
 * how to fix the call.
 */
import test from 'ava';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { createEvalServer } from '../../runtime/http/eval-server.ts';
import { staticSource } from '../../runtime/snapshot-source.ts';
import { shopSnapshot, logSink } from './fixtures.ts';
import { direct } from './oracle.ts';

const hasCurl = spawnSync('curl', ['--version']).status === 0;
const shop = shopSnapshot('shop');

/** Runs curl without blocking this process (the server answers from the same event loop). */
async function curl(args: string[]): Promise<{ status: number; body: string }> {
  const { stdout } = await promisify(execFile)('curl', ['-s', '-w', '\n%{http_code}', ...args], { encoding: 'utf8' });
  const lines = stdout.split('\n');
  return { status: Number(lines.pop()), body: lines.join('\n') };
}

test('curl: -d alone is 415 with the fix in the message; with the JSON header, or --json, it answers', async (t) => {
  if (!hasCurl) { t.pass('curl is not installed'); return; }
  const server = createEvalServer({ source: staticSource([shop]), log: logSink().log, quiet: true, port: 0 });
  const url = await server.start();
  t.teardown(() => server.stop('stop'));
  const body = JSON.stringify({ name: 'addItem' });
  const plain = await curl(['-d', body, `${url}/context`]);
  t.is(plain.status, 415);
  const err = JSON.parse(plain.body).error;
  t.is(err.code, 'UNSUPPORTED_MEDIA_TYPE');
  t.regex(err.message, /got 'application\/x-www-form-urlencoded'\); curl -d sends that type: add -H 'Content-Type: application\/json', or use curl --json/);
  const want = (await direct('context', { name: 'addItem' }, shop)).body;
  const withHeader = await curl(['-H', 'Content-Type: application/json', '-d', body, `${url}/context`]);
  t.is(withHeader.status, 200);
  t.deepEqual(JSON.parse(withHeader.body), want);
  const version = spawnSync('curl', ['--version'], { encoding: 'utf8' }).stdout;
  const [major, minor] = (/curl (\d+)\.(\d+)/.exec(version) ?? []).slice(1).map(Number);
  if (major > 7 || (major === 7 && minor >= 82)) {
    const viaJson = await curl(['--json', body, `${url}/context`]);
    t.is(viaJson.status, 200);
    t.deepEqual(JSON.parse(viaJson.body), want);
  }
});
