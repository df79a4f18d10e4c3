/**
 * Rename on Python against pyright's (the pinned devDependency's `textDocument/rename`, bench/python-oracle.ts): for a
 * seeded sample of a corpus' symbols, precision and recall of codegraph's `graph` edits against the places pyright
 * edits, starting both at the symbol's declaration. Corpora as bench/python-callgraph-diff.ts makes them
 * (bench/python-corpora.ts); read the held-out half's figures, never its misses, when changing rules.
 *
 *   node --import tsx bench/python-rename-diff.ts [--corpus gyp|pluggy|…|folder | --all] [--count 150] [--seed 42] [--label Property] [--verbose]
 *
 * `--label` samples the symbols of one graph label only (`Property`: class attributes and fields, whose keyword
 * arguments a record's construction names).
 *
 * What counts: a place is a (file, UTF-16 offset) where a rename writes the new name. Pyright's places outside the
 * corpus (typeshed) are dropped and counted; pyright never edits comments, so nothing is left out on that side.
 * Oracle policy: pyright renames one declaration and what resolves to it, while codegraph renames a member's whole
 * family (the members of that name up and down its class's inheritance, as TypeScript's rename does: renaming one
 * override alone would stop it overriding). So a member's rename is pyright's, continued from the same name's
 * declaration in every class related to the first by inheritance that declares it (up through bases, down through
 * subclasses, again from each one added); the bases are pyright's own definitions of each class's base expressions
 * and the declarations tree-sitter's (a `def`, a class-body assignment, `self.x = …` in a method). Likewise a module
 * and its stub (`m.py` beside `m.pyi`) declare one symbol, which codegraph renames in both: pyright's rename is
 * continued from codegraph's declaration of it in the twin file (importers see the stub's). `--no-families` compares
 * with pyright's plain rename from the one declaration.
 * A symbol pyright will not rename (a name it does not bind, one declared only in a stub it does not own) is
 * reported as refused by the checker, as are codegraph's own refusals (`RENAME_REFUSED`, dunder names).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { buildSnapshotInMemory } from '../lib/analyze/index.ts';
import { languageOf } from '../lib/lang/index.ts';
import type { Snapshot } from '../index-store/snapshot.ts';
import type { GraphNode } from '../lib/graph/schema.ts';
import { diffRenames, graphEditsOf, renameStart, sampleSymbols, type DiffReport, type RenameOracle } from '../test/rename/rename-diff.ts';
import type { OracleLocation } from '../test/rename/ts-oracle.ts';
import type ParserT from 'tree-sitter';
import { PyrightSession, classMembers, lineColumn, lineStarts, parsePython, pythonSyntaxAt, type PyClassMembers } from './python-oracle.ts';
import { PYTHON_CORPORA, pythonCorpus } from './python-corpora.ts';


/** A checker answer per start position, asked of pyright before the comparison runs (which is synchronous). */
class PrecomputedOracle implements RenameOracle {
  readonly answers = new Map<string, OracleLocation[] | undefined>();
  private readonly files = new Map<string, { text: string; starts: number[]; tree?: ParserT.Tree }>();
  constructor(private readonly root: string) {}
  text(file: string): string { return this.file(file).text; }
  renameLocations(file: string, offset: number): OracleLocation[] | undefined { return this.answers.get(`${file}\u0000${offset}`); }
  /** The 1-based line and column of an offset of a file. */
  position(file: string, offset: number): { line: number; column: number } { return lineColumn(this.file(file).starts, offset); }
  /** The string offset of a 1-based line and column of a file. */
  offset(file: string, line: number, column: number): number { return this.file(file).starts[line - 1] + column - 1; }
  /** Where the name at an offset of a file sits (its parse made once per file). */
  syntaxAt(file: string, offset: number): string {
    const f = this.file(file);
    return pythonSyntaxAt((f.tree ??= parsePython(f.text)), offset);
  }
  private file(file: string): { text: string; starts: number[]; tree?: ParserT.Tree } {
    let f = this.files.get(file);
    if (!f) { const text = readFileSync(path.join(this.root, file), 'utf8'); f = { text, starts: lineStarts(text) }; this.files.set(file, f); }
    return f;
  }
}

/**
 * Samples a folder's Python symbols (`count` of them, seeded; all when count is Infinity), asks pyright to rename
 * each from its declaration (continued through method families and stub twins unless `families` is false), and
 * compares with codegraph's graph edits.
 */
export async function pythonRenameDiff(root: string, extraPaths: readonly string[], opts: { count: number; seed: number; families: boolean; label?: string }): Promise<{ report: DiffReport; outside: number; files: number }> {
  const snapshot = await buildSnapshotInMemory(root, { search: false });
  const sample: GraphNode[] = sampleSymbols(snapshot, Number.MAX_SAFE_INTEGER, opts.seed)
    .filter((n) => n.filePath && languageOf(n.filePath) === 'python' && (!opts.label || n.label === opts.label)).slice(0, opts.count);
  const oracle = new PrecomputedOracle(root);
  const session = await PyrightSession.start(root, extraPaths);
  let outside = 0;
  const heritage = opts.families ? await classHeritage(session, snapshot, oracle) : undefined;
  try {
    for (const node of sample) {
      const planned = graphEditsOf(snapshot, node);
      if ('refused' in planned) continue;
      const start = renameStart(node, planned.edits);
      if (!start) continue;
      const newName = `${node.name}Renamed`;
      const at = oracle.position(start.path, start.offset);
      const places = await session.renameLocations(start.path, at.line, at.column, newName);
      if (!places) { oracle.answers.set(`${start.path}\u0000${start.offset}`, undefined); continue; }
      if (opts.families) {
        // a module and its stub (`m.py` beside `m.pyi`) declare one symbol: pyright's rename from the other declaration too
        const twin = start.path.endsWith('.pyi') ? start.path.slice(0, -1) : `${start.path}i`;
        for (const d of planned.edits) {
          if (d.kind !== 'definition' || d.path !== twin) continue;
          const p = oracle.position(twin, d.offset);
          places.push(...(await session.renameLocations(twin, p.line, p.column, newName)) ?? []);
        }
      }
      if (heritage && (node.label === 'Method' || node.label === 'Property')) {
        for (const m of heritage.family(start.path, at.line, node.name)) places.push(...(await session.renameLocations(m.file, m.line, m.column, newName)) ?? []);
      }
      const locs: OracleLocation[] = [];
      for (const p of places) {
        if (!p.file) { outside++; continue; }
        const offset = oracle.offset(p.file, p.line, p.column);
        locs.push({ file: p.file, offset, length: node.name.length, inComment: false, syntax: oracle.syntaxAt(p.file, offset) });
      }
      oracle.answers.set(`${start.path}\u0000${start.offset}`, locs);
    }
  } finally {
    await session.close();
  }
  return { report: diffRenames(snapshot, oracle, sample), outside, files: snapshot.files.size };
}

interface ClassAt extends PyClassMembers { file: string; key: string; parents: ClassAt[]; children: ClassAt[] }

/**
 * Every Python class of the snapshot's files with its bases as pyright resolves them, and `family`: the other
 * declarations of a member name in the classes related by inheritance to the class declaring it at a line.
 */
async function classHeritage(session: PyrightSession, snapshot: Snapshot, texts: PrecomputedOracle): Promise<{ family(file: string, line: number, name: string): Array<{ file: string; line: number; column: number }> }> {
  const classes = new Map<string, ClassAt>();
  const byFile = new Map<string, ClassAt[]>();
  const files = [...snapshot.files.keys()].filter((p) => languageOf(p) === 'python').sort();
  for (const file of files) {
    const list = classMembers(texts.text(file)).map((c) => ({ ...c, file, key: `${file}:${c.line}:${c.column}`, parents: [], children: [] }) as ClassAt);
    byFile.set(file, list);
    for (const c of list) classes.set(c.key, c);
  }
  for (const file of files) {
    const list = byFile.get(file)!;
    const positions = list.flatMap((c) => c.bases);
    if (!positions.length) continue;
    const defs = await session.definitions(file, positions);
    let k = 0;
    for (const c of list) {
      for (let i = 0; i < c.bases.length; i++, k++) {
        for (const d of defs[k]) {
          const base = d.file !== undefined ? classes.get(`${d.file}:${d.line}:${d.column}`) : undefined;
          if (base && base !== c && !c.parents.includes(base)) { c.parents.push(base); base.children.push(c); }
        }
      }
    }
  }
  const related = (c: ClassAt, up: boolean): ClassAt[] => {
    const seen = new Set<ClassAt>();
    const stack = [...(up ? c.parents : c.children)];
    while (stack.length) { const x = stack.pop()!; if (seen.has(x)) continue; seen.add(x); stack.push(...(up ? x.parents : x.children)); }
    return [...seen];
  };
  return {
    family(file, line, name) {
      // the class declaring the member: the last class of the file that starts above the line and declares the name
      // a private name (`__x`) is mangled with its class's name: no other class's member of that name is it
      if (name.startsWith('__') && !name.endsWith('__')) return [];
      const owner = (byFile.get(file) ?? []).filter((c) => c.line <= line && c.members.has(name)).at(-1);
      if (!owner) return [];
      const members = new Set<ClassAt>([owner]);
      const queue = [owner];
      while (queue.length) {
        const c = queue.shift()!;
        for (const r of [...related(c, true), ...related(c, false)]) if (r.members.has(name) && !members.has(r)) { members.add(r); queue.push(r); }
      }
      members.delete(owner);
      return [...members].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((c) => ({ file: c.file, ...c.members.get(name)! }));
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { values } = parseArgs({ options: { corpus: { type: 'string', default: 'gyp' }, all: { type: 'boolean' }, count: { type: 'string', default: '150' }, seed: { type: 'string', default: '42' }, label: { type: 'string' }, verbose: { type: 'boolean' }, 'no-families': { type: 'boolean' } } });
  const f = (x: number) => x.toFixed(4);
  const names = values.all ? Object.keys(PYTHON_CORPORA).sort((a, b) => (PYTHON_CORPORA[a].half === PYTHON_CORPORA[b].half ? 0 : PYTHON_CORPORA[a].half === 'tune' ? -1 : 1)) : [values.corpus!];
  for (const name of names) {
    // a folder that is no corpus is measured as it stands, with no extra import roots
    const { root, corpus } = !PYTHON_CORPORA[name] && existsSync(name) && statSync(name).isDirectory() ? { root: path.resolve(name), corpus: { extraPaths: [] as string[] } } : pythonCorpus(name);
    const { report, outside, files } = await pythonRenameDiff(root, corpus.extraPaths ?? [], { count: Number(values.count), seed: Number(values.seed), families: !values['no-families'], label: values.label });
    const half = PYTHON_CORPORA[name]?.half ?? 'folder';
    console.log(`${name} (${half}, ${files} files, seed ${values.seed}${values.label ? `, ${values.label} only` : ''}): ${report.compared} of ${report.sampled} compared (${report.refused} refused by codegraph, ${report.tsRefused} by pyright); edits ours ${report.ours}, pyright ${report.theirs} (+${outside} outside the corpus), common ${report.common}; precision ${f(report.precision)} recall ${f(report.recall)}; exact ${report.exact}/${report.compared}`);
    if (values.all && half === 'held-out') continue;
    if (!values.all || values.verbose) {
      console.log('  missed by syntactic place:', Object.entries(report.missedBySyntax).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ') || 'none');
      const reasons = new Map<string, number>();
      for (const s of report.symbols) if (s.status !== 'compared') { const r = `${s.status}: ${(s.reason ?? '').replace(/'[^']*'|\([^)]*\)/g, '…').slice(0, 100)}`; reasons.set(r, (reasons.get(r) ?? 0) + 1); }
      for (const [r, n] of [...reasons].sort((a, b) => b[1] - a[1])) console.log(`  ${n} × ${r}`);
    }
    if (values.verbose) {
      for (const s of report.symbols) {
        if (s.status !== 'compared' || (s.extra.length === 0 && s.missed.length === 0)) continue;
        console.log(`${s.uid}: ours ${s.ours}, pyright ${s.theirs}, common ${s.common}`);
        for (const e of s.extra) console.log(`   + ${e}`);
        for (const m of s.missed) console.log(`   - ${m}`);
      }
    }
  }
}
