/**
 * What a Python file's facts hold beyond the common FileFacts (symbols, locals, calls, references): its imports
 * as Python writes them, `__all__`, decorators, the `__main__` guard. Plain JSON, under FileFacts' `py` key.
 */
import type { Expr, Pos } from '../../extract/facts.ts';
import type { RecordOf } from './records.ts';
import type { IndexKind } from './subscripts.ts';

/**
 * One import binding.
 * - `module`: `import a.b.c` binds `a` (the top package; `a.b.c` is loaded, so `a.b.c.f()` reads through it);
 * - `module-as`: `import a.b.c as m` binds `m` to the module `a.b.c`;
 * - `from`: `from X import y as z` binds `z` to X's attribute `y`, or to the submodule `X.y`;
 * - `star`: `from X import *` binds every public name of X (its `__all__`, else the names without a leading `_`).
 * `source` is the module as written, dots and all (`.`, `..pkg.mod`, `a.b`).
 */
export interface PyImport {
  kind: 'module' | 'module-as' | 'from' | 'star';
  source: string;
  /** The imported name (`from`), as written. */
  imported?: string;
  /** The bound name (`*` for `star`). */
  local: string;
  /** Position of the imported name as written (`from`: `y`; `module`: the last dotted part; `star`: the `*`). */
  at: Pos;
  /** `from m import X as X` (the explicit re-export): the alias's position, which names the same symbol (a rename edits both). */
  aliasAt?: Pos;
  /** Position of each dotted part of `source` after the dots (`a.b.c`: a, b, c): occurrences of those modules. */
  parts?: Pos[];
  line: number;
  /** Enclosing symbol (-1: module level). An import inside a function binds a local there. */
  from: number;
  /** Inside `if TYPE_CHECKING:` (types only) or a `try` whose `except ImportError` gives an alternative. */
  guarded?: boolean;
  /** In a branch a version check rules out (`if sys.version_info < (3, 8):`): it binds no name. */
  unreached?: true;
  /** At module level in an `except` clause: a fallback for the name's other declaration (fallbacks.ts). */
  fallback?: true;
  /** Under a test of the platform (conditions.ts `isPlatformTest`), which a checker decides. */
  platformed?: true;
  /** No statement of its own: the submodule `sub` that `from .sub import …` binds in a package's `__init__` (imports.ts). */
  implicit?: true;
}

/**
 * The dotted name an absolute import binds its local name to (`import a.b` → `a`, `import a.b as c` → `a.b`, `from
 * a import b` → `a.b`); undefined for a relative import and for `*`.
 */
export function importedName(imp: PyImport): string | undefined {
  if (imp.source.startsWith('.')) return undefined;
  if (imp.kind === 'module-as') return imp.source;
  if (imp.kind === 'from') return `${imp.source}.${imp.imported}`;
  return imp.kind === 'module' ? imp.local : undefined;
}

/** Python facts of one file (FileFacts' `py`). */
export interface PyFacts {
  imports: PyImport[];
  /**
   * `__all__` as written (`__all__ = [...]`, `+= [...]`, `.extend([...])`, `.append('x')`): the names and the
   * positions of the strings' contents (what a rename edits). Absent when the file does not define it, or defines it
   * with something else than string literals (then `allOpen` is true).
   */
  all?: Array<{ name: string; at: Pos }>;
  allOpen?: boolean;
  /** Decorators of symbols (by symbol index): the decorator expression's dotted text (`app.route`, `pytest.fixture`). */
  decorators?: Record<number, string[]>;
  /** The symbols whose outermost decorator is written as a call (`@cache(maxsize=1)`: its result decorates). */
  decoratorCalled?: number[];
  /**
   * Generic classes (by symbol index): their type parameters as written (`Generic[T]`'s arguments, else the names in
   * their bases' type arguments) and each base's type arguments (aligned with the symbol's `extends`; null: none);
   * `container`: the builtin container a base makes it, as an annotation (`class Nodes(list[N])`, subscripts.ts).
   */
  generics?: Record<number, { params: Expr[]; bases: Array<Expr[] | null>; container?: Expr }>;
  /** Classes' `metaclass=M` as written in their statement (by symbol index): M's methods are the class object's. */
  metaclasses?: Record<number, Expr>;
  /** `@overload` signatures of descriptors' `__get__` (by symbol index): the reads each takes (descriptors.ts bits). */
  getters?: Record<number, number>;
  /** Classes with a `TypedDict` base (by symbol index): a string key names a field (subscripts.ts). */
  typedDicts?: number[];
  /** `@overload` signatures of `__getitem__` (by symbol index): the key type each declares (subscripts.ts). */
  indexers?: Record<number, IndexKind>;
  /** Module-level TypeVars (by symbol index): the bound declared (`bound=B`), null without one. */
  typeVars?: Record<number, Expr | null>;
  /** Line of `if __name__ == "__main__":`, when the file has one. */
  mainGuard?: number;
  /** A file with `print x`, `exec code` or backquotes: Python 2 syntax (counted; such files are indexed as parsed). */
  python2?: boolean;
  /**
   * Import roots the file adds at run time (`sys.path.insert(0, …)`, `sys.path.append(…)`, `site.addsitedir(…)`):
   * repository-relative folders, or with `cwd` relative to the directory the script runs in (sys-path.ts).
   */
  sysPath?: Array<{ path: string; cwd?: true; line: number }>;
  /** Symbols defined in a branch a version check rules out (conditions.ts): they bind no name, nor are members. */
  unreached?: number[];
  /** Symbols defined under a test of the platform (conditions.ts `isPlatformTest`), which a checker decides. */
  platformed?: number[];
  /** Module-level symbols defined in an `except` clause (fallbacks.ts): an import of the name prefers another declaration. */
  fallbacks?: number[];
  /** Classes a decorator or a base written in their statement makes records of (records.ts), by symbol index. */
  records?: Record<number, RecordOf>;
  /** Each class's own field candidates (by symbol index): the class attributes a record's `__init__` takes (records.ts). */
  fields?: Record<number, number[]>;
  /** Functions and classes decorated `@typing.dataclass_transform()`: what they decorate, or derives from them, is a record. */
  transforms?: number[];
  /** Functions' parameters declared `Callable[…]` (by symbol index): name → argument position (SymbolFact.callbackParams). */
  callbackKeys?: Record<number, Record<string, number>>;
  /** Parameters of lambdas passed as keyword arguments (by local index): the keyword, which names the callee's parameter. */
  lambdaKeys?: Record<number, string>;
  /**
   * Methods' parameter lists (by symbol index): each parameter as written, `*args`, `**kw`, and the separators `*` and
   * `/` (`p`), with its local (`l`, -1 for a separator): what an override's unannotated parameter inherits needs the
   * two lists to agree (resolve.ts inheritedParam).
   */
  sigs?: Record<number, { p: string[]; l: number[] }>;
  /** Comments of the file (text without `#`, line), for search. */
  comments?: Array<{ line: number; text: string }>;
}
