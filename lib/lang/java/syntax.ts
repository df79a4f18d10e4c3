/** Java's syntax words and visibility rule for the nominal collector. */
import type { NominalSyntax } from '../../extract/nominal/syntax.ts';
import { functionalParamType } from './functional.ts';

export const javaSyntax: NominalSyntax = {
  language: 'java',
  staticWords: new Set(['static']),
  // public and protected members are seen outside their package; an interface's members are public
  exported: (_name, mods, where) => {
    const visible = mods.includes('public') || mods.includes('protected') || (where.parentKind === 'interface' || where.parentKind === 'annotation') && !mods.includes('private') || where.label === 'Property' && where.parentLabel === 'Enum';
    return visible && where.parentExported;
  },
  builtinTypes: new Set(['var', 'int', 'long', 'short', 'byte', 'char', 'float', 'double', 'boolean', 'void', 'String', 'Object', 'Integer', 'Long', 'Boolean', 'Double', 'Float', 'Short', 'Byte', 'Character', 'Void']),
  inferredTypes: new Set(['var']),
  methodNamespace: true,
  overloads: true,
  // `setupTags(ns, tags, tag -> tag.set(…))`: the lambda's parameter is the called method's `Consumer<Tag>`'s Tag
  lambdaParamTypes: true,
  // `Comparator<Option> C = (a, b) -> a.getKey().compareTo(b.getKey())`: a and b are Options
  declaredLambdaParam: functionalParamType,
  // a lambda has no receiver of its own: `this` inside one is the enclosing class's
  plainLambdas: true,
  elementCallbacks: new Set(['forEach', 'forEachOrdered', 'map', 'filter', 'flatMap', 'anyMatch', 'allMatch', 'noneMatch', 'peek', 'mapToInt', 'mapToLong',
    'mapToDouble', 'mapToObj', 'removeIf', 'ifPresent', 'ifPresentOrElse', 'takeWhile', 'dropWhile', 'sorted', 'min', 'max', 'forEachRemaining']),
  // a BiConsumer or BiFunction of a map's key and value (`Map.forEach`, `Map.replaceAll`), a Comparator or
  // BinaryOperator of two elements (`List.sort`, `Stream.sorted`, `min`, `max`, `reduce`)
  pairCallbacks: new Map<string, readonly ['key' | 'element', 'key' | 'element']>([
    ...['forEach', 'replaceAll'].map((m) => [m, ['key', 'element']] as const),
    ...['sort', 'sorted', 'min', 'max', 'reduce'].map((m) => [m, ['element', 'element']] as const),
  ]),
  comments: { line: ['//'], block: ['/*', '*/'] },
};
