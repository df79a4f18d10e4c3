/**
 * Go's rules: packages by directory and import path (modules.ts), the nominal resolver with no implicit receiver,
 * structural interfaces and conversions for calls of a type's name, the builtins, net/http handler registrations and
 * `func main` as entry points, the `_test.go` rule, and which names a rename may give (the exported-capital rule).
 */
import { nominalOf } from '../../extract/nominal/facts.ts';
import type { LanguageRules, NameRules } from '../types.ts';
import { nominalLanguageRules, type NominalLanguage } from '../nominal-language.ts';
import { importedPackage, loadGoSettings, packageOfFile, type GoSettings } from './modules.ts';
import { isExportedName } from './syntax.ts';
import { fileActive } from './build.ts';

const KEYWORDS = ['break', 'case', 'chan', 'const', 'continue', 'default', 'defer', 'else', 'fallthrough', 'for', 'func', 'go', 'goto', 'if', 'import', 'interface', 'map', 'package', 'range', 'return', 'select', 'struct', 'switch', 'type', 'var'];
const BUILTIN_FUNCS = ['append', 'cap', 'clear', 'close', 'complex', 'copy', 'delete', 'imag', 'len', 'make', 'max', 'min', 'new', 'panic', 'print', 'println', 'real', 'recover'];
const BUILTIN_TYPES = ['any', 'bool', 'byte', 'comparable', 'complex64', 'complex128', 'error', 'float32', 'float64', 'int', 'int8', 'int16', 'int32', 'int64', 'rune', 'string', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'uintptr'];
const BUILTIN_CONSTS = ['true', 'false', 'iota', 'nil'];
const BUILTINS = new Set([...BUILTIN_FUNCS, ...BUILTIN_TYPES, ...BUILTIN_CONSTS]);

const NAMES: NameRules = {
  // a package's files share one scope: a use in another file of the package names the symbol itself
  sharedScope: true,
  identifier: /^[\p{L}_][\p{L}\p{Nd}_]*$/u,
  // keywords, and the predeclared names a binding would shadow for the whole scope
  keywords: new Set(KEYWORDS),
  reservedBindings: new Set([...KEYWORDS, ...BUILTIN_FUNCS, ...BUILTIN_CONSTS, 'main', 'init']),
  reservedTypeNames: new Set(BUILTIN_TYPES),
  // methods the runtime and the standard library call by name: a type gaining or losing one changes behaviour
  reservedMembers: new Set(['Error', 'String', 'ServeHTTP', 'Unwrap', 'Is', 'As', 'Format', 'GoString', 'MarshalJSON', 'UnmarshalJSON']),
  checkRename: (oldName, newName) => {
    if (isExportedName(oldName) !== isExportedName(newName)) {
      return `renaming '${oldName}' to '${newName}' would make it ${isExportedName(newName) ? 'exported' : 'unexported'}: Go exports exactly the names that start with an upper-case letter, so code outside its package would ${isExportedName(newName) ? 'see it' : 'no longer compile'}; keep the first letter's case`;
    }
    return undefined;
  },
  refuseRename: (oldName, label) => ((oldName === 'main' || oldName === 'init') && label === 'Function' ? `'${oldName}' is called by the Go runtime by that name; renaming it changes what the program runs` : undefined),
};

// The standard library's interfaces that project interfaces embed, by the name a file writes them with (the
// package's default import name): an interface embedding one has its methods, so a type implements it when it has
// those as well. An interface embedding any other outside interface stays open (its implementations unknown).
const LIBRARY_INTERFACES = new Map<string, readonly string[]>([
  ['error', ['Error']],
  ['fmt.Stringer', ['String']], ['fmt.GoStringer', ['GoString']], ['fmt.Formatter', ['Format']],
  ['io.Reader', ['Read']], ['io.Writer', ['Write']], ['io.Closer', ['Close']], ['io.Seeker', ['Seek']],
  ['io.ReadWriter', ['Read', 'Write']], ['io.ReadCloser', ['Read', 'Close']], ['io.WriteCloser', ['Write', 'Close']],
  ['io.ReadWriteCloser', ['Read', 'Write', 'Close']], ['io.ReadSeeker', ['Read', 'Seek']],
  ['io.ReaderAt', ['ReadAt']], ['io.WriterAt', ['WriteAt']], ['io.ReaderFrom', ['ReadFrom']], ['io.WriterTo', ['WriteTo']],
  ['io.ByteReader', ['ReadByte']], ['io.ByteWriter', ['WriteByte']], ['io.RuneReader', ['ReadRune']], ['io.StringWriter', ['WriteString']],
  ['http.Handler', ['ServeHTTP']], ['http.ResponseWriter', ['Header', 'Write', 'WriteHeader']],
  ['http.Flusher', ['Flush']], ['http.Hijacker', ['Hijack']], ['http.RoundTripper', ['RoundTrip']],
  ['sort.Interface', ['Len', 'Less', 'Swap']], ['heap.Interface', ['Len', 'Less', 'Swap', 'Push', 'Pop']],
  ['json.Marshaler', ['MarshalJSON']], ['json.Unmarshaler', ['UnmarshalJSON']],
  ['encoding.TextMarshaler', ['MarshalText']], ['encoding.TextUnmarshaler', ['UnmarshalText']],
  ['encoding.BinaryMarshaler', ['MarshalBinary']], ['encoding.BinaryUnmarshaler', ['UnmarshalBinary']],
  ['context.Context', ['Deadline', 'Done', 'Err', 'Value']], ['sync.Locker', ['Lock', 'Unlock']],
  ['fs.FS', ['Open']], ['fs.File', ['Stat', 'Read', 'Close']], ['driver.Valuer', ['Value']], ['sql.Scanner', ['Scan']],
  ['hash.Hash', ['Write', 'Sum', 'Reset', 'Size', 'BlockSize']],
]);

const TEST_FILE = /_test\.go$|(?:^|\/)testdata\//;

/**
 * The package name an outside package is assumed to declare (as goimports assumes it): the path's last segment, the
 * one before a major version (`…/validator/v10`), without a `go-` prefix and cut at its first character that cannot
 * be in a name (`go-yaml`, `yaml.v3`: yaml; `go-isatty`: isatty).
 */
function assumedPackageName(path: string): string {
  const parts = path.split('/');
  let base = parts[parts.length - 1];
  if (/^v\d+$/.test(base) && parts.length > 1) base = parts[parts.length - 2];
  if (base.startsWith('go-')) base = base.slice(3);
  const cut = base.search(/[^\p{L}\p{Nd}_]/u);
  return cut > 0 ? base.slice(0, cut) : base;
}

const nominal: NominalLanguage['nominal'] = {
  isTestFile: (p) => TEST_FILE.test(p),
  filePackage: (facts, settings) => {
    const key = packageOfFile(facts.path, settings as GoSettings | undefined);
    // an external test package (`package foo_test` beside `package foo`) is a package of its own
    return nominalOf(facts).pkg?.endsWith('_test') ? `${key}#test` : key;
  },
  importPackage: (path, _from, settings) => importedPackage(path, settings as GoSettings | undefined),
  externalImportName: assumedPackageName,
  fileRank: (facts) => (fileActive(facts.path, nominalOf(facts).build) ? 0 : 1),
  builtinResult: (name) => (name === 'new' || name === 'make' ? { type: 0 } : name === 'append' ? { value: 0 } : undefined),
  implicitThis: false,
  structural: true,
  // `x.f(…)` of a field f of a function type calls the value it holds
  fieldCalls: true,
  libraryInterfaceMethods: (written) => LIBRARY_INTERFACES.get(written),
  typeCall: 'conversion',
  isBuiltin: (name) => BUILTINS.has(name),
  registrations: [
    { method: /^(?:HandleFunc|Handle)$/, kind: 'route' },
    { method: /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|Any|Get|Post|Put|Patch|Delete|Head|Options|Group|Route|Method|Methods)$/, receiver: /(?:^|\.)(?:r|router|mux|app|e|g|api|group|engine|server|srv|http|chi|gin|echo)$/i, kind: 'route' },
  ],
  entryOf: (c) => {
    if (c.label === 'Function' && c.name === 'main' && c.pkg === 'main' && c.arity?.[1] === 0) return { kind: 'main', by: 'func main' };
    return undefined;
  },
};

export const goRules: LanguageRules = nominalLanguageRules({
  family: 'go',
  loadConfig: loadGoSettings,
  modules: (_files, settings) => ({
    resolve: (_from, specifier) => {
      const key = importedPackage(specifier, settings as GoSettings | undefined);
      if (key === undefined) return { external: specifier };
      const dir = Object.entries((settings as GoSettings).dirs).find(([, k]) => k === key)?.[0];
      return dir === undefined ? { external: specifier } : { file: dir };
    },
  }),
  isGlobalName: (name) => BUILTINS.has(name),
  nominal,
  names: NAMES,
});
