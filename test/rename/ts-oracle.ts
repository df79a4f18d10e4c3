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
}

const COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ESNext, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Node10,
  lib: ['lib.esnext.d.ts', 'lib.dom.d.ts'], strict: true, noEmit: true, skipLibCheck: true, allowJs: true, jsx: ts.JsxEmit.Preserve,
};

/** A language service over `files` (relative to `root`). */
export class TsRenameOracle {
  private readonly service: ts.LanguageService;
  private readonly texts = new Map<string, string>();

  constructor(readonly root: string, files: readonly string[], options: ts.CompilerOptions = COMPILER_OPTIONS) {
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
   * Rename locations for the identifier at `offset` in `rel`, or undefined when TypeScript refuses the rename.
   * Prefix/suffix text is off, so every occurrence of the renamed symbol is listed (imports and re-exports
   * included, as codegraph renames them) rather than stopping at export aliases.
   */
  renameLocations(rel: string, offset: number): OracleLocation[] | undefined {
    const file = path.join(this.root, rel);
    const info = this.service.getRenameInfo(file, offset, { allowRenameOfImportPath: false });
    if (!info.canRename) return undefined;
    const locs = this.service.findRenameLocations(file, offset, false, false, { providePrefixAndSuffixTextForRename: false });
    if (!locs) return undefined;
    const out: OracleLocation[] = [];
    for (const l of locs) {
      const r = path.relative(this.root, l.fileName).split(path.sep).join('/');
      if (r.startsWith('..')) continue; // a library file TypeScript would not let us rename anyway
      out.push({ file: r, offset: l.textSpan.start, length: l.textSpan.length });
    }
    return out;
  }
}

/** Every .ts/.tsx file under `root` (relative, sorted), the way a plain walk would list them. */
export function listTsFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) { if (e.name !== 'node_modules') walk(p); }
      else if (/\.tsx?$/.test(e.name)) out.push(path.relative(root, p).split(path.sep).join('/'));
    }
  };
  walk(root);
  return out.sort();
}
