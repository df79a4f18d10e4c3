/** ECMAScript names and patterns the ECMAScript plugin reads (module.exports, prototypes, React hooks, TypeScript's global types). */

/** `export default` (sticky: tested at an export statement's start). */
export const EXPORT_DEFAULT = /export\s+default\b/y;
/** Global generic types whose members are their first type argument's members. */
export const SAME_MEMBERS = new Set(['Partial', 'Readonly', 'Required', 'NonNullable', 'Pick', 'Omit']);
/** Global generic types that are arrays of their (first) type argument (iterables too: for-of gives an element). */
export const ARRAY_TYPES = new Set(['Array', 'ReadonlyArray', 'Set', 'ReadonlySet', 'Iterable', 'IterableIterator', 'Generator', 'AsyncGenerator', 'AsyncIterable', 'AsyncIterableIterator']);
/** Global generic types that map keys to values of their second type argument. */
export const MAP_TYPES = new Set(['Map', 'ReadonlyMap', 'WeakMap']);
/** Predefined types that say nothing about a value's members. */
export const UNTYPED = new Set(['any', 'unknown', 'object']);
/** Words between a doc comment and the declaration it documents. */
export const MODIFIER_WORDS = new Set(['export', 'default', 'const', 'let', 'var', 'async', 'static', 'public', 'private', 'protected', 'readonly', 'abstract', 'declare', 'override', 'function', 'class', 'interface', 'type', 'enum']);

/** An object literal after zero or more plain assignments (`exports = module.exports = {`). */
export const CHAINED_OBJECT = /(?:[$\w]+(?:\s*\.\s*[$\w]+)*\s*=(?!=)\s*)*\{/y;

/** The own name of a function or class expression (`function name(`, `async function* name(`, `class Name`). */
export const OWN_NAME = /^(?:async\s+)?(?:function\s*\*?|class)\s+([$_\p{ID_Start}][$\p{ID_Continue}]*)/u;

/** Modules whose hooks (REACT_HOOKS) give back (part of) their argument. */
export const REACT_SOURCES: ReadonlySet<string> = new Set(['react', 'preact/hooks', 'preact/compat']);

export const REACT_HOOKS: ReadonlySet<string> = new Set(['useState', 'useMemo', 'useCallback', 'useRef', 'useContext', 'createContext']);

/** The key under which a context object made by `createContext` holds its value (no real key has this name). */
export const CONTEXT_VALUE = '(context value)';

/** `X.prototype` (the object of a prototype method assignment), X captured. */
export const PROTOTYPE_OF = /^([$_\p{ID_Start}][$\p{ID_Continue}]*)\s*\.\s*prototype$/u;

/** ` as default` right after a name (sticky: tested at the name's end). */
export const AS_DEFAULT = /\s+as\s+default\b/y;
