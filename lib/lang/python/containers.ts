/** What the methods of Python's builtin containers give, from what they hold (typeshed's list, deque, set and dict). */
import { EXT, union, type Val } from './values.ts';

/** The methods of builtin containers whose result is known from the elements (containerResult). */
export const CONTAINER_METHODS: ReadonlySet<string> = new Set(['pop', 'popleft', 'copy', 'get', 'setdefault', 'keys', 'values', 'items', 'popitem', '__getitem__']);

/** What method `name` of a builtin container value gives (an outside value where the elements say nothing). */
export function containerResult(recv: Val, name: string): Val {
  switch (recv.t) {
    case 'array': return name === 'copy' ? recv : name === 'pop' || name === 'popleft' || name === '__getitem__' ? recv.of : EXT;
    case 'map':
      switch (name) {
        case 'get': case 'pop': case 'setdefault': case '__getitem__': return recv.of;
        case 'values': return { t: 'array', of: recv.of };
        case 'keys': return { t: 'array', of: recv.key ?? EXT };
        case 'items': return { t: 'array', of: { t: 'list', items: [recv.key ?? EXT, recv.of] } };
        case 'popitem': return { t: 'list', items: [recv.key ?? EXT, recv.of] };
        case 'copy': return recv;
        default: return EXT;
      }
    case 'union': return union(recv.vals.map((v) => containerResult(v, name)));
    default: return EXT;
  }
}
