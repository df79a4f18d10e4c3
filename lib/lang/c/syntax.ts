/** C's syntax words and visibility rule for the nominal collector (C++ shares them: ../cpp/). */
import type { NominalSyntax } from '../../extract/nominal/syntax.ts';

/** C's type names that are no project type. */
export const C_BUILTIN_TYPES = ['bool', 'char', 'double', 'float', 'int', 'long', 'short', 'signed', 'unsigned', 'void', 'size_t', 'ssize_t', 'ptrdiff_t', 'intptr_t', 'uintptr_t', 'int8_t', 'int16_t', 'int32_t', 'int64_t', 'uint8_t', 'uint16_t', 'uint32_t', 'uint64_t', 'FILE', 'va_list'];

export const cSyntax: NominalSyntax = {
  language: 'c',
  staticWords: new Set(['static']),
  // `static` at file level keeps a name in its file (and the files that include it); members are their type's
  exported: (_name, mods, where) => (where.parentLabel === undefined ? !mods.includes('static') : where.parentExported),
  leadWords: new Set(['typedef', 'struct', 'union', 'enum', 'static', 'inline', 'extern', 'const']),
  builtinTypes: new Set(C_BUILTIN_TYPES),
  comments: { line: ['//'], block: ['/*', '*/'] },
};
