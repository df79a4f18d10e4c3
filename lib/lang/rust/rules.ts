/**
 * Rust's rules: modules by file and crate (modules.ts), `crate`/`self`/`super` paths, `pub use` re-exports, `impl`
 * blocks as parts of their type, traits as interfaces (calls through a trait fan out to its impls as `dispatch`),
 * `Self`, the standard library's containers, `fn main` and `#[test]` functions as entry points, the test-file rule,
 * and which names a rename may give.
 */
import type { LanguageRules, NameRules } from '../types.ts';
import { nominalLanguageRules, type NominalLanguage } from '../nominal-language.ts';
import { loadRustSettings, moduleOfFile, pathRootOf, type RustSettings } from './modules.ts';
import { rustLibraryResult } from './std-results.ts';
import { PRIMITIVE_TYPES, primitiveAnswers } from './primitive-methods.ts';

// Methods of slices, vectors and strings that take `&mut self`: called through a type's Deref impl, its `deref_mut`
// runs (the rest take `&self`: its `deref`)
const MUTATING = new Set([
  'swap', 'reverse', 'iter_mut', 'chunks_mut', 'chunks_exact_mut', 'rchunks_mut', 'split_at_mut', 'split_first_mut',
  'split_last_mut', 'first_mut', 'last_mut', 'get_mut', 'get_unchecked_mut', 'as_mut_ptr', 'as_mut_ptr_range', 'sort',
  'sort_by', 'sort_by_key', 'sort_unstable', 'sort_unstable_by', 'sort_unstable_by_key', 'select_nth_unstable',
  'rotate_left', 'rotate_right', 'fill', 'fill_with', 'clone_from_slice', 'copy_from_slice', 'copy_within',
  'swap_with_slice', 'split_mut', 'rsplit_mut', 'splitn_mut', 'make_ascii_uppercase', 'make_ascii_lowercase',
  'as_bytes_mut', 'as_mut_slice', 'push', 'pop', 'insert', 'remove', 'clear', 'truncate', 'extend', 'extend_from_slice',
  'retain', 'retain_mut', 'drain', 'dedup', 'dedup_by', 'dedup_by_key', 'append', 'resize', 'resize_with', 'reserve',
  'reserve_exact', 'shrink_to_fit', 'shrink_to', 'split_off', 'swap_remove', 'push_str', 'as_mut_str', 'as_mut_vec',
]);

const KEYWORDS = ['as', 'async', 'await', 'break', 'const', 'continue', 'crate', 'dyn', 'else', 'enum', 'extern', 'false', 'fn', 'for', 'if', 'impl', 'in', 'let', 'loop', 'match', 'mod', 'move', 'mut', 'pub', 'ref', 'return', 'self', 'Self', 'static', 'struct', 'super', 'trait', 'true', 'type', 'unsafe', 'use', 'where', 'while', 'abstract', 'become', 'box', 'do', 'final', 'gen', 'macro', 'override', 'priv', 'try', 'typeof', 'unsized', 'virtual', 'yield'];
const PRIMITIVES = ['bool', 'char', 'str', 'i8', 'i16', 'i32', 'i64', 'i128', 'isize', 'u8', 'u16', 'u32', 'u64', 'u128', 'usize', 'f32', 'f64'];
/** The prelude's names and std's common macros: calls of them are the library's. */
// (`test` and `proc_macro`: the toolchain's other crates, `extern crate test;` for benchmarks)
const PRELUDE = new Set(['std', 'core', 'alloc', 'test', 'proc_macro', 'Some', 'None', 'Ok', 'Err', 'Box', 'Vec', 'String', 'Option', 'Result', 'drop', 'Default', 'Clone', 'ToString', 'Into', 'From', 'Iterator', 'println', 'print', 'eprintln', 'eprint', 'format', 'vec', 'panic', 'assert', 'assert_eq', 'assert_ne', 'debug_assert', 'debug_assert_eq', 'write', 'writeln', 'unreachable', 'unimplemented', 'todo', 'matches', 'dbg', 'include_str', 'include_bytes', 'concat', 'env', 'cfg', 'format_args', 'thread_local', 'compile_error', 'line', 'file', 'stringify']);

const NAMES: NameRules = {
  // a glob import (`use super::*`) brings a module's items in by their own names, with no binding of each
  sharedScope: true,
  // a field and a method of one name live apart (`this.name` and `name()`)
  membersApart: true,
  identifier: /^(?:r#)?[\p{XID_Start}_][\p{XID_Continue}]*$/u,
  reservedBindings: new Set([...KEYWORDS, 'main']),
  reservedTypeNames: new Set(PRIMITIVES),
  // methods the language and the standard library call by name through their traits
  reservedMembers: new Set(['drop', 'clone', 'fmt', 'eq', 'cmp', 'partial_cmp', 'hash', 'deref', 'deref_mut', 'next', 'from', 'into', 'default', 'into_iter', 'index', 'call']),
  // `krate::f`, `module::f`, `Type::f`: a path names the symbol through its qualifier
  qualifiers: ['.', '::'],
  refuseRename: (oldName) => (oldName === 'main' ? "'main' is the program's entry point by that name; renaming it changes what the program runs" : undefined),
};

const TEST_FILE = /(?:^|\/)(?:tests|benches)\/|(?:^|\/)[^/]*_tests?\.rs$|(?:^|\/)tests?\.rs$/;

const nominal: NominalLanguage['nominal'] = {
  isTestFile: (p) => TEST_FILE.test(p),
  filePackage: (facts, settings) => moduleOfFile(facts.path, settings as RustSettings | undefined),
  pathRoot: (name, from, settings) => pathRootOf(name, from, settings as RustSettings | undefined),
  nestedNamespaces: true,
  packageImportBindsName: true,
  importsAreItems: true,
  selfTypeName: 'Self',
  partKinds: new Set(['impl']),
  aliasKinds: new Set(['alias']),
  // `m::S` names the item S of the module m declared in this one (an inline `mod m {}` or a child file)
  relativeQualifiedNames: true,
  implicitThis: false,
  structural: false,
  typeCall: 'none',
  isBuiltin: (name) => PRELUDE.has(name),
  containers: {
    elements: new Map([['Vec', 0], ['Option', 0], ['Box', 0], ['Rc', 0], ['Arc', 0], ['VecDeque', 0], ['HashSet', 0], ['BTreeSet', 0], ['HashMap', 1], ['BTreeMap', 1], ['RefCell', 0], ['Mutex', 0], ['RwLock', 0], ['Result', 0], ['NonNull', 0], ['ManuallyDrop', 0], ['MaybeUninit', 0], ['Pin', 0], ['Ref', 0], ['RefMut', 0], ['MutexGuard', 0], ['RwLockReadGuard', 0], ['RwLockWriteGuard', 0], ['Cell', 0],
      ['Iterator', 0], ['IntoIterator', 0], ['DoubleEndedIterator', 0], ['ExactSizeIterator', 0]]),
    elementMethods: new Set(['get', 'get_mut', 'first', 'last', 'pop', 'unwrap', 'expect', 'unwrap_or', 'unwrap_or_default', 'unwrap_unchecked', 'borrow', 'borrow_mut', 'lock', 'read', 'write', 'as_ref', 'as_mut', 'front', 'back', 'remove', 'assume_init', 'assume_init_ref', 'assume_init_mut', 'assume_init_read', 'into_inner',
      'next', 'next_back', 'nth']),
    sameMethods: new Set(['clone', 'iter', 'iter_mut', 'into_iter', 'filter', 'rev', 'take', 'skip', 'values', 'as_slice']),
    // an Option's or a Result's references are still one (`opt.as_ref().unwrap()`), where a pointer's are its target
    sameMethodsOf: new Map(['Option', 'Result'].map((t) => [t, new Set(['as_ref', 'as_mut'])])),
    // smart pointers and guards: a method their type lacks is their target's (auto-deref)
    derefs: new Set(['Box', 'Rc', 'Arc', 'ManuallyDrop', 'Pin', 'Ref', 'RefMut', 'MutexGuard', 'RwLockReadGuard', 'RwLockWriteGuard']),
  },
  libraryResult: rustLibraryResult,
  // `impl OverflowOp for u64` is no part of u64 (its functions are free ones): `n.mul(60)` is the trait's method
  // (`impl Buf for &[u8]` is a type `[u8]` of its own, whose methods a slice's calls run: `bytes.remaining()`)
  // (a `Vec<u8>` derefs to its `[u8]`: `v.remaining()` is that impl's method where Vec has none of the name)
  primitiveTraits: { types: PRIMITIVE_TYPES, skip: primitiveAnswers, slices: true, sliceDerefs: new Set(['Vec']) },
  // `impl Deref for T { type Target = U; }`: a method T lacks is U's
  derefTarget: 'Target',
  derefMethod: 'deref',
  derefMut: { method: 'deref_mut', members: MUTATING },
  entryOf: (c) => {
    if (c.label === 'Function' && c.name === 'main' && !c.owner) return { kind: 'main', by: 'fn main' };
    if (c.annotations.some((a) => a.name === 'test' || a.name.endsWith('::test'))) return { kind: 'script', by: '#[test]' };
    return undefined;
  },
};

export const rustRules: LanguageRules = nominalLanguageRules({
  family: 'rust',
  loadConfig: loadRustSettings,
  modules: (_files, settings) => ({
    resolve: (from, specifier) => {
      const s = settings as RustSettings | undefined;
      const key = specifier.replace(/::/g, '.');
      const hit = s ? Object.entries(s.module).find(([, m]) => m === key || m === (pathRootOf(key.split('.')[0], from, s) ?? '') + key.slice(key.indexOf('.'))) : undefined;
      return hit ? { file: hit[0] } : { external: specifier };
    },
  }),
  isGlobalName: (name) => PRELUDE.has(name),
  nominal,
  // a trait's method is implemented in the `impl Trait for T` block only; an inherent `impl T` method of the same name is another method
  overrides: { blockHeritage: new Set(['impl']) },
  names: NAMES,
});
