/**
 * The real Python code bases the Python call graph is checked on (bench/python-callgraph-diff.ts), each pinned:
 * npm's node-gyp ships gyp (a devDependency), Debian's `python3-*` packages ship their sources (`apt-get
 * download` of the pinned version, unpacked with `dpkg -x` into a temporary folder, re-created when missing).
 *
 * Two halves, so that a figure is never measured on the code that tuned it:
 * - tune: gyp (node-gyp 11.5.0: gyp-next with a vendored `packaging`, untyped Python 3 plus typed modules, a
 *   src layout declared by pyproject.toml's `package-dir`), Python-Markdown 3.4.1 (class hierarchies of
 *   processors and extensions, registries, relative imports), Jinja2 3.1.2 (a compiler and its runtime: visitors,
 *   `@overload` signatures), Werkzeug 2.2.2 (a WSGI library whose `.pyi` stubs sit beside its modules), anyio 3.6.2 (a
 *   fully typed async library: `Self`, TypeVars, Protocols, overloads, dataclasses, async context managers, version
 *   checks), typer 0.7.0 (a command-line framework built from decorators) and bottle 0.12.23 (a one-file web framework:
 *   routing decorators, request contexts, plugins), markdown-it-py 2.1.0 (a modern typed parser: `from __future__ import
 *   annotations`, `TYPE_CHECKING` imports, Protocols, `Callable`-typed factories, properties with TypeVar-typed
 *   `self`), tomlkit 0.11.7 (typed container classes over `dict`/`list`, a parser whose state is a property) and
 *   structlog 22.3.0 (typed logging: Protocols, lazy proxies that rebind their own methods, processors as callables).
 *   Each but gyp and Python-Markdown was first measured fresh, then its misses read.
 * - held out (never tuned on; read its figures, not its misses): urllib3 1.26.12, requests 2.28.1 and dateutil 2.8.2
 *   (date arithmetic, recurrence rules and time zones: class hierarchies with `super()` and class-level caches).
 * Corpora added later say below what they are and how they were used.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface PythonCorpus {
  /** Which half the corpus belongs to. */
  half: 'tune' | 'held-out';
  /** Where the sources come from: an npm package folder (pinned in package.json) or a Debian package version. */
  source: { npm: string } | { deb: string; version: string };
  /** The folders (relative to the unpacked package) copied into the corpus folder, and their names there. */
  copy: Array<[from: string, to: string]>;
  /** Extra import roots the oracle is told about (pyright's `extraPaths`), relative to the corpus folder. */
  extraPaths?: string[];
}

export const PYTHON_CORPORA: Record<string, PythonCorpus> = {
  gyp: {
    half: 'tune', source: { npm: 'node-gyp/gyp' },
    copy: [['.', '.']],
    // gyp_main.py puts pylib on sys.path; pyproject.toml declares it (`package-dir = {"" = "pylib"}`)
    extraPaths: ['pylib'],
  },
  markdown: {
    half: 'tune', source: { deb: 'python3-markdown', version: '3.4.1-2+deb12u1' },
    copy: [['usr/lib/python3/dist-packages/markdown', 'markdown']],
  },
  jinja2: {
    half: 'tune', source: { deb: 'python3-jinja2', version: '3.1.2-1+deb12u3' },
    copy: [['usr/lib/python3/dist-packages/jinja2', 'jinja2']],
  },
  werkzeug: {
    half: 'tune', source: { deb: 'python3-werkzeug', version: '2.2.2-3+deb12u1' },
    copy: [['usr/lib/python3/dist-packages/werkzeug', 'werkzeug']],
  },
  anyio: {
    half: 'tune', source: { deb: 'python3-anyio', version: '3.6.2-1' },
    copy: [['usr/lib/python3/dist-packages/anyio', 'anyio']],
  },
  typer: {
    half: 'tune', source: { deb: 'python3-typer', version: '0.7.0-1' },
    copy: [['usr/lib/python3/dist-packages/typer', 'typer']],
  },
  bottle: {
    half: 'tune', source: { deb: 'python3-bottle', version: '0.12.23-1.1' },
    copy: [['usr/lib/python3/dist-packages/bottle.py', 'bottle.py']],
  },
  markdownit: {
    half: 'tune', source: { deb: 'python3-markdown-it', version: '2.1.0-5' },
    copy: [['usr/lib/python3/dist-packages/markdown_it', 'markdown_it']],
  },
  tomlkit: {
    half: 'tune', source: { deb: 'python3-tomlkit', version: '0.11.7-1' },
    copy: [['usr/lib/python3/dist-packages/tomlkit', 'tomlkit']],
  },
  structlog: {
    half: 'tune', source: { deb: 'python3-structlog', version: '22.3.0-2' },
    copy: [['usr/lib/python3/dist-packages/structlog', 'structlog']],
  },
  pluggy: {
    half: 'tune', source: { deb: 'python3-pluggy', version: '1.0.0+repack-1' },
    copy: [['usr/lib/python3/dist-packages/pluggy', 'pluggy']],
  },
  moreitertools: {
    half: 'tune', source: { deb: 'python3-more-itertools', version: '8.10.0-2' },
    copy: [['usr/lib/python3/dist-packages/more_itertools', 'more_itertools']],
  },
  toolz: {
    half: 'tune', source: { deb: 'python3-toolz', version: '0.12.0-1' },
    copy: [['usr/lib/python3/dist-packages/toolz', 'toolz'], ['usr/lib/python3/dist-packages/tlz', 'tlz']],
  },
  // Django 3.2 (859 files, 134k lines): a large framework; measured fresh at 487d8b56 (edges 99.5 / 98.6), then its
  // misses read (module names defined in several branches, values cut by the depth limit, `self.__class__(…)`)
  django: {
    half: 'tune', source: { deb: 'python3-django', version: '3:3.2.25-0+deb12u7' },
    copy: [['usr/lib/python3/dist-packages/django', 'django']],
  },
  // Tornado 6.2 (asyncio web framework, annotated): measured fresh, then its misses read
  tornado: {
    half: 'tune', source: { deb: 'python3-tornado', version: '6.2.0-3+deb12u4' },
    copy: [['usr/lib/python3/dist-packages/tornado', 'tornado']],
  },
  // starlette 0.26 (an async web framework: routing, middleware classes, request and response hierarchies):
  // measured fresh, then its misses read
  starlette: {
    half: 'tune', source: { deb: 'python3-starlette', version: '0.26.1-1+deb12u2' },
    copy: [['usr/lib/python3/dist-packages/starlette', 'starlette']],
  },
  // itsdangerous 2.1 (signing: serializers over signer classes, typing imported as `_t`), CacheControl 0.12 (HTTP
  // caching: cache classes narrowed by isinstance of `self.cache`) and jsonschema 4.10 (validators built from
  // dictionaries of functions, with its tests): measured fresh, then their misses read
  itsdangerous: {
    half: 'tune', source: { deb: 'python3-itsdangerous', version: '2.1.2-3' },
    copy: [['usr/lib/python3/dist-packages/itsdangerous', 'itsdangerous']],
  },
  cachecontrol: {
    half: 'tune', source: { deb: 'python3-cachecontrol', version: '0.12.12-2' },
    copy: [['usr/lib/python3/dist-packages/cachecontrol', 'cachecontrol']],
  },
  jsonschema: {
    half: 'tune', source: { deb: 'python3-jsonschema', version: '4.10.3-1' },
    copy: [['usr/lib/python3/dist-packages/jsonschema', 'jsonschema']],
  },
  // attrs 22.2 (class decorators that build classes; `.pyi` stubs beside the modules): measured fresh, misses read
  attrs: {
    half: 'tune', source: { deb: 'python3-attr', version: '22.2.0-1' },
    copy: [['usr/lib/python3/dist-packages/attr', 'attr'], ['usr/lib/python3/dist-packages/attrs', 'attrs']],
  },
  urllib3: {
    half: 'held-out', source: { deb: 'python3-urllib3', version: '1.26.12-1+deb12u4' },
    copy: [['usr/lib/python3/dist-packages/urllib3', 'urllib3']],
  },
  requests: {
    half: 'held-out', source: { deb: 'python3-requests', version: '2.28.1+dfsg-1' },
    copy: [['usr/lib/python3/dist-packages/requests', 'requests']],
  },
  dateutil: {
    half: 'held-out', source: { deb: 'python3-dateutil', version: '2.8.2-2' },
    copy: [['usr/lib/python3/dist-packages/dateutil', 'dateutil']],
  },
  // measured fresh at 487d8b56 and after; nothing read or tuned on it
  oauthlib: {
    half: 'held-out', source: { deb: 'python3-oauthlib', version: '3.2.2-1' },
    copy: [['usr/lib/python3/dist-packages/oauthlib', 'oauthlib']],
  },
  // measured fresh and after; nothing read or tuned on it
  httpcore: {
    half: 'held-out', source: { deb: 'python3-httpcore', version: '0.16.3-1' },
    copy: [['usr/lib/python3/dist-packages/httpcore', 'httpcore']],
  },
  // h11 0.14 (a sans-I/O HTTP/1.1 state machine): measured once at the end; nothing read or tuned on it
  h11: {
    half: 'held-out', source: { deb: 'python3-h11', version: '0.14.0-1.1~deb12u1' },
    copy: [['usr/lib/python3/dist-packages/h11', 'h11']],
  },
  // isort 5.6.4 (import sorting: a frozen dataclass of settings, NamedTuples, a vendored `dataclasses`) and
  // marshmallow 3.18 (schemas built by a metaclass from declared fields, validators, hooks): measured fresh, then
  // their misses read
  isort: {
    half: 'tune', source: { deb: 'python3-isort', version: '5.6.4-1' },
    copy: [['usr/lib/python3/dist-packages/isort', 'isort']],
  },
  marshmallow: {
    half: 'tune', source: { deb: 'python3-marshmallow', version: '3.18.0-1' },
    copy: [['usr/lib/python3/dist-packages/marshmallow', 'marshmallow']],
  },
  // packaging 23.0 (versions, specifiers, markers: NamedTuples, a dataclass, a hand-written parser): measured before
  // and after the rules found on isort and marshmallow; nothing read or tuned on it
  packaging: {
    half: 'held-out', source: { deb: 'python3-packaging', version: '23.0-1' },
    copy: [['usr/lib/python3/dist-packages/packaging', 'packaging']],
  },
  // Mako 1.2 (a template compiler: lexer, parse tree of node classes, visitors, a code printer), websockets 10.4 (a
  // typed asyncio protocol library: legacy and sans-I/O layers, frames, extensions) and PyYAML 6.0 (a loader and
  // dumper each assembled by multiple inheritance from reader, scanner, parser, composer, constructor and resolver
  // classes): measured fresh, then their misses read
  mako: {
    half: 'tune', source: { deb: 'python3-mako', version: '1.2.4+ds-1' },
    copy: [['usr/lib/python3/dist-packages/mako', 'mako']],
  },
  websockets: {
    half: 'tune', source: { deb: 'python3-websockets', version: '10.4-1' },
    copy: [['usr/lib/python3/dist-packages/websockets', 'websockets']],
  },
  yaml: {
    half: 'tune', source: { deb: 'python3-yaml', version: '6.0-3+b2' },
    copy: [['usr/lib/python3/dist-packages/yaml', 'yaml']],
  },
  // PyJWT 2.6 (typed token encoding: algorithm classes, a JWK client) and arrow 1.2 (typed dates: one large Arrow
  // class, a parser, a formatter, locales): measured before and after the rules found on the three above; nothing
  // read or tuned on them
  jwt: {
    half: 'held-out', source: { deb: 'python3-jwt', version: '2.6.0-1+deb12u1' },
    copy: [['usr/lib/python3/dist-packages/jwt', 'jwt']],
  },
  arrow: {
    half: 'held-out', source: { deb: 'python3-arrow', version: '1.2.3-1' },
    copy: [['usr/lib/python3/dist-packages/arrow', 'arrow']],
  },
  // paramiko 2.12 (SSH: transports, channels, key classes over a PKey base, a message buffer, untyped) and invoke 2.0
  // (tasks, contexts and runners: a configuration merged from dictionaries, a parser of its own): measured fresh, then
  // their misses read; pexpect 4.8 (spawning and driving processes: spawn classes over a shared base, expecters,
  // a pty wrapper): measured fresh and after, nothing read or tuned on it
  paramiko: {
    half: 'tune', source: { deb: 'python3-paramiko', version: '2.12.0-2' },
    copy: [['usr/lib/python3/dist-packages/paramiko', 'paramiko']],
  },
  invoke: {
    half: 'tune', source: { deb: 'python3-invoke', version: '2.0.0-1' },
    copy: [['usr/lib/python3/dist-packages/invoke', 'invoke']],
  },
  pexpect: {
    half: 'held-out', source: { deb: 'python3-pexpect', version: '4.8.0-4' },
    copy: [['usr/lib/python3/dist-packages/pexpect', 'pexpect']],
  },
  // parso 0.8.3 (a Python parser: tree node classes over shared bases and mixins, a grammar generator, a normalizer
  // of error rules registered by decorators) and pycparser 2.21 (a C parser: PLY grammar rules as methods, AST node
  // classes, visitors dispatching by name) and sqlparse 0.4.2 (a SQL lexer and statement splitter: token classes,
  // filter stacks, grouping functions over token lists) and docutils 0.19 (reStructuredText: a document tree of node
  // classes, parsers, transforms, writers with visitors dispatching by name, untyped): measured fresh, then their
  // misses read; Beautiful Soup 4.11.2 (an HTML
  // tree over pluggable tree builders, untyped): measured fresh and after, nothing read or tuned on it
  parso: {
    half: 'tune', source: { deb: 'python3-parso', version: '0.8.3-1' },
    copy: [['usr/lib/python3/dist-packages/parso', 'parso']],
  },
  pycparser: {
    half: 'tune', source: { deb: 'python3-pycparser', version: '2.21-1' },
    copy: [['usr/lib/python3/dist-packages/pycparser', 'pycparser']],
  },
  sqlparse: {
    half: 'tune', source: { deb: 'python3-sqlparse', version: '0.4.2-1+deb12u1' },
    copy: [['usr/lib/python3/dist-packages/sqlparse', 'sqlparse']],
  },
  docutils: {
    half: 'tune', source: { deb: 'python3-docutils', version: '0.19+dfsg-6' },
    copy: [['usr/lib/python3/dist-packages/docutils', 'docutils']],
  },
  bs4: {
    half: 'held-out', source: { deb: 'python3-bs4', version: '4.11.2-2' },
    copy: [['usr/lib/python3/dist-packages/bs4', 'bs4']],
  },
  // dnspython 2.3 (DNS: a record class per type over an `Rdata` base whose `from_text`/`from_wire_parser` the
  // subclasses override without annotations, a tokenizer, a wire parser, sync and async query paths) and hatchling
  // 1.12 (a build backend: generic builder classes over bounded TypeVars, a plugin manager answering through
  // `__getattr__`): measured fresh, then their misses read; lark 1.1.5 (a parser generator: grammar compilers, tree
  // transformers composed with `*`, Earley and LALR parsers), zeroconf 0.47 (typed multicast DNS: records, caches,
  // handlers, asyncio services) and WTForms 3.0.1 (forms: fields as descriptors bound by a metaclass, validators,
  // widgets): measured fresh and after, lark's 3 extra edges read, nothing tuned on them
  dnspython: {
    half: 'tune', source: { deb: 'python3-dnspython', version: '2.3.0-1+deb12u1' },
    copy: [['usr/lib/python3/dist-packages/dns', 'dns']],
  },
  hatchling: {
    half: 'tune', source: { deb: 'python3-hatchling', version: '1.12.2-1' },
    copy: [['usr/lib/python3/dist-packages/hatchling', 'hatchling']],
  },
  lark: {
    half: 'held-out', source: { deb: 'python3-lark', version: '1.1.5-1' },
    copy: [['usr/lib/python3/dist-packages/lark', 'lark']],
  },
  zeroconf: {
    half: 'held-out', source: { deb: 'python3-zeroconf', version: '0.47.3-1' },
    copy: [['usr/lib/python3/dist-packages/zeroconf', 'zeroconf']],
  },
  wtforms: {
    half: 'held-out', source: { deb: 'python3-wtforms', version: '3.0.1-2' },
    copy: [['usr/lib/python3/dist-packages/wtforms', 'wtforms']],
  },
  // coverage 6.5 (a measurement tool: typed modules, a tracer chosen at run time, reporters over a common base,
  // plugins), pyelftools 0.29 (ELF and DWARF readers: untyped class hierarchies, a vendored `construct` parser
  // combinator library, structs built by factories) and mutagen 1.46 (audio metadata: a format class per file type
  // over common bases, tag frames and their specs, lazy imports of every format): measured fresh, then their misses read
  coverage: {
    half: 'tune', source: { deb: 'python3-coverage', version: '6.5.0+dfsg1-2+b1' },
    copy: [['usr/lib/python3/dist-packages/coverage', 'coverage']],
  },
  pyelftools: {
    half: 'tune', source: { deb: 'python3-pyelftools', version: '0.29-1' },
    copy: [['usr/lib/python3/dist-packages/elftools', 'elftools']],
  },
  mutagen: {
    half: 'tune', source: { deb: 'python3-mutagen', version: '1.46.0-1' },
    copy: [['usr/lib/python3/dist-packages/mutagen', 'mutagen']],
  },
  // aiohttp 3.8 (an async HTTP client and web server: typed attributes, `attr.s` and frozen dataclass records,
  // properties, `final` classes, a router of resources and routes, middlewares and signals), cmd2 2.4 (a CLI toolkit
  // over `cmd.Cmd`: typed, argparse decorators wrapping commands, settables, a custom argparse subclass), Falcon 3.1
  // (a WSGI and ASGI web framework: request and response classes, media handlers, routers; Debian ships its
  // Cython-compiled modules beside their sources) and pydantic 1.10 (models built by a metaclass, fields,
  // validators, `if TYPE_CHECKING:` declarations with runtime `else` arms): measured fresh, then their misses read
  aiohttp: {
    half: 'tune', source: { deb: 'python3-aiohttp', version: '3.8.4-1+deb12u2' },
    copy: [['usr/lib/python3/dist-packages/aiohttp', 'aiohttp']],
  },
  cmd2: {
    half: 'tune', source: { deb: 'python3-cmd2', version: '2.4.2+ds-3' },
    copy: [['usr/lib/python3/dist-packages/cmd2', 'cmd2']],
  },
  falcon: {
    half: 'tune', source: { deb: 'python3-falcon', version: '3.1.1-1+b1' },
    copy: [['usr/lib/python3/dist-packages/falcon', 'falcon']],
  },
  pydantic: {
    half: 'tune', source: { deb: 'python3-pydantic', version: '1.10.4-1+deb12u1' },
    copy: [['usr/lib/python3/dist-packages/pydantic', 'pydantic']],
  },
};

/** Where corpora are unpacked (one folder per corpus and version). */
export const CORPORA_HOME = path.join(os.tmpdir(), 'codegraph-python-corpora');

/**
 * The folder holding a corpus' sources, made on first use: a copy of the npm package's folder, or the Debian
 * package downloaded (`apt-get download name=version`) and unpacked. Throws with the reason when it cannot be made.
 */
export function pythonCorpus(name: string): { root: string; corpus: PythonCorpus } {
  const corpus = PYTHON_CORPORA[name];
  if (!corpus) throw new Error(`unknown Python corpus ${name} (known: ${Object.keys(PYTHON_CORPORA).join(', ')})`);
  const src = corpus.source;
  const tag = 'npm' in src ? `${name}-npm-${npmVersion(src.npm.split('/')[0])}` : `${name}-${src.version}`;
  const root = path.join(CORPORA_HOME, tag.replace(/[^A-Za-z0-9._-]/g, '_'));
  if (existsSync(path.join(root, '.complete'))) return { root, corpus };
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  let from: string;
  if ('npm' in src) {
    from = path.join(REPO_ROOT, 'node_modules', src.npm);
    if (!existsSync(from)) throw new Error(`${src.npm} is not installed (npm ci)`);
  } else {
    const work = path.join(CORPORA_HOME, `.deb-${src.deb}-${src.version}`.replace(/[^A-Za-z0-9._-]/g, '_'));
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    execFileSync('apt-get', ['download', `${src.deb}=${src.version}`], { cwd: work, stdio: ['ignore', 'ignore', 'pipe'] });
    const deb = readdirSync(work).find((f) => f.endsWith('.deb'));
    if (!deb) throw new Error(`apt-get download ${src.deb}=${src.version} gave no .deb`);
    execFileSync('dpkg', ['-x', deb, 'x'], { cwd: work });
    from = path.join(work, 'x');
  }
  for (const [a, b] of corpus.copy) cpSync(path.join(from, a), path.join(root, b), { recursive: true, filter: (p) => !p.includes('__pycache__') });
  writeFileSync(path.join(root, '.complete'), '');
  return { root, corpus };
}

function npmVersion(pkg: string): string {
  return (JSON.parse(execFileSync(process.execPath, ['-p', `JSON.stringify(require('${pkg}/package.json'))`], { cwd: REPO_ROOT, encoding: 'utf8' })) as { version: string }).version;
}
