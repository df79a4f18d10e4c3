/**
 * Which `.h` headers are C++: the ending is C's by default (lib/lang/c), and a header whose text uses what only C++
 * has is parsed with C++'s grammar instead, so its classes, namespaces and templates are symbols (parsed as C, they
 * are error nodes). The signals are lines that cannot be C: a `class`, `namespace`, `template`, `using namespace` or
 * access-specifier line, a qualified name in code (`std::string`, `Napi::Value`), a C++ standard library or
 * `.hpp` include. A C header that is also C++-clean
 * (`extern "C"` under `#ifdef __cplusplus`) stays C.
 */

const CPP_LINE = /^[ \t]*(?:template[ \t]*<|class[ \t]+[A-Za-z_]|namespace(?:[ \t]+[\w:]+)?[ \t]*\{|using[ \t]+namespace[ \t]|(?:public|private|protected)[ \t]*:(?!:)|virtual[ \t])/m;
const CPP_INCLUDE = /^[ \t]*#[ \t]*include[ \t]*(?:<(?:c(?:std\w+|math|string|assert|limits|stdio|stdlib|errno|ctype|time)|string|string_view|vector|map|set|list|deque|array|memory|functional|utility|algorithm|iostream|ostream|istream|sstream|fstream|unordered_map|unordered_set|mutex|thread|atomic|optional|variant|tuple|type_traits|chrono|new|exception|stdexcept|initializer_list|iterator|numeric|limits|bitset|queue|stack|span|regex|random|condition_variable|future)>|["<][^">\n]+\.(?:hpp|hh|hxx)[">])/m;
const WORD = /[A-Za-z0-9_]/;
const NAME_START = /[A-Za-z_~]/;
/** How many `::` are looked at (each in its line) before the text is taken as C. */
const MAX_QUALIFIED = 200;

/**
 * Whether the text has a qualified name in code (`std::string`, `Napi::Value f(…);`): C has no `::`. One in a comment
 * (a line that starts one, or after `//`) does not count. A scan of the `::` occurrences, so a long line costs once.
 */
function hasQualifiedName(text: string): boolean {
  let seen = 0;
  for (let i = text.indexOf('::'); i > 0 && seen < MAX_QUALIFIED; i = text.indexOf('::', i + 2), seen++) {
    if (!WORD.test(text[i - 1]) || !NAME_START.test(text[i + 2] ?? '')) continue;
    const line = text.slice(text.lastIndexOf('\n', i) + 1, i);
    const lead = line.trimStart()[0];
    if (lead !== '/' && lead !== '*' && lead !== '#' && !line.includes('//')) return true;
  }
  return false;
}

/** Whether a `.h` header's text is C++. */
export function isCppHeader(text: string): boolean {
  return CPP_LINE.test(text) || CPP_INCLUDE.test(text) || hasQualifiedName(text);
}
