/**
 * A companion object's supertypes (test/fixtures/kotlin/interfaces, Companions.kt): the class's static side
 * implements them (an IMPLEMENTS edge of reason `static`), the companion's members OVERRIDE the methods they
 * implement, and `impact` of the interface method reaches them; a class whose companion has no supertype gets
 * neither, though it has an instance method of the same name.
 */
import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { impact } from '../../handlers/impact.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'kotlin', 'interfaces');
const FILE = 'src/main/kotlin/org/paint/Companions.kt';
let snapshot: Snapshot;

test.before(async () => {
  snapshot = await buildSnapshotInMemory(FIXTURE, { workers: 0 });
});

function edges(type: string): string[] {
  const out: string[] = [];
  snapshot.graph.forEachEdge((_k, a, s, d) => { if (a.type === type) out.push(`${s} -> ${d}${a.reason === 'static' ? ' (static)' : ''}`); });
  return out.filter((e) => e.includes(FILE)).sort();
}

test('a companion object\'s supertype is the static side\'s heritage; a companion without one adds none', (t) => {
  const impl = edges('IMPLEMENTS');
  t.true(impl.includes(`Class:${FILE}:Tint -> Interface:${FILE}:ColorFactory (static)`));
  t.true(impl.includes(`Class:${FILE}:Grey -> Interface:${FILE}:ColorFactory (static)`));
  t.false(impl.some((e) => e.startsWith(`Class:${FILE}:Shade `)));
});

test('the companion\'s member overrides the interface method it implements; a same-named instance method does not', (t) => {
  const ov = edges('OVERRIDES');
  t.true(ov.includes(`Method:${FILE}:Tint.make -> Method:${FILE}:ColorFactory.make`));
  t.false(ov.some((e) => e.startsWith(`Method:${FILE}:Shade.make `)));
});

test('impact of the companion\'s member reaches the callers of the interface method it implements', async (t) => {
  const r = await impact({ target: `Method:${FILE}:Tint.make`, direction: 'upstream' }, snapshot) as { byDepth: Record<string, Array<{ uid: string }>> };
  const reached = Object.values(r.byDepth).flat().map((x) => x.uid);
  t.true(reached.includes(`Method:${FILE}:ColorFactory.make`));
  // the interface's default method calls make(): through the interface, Tint's companion's make may run there
  t.true(reached.includes(`Method:${FILE}:ColorFactory.from255`));
});
