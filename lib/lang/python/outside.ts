/**
 * Python's outside types (lib/resolve/outside.ts): the standard library's classes as typeshed declares them, named by
 * the module they are imported from (`json.JSONEncoder`, `from http.server import BaseHTTPRequestHandler`) or as
 * builtins (`Exception`). A third-party package's class is not known here: a method of a class based on one is
 * left to rename's warning.
 */
import { bindingIndex, bindsImport, type Expr, type FileFacts } from '../../extract/facts.ts';
import { OutsideTable, type OutsideTypes } from '../../resolve/outside.ts';
import { isBuiltinName } from './builtins.ts';
import { importedName, type PyFacts } from './facts.ts';
import { STDLIB_TYPES } from './stdlib-members.ts';

/**
 * Methods the standard library calls by a name its classes do not declare: BaseHTTPRequestHandler runs `do_<COMMAND>`
 * for each request's method.
 */
const CALLED_BY_NAME = {
  'http.server.BaseHTTPRequestHandler': ['do_GET', 'do_HEAD', 'do_POST', 'do_PUT', 'do_DELETE', 'do_PATCH', 'do_OPTIONS', 'do_CONNECT', 'do_TRACE'],
};

/** Special forms typeshed declares as no class, which give a class no member a method could override. */
const SPECIAL_FORMS = new Set(['typing.Generic', 'typing.Protocol', 'typing.TypedDict', 'typing_extensions.Generic', 'typing_extensions.Protocol', 'typing_extensions.TypedDict']);

const table = new OutsideTable(() => STDLIB_TYPES, CALLED_BY_NAME);

/** The module-qualified name a base expression reads as, through the file's imports and the builtins. */
function dotted(py: PyFacts, e: Expr): string | undefined {
  if (e.k === 'generic') return dotted(py, e.of);
  if (e.k === 'member') {
    const o = dotted(py, e.obj);
    return o === undefined ? undefined : `${o}.${e.name}`;
  }
  if (e.k !== 'id') return undefined;
  if (!e.b) return isBuiltinName(e.name) ? `builtins.${e.name}` : undefined;
  if (!bindsImport(e.b)) return undefined;
  const imp = py.imports[bindingIndex(e.b)];
  return imp && importedName(imp);
}

/** Python's outside types: the standard library's classes. */
export const pythonOutsideTypes: OutsideTypes = {
  baseName: (facts: FileFacts, e: Expr) => {
    const py = facts.py as PyFacts | undefined;
    return py ? dotted(py, e) : undefined;
  },
  member: (type, member) => (SPECIAL_FORMS.has(type) ? null : table.member(type, member)),
  statics: true,
};
