#!/usr/bin/python3
"""Every call of a C or C++ code base as clang resolves it (libclang, Debian's python3-clang-14).

usage: calls.py ROOT --lang c|c++ [--std STD] [-I DIR]... [-D NAME[=VALUE]]... FILE...   (FILEs and DIRs relative to ROOT)

Prints one JSON object per call site in FILE: where the called name is (file, line, column: 1-based, bytes), and,
when the callee is a function or method defined in one of the FILEs (or a header they include), where its
definition's name is: a callee declared in one translation unit is matched to its definition in another by its
USR, as the linker matches them; a template's specialization (`f<int>`, a method of `C<int>`) by its template's. Headers the code includes
but ROOT lacks (a build's generated config.h) are replaced by empty files in a temporary folder, so one missing
header does not end the parse. Calls inside a macro's expansion are left out (their text is not at the site).
"""
import json
import os
import shutil
import sys
import tempfile

import clang.cindex as ci

ci.Config.set_library_file('/usr/lib/llvm-14/lib/libclang.so.1')

FUNCS = {ci.CursorKind.FUNCTION_DECL, ci.CursorKind.CXX_METHOD, ci.CursorKind.CONSTRUCTOR, ci.CursorKind.FUNCTION_TEMPLATE,
         ci.CursorKind.DESTRUCTOR, ci.CursorKind.CONVERSION_FUNCTION}
REFS = {ci.CursorKind.DECL_REF_EXPR, ci.CursorKind.MEMBER_REF_EXPR, ci.CursorKind.OVERLOADED_DECL_REF}


def main(argv):
    # (the stub headers' folder goes when the run ends, however it ends)
    stubs = tempfile.mkdtemp(prefix='c-oracle-stubs-')
    try:
        calls(argv, stubs)
    finally:
        shutil.rmtree(stubs, ignore_errors=True)


def calls(argv, stubs):
    """Prints the calls of the FILEs argv names (see the usage above), stubbing missing headers in `stubs`."""
    root = os.path.abspath(argv[0])
    lang, std, incs, defines, files = 'c', None, [], [], []
    i = 1
    while i < len(argv):
        a = argv[i]
        if a == '--lang': lang = argv[i + 1]; i += 2; continue
        if a == '--std': std = argv[i + 1]; i += 2; continue
        if a == '-I': incs.append(argv[i + 1]); i += 2; continue
        if a == '-D': defines.append(argv[i + 1]); i += 2; continue
        files.append(a); i += 1
    args = ['-x', lang, '-std=' + (std or ('gnu11' if lang == 'c' else 'gnu++17')), '-ferror-limit=0', '-w']
    args += ['-I' + os.path.join(root, d) for d in incs] + ['-I' + stubs] + ['-D' + d for d in defines]
    index = ci.Index.create()
    out = sys.stdout
    # definitions by USR across every file: a call's callee is often defined in another translation unit
    defs = {}
    recs = []
    for rel in files:
        path = os.path.join(root, rel)
        tu = parse(index, path, args, stubs)
        text = open(path, 'rb').read().split(b'\n')
        for c in tu.cursor.walk_preorder():
            if c.kind in FUNCS and c.is_definition() and c.location.file is not None:
                df = os.path.abspath(c.location.file.name)
                if df.startswith(root + os.sep):
                    defs.setdefault(c.get_usr(), {'file': os.path.relpath(df, root), 'line': c.location.line, 'col': c.location.column})
            if c.kind != ci.CursorKind.CALL_EXPR: continue
            loc = c.location
            if loc.file is None or os.path.abspath(loc.file.name) != path: continue
            ref = c.referenced
            if ref is None or ref.kind not in FUNCS: continue
            site = name_site(c, ref)
            if site is None: continue
            line, col = site
            name = ref.spelling.encode()
            row = text[line - 1] if line - 1 < len(text) else b''
            # the called name must be written at the site (not made by a macro's expansion)
            if row[col - 1:col - 1 + len(name)] != name: continue
            kind = 'ctor' if ref.kind == ci.CursorKind.CONSTRUCTOR else ref.kind.name.lower()
            recs.append(({'file': rel, 'line': line, 'col': col, 'kind': kind}, [ref.get_usr()] + template_usrs(ref)))
    for rec, usrs in recs:
        for usr in usrs:
            if usr in defs: rec['callee'] = defs[usr]; break
        out.write(json.dumps(rec) + '\n')


def template_usrs(ref):
    """A template specialization's template (`f<int>` is `f`; a method of `C<int>` is C's), as far as it goes."""
    out = []
    cur = ref
    for _ in range(4):
        t = ci.conf.lib.clang_getSpecializedCursorTemplate(cur)
        if t is None or t.kind.is_invalid() or t == cur: break
        out.append(t.get_usr())
        cur = t
    return out


def parse(index, path, args, stubs):
    """Parses, adding an empty stub for each missing header until none is missing."""
    for _ in range(50):
        tu = index.parse(path, args=args)
        missing = [d.spelling.split("'")[1] for d in tu.diagnostics if d.severity >= ci.Diagnostic.Fatal and "file not found" in d.spelling and "'" in d.spelling]
        if not missing: return tu
        for m in missing:
            p = os.path.join(stubs, m)
            if os.path.exists(p): return tu
            os.makedirs(os.path.dirname(p), exist_ok=True)
            open(p, 'w').close()
    return tu


def name_site(call, ref):
    """Where the called name is: the reference inside the callee expression naming the callee."""
    for c in call.walk_preorder():
        if c.kind in REFS and c.referenced is not None and c.referenced == ref:
            return c.location.line, c.location.column
        if c.kind == ci.CursorKind.TYPE_REF and ref.kind == ci.CursorKind.CONSTRUCTOR:
            return c.location.line, c.location.column
    if ref.kind == ci.CursorKind.CONSTRUCTOR: return None
    return call.location.line, call.location.column


if __name__ == '__main__':
    main(sys.argv[1:])
