/**
 * Swift (.swift): tree-sitter-swift 0.7.1 (an optional dependency: without it Swift files are not indexed), the nominal
 * roles (swift.scm), the nominal collector and resolver of the shared core, and Swift's rules (rules.ts).
 */
import { grammarBinding, grammarInstalled } from '../../extract/runtime.ts';
import { nominalCollector } from '../../extract/nominal/collect.ts';
import type { NominalSyntax } from '../../extract/nominal/syntax.ts';
import { queryFile } from '../query-file.ts';
import type { Language } from '../types.ts';
import { swiftRepairs } from './repair.ts';
import { swiftRules } from './rules.ts';

const swiftSyntax: NominalSyntax = {
  language: 'swift',
  staticWords: new Set(['static', 'class']),
  // `private` and `fileprivate` keep a name in its file or type; the rest is visible in the module
  exported: (_name, mods, where) => !mods.includes('private') && !mods.includes('fileprivate') && (where.parentLabel === undefined || where.parentExported),
  leadWords: new Set(['public', 'open', 'internal', 'final', 'static', 'class', 'struct', 'enum', 'func', 'var', 'let', 'extension', 'protocol', 'actor', '@objc', 'override', 'mutating']),
  builtinTypes: new Set(['Int', 'Int8', 'Int16', 'Int32', 'Int64', 'UInt', 'UInt8', 'UInt16', 'UInt32', 'UInt64', 'Float', 'Double', 'Bool', 'String', 'Character', 'Void', 'Never', 'Any', 'AnyObject']),
  comments: { line: ['//'], block: ['/*', '*/'] },
  // `remove(at:)` and `remove(subrange:)` are two functions: the labels a call writes pick one
  labels: { argument: 'value_argument_label' },
  // `put(_ r: DataRequest)` and `put(_ r: DownloadRequest)` are two overloads: the arguments' values pick one
  overloads: true,
  // a closure handed to these methods of a library collection or Optional takes its elements (`$0`, or its first
  // parameter): `users.map { $0.name }`, `user.flatMap { u in u.manager }`
  elementCallbacks: new Set(['map', 'compactMap', 'flatMap', 'forEach', 'filter', 'first', 'last', 'contains', 'allSatisfy', 'firstIndex',
    'lastIndex', 'drop', 'prefix', 'sorted', 'min', 'max', 'removeAll', 'partition']),
  // `$0` in a closure without a parameter list; a closure's parameters written without a type take the called
  // function's closure parameter's types (`Matcher.define { expr in expr.evaluate() }`)
  implicitParam: '$0',
  implicitParams: ['$1', '$2', '$3'],
  lambdaParamTypes: true,
  plainLambdas: true,
  catchBinding: { name: 'error', type: 'Error' },
  lambdaParams: 'lambda_function_type_parameters',
};

/** Swift, when its grammar (an optional dependency: it fails to install where its CLI cannot download) is installed. */
export const swift: Language | undefined = !grammarInstalled('tree-sitter-swift') ? undefined : {
  id: 'swift',
  extensions: ['.swift'],
  grammar: () => grammarBinding('tree-sitter-swift'),
  nodeTypes: ['tree-sitter-swift', 'src/node-types.json'],
  queries: [queryFile('swift/swift.scm')],
  comments: swiftSyntax.comments,
  collect: nominalCollector(swiftSyntax),
  repair: swiftRepairs,
  rules: swiftRules,
};
