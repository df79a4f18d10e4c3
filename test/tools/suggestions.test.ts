/** Suggestions for a name that matches nothing: a one-letter typo finds the intended name first. */
import test from 'ava';
import { createCodeGraph, type CodeGraph } from '../../lib/graph/code-graph.ts';
import { closeNames, lookupSymbol } from '../../lib/symbols/lookup.ts';
import { isCodegraphError, type CodegraphError } from '../../lib/errors.ts';

/** A graph shaped like a query builder: a class with many methods and many short names the typo contains. */
function builderGraph(): CodeGraph {
  const g = createCodeGraph();
  const add = (label: string, name: string, owner?: string, file = 'src/query/SelectQueryBuilder.ts') => {
    const q = owner ? `${owner}.${name}` : name;
    g.addNode(`${label}:${file}:${q}`, { uid: `${label}:${file}:${q}`, label: label as 'Method', name, qualifiedName: q, filePath: file, line: g.order + 1, endLine: g.order + 2 });
  };
  add('Class', 'SelectQueryBuilder');
  for (const m of ['getMany', 'getOne', 'getRawMany', 'getManyAndCount', 'getCount', 'where', 'andWhere', 'orderBy', 'take', 'skip']) add('Method', m, 'SelectQueryBuilder');
  add('Class', 'Repository', undefined, 'src/repository/Repository.ts');
  for (const m of ['find', 'findOne', 'getMany']) add('Method', m, 'Repository', 'src/repository/Repository.ts');
  // Short names a typo of getMany contains or nearly contains: they must not come first.
  for (const f of ['get', 'Man', 'any', 'many', 'Get', 'geta', 'tMan', 'etM']) add('Function', f, undefined, `src/util/${f}.ts`);
  return g;
}

function notFound(g: CodeGraph, name: string): CodegraphError {
  try { lookupSymbol(g, { name }); } catch (err) { if (isCodegraphError(err)) return err; throw err; }
  throw new Error(`${name} was found`);
}

test('a one-letter typo (missing, extra, wrong or swapped letter) suggests the intended name first', (t) => {
  const g = builderGraph();
  for (const typo of ['getMny', 'getMannny'.slice(0, 8), 'getMaby', 'getMnay', 'gteMany', 'getmany', 'GETMANY']) {
    const top = closeNames(g, typo)[0];
    t.is(top?.name, 'getMany', `${typo}: ${closeNames(g, typo).map((c) => c.name).join(', ')}`);
  }
  const err = notFound(g, 'getMny');
  t.is(err.code, 'SYMBOL_NOT_FOUND');
  t.regex(err.message, /did you mean: (SelectQueryBuilder|Repository)\.getMany \(Method/);
});

test('a qualified typo suggests the member of the named owner first', (t) => {
  const g = builderGraph();
  const sugg = closeNames(g, 'Repository.getMny');
  t.is(sugg[0].qualifiedName, 'Repository.getMany');
  t.is(closeNames(g, 'SelectQueryBuilder.getMny')[0].qualifiedName, 'SelectQueryBuilder.getMany');
  t.is(closeNames(g, 'SelectQueryBuilder.gteOne')[0].qualifiedName, 'SelectQueryBuilder.getOne');
});

test('longer names containing the query still come, after the one-edit names', (t) => {
  const g = builderGraph();
  const names = closeNames(g, 'getMan', 10).map((c) => c.name);
  t.is(names[0], 'getMany');
  t.true(names.includes('getManyAndCount'));
  t.true(names.indexOf('getManyAndCount') < names.indexOf('Man') || !names.includes('Man'));
});
