/**
 * Names that belong to the JavaScript runtimes rather than to the project: a free (undeclared) name in this
 * list is an external value, so a call through it is counted as external, not as an unresolved project call.
 * Also the method names too common to guess a callee by name alone.
 */

import { LIB_VALUES } from './lib-members.ts';

const GLOBALS = new Set([
  // language
  'Object', 'Function', 'Array', 'Number', 'String', 'Boolean', 'Symbol', 'BigInt', 'Math', 'JSON', 'Date', 'RegExp',
  'Error', 'TypeError', 'RangeError', 'SyntaxError', 'ReferenceError', 'EvalError', 'URIError', 'AggregateError',
  'Promise', 'Proxy', 'Reflect', 'Map', 'Set', 'WeakMap', 'WeakSet', 'WeakRef', 'FinalizationRegistry', 'Intl',
  'ArrayBuffer', 'SharedArrayBuffer', 'DataView', 'Atomics', 'Int8Array', 'Uint8Array', 'Uint8ClampedArray',
  'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array',
  'BigUint64Array', 'Iterator', 'AsyncIterator', 'globalThis', 'undefined', 'NaN', 'Infinity', 'eval', 'isNaN',
  'isFinite', 'parseInt', 'parseFloat', 'encodeURI', 'encodeURIComponent', 'decodeURI', 'decodeURIComponent',
  'escape', 'unescape', 'arguments',
  // hosts
  'console', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate',
  'queueMicrotask', 'structuredClone', 'fetch', 'require', 'module', 'exports', 'process', 'Buffer', 'global',
  '__dirname', '__filename', 'window', 'self', 'document', 'navigator', 'location', 'history', 'localStorage',
  'sessionStorage', 'performance', 'crypto', 'alert', 'confirm', 'prompt', 'atob', 'btoa', 'requestAnimationFrame',
  'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'getComputedStyle', 'matchMedia', 'URL',
  'URLSearchParams', 'TextEncoder', 'TextDecoder', 'AbortController', 'AbortSignal', 'Event', 'EventTarget',
  'CustomEvent', 'Blob', 'File', 'FileReader', 'FormData', 'Headers', 'Request', 'Response', 'ReadableStream',
  'WritableStream', 'TransformStream', 'WebSocket', 'Worker', 'MessageChannel', 'MessagePort', 'BroadcastChannel',
  'XMLHttpRequest', 'Image', 'Audio', 'HTMLElement', 'Element', 'Node', 'MutationObserver', 'IntersectionObserver',
  'ResizeObserver', 'WebAssembly', 'Deno', 'Bun',
  // test runners
  'describe', 'it', 'test', 'expect', 'beforeEach', 'afterEach', 'beforeAll', 'afterAll', 'before', 'after',
  'jest', 'vi', 'suite', 'context', 'xit', 'xdescribe', 'fit', 'fdescribe',
]);

// Types only Node's declarations (`@types/node`) declare globally: without them installed, the checker reads each as
// `any` (an error it reports), so `NodeJS.ErrnoException & { options?: Options }` has no member of the project's
const NODE_GLOBAL_TYPES = new Set(['NodeJS', 'Buffer', 'BufferEncoding', 'NodeRequire', 'NodeModule']);

/** The module whose declarations declare a free type name (Node's global types: `node:process`), else undefined. */
export function globalTypeSource(name: string): string | undefined {
  return NODE_GLOBAL_TYPES.has(name) ? 'node:process' : undefined;
}

let valueTypes: Map<string, string> | undefined;

/** The lib interface a runtime global value is declared with (`Symbol`: `SymbolConstructor`), else undefined. */
export function globalValueType(name: string): string | undefined {
  valueTypes ??= new Map(LIB_VALUES.split(';').map((row) => row.split(':') as [string, string]));
  return valueTypes.get(name);
}

/** True for a free name that is a runtime global (console, setTimeout, Promise, describe, …). */
export function isGlobalName(name: string): boolean {
  return GLOBALS.has(name);
}

const COMMON_METHODS = new Set([
  'push', 'pop', 'shift', 'unshift', 'map', 'filter', 'reduce', 'reduceRight', 'forEach', 'find', 'findIndex',
  'findLast', 'findLastIndex', 'some', 'every', 'includes', 'indexOf', 'lastIndexOf', 'join', 'split', 'slice',
  'splice', 'concat', 'sort', 'reverse', 'flat', 'flatMap', 'fill', 'at', 'keys', 'values', 'entries', 'has',
  'get', 'set', 'add', 'delete', 'clear', 'then', 'catch', 'finally', 'call', 'apply', 'bind', 'toString',
  'valueOf', 'toJSON', 'hasOwnProperty', 'emit', 'on', 'off', 'once', 'addListener', 'removeListener',
  'addEventListener', 'removeEventListener', 'dispatchEvent', 'next', 'error', 'complete', 'subscribe',
  'unsubscribe', 'pipe', 'resolve', 'reject', 'test', 'exec', 'match', 'matchAll', 'replace', 'replaceAll',
  'trim', 'trimStart', 'trimEnd', 'toLowerCase', 'toUpperCase', 'startsWith', 'endsWith', 'charAt',
  'charCodeAt', 'codePointAt', 'substring', 'substr', 'padStart', 'padEnd', 'repeat', 'normalize', 'log', 'warn',
  'info', 'debug', 'trace', 'assign', 'freeze', 'create', 'parse', 'stringify', 'send', 'write', 'end', 'close',
  'open', 'read', 'listen', 'use', 'handle', 'update', 'remove', 'dispatch', 'init', 'start', 'stop', 'run',
  'execute', 'apply', 'length', 'size', 'equals', 'compare', 'clone', 'copy', 'toArray', 'forEach', 'iterator',
  'render', 'setState', 'getState', 'destroy', 'dispose', 'reset', 'load', 'save', 'fetch', 'request', 'query',
  'now', 'from', 'of', 'isArray', 'max', 'min', 'abs', 'floor', 'ceil', 'round', 'random',
]);

/** Method names too common to attach a call to a project method by name alone. */
export function isCommonMethodName(name: string): boolean {
  return COMMON_METHODS.has(name) || name.length <= 2;
}
