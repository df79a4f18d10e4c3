/** C++'s names for rename: identifiers, keywords, the standard's type names; `main` and macros refused. */
import type { NameRules } from '../types.ts';
import { cFamilyRules } from '../c/family.ts';
import { C_KEYWORDS, checkNativeRename } from '../c/rules.ts';
import { C_BUILTIN_TYPES } from '../c/syntax.ts';

const CPP_KEYWORDS = ['alignas', 'alignof', 'and', 'and_eq', 'asm', 'bitand', 'bitor', 'catch', 'char8_t', 'char16_t', 'char32_t', 'class', 'co_await', 'co_return', 'co_yield', 'compl', 'concept', 'const_cast', 'consteval', 'constinit', 'decltype', 'delete', 'dynamic_cast', 'explicit', 'export', 'friend', 'mutable', 'namespace', 'new', 'noexcept', 'not', 'not_eq', 'operator', 'or', 'or_eq', 'private', 'protected', 'public', 'reinterpret_cast', 'requires', 'static_cast', 'template', 'this', 'throw', 'try', 'typeid', 'typename', 'using', 'virtual', 'wchar_t', 'xor', 'xor_eq'];

const CPP_NAMES: NameRules = {
  identifier: /^[A-Za-z_][A-Za-z0-9_]*$/,
  reservedBindings: new Set([...C_KEYWORDS, ...CPP_KEYWORDS, 'main', 'NULL']),
  reservedTypeNames: new Set([...C_BUILTIN_TYPES, 'wchar_t']),
  // names the language calls by themselves: a class gaining or losing one changes behaviour
  reservedMembers: new Set(['operator', 'begin', 'end', 'swap', 'get', 'size', 'data']),
  sharedScope: true,
  refuseRename: (oldName, _label, kind) => checkNativeRename(oldName, kind),
};

// only a virtual method is overridden (declared `virtual`, pure, or overriding one that is); overloads differ by parameters
// calls pick among overloads by their arguments' types where those are known
export const cppRules = cFamilyRules(CPP_NAMES, { arity: true, paramTypes: true, virtualWord: 'virtual', virtualKinds: new Set(['pure_virtual']) }, { overloads: true });
