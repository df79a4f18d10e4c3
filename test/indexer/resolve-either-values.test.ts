/**
 * The resolver's side of values that are one of several (`flag ? a : b`, `a || b`): written as a value
 * `{ k: 'union', types: [branch, branch] }`, they resolve when every branch agrees — the same symbol, or
 * instances whose member is the same symbol (a shared base's method). The extractor records conditional
 * expressions as such now; here the facts are also written by hand (the resolver's contract) and stripped back
 * to `other` (what the resolver does without them).
 */
import test from 'ava';
import { importBinding, type Expr } from '../../lib/extract/facts.ts';
import { resolveProject } from '../../lib/resolve/index.ts';
import { graphData } from '../../lib/graph/code-graph.ts';
import { extractFile, defaultProjectConfig } from '../../lib/lang/index.ts';

const shapes = `export class Base { area(): number { return 0; } }
export class Circle extends Base { draw(): void {} }
export class Square extends Base { draw(): void {} }
export function paint(): void {}
export function fill(): void {}
`;
const use = `import { Circle, Square, paint, fill } from './shapes';
export function f(flag: boolean): void {
  const s = flag ? new Circle() : new Square();
  s.area();
  s.draw();
  const g = flag ? paint : paint;
  g();
  const h = flag ? paint : fill;
  h();
}
`;

type Facts = 'extracted' | 'hand' | 'stripped';

function calls(mode: Facts): Set<string> {
  const b = extractFile('use.ts', use, 'typescript');
  if (mode === 'stripped') {
    for (const l of b.locals) if (['s', 'g', 'h'].includes(l.name)) l.init = { k: 'other' };
  }
  if (mode === 'hand') {
    const imp = (name: string): Expr => ({ k: 'id', name, b: importBinding(b.imports.findIndex((i) => i.local === name)) });
    const set = (local: string, types: Expr[]): void => {
      const l = b.locals.findIndex((x) => x.name === local);
      b.locals[l] = { ...b.locals[l], init: { k: 'union', types } };
    };
    set('s', [{ k: 'new', callee: imp('Circle') }, { k: 'new', callee: imp('Square') }]);
    set('g', [imp('paint'), imp('paint')]);
    set('h', [imp('paint'), imp('fill')]);
  }
  const r = resolveProject([extractFile('shapes.ts', shapes, 'typescript'), b], defaultProjectConfig());
  return new Set(graphData(r.graph).edges.filter((e) => e.type === 'CALLS' && e.reason !== 'name-only').map((e) => `${e.source} -> ${e.target}`));
}

test('a value of either branch resolves what every branch agrees on, else dispatches to each branch\'s own member', (t) => {
  const e = calls('hand');
  t.true(e.has('Function:use.ts:f -> Method:shapes.ts:Base.area'), [...e].join('; '));
  t.true(e.has('Function:use.ts:f -> Method:shapes.ts:Circle.draw'));
  t.true(e.has('Function:use.ts:f -> Method:shapes.ts:Square.draw'));
  t.true(e.has('Function:use.ts:f -> Function:shapes.ts:paint'));
  t.true(e.has('Function:use.ts:f -> Function:shapes.ts:fill'), '`h` holds paint or fill: either may run');
  const before = calls('stripped');
  t.false(before.has('Function:use.ts:f -> Method:shapes.ts:Base.area'));
  t.deepEqual([...calls('extracted')].sort(), [...e].sort(), 'the extractor writes what the hand-written facts say');
});
