/** The reference index (DESIGN.md §4): every resolved occurrence of a symbol's name. */

export type ReferenceKind =
  | 'definition' // the declaring identifier
  | 'call'       // callee position: f(), obj.f(), new C()
  | 'import'     // inside an import/require binding
  | 'export'     // inside an export clause / re-export
  | 'type'       // type position
  | 'value'      // any other read/write of the value (passed as argument, assigned, property access)
  | 'jsx'        // JSX element name
  | 'shorthand'  // `{ a }` shorthand property: renaming `a` must write `a: newName`
  | 'keyword';   // a named argument's name (`Point(x=1)`): the callee's parameter or field it names

export interface Reference {
  /** uid of the symbol this occurrence refers to. */
  target: string;
  /** Relative, '/'-separated path of the file containing the occurrence. */
  filePath: string;
  /** 1-based line. */
  line: number;
  /** 1-based column in UTF-16 code units (JS string index + 1) of the identifier's first character. */
  column: number;
  /** Length in UTF-16 code units of the identifier text as written (equals the name's length). */
  length: number;
  kind: ReferenceKind;
  /** uid of the innermost enclosing symbol (or File) where the occurrence sits. */
  from?: string;
  confidence: number;
  reason: string;
}

/**
 * The reason of an import or re-export specifier that names a declaration by a name a re-export gave it
 * (`import { Logger } from './index'` of `export { default as Logger } from './logger'`): the reference is the
 * declaration's, but renaming the declaration keeps that name.
 */
export const ALIASED_EXPORT = 'aliased-export';

/** Serialised form: a flat array, ordered by file, line, column. */
export type ReferenceIndexData = Reference[];

/**
 * Lookup over references by target symbol and by file. The lookups are built on the first query: analyze
 * only writes `all`, so it never pays for them (a Map entry and a list per target and per file).
 */
export class ReferenceIndex {
  private byTargetMap: Map<string, Reference[]> | undefined;
  private byFileMap: Map<string, Reference[]> | undefined;
  /** Targets whose list gained a reference since it was last sorted (sorted on first read: `add` stays O(1)). */
  private readonly unsorted = new Set<string>();

  constructor(readonly all: Reference[] = []) {}

  /** Rebuilds the index from its serialised form. */
  static fromJSON(data: ReferenceIndexData): ReferenceIndex { return new ReferenceIndex(data); }
  toJSON(): ReferenceIndexData { return this.all; }

  add(r: Reference): void {
    this.all.push(r);
    if (this.byTargetMap) this.index(r);
  }

  /** Occurrences of one symbol (definition first when present, then by file, line, column). */
  byTarget(uid: string): readonly Reference[] {
    const list = this.lookups().byTarget.get(uid);
    if (!list) return [];
    if (this.unsorted.delete(uid)) list.sort(definitionFirst);
    return list;
  }
  /** Occurrences inside one file. */
  byFile(filePath: string): readonly Reference[] { return this.lookups().byFile.get(filePath) ?? []; }

  get size(): number { return this.all.length; }

  private lookups(): { byTarget: Map<string, Reference[]>; byFile: Map<string, Reference[]> } {
    if (!this.byTargetMap || !this.byFileMap) {
      this.byTargetMap = new Map();
      this.byFileMap = new Map();
      for (const r of this.all) this.index(r);
    }
    return { byTarget: this.byTargetMap, byFile: this.byFileMap };
  }

  private index(r: Reference): void {
    const byTarget = this.byTargetMap!, byFile = this.byFileMap!;
    let t = byTarget.get(r.target);
    if (!t) byTarget.set(r.target, (t = []));
    t.push(r);
    if (t.length > 1) this.unsorted.add(r.target);
    let f = byFile.get(r.filePath);
    if (!f) byFile.set(r.filePath, (f = []));
    f.push(r);
  }
}

/** Definition occurrences first, then by file, line, column. */
function definitionFirst(a: Reference, b: Reference): number {
  const da = a.kind === 'definition' ? 0 : 1, db = b.kind === 'definition' ? 0 : 1;
  return da - db || (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : 0) || a.line - b.line || a.column - b.column;
}
