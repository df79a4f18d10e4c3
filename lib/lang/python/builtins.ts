/**
 * Python's builtins (the `builtins` module of CPython 3.11 and 3.12, plus a module's implicit names `__file__`,
 * `__path__`, `__builtins__`, and Python 2's `unicode`, `basestring`, `long`, `xrange`, `raw_input`, `reload`,
 * `unichr`, `execfile`, `cmp` that old code still names): a free name among them is the runtime's, and a
 * call through it is external.
 */
const BUILTINS = new Set(`ArithmeticError AssertionError AttributeError BaseException BaseExceptionGroup BlockingIOError BrokenPipeError BufferError BytesWarning ChildProcessError ConnectionAbortedError ConnectionError ConnectionRefusedError ConnectionResetError DeprecationWarning EOFError Ellipsis EncodingWarning EnvironmentError Exception ExceptionGroup False FileExistsError FileNotFoundError FloatingPointError FutureWarning GeneratorExit IOError ImportError ImportWarning IndentationError IndexError InterruptedError IsADirectoryError KeyError KeyboardInterrupt LookupError MemoryError ModuleNotFoundError NameError None NotADirectoryError NotImplemented NotImplementedError OSError OverflowError PendingDeprecationWarning PermissionError ProcessLookupError RecursionError ReferenceError ResourceWarning RuntimeError RuntimeWarning StopAsyncIteration StopIteration SyntaxError SyntaxWarning SystemError SystemExit TabError TimeoutError True TypeError UnboundLocalError UnicodeDecodeError UnicodeEncodeError UnicodeError UnicodeTranslateError UnicodeWarning UserWarning ValueError Warning ZeroDivisionError __build_class__ __debug__ __doc__ __import__ __loader__ __name__ __package__ __spec__ abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile complex copyright credits delattr dict dir divmod enumerate eval exec exit filter float format frozenset getattr globals hasattr hash help hex id input int isinstance issubclass iter len license list locals map max memoryview min next object oct open ord pow print property quit range repr reversed round set setattr slice sorted staticmethod str sum super tuple type vars zip PythonFinalizationError __file__ __path__ __builtins__ __cached__ __annotations__ __dict__ unicode basestring long xrange raw_input reload unichr execfile cmp reveal_type`.split(' '));

import type { ConditionReader } from './conditions.ts';

/** True for a builtin name. */
export function isBuiltinName(name: string): boolean {
  return BUILTINS.has(name);
}

/**
 * The members every class has from `object`, its implicit last base (typeshed's `builtins.object`): found nowhere in
 * the project, they are the runtime's (`super().__repr__()`, `super().__getattribute__(name)`).
 */
const OBJECT_MEMBERS = new Set(`__class__ __dict__ __doc__ __module__ __annotations__ __init__ __new__ __setattr__ __delattr__ __eq__ __ne__ __str__ __repr__ __hash__ __format__ __getattribute__ __sizeof__ __reduce__ __reduce_ex__ __getstate__ __dir__ __init_subclass__ __subclasshook__`.split(' '));

/** True for a member every class inherits from `object`. */
export function isObjectMember(name: string): boolean {
  return OBJECT_MEMBERS.has(name);
}

/** `zip(xs, ys)` whose every positional argument a call's facts keep (no splat, at most four): its tuples hold their elements. */
export function zipKeepsArguments(r: ConditionReader, argsNode: number): boolean {
  const args = argsNode >= 0 ? r.namedKids(argsNode).filter((a) => r.type(a) !== 'keyword_argument' && r.type(a) !== 'comment') : [];
  return args.length > 0 && args.length <= 4 && args.every((a) => r.type(a) !== 'list_splat' && r.type(a) !== 'dictionary_splat');
}
