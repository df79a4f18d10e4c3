/**
 * Which `.h` headers are C++: the ending is C's by default (lib/lang/c), and a header whose text uses what only C++
 * has is parsed with C++'s grammar instead, so its classes, namespaces and templates are symbols (parsed as C, they
 * are error nodes). The signals are lines that cannot be C: a `class`, `namespace`, `template`, `using namespace` or
 * access-specifier line, `std::` names, a C++ standard library or `.hpp` include. A C header that is also C++-clean
 * (`extern "C"` under `#ifdef __cplusplus`) stays C.
 */

const CPP_LINE = /^[ \t]*(?:template[ \t]*<|class[ \t]+[A-Za-z_]|namespace(?:[ \t]+[\w:]+)?[ \t]*\{|using[ \t]+namespace[ \t]|(?:public|private|protected)[ \t]*:(?!:)|virtual[ \t])/m;
const CPP_INCLUDE = /^[ \t]*#[ \t]*include[ \t]*(?:<(?:c(?:std\w+|math|string|assert|limits|stdio|stdlib|errno|ctype|time)|string|string_view|vector|map|set|list|deque|array|memory|functional|utility|algorithm|iostream|ostream|istream|sstream|fstream|unordered_map|unordered_set|mutex|thread|atomic|optional|variant|tuple|type_traits|chrono|new|exception|stdexcept|initializer_list|iterator|numeric|limits|bitset|queue|stack|span|regex|random|condition_variable|future)>|["<][^">\n]+\.(?:hpp|hh|hxx)[">])/m;
const STD_NAME = /\bstd::[A-Za-z_]/;

/** Whether a `.h` header's text is C++. */
export function isCppHeader(text: string): boolean {
  return CPP_LINE.test(text) || CPP_INCLUDE.test(text) || STD_NAME.test(text);
}
