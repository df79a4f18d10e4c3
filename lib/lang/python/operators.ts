/**
 * Python's binary operators and the methods that implement them (the data model's `__add__` / `__radd__`): an
 * operator expression's value is what the left operand's method returns, else the right operand's reflected one.
 */
export const BINARY_OPERATOR_METHODS: ReadonlyMap<string, readonly [method: string, reflected: string]> = new Map([
  ['+', ['__add__', '__radd__']],
  ['-', ['__sub__', '__rsub__']],
  ['*', ['__mul__', '__rmul__']],
  ['@', ['__matmul__', '__rmatmul__']],
  ['/', ['__truediv__', '__rtruediv__']],
  ['//', ['__floordiv__', '__rfloordiv__']],
  ['%', ['__mod__', '__rmod__']],
  ['**', ['__pow__', '__rpow__']],
  ['<<', ['__lshift__', '__rlshift__']],
  ['>>', ['__rshift__', '__rrshift__']],
  ['&', ['__and__', '__rand__']],
  ['|', ['__or__', '__ror__']],
  ['^', ['__xor__', '__rxor__']],
]);

/**
 * The operator methods the builtin containers define (`list`/`tuple` `+` and `*`, `dict`'s `|`, `set`'s `| & - ^`):
 * under any other operator a container operand defers to the right operand's reflected method (`[a, b] @ registry`).
 */
export const CONTAINER_OPERATOR_METHODS: ReadonlySet<string> = new Set(['__add__', '__mul__', '__or__', '__and__', '__sub__', '__xor__']);
