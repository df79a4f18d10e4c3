/**
 * java.util.function's interfaces (and Comparator, Callable, Runnable): how many parameters a lambda of each takes,
 * the first ones of the types of its type arguments in order (`Consumer<Tag>`: a Tag; `BiFunction<K, V, R>`: a K and
 * a V). Read by the overload rules (a lambda's arity) and by the collector (a lambda declared as one).
 */
export const FUNCTIONAL: ReadonlyMap<string, number> = new Map<string, number>([['Consumer', 1], ['BiConsumer', 2], ['Function', 1], ['BiFunction', 2], ['Predicate', 1],
  ['BiPredicate', 2], ['UnaryOperator', 1], ['BinaryOperator', 2], ['Comparator', 2], ['ToIntFunction', 1], ['ToLongFunction', 1],
  ['ToDoubleFunction', 1], ['ToIntBiFunction', 2], ['ToLongBiFunction', 2], ['ToDoubleBiFunction', 2], ['ObjIntConsumer', 2],
  ['ObjLongConsumer', 2], ['ObjDoubleConsumer', 2], ['Supplier', 0], ['Callable', 0], ['Runnable', 0]]);

// functional interfaces whose one type argument types several parameters (`Comparator<T>`: compare(T, T))
const SHARED: ReadonlyMap<string, readonly number[]> = new Map([['Comparator', [0, 0]], ['BinaryOperator', [0, 0]]]);
// those whose later parameters are primitives, typed by no type argument (`ObjIntConsumer<T>`: accept(T, int))
const OBJ_PRIMITIVE = new Set(['ObjIntConsumer', 'ObjLongConsumer', 'ObjDoubleConsumer']);

/** Which type argument of the functional interface `name` types a lambda's parameter `param` (undefined: none). */
export function functionalParamType(name: string, param: number): number | undefined {
  const n = FUNCTIONAL.get(name);
  if (n === undefined || param >= n || (OBJ_PRIMITIVE.has(name) && param > 0)) return undefined;
  return SHARED.get(name)?.[param] ?? param;
}
