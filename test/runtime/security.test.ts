/** Host and Origin rules (DESIGN.md §7) as a table: loopback binding, binding beyond loopback, origins. */
import test from 'ava';
import os from 'node:os';
import { accessPolicy, exposureWarning, hostnameOfHostHeader, isLoopbackHost, originOf } from '../../runtime/http/security.ts';

test('loopback names and addresses', (t) => {
  for (const h of ['localhost', 'LOCALHOST', 'localhost.', 'app.localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1']) t.true(isLoopbackHost(h), h);
  for (const h of ['0.0.0.0', '::', '192.168.1.2', '10.0.0.1', 'localhost.evil.example', 'example.com', '128.0.0.1', '::2']) t.false(isLoopbackHost(h), h);
});

test('Host header parsing: names, ports, IPv6 brackets; malformed headers are rejected', (t) => {
  t.is(hostnameOfHostHeader('localhost:4747'), 'localhost');
  t.is(hostnameOfHostHeader('Example.COM'), 'example.com');
  t.is(hostnameOfHostHeader('[::1]:4848'), '::1');
  t.is(hostnameOfHostHeader('[::1]'), '::1');
  for (const bad of ['', ' ', '[::1', '[::1]x', 'a b', 'user@host', 'host:port', 'host/path', 'a:1:2']) t.is(hostnameOfHostHeader(bad), undefined, bad);
});

test('bound to loopback: only loopback Host headers pass; a missing Host (not a browser) passes', (t) => {
  const p = accessPolicy({ bindHost: '127.0.0.1', allowLocalhostOrigins: true });
  for (const h of [undefined, 'localhost:4747', '127.0.0.1:4747', '[::1]:4747', 'x.localhost']) t.true(p.hostAllowed(h), String(h));
  for (const h of ['evil.example', '192.168.1.5:4747', os.hostname(), '0.0.0.0:4747', '']) t.false(p.hostAllowed(h), h);
});

test('bound beyond loopback: IP literals and this machine\'s own names also pass; other names do not', (t) => {
  const p = accessPolicy({ bindHost: '0.0.0.0', allowLocalhostOrigins: true });
  for (const h of ['localhost:4747', '192.168.1.5:4747', '[fe80::1]:4747', '10.1.2.3', os.hostname().toLowerCase(), `${os.hostname().split('.')[0].toLowerCase()}.local:4747`]) t.true(p.hostAllowed(h), h);
  for (const h of ['evil.example:4747', 'rebind.127.0.0.1.nip.io']) t.false(p.hostAllowed(h), h);
  const named = accessPolicy({ bindHost: 'devbox.lan', allowLocalhostOrigins: true });
  t.true(named.hostAllowed('devbox.lan:4747'));
  t.false(named.hostAllowed('otherbox.lan:4747'));
});

test('origins: web-UI server allows localhost pages and the configured web UI, nothing else; eval server none', (t) => {
  const web = accessPolicy({ bindHost: '127.0.0.1', allowLocalhostOrigins: true, origins: ['https://ui.example/app/?q=1', 'not a url'] });
  for (const o of ['http://localhost:5173', 'https://localhost', 'http://127.0.0.1:8080', 'http://[::1]:3000', 'http://app.localhost', 'https://ui.example']) t.true(web.originAllowed(o), o);
  for (const o of ['https://ui.example:444', 'http://ui.example', 'https://evil.example', 'null', 'file:///x', 'chrome-extension://abc', 'ws://localhost', 'garbage']) t.false(web.originAllowed(o), o);
  const evalPolicy = accessPolicy({ bindHost: '127.0.0.1', allowLocalhostOrigins: false });
  for (const o of ['http://localhost:5173', 'http://127.0.0.1:4848', 'https://ui.example']) t.false(evalPolicy.originAllowed(o), o);
});

test('origin normalisation and the exposure warning', (t) => {
  t.is(originOf('https://UI.example:443/x?y'), 'https://ui.example');
  t.is(originOf('null'), undefined);
  t.is(originOf('nope'), undefined);
  for (const h of ['127.0.0.1', 'localhost', '::1']) t.is(exposureWarning(h), undefined, h);
  for (const h of ['0.0.0.0', '::', '192.168.1.2']) t.regex(exposureWarning(h) ?? '', /^warning: listening on .* trusted network/, h);
});
