/**
 * Kotlin's call graph against the Kotlin compiler: a pinned Kotlin code base compiled to JVM bytecode, each call
 * instruction's static callee (owner class, method, descriptor) read with its source line (`javap -c -l -p`), and
 * compared with the call occurrence codegraph records at the called name.
 *
 *   node --import tsx bench/kotlin-callgraph-diff.ts <corpus> <checkout> <classes> [--compile <kotlinc>] [--misses N]
 *
 * The universe is the call sites codegraph's extractor finds in the compiled source files (the call syntax: a
 * property read, an operator or a `for` loop's iterator is no site, whatever the bytecode runs there). A site's
 * truth is the invoke instructions of its name on its line: the project method they name (looked up from the owner
 * class through its superclass and interfaces, as the JVM does, to the class that declares it; `f$default` is f; a
 * constructor is its class), or nothing of the project. A project `inline fun` leaves no invoke: its call is known by
 * the `$i$f$<name>` variable the compiler records at the site. Sites whose invokes of that name name different
 * callees are left out (several calls of one name on a line), as are sites in code the compiler did not read.
 * An `expect` declaration (a member of an `expect class` or `expect object` too) counts right where the bytecode runs
 * its `actual`, and an `expect class`'s member where the bytecode runs a library method on the type its `actual` is
 * (a typealias of a library class, or a library base). `f$default` is the forwarder of f whose parameter types the
 * invoke names (overloads with defaults have one each). Left out as not known from the bytecode: a `toString()` in a
 * string template (the compiler appends the value instead), a call through `f$default` of an open member where ours
 * names an override of it (the forwarder dispatches), and a line that both invokes a name and inlines a project
 * `inline fun` of that name. A function's `@JvmName` is read back to its source name; overloads of one parameter count
 * are told apart by the parameter types the invoke names.
 *
 * Lines are read through each class's SMAP (the SourceDebugExtension attribute): code inlined from another place
 * counts at the line that wrote it (a lambda inlined into a class compiled from the inline function's file), and a
 * library inline function's body at no site. JVM names are read back to source names: `f$default`, `access$f`, an
 * internal member's `f$main`, a local function's `outer$f`, a value class's `f-impl`/`f-<hash>` and its
 * `constructor-impl` (a constructor). Static initializers (`static {}`) are read: top-level and object property
 * initializers run there. `X(…)` that runs an `invoke` counts that invoke when its owner is X or X's companion, and
 * is left out when the invoke is another owner's (an interface's default method the companion inherits).
 *
 * Verdicts as in bench/hand-sample.ts: right, wrong (ours names another project symbol), extra (ours names one, the
 * bytecode runs none of the project), missed, none. Precision: right over ours; recall: right over project calls.
 *
 * Re-create (a corpus of CORPORA at its commit; kotlin-compiler 2.4.20 from npm, a JDK 17):
 *   git clone https://github.com/JetBrains/markdown && git -C markdown checkout <commit>
 *   npm pack kotlin-compiler@2.4.20 && tar xzf kotlin-compiler-2.4.20.tgz   (its package/bin/kotlinc)
 *   node --import tsx bench/kotlin-callgraph-diff.ts markdown markdown out --compile package/bin/kotlinc
 * (`--compile` compiles the corpus's commonMain and jvmMain into `out` first when `out` holds no classes yet, as one
 * multiplatform module with jvm refining common, as the Gradle build does.)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { posColumn, posLine } from '../lib/extract/facts.ts';
import { indexFolder } from './nominal-sites.ts';

/** The pinned corpora: clikt, kotlinx.collections.immutable, colormath, koin and kotlinpoet tune the Kotlin rules; the others are held out (never tuned on). */
export const CORPORA: Record<string, { repo: string; commit: string; half: string; sources: string[]; args?: string[] }> = {
  clikt: { repo: 'ajalt/clikt', commit: 'fa2e48c54995a88d492f05568a64889d99994877', half: 'tune', sources: ['clikt/src/commonMain', 'clikt/src/jvmMain'] },
  collections: { repo: 'Kotlin/kotlinx.collections.immutable', commit: '1d00eeaf6f4559a7953332cb6171c04b886d9a17', half: 'tune', sources: ['core/commonMain/src', 'core/jvmMain/src'], args: ['-api-version', '2.2', '-language-version', '2.2', '-Xreturn-value-checker=full'] },
  colormath: { repo: 'ajalt/colormath', commit: '176592b1d5deff8d205f4fdaf38a19fb4ab99c38', half: 'tune', sources: ['colormath/src/commonMain'] },
  koin: { repo: 'InsertKoinIO/koin', commit: '69a4898d153222933e541ca51a90f79323bbeeaf', half: 'tune', sources: ['core/koin-core/src/commonMain', 'core/koin-core/src/jvmMain'] },
  kotlinpoet: { repo: 'square/kotlinpoet', commit: 'be2de914ce6eb3694092ed4e0f28626cbce1ffe0', half: 'tune', sources: ['kotlinpoet/src/commonMain', 'kotlinpoet/src/jvmMain'], args: ['-api-version', '2.2', '-language-version', '2.2', '-Xexpect-actual-classes', '-jvm-default=no-compatibility', '-opt-in=com.squareup.kotlinpoet.DelicateKotlinPoetApi'] },
  html: { repo: 'Kotlin/kotlinx.html', commit: '5a8158a23d26f52a67d9b375be7b306beff1b254', half: 'held out', sources: ['src/commonMain', 'src/jvmMain'] },
  cli: { repo: 'Kotlin/kotlinx-cli', commit: '32112b630b3f1e01c2b446173410be895d456e5e', half: 'held out', sources: ['core/commonMain/src', 'core/jvmMain/src'], args: ['-api-version', '2.3', '-language-version', '2.3', '-opt-in=kotlinx.cli.ExperimentalCli'] },
  markdown: { repo: 'JetBrains/markdown', commit: 'f2280ffb6623869d130c418606bddced66a118f9', half: 'held out', sources: ['src/commonMain', 'src/jvmMain'] },
};
let CORPUS = CORPORA.markdown;

interface Invoke { owner: string; name: string; desc: string; line: number }
interface Method { name: string; desc: string; lines: number[]; invokes: Invoke[]; inlined: Array<{ name: string; pc: number }>; table: Array<{ pc: number; line: number }> }
interface ClassFile { name: string; source?: string; superName?: string; interfaces: string[]; methods: Method[]; smap?: Smap }
/** A class's SMAP (JSR-45), Kotlin stratum: which source file and line each of its line numbers stands for. */
interface Smap { files: Map<number, { name: string; path?: string }>; ranges: Array<{ inStart: number; file: number; count: number; outStart: number; inc: number }> }

/** Parses the first stratum of an SMAP text (`SMAP … *E`); undefined when it has none. */
export function parseSmap(text: string): Smap | undefined {
  const lines = text.split('\n');
  const files = new Map<number, { name: string; path?: string }>();
  const ranges: Smap['ranges'] = [];
  let section = '';
  let strata = 0;
  let lastFile = 1;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i].trimEnd();
    if (l.startsWith('*S')) { if (++strata > 1) break; continue; }
    if (l === '*E') break;
    if (l === '*F' || l === '*L') { section = l; continue; }
    if (l.startsWith('*')) { section = ''; continue; }
    let g: RegExpExecArray | null;
    if (section === '*F' && (g = /^(\+ )?(\d+) (.+)$/.exec(l))) {
      files.set(Number(g[2]), { name: g[3], path: g[1] ? lines[++i]?.trim() : undefined });
    } else if (section === '*L' && (g = /^(\d+)(?:#(\d+))?(?:,(\d+))?:(\d+)(?:,(\d+))?$/.exec(l))) {
      if (g[2]) lastFile = Number(g[2]);
      ranges.push({ inStart: Number(g[1]), file: lastFile, count: g[3] ? Number(g[3]) : 1, outStart: Number(g[4]), inc: g[5] ? Number(g[5]) : 1 });
    }
  }
  return ranges.length ? { files, ranges } : undefined;
}

/** Every .kt file under the source folders (relative to the checkout, sorted). */
function sourceFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const e of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const r = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(r); else if (e.name.endsWith('.kt')) out.push(r);
    }
  };
  for (const s of CORPUS.sources) walk(s);
  return out.sort();
}

/** Compiles the source folders with kotlinc into `out` (jvm refining common, as the Gradle build does). */
function compile(kotlinc: string, root: string, out: string): void {
  const files = sourceFiles(root);
  // one source set (no expect declarations): a plain JVM module
  if (CORPUS.sources.length === 1) { execFileSync(kotlinc, [...(CORPUS.args ?? ['-api-version', '2.0', '-language-version', '2.1']), ...files, '-d', out], { cwd: root, stdio: 'inherit' }); return; }
  const fragments = files.map((f) => `${f.startsWith(CORPUS.sources[1]) ? 'jvm' : 'common'}:${f}`).join(',');
  execFileSync(kotlinc, [...(CORPUS.args ?? ['-api-version', '2.0', '-language-version', '2.1']), '-Xmulti-platform', '-Xfragments=common,jvm', `-Xfragment-sources=${fragments}`,
    '-Xfragment-refines=jvm:common', ...files, '-d', out], { cwd: root, stdio: 'inherit' });
}

/** Reads every class of a folder through javap (code, line tables, local variables). */
function readClasses(dir: string): ClassFile[] {
  const files: string[] = [];
  const walk = (rel: string): void => {
    for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(r); else if (e.name.endsWith('.class')) files.push(path.join(dir, r));
    }
  };
  walk('');
  files.sort();
  const out: ClassFile[] = [];
  for (let i = 0; i < files.length; i += 100) {
    const batch = files.slice(i, i + 100);
    const text = execFileSync('javap', ['-c', '-l', '-p', ...batch], { maxBuffer: 1 << 30, encoding: 'utf8' });
    const classes = parseJavap(text);
    if (classes.length !== batch.length) throw new Error(`javap read ${classes.length} classes from ${batch.length} files`);
    // the SourceDebugExtension attribute holds the SMAP as plain text (javap -c does not print it): inlined code's
    // line numbers past the file's end stand for lines of other files (an inline function's body, a lambda's)
    batch.forEach((f, k) => {
      const bytes = readFileSync(f);
      const at = bytes.indexOf('SMAP\n');
      if (at >= 0) classes[k].smap = parseSmap(bytes.subarray(at, bytes.indexOf('*E', at) + 2).toString('utf8'));
    });
    out.push(...classes);
  }
  return out;
}

/** Parses javap -c -l -p output (one or more classes): each method's invokes, line table and inlined calls. */
export function parseJavap(text: string): ClassFile[] {
  const out: ClassFile[] = [];
  let cls: ClassFile | undefined;
  let m: Method | undefined;
  let source: string | undefined;
  let pcs: Array<{ pc: number; owner: string; name: string; desc: string }> = [];
  let table: Array<{ pc: number; line: number }> = [];
  let section = '';
  const finish = (): void => {
    if (!m) return;
    // entries are written in code order; one written after a later pc's, for an earlier pc (kotlinc adds one at pc 0
    // for a `when` branch's line), is not where that code is: dropped. Of entries at one pc, the last counts.
    let top = -1;
    table = table.filter((t) => { const keep = t.pc >= top; top = Math.max(top, t.pc); return keep; });
    const lineAt = (pc: number): number => { let l = -1; for (const t of table) { if (t.pc <= pc) l = t.line; else break; } return l; };
    m.lines = table.map((t) => t.line);
    m.invokes = pcs.map((p) => ({ owner: p.owner, name: p.name, desc: p.desc, line: lineAt(p.pc) }));
    m.table = table;
    pcs = []; table = []; m = undefined;
  };
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    let g: RegExpExecArray | null;
    if ((g = /^Compiled from "(.*)"$/.exec(line))) { finish(); source = g[1]; continue; }
    if (!raw.startsWith(' ') && (g = /(?:class|interface) (\S+?)(?:<.*?>)?(?: extends ([^{]+?))?(?: implements ([^{]+?))? \{$/.exec(line))) {
      finish();
      const ext = g[2]?.split(',').map((s) => s.trim().replace(/<.*$/, '')) ?? [];
      const isInterface = / interface /.test(` ${line}`);
      cls = { name: g[1].replace(/\./g, '/'), source, superName: isInterface ? undefined : ext[0], interfaces: [...(isInterface ? ext : []), ...(g[3]?.split(',').map((s) => s.trim().replace(/<.*$/, '')) ?? [])].map((s) => s.replace(/\./g, '/')), methods: [] };
      if (cls.superName) cls.superName = cls.superName.replace(/\./g, '/');
      out.push(cls);
      source = undefined;
      continue;
    }
    if (!cls) continue;
    // a member's header: two spaces, then a declaration ending in `;`
    if (/^ {2}\S/.test(raw) && line.endsWith(';')) {
      finish();
      const head = line.replace(/ throws .*;$/, ';');
      // (a value class's members are `name-impl`, `name-<hash>`; the static initializer runs top-level and object
      // property initializers)
      const n = /^ {2}static \{\};$/.test(line) ? ['', '<clinit>', ''] : /([\w$<>-]+|"<init>")\(([^)]*)\);$/.exec(head);
      if (!n) continue; // a field
      // a constructor is declared by its class's dotted name
      const name = head.includes(` ${cls.name.replace(/\//g, '.')}(`) ? '<init>' : n[1];
      m = { name, desc: n[2], lines: [], invokes: [], inlined: [], table: [] };
      cls.methods.push(m);
      section = '';
      continue;
    }
    if (!m) continue;
    if (/^ {4}Code:$/.test(raw)) { section = 'code'; continue; }
    if (/^ {4}LineNumberTable:$/.test(raw)) { section = 'lines'; continue; }
    if (/^ {4}LocalVariableTable:$/.test(raw)) { section = 'locals'; continue; }
    // another attribute (a pc of four digits is no heading)
    if (/^ {4}[A-Za-z]/.test(raw)) { section = ''; continue; }
    if (section === 'code' && (g = /^\s+(\d+): invoke(?:virtual|special|static|interface)\s+#\d+(?:,\s+\d+)?\s+\/\/ (?:Interface)?Method (.+):(\(.*)$/.exec(line))) {
      const target = g[2];
      const dot = target.lastIndexOf('.');
      const owner = dot < 0 ? cls.name : target.slice(0, dot);
      const name = (dot < 0 ? target : target.slice(dot + 1)).replace(/^"|"$/g, '');
      pcs.push({ pc: Number(g[1]), owner, name, desc: g[3] });
    } else if (section === 'lines' && (g = /^\s+line (\d+): (\d+)$/.exec(line))) {
      table.push({ pc: Number(g[2]), line: Number(g[1]) });
    } else if (section === 'locals' && (g = /^\s+(\d+)\s+\d+\s+\d+\s+\$i\$f\$([\w-]+)\s/.exec(line))) {
      // a project or library inline function's body inlined here: the variable starts where the call was (a value
      // class in its signature mangles the name: `dot-sRJ3GRI`)
      m.inlined.push({ name: g[2].replace(/-.*$/, ''), pc: Number(g[1]) });
    }
  }
  finish();
  return out;
}

/** A JVM method descriptor's parameters as javap prints them (`(ILjava/lang/String;[J)V` → `int,java.lang.String,long[]`). */
export function javaTypes(desc: string): string {
  const prim: Record<string, string> = { B: 'byte', C: 'char', D: 'double', F: 'float', I: 'int', J: 'long', S: 'short', Z: 'boolean' };
  const out: string[] = [];
  const p = desc.slice(1, desc.indexOf(')'));
  for (let i = 0; i < p.length; i++) {
    let dims = 0;
    while (p[i] === '[') { dims++; i++; }
    let t: string;
    if (p[i] === 'L') { const end = p.indexOf(';', i); t = p.slice(i + 1, end).replace(/\//g, '.'); i = end; } else t = prim[p[i]] ?? p[i];
    out.push(t + '[]'.repeat(dims));
  }
  return out.join(',');
}

interface Sym { uid: string; name: string; label: string; qualifiedName: string; filePath: string; line: number; endLine: number; expect: boolean; inline: boolean; jvmName?: string }

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const [corpus, root, classes] = args;
  CORPUS = CORPORA[corpus];
  if (!CORPUS) throw new Error(`unknown corpus '${corpus}' (${Object.keys(CORPORA).join(', ')})`);
  const flag = (name: string): string | undefined => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
  const kotlinc = flag('--compile');
  if (kotlinc && !existsSync(path.join(classes, 'META-INF'))) compile(kotlinc, root, path.resolve(classes));
  const misses = Number(flag('--misses') ?? 0);

  // ours: the whole checkout indexed as analyze does; the graded sites are the compiled files' call sites
  const { result, facts } = indexFolder(root);
  const texts = new Map<string, string>();
  const read = (rel: string): string | undefined => { if (!texts.has(rel)) { try { texts.set(rel, readFileSync(path.join(root, rel), 'utf8')); } catch { return undefined; } } return texts.get(rel); };
  const compiled = new Set(sourceFiles(root));
  const oursAt = new Map<string, string>();
  for (const r of result.refs.all) if (r.kind === 'call' || r.kind === 'type') oursAt.set(`${r.filePath}:${r.line}:${r.column}`, r.target);
  const syms: Sym[] = [];
  result.graph.forEachNode((_k, a) => {
    if (!a.filePath || !compiled.has(a.filePath as string) || a.line === undefined || !a.qualifiedName) return;
    // the modifiers before the declaring keyword (a symbol's line may be an annotation's, above them)
    const head = read(a.filePath as string)!.split('\n').slice((a.line as number) - 1, (a.line as number) + 5).join(' ');
    const text = head.slice(0, Math.max(0, head.search(/\b(?:fun|class|interface|object|val|var|typealias|constructor)\b/)));
    syms.push({ uid: a.uid as string, name: a.name as string, label: a.label as string, qualifiedName: a.qualifiedName as string, filePath: a.filePath as string, line: a.line as number, endLine: (a.endLine as number) ?? (a.line as number), expect: /\bexpect\b/.test(text), inline: /\binline\b/.test(text), jvmName: /@JvmName\("([^"]+)"\)/.exec(text)?.[1] });
  });

  // JVM names given by `@JvmName` → the source names they stand for
  const jvmAliases = new Map<string, Set<string>>();
  for (const s of syms) if (s.jvmName && s.jvmName !== s.name) jvmAliases.set(s.jvmName, new Set([...(jvmAliases.get(s.jvmName) ?? []), s.name]));

  // the bytecode: classes by name, each class's source file (its package's folder has several source roots)
  const byName = new Map(readClasses(classes).map((c) => [c.name, c]));
  const filesOf = new Map<string, string[]>();
  for (const f of compiled) {
    const pkg = /^package\s+([\w.]+)/m.exec(read(f)!)?.[1] ?? '';
    const key = `${pkg.replace(/\./g, '/')}/${path.basename(f)}`;
    filesOf.set(key, [...(filesOf.get(key) ?? []), f]);
  }
  const fileOfClass = (c: ClassFile): string | undefined => {
    if (!c.source) return undefined;
    const pkg = c.name.includes('/') ? c.name.slice(0, c.name.lastIndexOf('/')) : '';
    const fs = filesOf.get(`${pkg}/${c.source}`);
    return fs?.length === 1 ? fs[0] : undefined;
  };
  const lineCount = (f: string): number => read(f)!.split('\n').length;
  /**
   * The source file and line a class's line number stands for: through its SMAP when it has one (inlined code), else
   * its own file; `file` undefined when the line is another file's that is not compiled here (a library inline
   * function's body), the whole answer undefined when it cannot be told.
   */
  const placeOf = (c: ClassFile, line: number): { file?: string; line: number } | undefined => {
    if (c.smap) {
      for (const r of c.smap.ranges) {
        if (line < r.outStart || line >= r.outStart + r.count * r.inc) continue;
        const f = c.smap.files.get(r.file);
        if (!f) return undefined;
        const dir = f.path?.includes('/') ? f.path.slice(0, f.path.lastIndexOf('/')) : (c.name.includes('/') ? c.name.slice(0, c.name.lastIndexOf('/')) : '');
        const fs = filesOf.get(`${dir}/${f.name}`);
        return { file: fs?.length === 1 ? fs[0] : undefined, line: r.inStart + Math.floor((line - r.outStart) / r.inc) };
      }
      return undefined;
    }
    const file = fileOfClass(c);
    return file && line <= lineCount(file) ? { file, line } : undefined;
  };

  // javap prints descriptors as Java types ((int, java.lang.String)); an invoke's are JVM descriptors: compare by count
  const arity = (d: string): number => { let p = d.slice(1, d.indexOf(')')); for (let q = ''; q !== p;) { q = p; p = p.replace(/<[^<>]*>/g, ''); } if (!p) return 0; if (p.includes(',') || p.includes('.') || /^[a-z]/.test(p)) return p.split(',').length; let n = 0; for (let i = 0; i < p.length; i++) { while (p[i] === '[') i++; if (p[i] === 'L') i = p.indexOf(';', i); n++; } return n; };
  // the source name of a JVM method name: `f$default` (default arguments) and `access$f` (a private member reached
  // from a nested class) forward to f; an internal member is `f$<module>` (kotlinc's module is `main`); a local
  // function is `outer$f` (in a suspend lambda `invokeSuspend$f`)
  // function is `outer$f` (in a suspend lambda `invokeSuspend$f`); a value class's member is `f-impl` or `f-<hash>`
  // (a function with a value-class parameter too), its constructor `constructor-impl`
  const sourceName = (jvm: string): string => {
    if (/^constructor-impl(?:\$default)?$/.test(jvm)) return '<init>';
    const n = jvm.replace(/^access\$/, '').replace(/\$default$/, '').replace(/\$main$/, '');
    const last = n.slice(n.lastIndexOf('$') + 1);
    return (n.includes('$') && /^[\p{L}_][\p{L}\p{N}_-]*$/u.test(last) && !/^lambda$|^p$/.test(last) ? last : n).replace(/-.*$/, '');
  };
  // a Kotlin collection member the JVM knows by Java's name: `removeAt(i)` is `remove(int)`
  const mappedName = (inv: Invoke): string | undefined => (inv.name === 'remove' && inv.desc.startsWith('(I)') ? 'removeAt' : undefined);
  const parts = new Map<string, ClassFile[]>();
  for (const c of byName.values()) { const i = c.name.indexOf('__'); if (i > 0 && !c.name.includes('$')) parts.set(c.name.slice(0, i), [...(parts.get(c.name.slice(0, i)) ?? []), c]); }
  const declaringByArity = (owner: string, name: string, desc: string, seen = new Set<string>()): { cls: ClassFile; m?: Method } | undefined => {
    const c = byName.get(owner);
    if (!c || seen.has(owner)) return undefined;
    seen.add(owner);
    if (name === '<init>') return { cls: c };
    const n = arity(desc);
    const own = c.methods.filter((m) => m.name === name && arity(`(${m.desc})`) === n);
    if (own.length === 1) {
      // a multifile facade (`@file:JvmMultifileClass`) forwards to the part compiled from the source file
      for (const part of parts.get(c.name) ?? []) {
        const pm = part.methods.find((m) => m.name === name && m.desc === own[0].desc);
        if (pm) return { cls: part, m: pm };
      }
      return { cls: c, m: own[0] };
    }
    if (own.length > 1) {
      // of overloads of one count, the one whose parameter types the invoke names (generic ones cannot be told)
      const exact = own.filter((m) => m.desc.replace(/<[^<>]*(?:<[^<>]*>[^<>]*)*>/g, '').replace(/\s+/g, '').replace(/\.\.\./g, '[]') === javaTypes(desc));
      return exact.length === 1 ? { cls: c, m: exact[0] } : { cls: c };
    }
    for (const s of [c.superName, ...c.interfaces]) if (s) { const d = declaringByArity(s, name, desc, seen); if (d) return d; }
    return undefined;
  };

  /**
   * The `f$default` forwarder an invoke names: overloads that all have defaults have one each, told apart by their
   * parameter types (undefined when none of the class's has the invoke's types).
   */
  const defaultsOf = (c: ClassFile, inv: Invoke): Method | undefined => {
    const all = c.methods.filter((m) => m.name === inv.name);
    if (all.length < 2) return all[0];
    const want = javaTypes(inv.desc);
    return all.find((m) => m.desc.replace(/\s+/g, '').replace(/\.\.\./g, '[]') === want);
  };

  /** Whether a symbol lies inside an `expect` class, interface or object of its file. */
  const inExpect = (s: Sym): boolean => syms.some((c) => c.expect && c.filePath === s.filePath && c !== s && ['Class', 'Interface', 'Enum'].includes(c.label) && c.line <= s.line && s.endLine <= c.endLine);

  /** The members named `name` of the project's `expect class` of the owner's simple name. */
  const expectMembers = (owner: string, name: string): string[] => {
    const simple = owner.slice(owner.lastIndexOf('/') + 1);
    if (!syms.some((s) => s.expect && s.name === simple && s.label === 'Class')) return [];
    return syms.filter((s) => s.qualifiedName === `${simple}.${name}` && (s.label === 'Method' || s.label === 'Function') && syms.some((c) => c.expect && c.name === simple && c.filePath === s.filePath && c.line <= s.line && s.endLine <= c.endLine)).map((s) => s.uid);
  };

  /** The project symbols a bytecode callee is (alternatives: an `expect` and its `actual`), or [] for none of the project. */
  const symbolsOf = (inv: Invoke): string[] | undefined => {
    let name = inv.name;
    let desc = inv.desc;
    if (name.endsWith('$default')) { name = name.slice(0, -'$default'.length); desc = '(?)'; }
    // a private member reached from a lambda's class goes through a synthetic accessor of the same arity
    if (name.startsWith('access$')) name = name.slice('access$'.length);
    const owner = inv.owner;
    const ownerCls = byName.get(owner);
    const src = sourceName(inv.name);
    if (src === '<init>') name = '<init>';
    if (!ownerCls) { const expect = name === '<init>' ? [] : expectMembers(owner, src); return expect.length ? ['?', ...expect] : []; }
    if (name === '<init>') {
      if (/\$\d+$/.test(owner) || /\$\d+\$/.test(owner)) return undefined; // an anonymous object or lambda class
      const file = fileOfClass(ownerCls);
      const q = owner.slice(owner.lastIndexOf('/') + 1).replace(/\$/g, '.');
      const cls = syms.filter((s) => s.filePath === file && s.qualifiedName === q && ['Class', 'Enum', 'Interface'].includes(s.label));
      if (!cls.length) return undefined;
      // ours names the class, or one of its secondary constructors
      return [...cls.map((s) => s.uid), ...syms.filter((s) => s.filePath === file && s.name === 'constructor' && s.qualifiedName.startsWith(`${q}.`)).map((s) => s.uid)];
    }
    // (a library base's `remove(int)` forwards to the project's `removeAt`)
    const d = desc === '(?)' ? { cls: ownerCls, m: defaultsOf(ownerCls, inv) } : declaringByArity(owner, name, desc) ?? (mappedName(inv) ? declaringByArity(owner, mappedName(inv)!, desc) : undefined);
    if (!d || !fileOfClass(d.cls)) {
      // an `expect class`'s member whose `actual` is a library type's (an `actual typealias`, or a member inherited
      // from a library base): the code names the expect declaration, the bytecode the library's method
      const expect = expectMembers(owner, src);
      if (expect.length) return ['?', ...expect];
    }
    if (d?.m && inv.name.startsWith('access$')) d.m = d.cls.methods.find((m) => m.name === name && m.desc === d.m!.desc) ?? d.m;
    if (!d) return [];
    const file = fileOfClass(d.cls);
    if (!file) return undefined;
    // the method's own lines (not those of an inline function's body inlined into it, which the SMAP remaps)
    const body = (d.m?.lines ?? []).filter((l) => { const p = placeOf(d.cls, l); return p?.file === file && p.line === l; });
    const named = syms.filter((s) => s.filePath === file && (s.name === src || s.name === mappedName(inv) || s.jvmName === src) && (s.label === 'Function' || s.label === 'Method'));
    let hit: Sym[] = [];
    if (body.length) {
      const at = Math.min(...body);
      hit = named.filter((s) => s.line <= at && at <= s.endLine).sort((a, b) => (a.endLine - a.line) - (b.endLine - b.line)).slice(0, 1);
    } else {
      // no code (abstract, an interface's): by its class's name
      const simple = d.cls.name.slice(d.cls.name.lastIndexOf('/') + 1).replace(/\$Companion$/, '').replace(/\$/g, '.');
      hit = named.filter((s) => s.qualifiedName === `${simple}.${src}`);
      if (hit.length !== 1) return hit.length ? hit.map((s) => s.uid) : undefined;
    }
    if (!hit.length) return undefined;
    // an `actual` runs where the code names its `expect`
    // (a member of an `expect class` or `expect object` is expected with it, though it says no `expect` itself)
    const expects = syms.filter((s) => s.name === src && s.filePath !== hit[0].filePath && (s.expect || (s.qualifiedName === hit[0].qualifiedName && inExpect(s))));
    return [hit[0].uid, ...expects.map((s) => s.uid)];
  };

  // the sites: every call the extractor finds in the compiled files, with the bytecode's invokes of its name on its line
  const invokesAt = new Map<string, Invoke[]>();
  const inlinedAt = new Map<string, string[]>();
  // names invoked where no source line says where (a class whose file or line map is not known): a site of such a
  // name with no invoke on its line is not known, left out. Every line is placed through its class's SMAP, so a
  // lambda inlined into a class compiled from another file counts at the line that wrote it, and a library inline
  // function's body at no site of the project.
  const unplaced = new Set<string>();
  const inlineBody = (name: string, at: { file?: string; line: number }): boolean =>
    syms.some((s) => s.inline && s.name === name && s.filePath === at.file && s.line <= at.line && at.line <= s.endLine);
  for (const c of byName.values()) {
    for (const m of c.methods) {
      for (const inv of m.invokes) {
        const name = sourceName(inv.name);
        const at = placeOf(c, inv.line);
        if (!at) { unplaced.add(name); continue; }
        if (!at.file) continue;
        const simple = inv.owner.slice(inv.owner.lastIndexOf('/') + 1).replace(/\$Companion$/, '').replace(/^.*\$/, '');
        const key = `${at.file}:${at.line}:${name === '<init>' ? simple : name}`;
        invokesAt.set(key, [...(invokesAt.get(key) ?? []), inv]);
        // a function the JVM knows by its `@JvmName("get")` is called by its source name
        for (const src of jvmAliases.get(name) ?? []) invokesAt.set(`${at.file}:${at.line}:${src}`, [...(invokesAt.get(`${at.file}:${at.line}:${src}`) ?? []), inv]);
        const alt = mappedName(inv);
        if (alt) invokesAt.set(`${at.file}:${at.line}:${alt}`, [...(invokesAt.get(`${at.file}:${at.line}:${alt}`) ?? []), inv]);
        // `X(…)` may run X's companion's (or object X's, or an inherited) `operator fun invoke`
        if (name === 'invoke') invokesAt.set(`${at.file}:${at.line}:(invoke)`, [...(invokesAt.get(`${at.file}:${at.line}:(invoke)`) ?? []), inv]);
      }
      // the variable starts inside the inlined body: the call is at the last line before it that is the project's
      // and not that body (nor another library's inlined body)
      for (const x of m.inlined) {
        let call: { file?: string; line: number } | undefined;
        for (const t of m.table) {
          if (t.pc > x.pc) break;
          const at = placeOf(c, t.line);
          // (a line of the class's own file as written is the caller's, even inside an inline function of that name)
          if (at?.file && ((at.file === fileOfClass(c) && at.line === t.line) || !inlineBody(x.name, at))) call = at;
        }
        if (!call) continue;
        const key = `${call.file}:${call.line}:${x.name}`;
        inlinedAt.set(key, [...(inlinedAt.get(key) ?? []), x.name]);
      }
    }
  }
  // a constructor's call of its superclass's (or another of its own) constructor: the bytecode puts it on the class's
  // first line, the code writes it at the supertype (`class A(…) : B(…)`) or as `this(…)`/`super(…)`
  const delegations = new Map<string, number[]>();
  for (const c of byName.values()) {
    const file = fileOfClass(c);
    if (!file) continue;
    for (const m of c.methods) {
      if (m.name !== '<init>') continue;
      for (const inv of m.invokes) {
        if (inv.name !== '<init>' || (inv.owner !== c.superName && inv.owner !== c.name)) continue;
        const simple = inv.owner.slice(inv.owner.lastIndexOf('/') + 1).replace(/^.*\$/, '');
        for (const n of [simple, inv.owner === c.name ? 'this' : 'super']) {
          const key = `${file}:${n}`;
          delegations.set(key, [...(delegations.get(key) ?? []), inv.line]);
          invokesAt.set(`${file}:${inv.line}:(delegation)${n}`, [...(invokesAt.get(`${file}:${inv.line}:(delegation)${n}`) ?? []), inv]);
        }
      }
    }
  }
  /** Whether symbol `uid` is a method `name` of a project class (of its file) that extends or implements `owner`. */
  const symFile = new Map(syms.map((s) => [s.uid, s.filePath]));
  const isSubtype = (c: ClassFile | undefined, owner: string, seen = new Set<string>()): boolean => {
    if (!c || seen.has(c.name)) return false;
    seen.add(c.name);
    return [c.superName, ...c.interfaces].some((t) => t === owner || (t !== undefined && isSubtype(byName.get(t), owner, seen)));
  };
  const overrides = (uid: string, owner: string, name: string): boolean => {
    const file = symFile.get(uid);
    return [...byName.values()].some((c) => fileOfClass(c) === file && c.methods.some((m) => sourceName(m.name) === name) && isSubtype(c, owner));
  };
  const count = { right: 0, wrong: 0, extra: 0, missed: 0, none: 0, left: 0 };
  const rows: string[] = [];
  for (const f of facts) {
    if (!compiled.has(f.path)) continue;
    const lines = read(f.path)!.split('\n');
    for (const c of f.calls) {
      const line = posLine(c.at), col = posColumn(c.at);
      const name = /^[\p{L}\p{N}_]+/u.exec(lines[line - 1]?.slice(col - 1) ?? '')?.[0];
      if (!name) continue;
      const site = `${f.path}:${line}:${col}`;
      let invs = invokesAt.get(`${f.path}:${line}:${name}`) ?? [];
      if (!invs.length) {
        // the nearest delegation of that name at most a few lines above (a class header written over several lines)
        const at = (delegations.get(`${f.path}:${name}`) ?? []).filter((l) => l <= line && line - l <= 40).sort((a, b) => b - a)[0];
        if (at !== undefined) invs = invokesAt.get(`${f.path}:${at}:(delegation)${name}`) ?? [];
      }
      const invoked = invokesAt.get(`${f.path}:${line}:(invoke)`);
      if (!invs.length && /^\p{Lu}/u.test(name) && invoked) {
        // `X(…)` with no constructor of X on the line runs an `invoke`: X's companion's or object X's is this site's;
        // one of another owner (an interface's default method the companion inherits, a function value) cannot be told
        if (!invoked.every((i) => i.owner.slice(i.owner.lastIndexOf('/') + 1).replace(/\$Companion$/, '').replace(/^.*\$/, '') === name)) { count.left++; continue; }
        invs = invoked;
      }
      // a project inline function of that name inlined on the line beside an invoke of it: which site is which cannot
      // be told (`ctx().get().get()`, the second an inline `get`)
      if (invs.length && inlinedAt.has(`${f.path}:${line}:${name}`)) { count.left++; continue; }
      // `toString()` in a string template: the compiler drops the call and appends the value, which runs it (the
      // line's invokes are the builder's)
      if (name === 'toString' && /\$\{[^}]*$/.test(lines[line - 1].slice(0, col - 1))) { count.left++; continue; }
      let runs: string[] | undefined;
      if (invs.length) {
        const each = invs.map(symbolsOf);
        if (each.some((x) => x === undefined)) { count.left++; continue; }
        const keys = new Set(each.map((x) => x!.join('|')));
        if (keys.size > 1) { count.left++; continue; }
        runs = each[0]!;
      } else if (inlinedAt.has(`${f.path}:${line}:${name}`)) {
        // an inline function: the project's when the project declares one of that name (and only one)
        const inl = syms.filter((s) => s.name === name && (s.label === 'Function' || s.label === 'Method') && s.inline);
        if (inl.length > 1) { count.left++; continue; }
        // (an `actual inline fun` runs where the code names its `expect`)
        runs = [...inl.map((s) => s.uid), ...(inl.length ? syms.filter((s) => s.expect && s.name === name && s.filePath !== inl[0].filePath).map((s) => s.uid) : [])];
      } else if (unplaced.has(name)) { count.left++; continue; } else runs = [];
      const ours = oursAt.get(site) ?? '-';
      // a library type's method the JVM is told to run (`java/util/Map.remove`) while ours names a project override of
      // it: the bytecode does not say the receiver's type (the JVM dispatches to the override when it is the
      // project's class), so the site is not known
      if (!runs.length && ours !== '-' && invs.some((i) => !byName.has(i.owner) && overrides(ours, i.owner, name))) { count.left++; continue; }
      // likewise `f$default` of an open member: the forwarder is the declaring class's, and it dispatches to the
      // receiver's override, which ours names
      if (runs.length && ours !== '-' && !runs.includes(ours) && invs.some((i) => i.name.endsWith('$default') && byName.has(i.owner) && overrides(ours, i.owner, name))) { count.left++; continue; }
      // '?': the expect declaration counts right when ours names it, and ours naming none is no miss
      if (runs[0] === '?') runs = ours === '-' || !runs.includes(ours) ? [] : runs.slice(1);
      const verdict = !runs.length ? (ours === '-' ? 'none' : 'extra') : ours === '-' ? 'missed' : runs.includes(ours) ? 'right' : 'wrong';
      count[verdict as keyof typeof count]++;
      if (verdict !== 'right' && verdict !== 'none') rows.push(`${verdict}\t${site}\t${name}\tours ${ours}\truns ${runs.join('|') || '-'}`);
    }
  }
  const ours = count.right + count.wrong + count.extra, project = count.right + count.wrong + count.missed;
  console.log(`${CORPUS.repo} ${CORPUS.commit.slice(0, 7)} (${CORPUS.half}; ${CORPUS.sources.join(', ')}): ${count.right + count.wrong + count.extra + count.missed + count.none} sites (${count.left} left out); project calls ${project}, ours ${ours}; ` +
    `right ${count.right}, wrong ${count.wrong}, extra ${count.extra}, missed ${count.missed}, none ${count.none}; precision ${(100 * count.right / Math.max(ours, 1)).toFixed(1)}%, recall ${(100 * count.right / Math.max(project, 1)).toFixed(1)}%`);
  for (const r of rows.slice(0, misses)) console.log(r);
}
