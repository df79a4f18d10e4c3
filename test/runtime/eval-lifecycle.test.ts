/**
 * The evaluation server's life cycle over real sockets: /shutdown with a request in flight, the idle
 * time-out. Serial and in their own file (their own process), so other tests' work does not stall the
 * event loop past a time-out; the margins are wide because the machine is shared.
 */
import test from 'ava';
import net from 'node:net';
import { createEvalServer } from '../../runtime/http/eval-server.ts';
import { staticSource, type SnapshotSource } from '../../runtime/snapshot-source.ts';
import { shopSnapshot, logSink } from './fixtures.ts';
import { VALID_BODIES, direct } from './oracle.ts';

const shop = shopSnapshot('shop');

function evalServer(source: SnapshotSource = staticSource([shop]), extra: Partial<Parameters<typeof createEvalServer>[0]> = {}) {
  const sink = logSink();
  return { server: createEvalServer({ source, log: sink.log, quiet: true, port: 0, ...extra }), lines: sink.lines };
}

/** Waits until `cond` holds (polling), at most `ms`. */
async function until(cond: () => boolean, ms = 10000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
}

/** A source whose snapshot lookups take `ms`, to hold a request in flight. */
function slowSource(ms: number): SnapshotSource & { closed: boolean } {
  const s = { list: () => [shop.repo], get: async () => { await new Promise((r) => setTimeout(r, ms)); return shop; }, closed: false, close() { s.closed = true; } };
  return s;
}

const postContext = (base: string) => fetch(`${base}/context`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(VALID_BODIES.context) });

test.serial('/shutdown answers, lets a request in flight finish, then stops and refuses new connections', async (t) => {
  const source = slowSource(1500);
  const { server } = evalServer(source);
  const base = await server.start();
  const port = Number(new URL(base).port);
  const inFlight = postContext(base);
  await until(() => server.inFlight() === 1);
  t.is(server.inFlight(), 1);
  const bye = await fetch(`${base}/shutdown`, { method: 'POST' });
  t.is(bye.status, 200);
  t.deepEqual(await bye.json(), { status: 'stopping' });
  const res = await inFlight;
  const want = await direct('context', VALID_BODIES.context, shop);
  t.is(res.status, want.status);
  t.deepEqual(await res.json(), want.body);
  t.is(await server.stopped, 'shutdown');
  t.true(source.closed, 'the snapshot source was released');
  const refused = await new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.on('connect', () => { s.destroy(); resolve(false); });
    s.on('error', () => resolve(true));
  });
  t.true(refused);
});

test.serial('--idle-timeout: the server stops after that long without requests; requests reset the clock', async (t) => {
  const { server } = evalServer(staticSource([shop]), { idleTimeout: 1.5 });
  const base = await server.start();
  let stoppedAt = 0;
  void server.stopped.then(() => { stoppedAt = Date.now(); });
  // Keep it busy for twice the time-out: it must stay up.
  // The clock is read before each request is sent: the server arms its time-out when it has answered, which is
  // later, so the stop comes at least the time-out after it however long this process takes to read the answer.
  const t0 = Date.now();
  let lastRequest = 0;
  for (;;) {
    lastRequest = Date.now();
    const res = await fetch(`${base}/list_repos`);
    await res.arrayBuffer();
    if (Date.now() - t0 > 3000) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  t.is(stoppedAt, 0, 'still running while requests keep coming');
  t.is(await server.stopped, 'idle');
  t.true(stoppedAt - lastRequest >= 1400, `stopped ${stoppedAt - lastRequest} ms after the last request was sent`);
});

test.serial('idle time-out 0 never fires; a slow request is not cut by the idle clock', async (t) => {
  const never = evalServer(staticSource([shop]), { idleTimeout: 0 }).server;
  await never.start();
  t.teardown(() => never.stop());
  // The request takes 5 s, far longer than the 1.5 s idle time-out: being in flight must keep the server up.
  const source = slowSource(5000);
  const { server } = evalServer(source, { idleTimeout: 1.5 });
  const base = await server.start();
  const res = await postContext(base);
  t.is(res.status, (await direct('context', VALID_BODIES.context, shop)).status);
  t.is(await server.stopped, 'idle');
  let fired = false;
  void never.stopped.then(() => { fired = true; });
  await new Promise((r) => setTimeout(r, 300));
  t.false(fired);
});
