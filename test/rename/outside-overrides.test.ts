/**
 * A method overriding a member declared outside the repository (the lib's `Map.set`, a dependency's declared
 * `Component.render`, the standard library's `JSONEncoder.default`) is refused by rename, alone or in a family, and
 * the refusal writes nothing; a method whose class has an outside base of unknown members is renamed with a warning
 * naming that base; context and impact show the fact. On test/fixtures/indexer/outside-overrides.
 */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rename } from '../../handlers/rename.ts';
import { context } from '../../handlers/context.ts';
import { impact } from '../../handlers/impact.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { memorySnapshot } from '../helpers/memory-snapshot.ts';
import { indexFixture, readFixture } from '../indexer/harness.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'indexer', 'outside-overrides');

function snapshot(root?: string) {
  const files = readFixture(FIXTURE);
  const r = indexFixture(files);
  const own = Object.fromEntries([...files].filter(([p]) => !p.includes('node_modules/')));
  return memorySnapshot({ graph: r.graph, refs: [...r.refs.all], files: own, root });
}

async function refusal(t: import('ava').ExecutionContext, uid: string, newName: string): Promise<CodegraphError> {
  const err = await t.throwsAsync(rename({ symbol_uid: uid, new_name: newName }, snapshot()), { instanceOf: CodegraphError });
  t.is(err!.code, 'RENAME_REFUSED', err!.message);
  return err as CodegraphError;
}

test('TypeScript: a method overriding a lib member is refused, naming the member and why', async (t) => {
  const err = await refusal(t, 'Method:src/collections.ts:DraftMap.set', 'put');
  t.regex(err.message, /'DraftMap\.set' overrides Map\.set, declared outside the repository/);
  t.regex(err.message, /silently stop overriding it.*through Map/);
  t.is((err.details as { overrides: string }).overrides, 'Map.set');
  // through a project class declaring no `set`; the implicit Object base of a class extending Error; an interface of the lib
  t.regex((await refusal(t, 'Method:src/collections.ts:Cache.set', 'put')).message, /overrides Map\.set/);
  t.regex((await refusal(t, 'Method:src/collections.ts:Failure.toString', 'show')).message, /overrides Object\.toString/);
  // a field of a class extending Error takes the place of Error's `name`
  t.regex((await refusal(t, 'Property:src/collections.ts:Timeout.name', 'label')).message, /'Timeout\.name' overrides Error\.name/);
  t.regex((await refusal(t, 'Method:src/collections.ts:Clicks.handleEvent', 'onEvent')).message, /overrides EventListenerObject\.handleEvent/);
  // a dependency's declared class, and what an interface merged into it declares
  t.regex((await refusal(t, 'Method:src/view.ts:View.render', 'draw')).message, /overrides Component\.render \(fake-ui\)/);
  t.regex((await refusal(t, 'Method:src/view.ts:View.componentDidMount', 'mounted')).message, /overrides Lifecycle\.componentDidMount \(fake-ui\)/);
});

test('the lib\'s read-only, weak and iterable types have members of their own, not Map\'s or Array\'s', async (t) => {
  // ReadonlyMap declares no `set`, WeakMap no `keys`, Set no `push`, Iterable no `map`: such a method overrides nothing
  for (const [uid, name] of [['Method:src/collections.ts:Frozen.set', 'with'], ['Method:src/collections.ts:Tags.keys', 'list'],
    ['Method:src/collections.ts:Bag.push', 'put'], ['Method:src/collections.ts:Range.map', 'mapAll']]) {
    const res = await rename({ symbol_uid: uid, new_name: name }, snapshot());
    t.true(res.summary.graphEdits >= 1, uid);
  }
  t.regex((await refusal(t, 'Method:src/collections.ts:Frozen.get', 'lookup')).message, /overrides ReadonlyMap\.get/);
  t.regex((await refusal(t, 'Method:src/collections.ts:Tags.set', 'put')).message, /overrides WeakMap\.set/);
  t.regex((await refusal(t, 'Method:src/collections.ts:Bag.add', 'put')).message, /overrides Set\.add/);
  t.regex((await refusal(t, 'Method:src/collections.ts:Seen.add', 'put')).message, /overrides WeakSet\.add/);
});

test('a family holding a method tied to an outside member is refused from any member of it', async (t) => {
  // Cache.get overrides the project's Store.get, which overrides Map.get
  const err = await refusal(t, 'Method:src/collections.ts:Cache.get', 'lookup');
  t.regex(err.message, /'Cache\.get' is renamed with Method 'Store\.get' \(src\/collections\.ts:\d+\), which overrides Map\.get/);
  t.is((err.details as { tied: { uid: string } }).tied.uid, 'Method:src/collections.ts:Store.get');
});

test('JavaScript: a custom element callback the browser calls by name is refused', async (t) => {
  t.regex((await refusal(t, 'Method:src/elements.js:Fancy.connectedCallback', 'attached')).message, /overrides HTMLElement\.connectedCallback/);
  const ok = await rename({ symbol_uid: 'Method:src/elements.js:Fancy.paint', new_name: 'draw' }, snapshot());
  t.true(ok.summary.graphEdits >= 2);
});

test('Python: overrides of the standard library (a method it calls by name too, a classmethod) are refused', async (t) => {
  t.regex((await refusal(t, 'Method:py/handlers.py:Encoder.default', 'fallback')).message, /overrides json\.encoder\.JSONEncoder\.default/);
  t.regex((await refusal(t, 'Method:py/handlers.py:Handler.do_GET', 'get')).message, /overrides http\.server\.BaseHTTPRequestHandler\.do_GET/);
  t.regex((await refusal(t, 'Method:py/handlers.py:Case.setUpClass', 'prepare')).message, /overrides unittest\.case\.TestCase\.setUpClass/);
  t.regex((await refusal(t, 'Method:py/handlers.py:Case.setUp', 'prepare')).message, /overrides unittest\.case\.TestCase\.setUp/);
});

test('a method overriding nothing outside is renamed; one of a class with an outside base of unknown members gets a warning naming it', async (t) => {
  for (const [uid, name] of [['Method:src/collections.ts:DraftMap.peek', 'look'], ['Method:src/view.ts:View.title', 'heading'], ['Method:py/handlers.py:Encoder.helper', 'aid'], ['Method:py/handlers.py:Case.test_one', 'test_first']]) {
    const res = await rename({ symbol_uid: uid, new_name: name }, snapshot());
    t.true(res.summary.graphEdits >= 1, uid);
    t.false(res.warnings.some((w) => /outside the repository/.test(w)), `${uid}: ${res.warnings.join(' | ')}`);
  }
  const js = await rename({ symbol_uid: 'Method:src/view.ts:Sender.send', new_name: 'post' }, snapshot());
  t.true(js.warnings.some((w) => /Sender extends Base: outside the repository, with members not known here; if it declares or calls 'send'/.test(w)), js.warnings.join('\n'));
  const py = await rename({ symbol_uid: 'Method:py/handlers.py:Client.send', new_name: 'post' }, snapshot());
  t.true(py.warnings.some((w) => /Client extends tinyhttp\.Session: outside the repository/.test(w)), py.warnings.join('\n'));
});

test('an apply of a refused rename writes nothing', async (t) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cg-outside-'));
  t.teardown(() => fs.rmSync(root, { recursive: true, force: true }));
  fs.cpSync(FIXTURE, root, { recursive: true });
  const before = fs.readFileSync(path.join(root, 'src/collections.ts'), 'utf8');
  const err = await t.throwsAsync(rename({ symbol_uid: 'Method:src/collections.ts:DraftMap.set', new_name: 'put', dry_run: false, include_text_search: true }, snapshot(root)), { instanceOf: CodegraphError });
  t.is(err!.code, 'RENAME_REFUSED');
  t.is(fs.readFileSync(path.join(root, 'src/collections.ts'), 'utf8'), before);
  const py = path.join(root, 'py/handlers.py');
  const pyBefore = fs.readFileSync(py, 'utf8');
  await t.throwsAsync(rename({ symbol_uid: 'Method:py/handlers.py:Encoder.default', new_name: 'fallback', dry_run: false }, snapshot(root)), { instanceOf: CodegraphError });
  t.is(fs.readFileSync(py, 'utf8'), pyBefore);
});

test('context shows the outside member a method overrides and a class\'s unknown bases; impact says calls through the outside type are not in the graph', async (t) => {
  const c = await context({ uid: 'Method:src/collections.ts:DraftMap.set' }, snapshot());
  t.is((c as { symbol: { overridesOutside?: string } }).symbol.overridesOutside, 'Map.set');
  const k = await context({ uid: 'Class:src/view.ts:Sender' }, snapshot());
  t.deepEqual((k as { symbol: { unknownBases?: string[] } }).symbol.unknownBases, ['Base']);
  const i = await impact({ target_uid: 'Method:src/collections.ts:Cache.get', direction: 'upstream' }, snapshot());
  const r = i as { riskReason: string; target: { overridesOutside?: string } };
  // (through Store.get, which it overrides)
  t.regex(r.riskReason, /it overrides Map\.get, declared outside the repository: calls made through that type .* are not in the graph/);
  t.is(r.target.overridesOutside, undefined);
  const own = await impact({ target_uid: 'Method:src/collections.ts:DraftMap.set', direction: 'upstream' }, snapshot());
  t.is((own as { target: { overridesOutside?: string } }).target.overridesOutside, 'Map.set');
  const unknown = await impact({ target_uid: 'Method:py/handlers.py:Client.send', direction: 'upstream' }, snapshot());
  t.regex((unknown as { riskReason: string }).riskReason, /its class extends tinyhttp\.Session, outside the repository, whose members are not known here/);
  const plain = await impact({ target_uid: 'Method:src/collections.ts:DraftMap.peek', direction: 'upstream' }, snapshot());
  t.notRegex((plain as { riskReason: string }).riskReason, /outside/);
});
