/** C's names for rename: identifiers, keywords (C23 included), and the standard's type names. */
import type { NameRules } from '../types.ts';
import { cFamilyRules } from './family.ts';
import { C_BUILTIN_TYPES } from './syntax.ts';

export const C_KEYWORDS = ['alignas', 'alignof', 'auto', 'bool', 'break', 'case', 'char', 'const', 'constexpr', 'continue', 'default', 'do', 'double', 'else', 'enum', 'extern', 'false', 'float', 'for', 'goto', 'if', 'inline', 'int', 'long', 'nullptr', 'register', 'restrict', 'return', 'short', 'signed', 'sizeof', 'static', 'static_assert', 'struct', 'switch', 'thread_local', 'true', 'typedef', 'typeof', 'typeof_unqual', 'union', 'unsigned', 'void', 'volatile', 'while', '_Alignas', '_Alignof', '_Atomic', '_BitInt', '_Bool', '_Complex', '_Decimal128', '_Decimal32', '_Decimal64', '_Generic', '_Imaginary', '_Noreturn', '_Static_assert', '_Thread_local'];

/** Rename's rules for C: a renamed macro or a name a macro's body spells is checked by the rename itself (lib/rename). */
export const C_NAMES: NameRules = {
  identifier: /^[A-Za-z_][A-Za-z0-9_]*$/,
  reservedBindings: new Set([...C_KEYWORDS, 'main', 'NULL']),
  reservedTypeNames: new Set(C_BUILTIN_TYPES),
  reservedMembers: new Set(),
  checkRename: (oldName) => (oldName === 'main' ? "'main' is the program's entry point by that name; renaming it changes what the program runs" : undefined),
};

export const cRules = cFamilyRules(C_NAMES);
