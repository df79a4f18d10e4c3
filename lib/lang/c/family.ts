/**
 * What C and C++ share (one family, `c`: a C++ file calls C functions and includes C headers): the include search
 * (includes.ts), one program-wide namespace for top-level names with `static` ones kept in their file, plain enums'
 * members in the enclosing scope, typedefs whose members are their target's, `main` as the entry point, and the
 * test-file rule. The nominal resolver (lib/resolve/nominal) does the rest.
 */
import { nominalRelations } from '../../resolve/nominal/index.ts';
import type { NominalRules } from '../../resolve/nominal/rules.ts';
import type { OverrideRules } from '../../resolve/rules.ts';
import type { LanguageRules, NameRules } from '../types.ts';
import { macroCondition } from './conditions.ts';
import { includedFile, loadIncludeSettings, type IncludeSettings } from './includes.ts';

const nominal: NominalRules = {
  // the linker's view: every file's external names meet in one namespace (C++ namespaces qualify them further)
  filePackage: () => '',
  includeFile: (path, from, settings) => includedFile(path, from, settings as IncludeSettings | undefined),
  fileLocal: true,
  unscopedEnumKind: 'enum',
  // `#ifdef X` … `#else` …: the branch the build compiles by what the project `#define`s is looked up first
  macroKinds: new Set(['macro']),
  // what the compiler defines itself, for the platform the build is read for (Linux, as GCC and clang there):
  // `#ifdef __linux__` is that branch and `#ifdef _WIN32`, `__APPLE__` the other
  predefinedMacros: new Set(['__linux__', '__linux', 'linux', '__gnu_linux__', '__unix__', '__unix', 'unix', '__ELF__', '__GNUC__', '__STDC__', '__STDC_HOSTED__']),
  // `#if defined(A) && !defined(B)`, `#elif X || Y`: decided by the macros where they can be (conditions.ts)
  macroCondition,
  // a macro `#define`d in a source file is its own (and its includers'): another file's preprocessor never reads it
  functionlessHeader: (path) => FUNCTIONLESS_HEADERS.has(path.replace(/^<(.*)>$/, '$1')),
  keptInFile: (sym, path) => sym.kind === 'macro' && SOURCE_FILE.test(path),
  // `#define unlink _unlink`: a call of the macro is one of the name it expands to
  callAlias: (sym) => (sym.kind === 'macro' && sym.label === 'Variable' ? ALIAS_MACRO.exec(sym.signature ?? '')?.[1] : undefined),
  // C++'s standard containers and smart pointers (by their last name: `std::shared_ptr<T>`): `p->m()` on a
  // shared_ptr is T's `m`, `v[i]`, `v.front()` and `for (auto& x : v)` are elements, a map's are its values
  containers: {
    elements: new Map([
      ...['vector', 'list', 'forward_list', 'deque', 'set', 'multiset', 'unordered_set', 'unordered_multiset', 'array', 'span',
        'optional', 'shared_ptr', 'unique_ptr', 'weak_ptr', 'reference_wrapper', 'stack', 'queue', 'priority_queue', 'initializer_list'].map((n) => [n, 0] as [string, number]),
      ...['map', 'multimap', 'unordered_map', 'unordered_multimap'].map((n) => [n, 1] as [string, number]),
    ]),
    elementMethods: new Set(['front', 'back', 'at', 'top', 'get', 'value', 'value_or', 'lock']),
    sameMethods: new Set([]),
    derefs: new Set(['shared_ptr', 'unique_ptr', 'optional', 'reference_wrapper']),
  },
  aliasKinds: new Set(['typedef', 'alias']),
  implicitThis: true,
  structural: false,
  // `x.f(…)` of a field f of a function type calls the value it holds
  fieldCalls: true,
  typeCall: 'constructor',
  outerNamespaces: true,
  isBuiltin: (name) => name === 'std' || name.startsWith('__builtin_') || OPERATOR_WORDS.has(name) || STANDARD_MACROS.has(name),
  entryOf: (c) => (c.label === 'Function' && c.name === 'main' && c.kind === 'function' ? { kind: 'main', by: 'main' } : undefined),
};

/**
 * The standard headers that declare types and macros only (their macros are isBuiltin's): no function a call could
 * name comes from them.
 */
const FUNCTIONLESS_HEADERS: ReadonlySet<string> = new Set(['stddef.h', 'stdint.h', 'stdbool.h', 'stdarg.h', 'limits.h', 'float.h', 'iso646.h',
  'stdalign.h', 'stdnoreturn.h', 'cstddef', 'cstdint', 'climits', 'cfloat', 'cstdarg', 'cstdbool']);

/** An object-like macro whose whole expansion is one name (its definition's signature). */
const ALIAS_MACRO = /^#\s*define\s+[A-Za-z_]\w*\s+([A-Za-z_]\w*)\s*$/;

/** Source files, which are compiled rather than included (a header may have any name, or none: `<Eigen/Core>`). */
const SOURCE_FILE = /\.(?:c|cc|cpp|cxx|c\+\+)$/i;

/**
 * Operators written like calls (`sizeof(x)`, C++'s `static_cast<T>(x)`, `typeid(x)`, `decltype(x)`): the language's,
 * never a function's.
 */
const OPERATOR_WORDS: ReadonlySet<string> = new Set(['sizeof', 'alignof', '_Alignof', '_Static_assert', 'static_assert', 'static_cast', 'dynamic_cast',
  'const_cast', 'reinterpret_cast', 'typeid', 'decltype', 'noexcept', 'alignas']);

/**
 * The standard headers' function-like macros (<assert.h>, <stddef.h>, <stdarg.h>), often reached through a project
 * header that includes them: the library's where the project declares no such name.
 */
const STANDARD_MACROS: ReadonlySet<string> = new Set(['assert', 'offsetof', 'va_start', 'va_arg', 'va_end', 'va_copy']);

/** Test sources: a tests folder, or a name that says test (`test_x.c`, `x_test.cc`, `x_unittest.cpp`, `XTest.cpp`). */
const TEST_DIR = /(?:^|\/)(?:tests?|testing|unittests?|testdata|fixtures?)\//i;
const TEST_NAME = /(?:^|\/)(?:test_[^/]*|[^/]*_(?:test|tests|unittest)\.[^/.]+|[^/]*[a-z0-9](?:Test|Tests)\.[^/.]+)$/;

/** Whether a C or C++ path is a test source. */
export function isNativeTestFile(p: string): boolean {
  return TEST_DIR.test(p) || TEST_NAME.test(p);
}

const familyRelations = nominalRelations(nominal);

/** The rules of a language of the C family with its own names (`more`: its own resolver settings beside the family's). */
export function cFamilyRules(names: NameRules, overrides?: OverrideRules, more?: Partial<NominalRules>): LanguageRules {
  const relations = more ? nominalRelations({ ...nominal, ...more }) : familyRelations;
  return {
    family: 'c',
    loadConfig: loadIncludeSettings,
    modules: (_files, settings) => ({
      resolve: (from, specifier) => {
        const file = includedFile(specifier, from, settings as IncludeSettings | undefined);
        return file ? { file } : { external: specifier };
      },
    }),
    isGlobalName: (name) => nominal.isBuiltin(name),
    isCommonMethodName: () => false,
    relations,
    isTestFile: isNativeTestFile,
    names,
    ...(overrides ? { overrides } : {}),
  };
}
