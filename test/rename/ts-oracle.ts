/**
 * The TypeScript language service as an oracle for rename locations (typescript 5.9.x, findRenameLocations),
 * over a folder of .ts files. Positions go in and come out as string offsets of the same texts our indexer
 * reads, so line-ending conventions cannot skew the comparison.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface OracleLocation {
  /** Relative, '/'-separated. */
  file: string;
  offset: number;
  length: number;
  /** Inside a comment: a JSDoc `{@link X}` or `@param {X}` TypeScript resolves (codegraph lists these as text_search). */
  inComment: boolean;
  /** Syntactic place of the identifier, for grouping differences (e.g. `property access`, `destructuring`). */
  syntax: string;
}

// Internal but stable helpers of typescript 5.9 (pinned): is a position inside a comment?
const tsInternal = ts as unknown as { isInComment(sf: ts.SourceFile, pos: number): unknown; getTokenAtPosition(sf: ts.SourceFile, pos: number): ts.Node };

/** A short name for where an identifier sits, from its parent nodes. */
function syntaxOf(sf: ts.SourceFile, pos: number): string {
  const node = tsInternal.getTokenAtPosition(sf, pos);
  const p = node.parent;
  if (!p) return 'other';
  if (ts.isBindingElement(p)) return p.propertyName ? 'destructuring key' : 'destructuring shorthand';
  if (ts.isShorthandPropertyAssignment(p)) return 'object literal shorthand';
  if (ts.isPropertyAssignment(p) && p.name === node) return 'object literal key';
  if ((ts.isMethodDeclaration(p) || ts.isPropertyDeclaration(p)) && ts.isObjectLiteralExpression(p.parent)) return 'object literal key';
  if (ts.isPropertyAccessExpression(p) && p.name === node) {
    let q: ts.Node = p;
    while (q.parent && (ts.isPropertyAccessExpression(q.parent) || ts.isQualifiedName(q.parent))) q = q.parent;
    if (q.parent && ts.isTypeQueryNode(q.parent)) return 'typeof X.prototype.m';
    const recv = p.expression;
    if (recv.kind === ts.SyntaxKind.ThisKeyword) return 'this.member';
    if (recv.kind === ts.SyntaxKind.SuperKeyword) return 'super.member';
    return ts.isCallExpression(p.parent) && p.parent.expression === p ? 'method call on a receiver' : 'property access on a receiver';
  }
  if (ts.isNewExpression(p) && p.expression === node) return 'new X()';
  if (ts.isCallExpression(p) && p.expression === node) return 'call';
  if (ts.isImportSpecifier(p) || ts.isExportSpecifier(p)) return 'import/export specifier';
  if (ts.isParameter(p) && p.name === node) return ts.isParameterPropertyDeclaration(p, p.parent) ? 'parameter property' : 'parameter';
  if (ts.isTypeReferenceNode(p) || ts.isExpressionWithTypeArguments(p)) return 'type reference';
  if (ts.isIdentifier(node)) {
    const decl = p as { name?: ts.Node };
    if (decl.name === node) return 'declaration';
    return 'identifier use';
  }
  return 'other';
}

const COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ESNext, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Node10,
  lib: ['lib.esnext.d.ts', 'lib.dom.d.ts'], strict: true, noEmit: true, skipLibCheck: true, allowJs: true, jsx: ts.JsxEmit.Preserve,
};

/** A language service over `files` (relative to `root`). */
export class TsRenameOracle {
  private readonly service: ts.LanguageService;
  private readonly texts = new Map<string, string>();
  /** Absolute: the service reports absolute file names, which a relative root would fail to relativise. */
  readonly root: string;

  constructor(root: string, files: readonly string[], options: ts.CompilerOptions = COMPILER_OPTIONS) {
    this.root = path.resolve(root);
    root = this.root;
    const abs = files.map((f) => path.join(root, f));
    const snapshots = new Map<string, ts.IScriptSnapshot>();
    const host: ts.LanguageServiceHost = {
      getScriptFileNames: () => abs,
      getScriptVersion: () => '1',
      getScriptSnapshot: (name) => {
        let s = snapshots.get(name);
        if (!s) {
          const text = ts.sys.readFile(name);
          if (text === undefined) return undefined;
          s = ts.ScriptSnapshot.fromString(text);
          snapshots.set(name, s);
        }
        return s;
      },
      getCurrentDirectory: () => root,
      getCompilationSettings: () => options,
      getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
      fileExists: ts.sys.fileExists,
      readFile: ts.sys.readFile,
      directoryExists: ts.sys.directoryExists,
      getDirectories: ts.sys.getDirectories,
      // a workspace package linked into node_modules is its own folder's files (as the compiler's own host sees it)
      realpath: ts.sys.realpath,
    };
    this.service = ts.createLanguageService(host, ts.createDocumentRegistry());
  }

  /** Text of a file as TypeScript reads it (BOM dropped, like our host). */
  text(rel: string): string {
    let t = this.texts.get(rel);
    if (t === undefined) { t = ts.sys.readFile(path.join(this.root, rel)) ?? ''; this.texts.set(rel, t); }
    return t;
  }

  /**
   * Where codegraph's rename policy should edit, per TypeScript, for the identifier at `offset` in `rel`; undefined
   * when TypeScript refuses the rename. TypeScript's own modes differ from that policy in one place each:
   *  - with prefix/suffix text (the editor default) a rename stops at `export { a }` specifiers (writing
   *    `export { b as a }`), where codegraph follows the symbol on to the importers;
   *  - without it, a rename runs through shorthand `{ a }` into the other side, where codegraph writes
   *    `{ a: b }` / `{ b: a }` and stops.
   * So this runs the prefix/suffix mode and continues the search from every export/import specifier boundary
   * (a location whose prefix or suffix is `… as `), never from a shorthand boundary.
   */
  renameLocations(rel: string, offset: number): OracleLocation[] | undefined {
    const start = path.join(this.root, rel);
    const info = this.service.getRenameInfo(start, offset, { allowRenameOfImportPath: false });
    if (!info.canRename) return undefined;
    const program = this.service.getProgram()!;
    const found = new Map<string, OracleLocation>();
    const queue: Array<[string, number]> = [[start, offset]];
    const searched = new Set<string>();
    while (queue.length) {
      const [file, pos] = queue.shift()!;
      const k = `${file}\u0000${pos}`;
      if (searched.has(k)) continue;
      searched.add(k);
      const locs = this.service.findRenameLocations(file, pos, false, false, { providePrefixAndSuffixTextForRename: true }) ?? [];
      for (const l of locs) {
        const r = path.relative(this.root, l.fileName).split(path.sep).join('/');
        if (r.startsWith('..')) continue; // a library file TypeScript would not let us rename anyway
        const key = `${r}\u0000${l.textSpan.start}`;
        if (!found.has(key)) {
          const sf = program.getSourceFile(l.fileName)!;
          const inComment = tsInternal.isInComment(sf, l.textSpan.start) !== undefined;
          found.set(key, { file: r, offset: l.textSpan.start, length: l.textSpan.length, inComment, syntax: inComment ? 'comment' : syntaxOf(sf, l.textSpan.start) });
        }
        if (/ as /.test(`${l.prefixText ?? ''}|${l.suffixText ?? ''}`)) queue.push([l.fileName, l.textSpan.start]);
      }
    }
    return [...found.values()];
  }
}

/**
 * Every .ts/.tsx file under `root` (relative, sorted), the way a plain walk would list them; with `js`, the
 * JavaScript files too (.js, .jsx, .cjs, .mjs), which the service reads with `allowJs`.
 */
export function listTsFiles(root: string, js = false): string[] {
  const pattern = js ? /\.(tsx?|jsx?|cjs|mjs)$/ : /\.tsx?$/;
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) { if (e.name !== 'node_modules') walk(p); }
      else if (pattern.test(e.name)) out.push(path.relative(root, p).split(path.sep).join('/'));
    }
  };
  walk(root);
  return out.sort();
}
