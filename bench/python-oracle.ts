/**
 * The Python type checker as an oracle for call resolution: pyright's language server (`pyright-langserver
 * --stdio`, the pinned devDependency) asked `textDocument/definition` at each call site's name, and the call sites
 * and the declarations they land on read from tree-sitter's own parse of the files (node-tree-sitter with
 * tree-sitter-python, nothing of codegraph's extraction), so neither side's answer shapes the other's questions.
 *
 * pyright is pointed at an empty virtual environment (made once with `python3 -m venv --without-pip`): it then knows
 * the corpus' files, the standard library and its bundled typeshed only, so an installed copy of a corpus package never
 * wins over the corpus itself, and the answers do not depend on the machine's site-packages. (Without any interpreter
 * pyright looks for one again and again: several times slower.)
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import type ParserT from 'tree-sitter';
import { isOverloadDecorator } from '../lib/lang/python/typing.ts';

const require = createRequire(import.meta.url);

/** The pinned checker's version (answers cached under it). */
export const PYRIGHT_VERSION: string = (require('pyright/package.json') as { version: string }).version;

/** One call site: where the called name is, and the declarations that may enclose it (innermost first). */
export interface CallSite {
  file: string;
  /** 1-based line and UTF-16 column of the called name (an attribute's last name, a decorator's name). */
  line: number;
  column: number;
  name: string;
  /** A decorator without arguments (`@dec`): a call of `dec` with the decorated function. */
  decorator: boolean;
  /** Positions (`line:column`) of the names of the enclosing declarations, innermost first. */
  enclosing: string[];
}

/** A declaration (function, class) found by tree-sitter: its name's position and, for a class, what the oracle needs of it. */
export interface PyDecl {
  file: string;
  line: number;
  column: number;
  kind: 'function' | 'class';
  name: string;
  /** A class: positions of the names its bases end in (`a.B` → B), in order (keyword arguments left out). */
  bases?: Array<{ line: number; column: number }>;
  /** A class: whether its body defines `__init__` itself. */
  definesInit?: boolean;
  /** A class: position of its own `__init__`'s name, when it has one. */
  init?: { line: number; column: number };
}

/** What tree-sitter finds in one file: call sites and declarations. */
/** (`nameless`: calls of something other than a name or an attribute, `f()()`, `handlers[k]()`, where the checker is not asked) */
export interface PyFileScan { sites: CallSite[]; decls: PyDecl[]; nameless: Array<{ line: number; enclosing: string[] }> }

let parser: ParserT | undefined;

/** A node's 1-based line and UTF-16 column (from its start index in the text). */
function positions(text: string): (n: ParserT.SyntaxNode) => { line: number; column: number } {
  const starts = lineStarts(text);
  return (n) => lineColumn(starts, n.startIndex);
}

/** The name a called or base expression ends in (`f`, `a.b.f`: f), undefined for anything else. */
function lastName(fn: ParserT.SyntaxNode | null): ParserT.SyntaxNode | undefined {
  if (!fn) return undefined;
  if (fn.type === 'identifier') return fn;
  if (fn.type === 'attribute') return fn.childForFieldName('attribute') ?? undefined;
  return undefined;
}

/** The string offsets at which a text's lines start. */
export function lineStarts(text: string): number[] {
  const out = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) out.push(i + 1);
  return out;
}

/** The 1-based line and UTF-16 column of a string offset, given the text's line starts. */
export function lineColumn(starts: readonly number[], offset: number): { line: number; column: number } {
  let lo = 0, hi = starts.length - 1;
  while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (starts[mid] <= offset) lo = mid; else hi = mid - 1; }
  return { line: lo + 1, column: offset - starts[lo] + 1 };
}

/** tree-sitter-python's parse of a file's text. */
export function parsePython(text: string): ParserT.Tree {
  if (!parser) {
    const Parser = require('tree-sitter') as typeof ParserT;
    parser = new Parser();
    parser.setLanguage(require('tree-sitter-python') as ParserT.Language);
  }
  return parser.parse(text, undefined, { bufferSize: Math.max(32 * 1024, text.length * 2 + 1024) });
}

/**
 * Each `@overload` signature of a file with the implementation that follows it in the same block (1-based line,
 * 1-based column of the names): a call the checker answers with a signature runs the implementation, as the
 * TypeScript differential counts an overload signature's implementation. Signatures with no implementation (stub
 * files, protocols) are left out.
 */
export function overloadImplementations(text: string): Array<{ stub: { line: number; column: number }; impl: { line: number; column: number } }> {
  const tree = parsePython(text);
  const out: Array<{ stub: { line: number; column: number }; impl: { line: number; column: number } }> = [];
  const posOf = positions(text);
  const visit = (n: ParserT.SyntaxNode): void => {
    if (n.type === 'module' || n.type === 'block') {
      const pending = new Map<string, ParserT.SyntaxNode[]>();
      for (const s of n.namedChildren) {
        const def = s.type === 'decorated_definition' ? s.childForFieldName('definition') : s;
        const name = def?.type === 'function_definition' ? def.childForFieldName('name') : null;
        if (!name) continue;
        const isStub = s.type === 'decorated_definition'
          && s.namedChildren.some((d) => d.type === 'decorator' && isOverloadDecorator(d.namedChildren.find((c) => c.type !== 'comment')?.text ?? ''));
        if (isStub) { const l = pending.get(name.text); if (l) l.push(name); else pending.set(name.text, [name]); continue; }
        for (const stub of pending.get(name.text) ?? []) out.push({ stub: posOf(stub), impl: posOf(name) });
        pending.delete(name.text);
      }
    }
    for (const c of n.namedChildren) visit(c);
  };
  visit(tree.rootNode);
  return out;
}

/** Where the name at a string offset of a parsed file sits, in tree-sitter-python's words (for grouping differences). */
export function pythonSyntaxAt(tree: ParserT.Tree, offset: number): string {
  const n = tree.rootNode.descendantForIndex(offset);
  const p = n.parent;
  if (n.type === 'string_content' || n.type === 'string') return 'string';
  if (!p) return n.type;
  if (p.type === 'attribute') return p.parent?.type === 'call' && p.parent.childForFieldName('function')?.id === p.id ? 'method call on a receiver' : 'attribute on a receiver';
  if (p.type === 'call') return 'call';
  if (p.type === 'keyword_argument') return 'keyword argument';
  if (p.type === 'dotted_name' || p.type === 'aliased_import') return 'import';
  if (p.type === 'function_definition' || p.type === 'class_definition') return 'declaration';
  if (p.type === 'decorator') return 'decorator';
  if (p.type === 'assignment' || p.type === 'augmented_assignment') return 'assignment';
  return p.type;
}

/** A class of a file as tree-sitter reads it: its name's position, its bases' positions, and the members it declares. */
export interface PyClassMembers {
  line: number;
  column: number;
  bases: Array<{ line: number; column: number }>;
  /** Each member name the class declares (a `def`, a class-body assignment, `self.x = …` in a method) and its first such place. */
  members: Map<string, { line: number; column: number }>;
}

/** The classes of one Python file with the members each declares (for following a rename through method families). */
export function classMembers(text: string): PyClassMembers[] {
  const tree = parsePython(text);
  const pos = positions(text);
  const out: PyClassMembers[] = [];
  const targetsOf = (left: ParserT.SyntaxNode | null): ParserT.SyntaxNode[] =>
    !left ? [] : left.type === 'pattern_list' || left.type === 'tuple_pattern' ? left.namedChildren.flatMap((c) => targetsOf(c)) : [left];
  const visit = (n: ParserT.SyntaxNode): void => {
    if (n.type === 'class_definition') {
      const nm = n.childForFieldName('name');
      if (nm) {
        const c: PyClassMembers = { ...pos(nm), bases: [], members: new Map() };
        for (const b of n.childForFieldName('superclasses')?.namedChildren ?? []) { const bn = lastName(b.type === 'subscript' ? b.childForFieldName('value') : b); if (bn) c.bases.push(pos(bn)); }
        const declare = (id: ParserT.SyntaxNode) => { if (!c.members.has(id.text)) c.members.set(id.text, pos(id)); };
        for (const st of n.childForFieldName('body')?.namedChildren ?? []) {
          const def = st.type === 'decorated_definition' ? st.childForFieldName('definition') : st;
          if (def?.type === 'function_definition') {
            const dn = def.childForFieldName('name');
            if (dn) declare(dn);
            const self = def.childForFieldName('parameters')?.namedChildren[0];
            const selfName = self?.type === 'identifier' ? self.text : undefined;
            if (!selfName) continue;
            const walk = (m: ParserT.SyntaxNode): void => {
              if (m.type === 'function_definition' || m.type === 'class_definition' || m.type === 'lambda') return;
              if (m.type === 'assignment' || m.type === 'augmented_assignment') {
                for (const t of targetsOf(m.childForFieldName('left'))) {
                  if (t.type === 'attribute' && t.childForFieldName('object')?.text === selfName) { const a = t.childForFieldName('attribute'); if (a) declare(a); }
                }
              }
              for (const ch of m.namedChildren) walk(ch);
            };
            const body = def.childForFieldName('body');
            if (body) for (const ch of body.namedChildren) walk(ch);
          } else if (st.type === 'expression_statement') {
            for (const a of st.namedChildren) if (a.type === 'assignment') for (const t of targetsOf(a.childForFieldName('left'))) if (t.type === 'identifier') declare(t);
          }
        }
        out.push(c);
      }
    }
    for (const ch of n.namedChildren) visit(ch);
  };
  visit(tree.rootNode);
  return out;
}

/** The call sites and declarations of one Python file, read from tree-sitter-python's parse. */
export function scanPython(file: string, text: string): PyFileScan {
  const tree = parsePython(text);
  const pos = positions(text);
  const key = (n: ParserT.SyntaxNode): string => { const p = pos(n); return `${p.line}:${p.column}`; };
  const sites: CallSite[] = [];
  const decls: PyDecl[] = [];
  const nameless: PyFileScan['nameless'] = [];
  const enclosingOf = (n: ParserT.SyntaxNode): string[] => {
    const out: string[] = [];
    for (let c = n, p = n.parent; p; c = p, p = p.parent) {
      // a parameter's default and annotation, and the result annotation, are evaluated where the def is made
      // (so are a class's bases and keywords, `class K(make_base(…), metaclass=M)`)
      const header = (p.type === 'function_definition' && (c.id === p.childForFieldName('parameters')?.id || c.id === p.childForFieldName('return_type')?.id))
        || (p.type === 'class_definition' && c.id === p.childForFieldName('superclasses')?.id);
      if ((p.type === 'function_definition' || p.type === 'class_definition') && !header) {
        const nm = p.childForFieldName('name');
        if (nm) out.push(key(nm));
      } else if (p.type === 'lambda' && p.parent?.type === 'assignment' && p.parent.childForFieldName('right')?.id === p.id) {
        const left = p.parent.childForFieldName('left');
        if (left?.type === 'identifier') out.push(key(left));
      }
    }
    return out;
  };
  const visit = (n: ParserT.SyntaxNode): void => {
    if (n.type === 'call') {
      const nm = lastName(n.childForFieldName('function'));
      if (nm) sites.push({ file, ...pos(nm), name: nm.text, decorator: false, enclosing: enclosingOf(n) });
      else nameless.push({ line: pos(n).line, enclosing: enclosingOf(n) });
    } else if (n.type === 'decorator') {
      const expr = n.namedChildren.find((c) => c.type !== 'comment');
      const nm = lastName(expr ?? null);
      // (the decorated definition's own name is not enclosing: a decorator runs where the definition is made)
      if (nm) sites.push({ file, ...pos(nm), name: nm.text, decorator: true, enclosing: enclosingOf(n.parent ?? n) });
    } else if (n.type === 'function_definition' || n.type === 'class_definition') {
      const nm = n.childForFieldName('name');
      if (nm) {
        const d: PyDecl = { file, ...pos(nm), kind: n.type === 'class_definition' ? 'class' : 'function', name: nm.text };
        if (d.kind === 'class') {
          d.bases = [];
          for (const b of n.childForFieldName('superclasses')?.namedChildren ?? []) {
            const bn = lastName(b.type === 'subscript' ? b.childForFieldName('value') : b);
            if (bn) d.bases.push(pos(bn));
          }
          for (const s of n.childForFieldName('body')?.namedChildren ?? []) {
            const def = s.type === 'decorated_definition' ? s.childForFieldName('definition') : s;
            const dn = def?.type === 'function_definition' ? def.childForFieldName('name') : null;
            if (dn?.text === '__init__') { d.definesInit = true; d.init = pos(dn); }
          }
        }
        decls.push(d);
      }
    }
    for (const c of n.namedChildren) visit(c);
  };
  visit(tree.rootNode);
  return { sites, decls, nameless };
}

/** An empty virtual environment for pyright (see the module's comment), made on first use. */
function emptyVenv(): string {
  const dir = path.join(os.tmpdir(), 'codegraph-python-corpora', 'venvs', 'empty');
  if (!existsSync(path.join(dir, 'pyvenv.cfg'))) {
    mkdirSync(path.dirname(dir), { recursive: true });
    execFileSync('python3', ['-m', 'venv', '--without-pip', dir], { stdio: 'ignore' });
  }
  return dir;
}

/** A location the checker answered with: a corpus-relative file (undefined outside the corpus) and a 1-based position. */
export interface DefLocation { file?: string; line: number; column: number }

/**
 * A pyright language server over one folder. `definitions` asks `textDocument/definition` at each position of a
 * file (opened for the questions, closed after).
 */
export class PyrightSession {
  private readonly proc: ChildProcess;
  private buf = Buffer.alloc(0);
  private readonly pending = new Map<number, (msg: { result?: unknown; error?: unknown }) => void>();
  private nextId = 0;
  private readonly rootUri: string;
  /** Called with each log message the server sends. */
  private onLog?: (message: string) => void;

  private constructor(private readonly root: string) {
    const server = path.join(path.dirname(require.resolve('pyright/package.json')), 'langserver.index.js');
    // no interpreter on PATH: the bundled typeshed and the corpus only (see the module's comment)
    this.proc = spawn(process.execPath, [server, '--stdio'], { cwd: root, stdio: ['pipe', 'pipe', 'ignore'] });
    this.rootUri = pathToFileURL(root).href;
    this.proc.stdout!.on('data', (d: Buffer) => this.receive(d));
  }

  /** Starts a server on `root`, after writing its pyrightconfig.json (extra import roots, nothing reported). */
  static async start(root: string, extraPaths: readonly string[] = []): Promise<PyrightSession> {
    const venv = emptyVenv();
    writeFileSync(path.join(root, 'pyrightconfig.json'), JSON.stringify({ extraPaths, typeCheckingMode: 'off', pythonVersion: '3.12', venvPath: path.dirname(venv), venv: path.basename(venv) }));
    const s = new PyrightSession(root);
    const found = new Promise<void>((resolve) => { s.onLog = (m) => { if (/Found \d+ source file|No source files found|No include entries/.test(m) && /Found|No source/.test(m)) resolve(); }; });
    await s.request('initialize', { processId: process.pid, rootUri: s.rootUri, capabilities: {}, workspaceFolders: [{ uri: s.rootUri, name: path.basename(root) }] });
    s.notify('initialized', {});
    // questions asked before the server has listed the workspace's files are answered with nothing
    await Promise.race([found, new Promise((r) => setTimeout(r, 120_000))]);
    return s;
  }

  /** The checker's declarations for the name at each position (1-based line and UTF-16 column) of a file. */
  async definitions(file: string, positions: ReadonlyArray<{ line: number; column: number }>): Promise<DefLocation[][]> {
    const uri = pathToFileURL(path.join(this.root, file)).href;
    const out: DefLocation[][] = [];
    for (const p of positions) {
      const r = (await this.request('textDocument/definition', { textDocument: { uri }, position: { line: p.line - 1, character: p.column - 1 } })) as Array<{ uri: string; range: { start: { line: number; character: number } } }> | null;
      out.push((r ?? []).map((loc) => this.location(loc.uri, loc.range.start.line + 1, loc.range.start.character + 1)));
    }
    return out;
  }

  /**
   * The checker's rename of the name at a position (1-based line and UTF-16 column): every edited place, in the
   * corpus or outside it (`file` undefined); undefined when it refuses.
   */
  async renameLocations(file: string, line: number, column: number, newName: string): Promise<DefLocation[] | undefined> {
    const uri = pathToFileURL(path.join(this.root, file)).href;
    type Range = { start: { line: number; character: number } };
    let r: { changes?: Record<string, Array<{ range: Range }>>; documentChanges?: Array<{ textDocument?: { uri: string }; edits?: Array<{ range: Range }> }> } | null;
    try {
      r = (await this.request('textDocument/rename', { textDocument: { uri }, position: { line: line - 1, character: column - 1 }, newName })) as typeof r;
    } catch { return undefined; }
    if (!r) return undefined;
    const out: DefLocation[] = [];
    for (const [u, edits] of Object.entries(r.changes ?? {})) for (const e of edits) out.push(this.location(u, e.range.start.line + 1, e.range.start.character + 1));
    for (const dc of r.documentChanges ?? []) for (const e of dc.edits ?? []) if (dc.textDocument) out.push(this.location(dc.textDocument.uri, e.range.start.line + 1, e.range.start.character + 1));
    return out;
  }

  /** Stops the server. */
  async close(): Promise<void> {
    try { await Promise.race([this.request('shutdown', null), new Promise((r) => setTimeout(r, 2000))]); } catch { /* stopping anyway */ }
    this.notify('exit', null);
    this.proc.kill();
  }

  private location(uri: string, line: number, column: number): DefLocation {
    if (!uri.startsWith('file:')) return { line, column };
    const rel = path.relative(this.root, fileURLToPath(uri)).split(path.sep).join('/');
    return { file: rel.startsWith('..') || path.isAbsolute(rel) ? undefined : rel, line, column };
  }

  private receive(d: Buffer): void {
    this.buf = Buffer.concat([this.buf, d]);
    for (;;) {
      const h = this.buf.indexOf('\r\n\r\n');
      if (h < 0) return;
      const len = Number(/Content-Length: (\d+)/i.exec(this.buf.subarray(0, h).toString())?.[1] ?? 0);
      if (this.buf.length < h + 4 + len) return;
      const msg = JSON.parse(this.buf.subarray(h + 4, h + 4 + len).toString('utf8')) as { id?: number; method?: string; params?: { items?: unknown[] }; result?: unknown; error?: unknown };
      this.buf = this.buf.subarray(h + 4 + len);
      if (msg.id !== undefined && msg.method === undefined) {
        const cb = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        cb?.(msg);
      } else if (msg.id === undefined && msg.method === 'window/logMessage') {
        this.onLog?.(String((msg.params as { message?: unknown } | undefined)?.message ?? ''));
      } else if (msg.id !== undefined) {
        // a request from the server (configuration, progress): answered with defaults
        this.send({ jsonrpc: '2.0', id: msg.id, result: msg.method === 'workspace/configuration' ? (msg.params?.items ?? []).map(() => ({})) : null });
      }
    }
  }

  private send(m: unknown): void {
    const s = JSON.stringify(m);
    this.proc.stdin!.write(`Content-Length: ${Buffer.byteLength(s)}\r\n\r\n${s}`);
  }

  private notify(method: string, params: unknown): void { this.send({ jsonrpc: '2.0', method, params }); }

  private request(method: string, params: unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const id = ++this.nextId;
      this.pending.set(id, (msg) => (msg.error ? reject(new Error(`${method}: ${JSON.stringify(msg.error)}`)) : resolve(msg.result)));
      this.send({ jsonrpc: '2.0', id, method, params });
    });
  }
}
