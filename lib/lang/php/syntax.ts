/** PHP's syntax words and visibility rule for the nominal collector. */
import type { NominalSyntax } from '../../extract/nominal/syntax.ts';

export const phpSyntax: NominalSyntax = {
  language: 'php',
  // class constants belong to their class, as static members do
  staticWords: new Set(['static', 'const']),
  // members are public unless written `private` (protected ones are seen by subclasses anywhere); top-level
  // functions, classes and constants are global
  exported: (_name, mods, where) => !mods.includes('private') && where.parentExported,
  // a called bare name is a function, never the variable of that name (variables keep their `$`)
  methodNamespace: true,
  builtinTypes: new Set(['int', 'float', 'string', 'bool', 'array', 'object', 'mixed', 'void', 'null', 'callable', 'iterable', 'never', 'false', 'true']),
  comments: { line: ['//', '#'], block: ['/*', '*/'] },
};
