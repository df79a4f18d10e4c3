/**
 * The standard library's top-level modules, as typeshed's `stdlib/VERSIONS` lists them (the typeshed pyright 1.1.414
 * bundles; modules since removed from CPython kept, since old code importing them means the standard library's).
 * An absolute import of one of these names is the standard library's even where the importing file's folder holds
 * a module of that name: a type checker resolves the standard library before the file's own folder. Also asyncio's
 * runners, whose result is the coroutine's (runsCoroutine).
 */
import type { Expr } from '../../extract/facts.ts';

const STDLIB = new Set('__future__ __main__ _ast _asyncio _bisect _blake2 _bz2 _codecs _collections_abc _compat_pickle _compression _contextvars _csv _ctypes _curses _curses_panel _dbm _decimal _frozen_importlib _frozen_importlib_external _gdbm _hashlib _heapq _imp _interpchannels _interpqueues _interpreters _io _json _locale _lsprof _lzma _markupbase _msi _multibytecodec _operator _osx_support _pickle _posixsubprocess _py_abc _pydecimal _queue _random _remote_debugging _sitebuiltins _socket _sqlite3 _ssl _stat _struct _thread _threading_local _tkinter _tracemalloc _typeshed _warnings _weakref _weakrefset _winapi _zstd abc aifc annotationlib antigravity argparse array ast asynchat asyncio asyncore atexit audioop base64 bdb binascii binhex bisect builtins bz2 cProfile calendar cgi cgitb chunk cmath cmd code codecs codeop collections colorsys compileall compression concurrent configparser contextlib contextvars copy copyreg crypt csv ctypes curses dataclasses datetime dbm decimal difflib dis distutils doctest email encodings ensurepip enum errno faulthandler fcntl filecmp fileinput fnmatch fractions ftplib functools gc genericpath getopt getpass gettext glob graphlib grp gzip hashlib heapq hmac html http imaplib imghdr imp importlib inspect io ipaddress itertools json keyword lib2to3 linecache locale logging lzma mailbox mailcap marshal math mimetypes mmap modulefinder msilib msvcrt multiprocessing netrc nis nntplib nt ntpath nturl2path numbers opcode operator optparse os ossaudiodev pathlib pdb pickle pickletools pipes pkgutil platform plistlib poplib posix posixpath pprint profile profiling pstats pty pwd py_compile pyclbr pydoc pydoc_data pyexpat queue quopri random re readline reprlib resource rlcompleter runpy sched secrets select selectors shelve shlex shutil signal site smtpd smtplib sndhdr socket socketserver spwd sqlite3 sre_compile sre_constants sre_parse ssl stat statistics string stringprep struct subprocess sunau symtable sys sysconfig syslog tabnanny tarfile telnetlib tempfile termios textwrap this threading time timeit tkinter token tokenize tomllib trace traceback tracemalloc tty turtle types typing typing_extensions unicodedata unittest urllib uu uuid venv warnings wave weakref webbrowser winreg winsound wsgiref xdrlib xml xmlrpc xxlimited zipapp zipfile zipimport zlib zoneinfo'.split(' '));

/** True when `name` is a top-level module of the standard library. */
export function isStdlibModule(name: string): boolean {
  return STDLIB.has(name);
}

/** asyncio's functions whose result (awaited, for the coroutines among them) is what the coroutine they take returns. */
const ASYNCIO_RUNNERS: ReadonlySet<string> = new Set(['run', 'wait_for', 'shield']);

/** True when a member call runs its first argument's coroutine to its result (`loop.run_until_complete`, `asyncio.run`). */
export function runsCoroutine(callee: Expr & { k: 'member' }): boolean {
  if (callee.name === 'run_until_complete') return true;
  return ASYNCIO_RUNNERS.has(callee.name) && callee.obj.k === 'id' && callee.obj.name === 'asyncio';
}
