/** Go's syntax words and visibility rule for the nominal collector. */
import type { NominalSyntax } from '../../extract/nominal/syntax.ts';
import { buildDirective } from './build.ts';

/** Go exports what starts with an upper-case letter (Unicode class Lu); methods and fields alike. */
export function isExportedName(name: string): boolean {
  return /^\p{Lu}/u.test(name);
}

export const goSyntax: NominalSyntax = {
  language: 'go',
  staticWords: new Set(),
  exported: (name, _mods, where) => isExportedName(name) && (where.parentLabel === undefined || where.parentLabel === 'Class' || where.parentLabel === 'Interface' || where.parentLabel === 'TypeAlias'),
  leadWords: new Set(['type', 'var', 'const']),
  builtinTypes: new Set(['any', 'bool', 'byte', 'comparable', 'complex64', 'complex128', 'error', 'float32', 'float64', 'int', 'int8', 'int16', 'int32', 'int64', 'rune', 'string', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'uintptr']),
  fileDirective: buildDirective,
  comments: { line: ['//'], block: ['/*', '*/'] },
};
