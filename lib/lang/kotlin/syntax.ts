/** Kotlin's syntax words and visibility rule for the nominal collector. */
import type { NominalSyntax } from '../../extract/nominal/syntax.ts';

export const kotlinSyntax: NominalSyntax = {
  language: 'kotlin',
  // a companion object's members are its class's (the companion is no symbol of its own)
  staticWords: new Set(['const']),
  // public unless private (internal is seen across the module, which is what a repository is)
  exported: (_name, mods, where) => !mods.includes('private') && where.parentExported,
  builtinTypes: new Set(['Any', 'Unit', 'Nothing', 'String', 'Int', 'Long', 'Short', 'Byte', 'Char', 'Boolean', 'Float', 'Double', 'Number']),
  overloads: true,
  elementCallbacks: new Set(['forEach', 'map', 'mapNotNull', 'flatMap', 'filter', 'filterNot', 'any', 'all', 'none', 'first', 'firstOrNull', 'last',
    'lastOrNull', 'find', 'findLast', 'single', 'singleOrNull', 'count', 'sumOf', 'sortedBy', 'sortedByDescending', 'maxBy', 'minBy', 'maxByOrNull',
    'minByOrNull', 'maxOf', 'minOf', 'groupBy', 'associateBy', 'associateWith', 'associate', 'partition', 'takeWhile', 'dropWhile', 'onEach',
    'distinctBy', 'filterTo', 'mapTo', 'flatMapTo', 'sumBy', 'takeLastWhile', 'dropLastWhile', 'indexOfFirst', 'indexOfLast', 'removeIf', 'removeAll',
    'retainAll', 'sortBy', 'sortByDescending', 'chunkedBy', 'windowedBy',
    // (their lambda's second parameter: tags.scm hands these the element there, the index first)
    'forEachIndexed', 'mapIndexed', 'mapIndexedNotNull', 'filterIndexed', 'onEachIndexed', 'mapIndexedTo', 'mapIndexedNotNullTo', 'filterIndexedTo']),
  selfCallbacks: new Set(['let', 'also', 'takeIf', 'takeUnless']),
  receiverCallbacks: new Set(['apply', 'run', 'with']),
  implicitParam: 'it',
  lambdaParamTypes: true,
  lambdaParams: 'lambda_parameters',
  comments: { line: ['//'], block: ['/*', '*/'] },
};
