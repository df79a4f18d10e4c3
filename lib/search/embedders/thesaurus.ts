/**
 * A small programming thesaurus for the built-in embedder: words that name the same idea in code and in
 * questions about code. Each group becomes one shared feature, so "stop" and "cancel", or "wait" and
 * "delay", land near each other — the little meaning a spelling-based embedder can have without a model.
 * Groups are generic software vocabulary (not tuned to any one code base); a word may sit in one group only.
 */
const GROUPS: readonly string[][] = [
  ['error', 'fail', 'failure', 'exception', 'throw', 'reject', 'crash', 'fault'],
  ['cancel', 'abort', 'stop', 'unsubscribe', 'dispose', 'teardown', 'halt', 'terminate'],
  ['delay', 'wait', 'later', 'postpone', 'defer', 'pause', 'sleep'],
  ['time', 'duration', 'period', 'interval', 'timer', 'timeout', 'clock', 'span'],
  ['combine', 'merge', 'join', 'zip', 'concat', 'union', 'mix'],
  ['emit', 'next', 'notify', 'send', 'publish', 'push', 'produce', 'dispatch', 'fire'],
  ['listen', 'subscribe', 'observe', 'watch', 'handler', 'callback', 'hook'],
  ['event', 'message', 'signal', 'notification'],
  ['repeat', 'again', 'retry', 'loop', 'resubscribe', 'recur'],
  ['first', 'initial', 'start', 'begin', 'head', 'leading'],
  ['last', 'final', 'end', 'tail', 'trailing', 'complete', 'finish', 'done'],
  ['remove', 'delete', 'drop', 'discard', 'ignore', 'skip', 'omit', 'exclude'],
  ['create', 'make', 'build', 'construct', 'new', 'factory', 'generate', 'instantiate'],
  ['convert', 'transform', 'map', 'project', 'translate', 'cast'],
  ['check', 'test', 'verify', 'validate', 'is', 'predicate', 'assert', 'guard'],
  ['select', 'filter', 'choose', 'pick', 'where', 'match'],
  ['collect', 'gather', 'accumulate', 'buffer', 'batch', 'aggregate', 'reduce', 'fold'],
  ['same', 'equal', 'identical', 'duplicate', 'distinct', 'unique', 'compare'],
  ['array', 'list', 'collection', 'sequence', 'iterable', 'items'],
  ['number', 'count', 'integer', 'index', 'position', 'size', 'length'],
  ['largest', 'max', 'maximum', 'biggest', 'greatest', 'highest'],
  ['smallest', 'min', 'minimum', 'least', 'lowest'],
  ['share', 'multicast', 'broadcast', 'replay', 'cache'],
  ['request', 'http', 'fetch', 'download', 'network'],
  ['schedule', 'scheduler', 'queue', 'task', 'job', 'work'],
  ['condition', 'predicate', 'while', 'until', 'when'],
  ['group', 'partition', 'split', 'key', 'bucket', 'categorize'],
  ['default', 'fallback', 'otherwise', 'empty'],
  ['promise', 'async', 'await', 'future', 'thenable'],
  ['current', 'latest', 'recent', 'newest', 'value', 'state'],
  ['read', 'load', 'get', 'open', 'parse'],
  ['write', 'save', 'store', 'persist', 'put', 'set'],
  ['auth', 'login', 'authenticate', 'signin', 'credential', 'password', 'session'],
  ['config', 'configuration', 'settings', 'options', 'preferences'],
  ['path', 'file', 'directory', 'folder'],
  ['search', 'query', 'lookup', 'find', 'locate'],
  ['sort', 'order', 'rank', 'arrange'],
  ['flatten', 'flat', 'inner', 'nested', 'higher'],
  ['switch', 'replace', 'swap', 'latest'],
];

const CONCEPT = new Map<string, number>();
GROUPS.forEach((g, i) => { for (const w of g) if (!CONCEPT.has(w)) CONCEPT.set(w, i); });

/** Concept group of a (lower-case, unstemmed) word, if the thesaurus knows it. */
export function conceptOf(word: string): number | undefined {
  const direct = CONCEPT.get(word);
  if (direct !== undefined) return direct;
  // Plural and verb forms: errors, emitted, emitting, delays.
  for (const suffix of ['s', 'es', 'ed', 'd', 'ing', 'ting', 'ped', 'ping']) {
    if (word.length > suffix.length + 2 && word.endsWith(suffix)) {
      const c = CONCEPT.get(word.slice(0, -suffix.length));
      if (c !== undefined) return c;
    }
  }
  return undefined;
}
