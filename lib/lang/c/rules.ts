/** C's names for rename: identifiers, keywords (C23 included), and the standard's type names. */
import type { NameRules } from '../types.ts';
import { cFamilyRules } from './family.ts';
import { C_BUILTIN_TYPES } from './syntax.ts';

export const C_KEYWORDS = ['alignas', 'alignof', 'auto', 'bool', 'break', 'case', 'char', 'const', 'constexpr', 'continue', 'default', 'do', 'double', 'else', 'enum', 'extern', 'false', 'float', 'for', 'goto', 'if', 'inline', 'int', 'long', 'nullptr', 'register', 'restrict', 'return', 'short', 'signed', 'sizeof', 'static', 'static_assert', 'struct', 'switch', 'thread_local', 'true', 'typedef', 'typeof', 'typeof_unqual', 'union', 'unsigned', 'void', 'volatile', 'while', '_Alignas', '_Alignof', '_Atomic', '_BitInt', '_Bool', '_Complex', '_Decimal128', '_Decimal32', '_Decimal64', '_Generic', '_Imaginary', '_Noreturn', '_Static_assert', '_Thread_local'];

/** Rename's rules for C: identifiers, keywords, the standard's type names; `main` and macros refused. */
export const C_NAMES: NameRules = {
  identifier: /^[A-Za-z_][A-Za-z0-9_]*$/,
  reservedBindings: new Set([...C_KEYWORDS, 'main', 'NULL']),
  reservedTypeNames: new Set(C_BUILTIN_TYPES),
  reservedMembers: new Set(),
  sharedScope: true,
  refuseRename: (oldName, _label, kind) => checkNativeRename(oldName, kind),
};

/** C's and C++'s objections to a rename: `main`, and macros (the preprocessor's uses the graph does not see). */
export function checkNativeRename(oldName: string, kind: string | undefined): string | undefined {
  if (oldName === 'main') return "'main' is the program's entry point by that name; renaming it changes what the program runs";
  if (kind === 'macro') {
    return `'${oldName}' is a macro: the preprocessor also uses it where the graph does not see (inside other macros' bodies, pasted with ##, tested by #ifdef and #if defined, set by -D on the command line), so a rename could leave uses behind; rename it with the compiler's help`;
  }
  return undefined;
}

export const cRules = cFamilyRules(C_NAMES);
