/** The reference index (DESIGN.md §4): every resolved occurrence of a symbol's name. */

export type ReferenceKind =
  | 'definition' // the declaring identifier
  | 'call'       // callee position: f(), obj.f(), new C()
  | 'import'     // inside an import/require binding
  | 'export'     // inside an export clause / re-export
  | 'type'       // type position
  | 'value'      // any other read/write of the value (passed as argument, assigned, property access)
  | 'jsx'        // JSX element name
  | 'shorthand'; // `{ a }` shorthand property: renaming `a` must write `a: newName`

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

/** Serialised form: a flat array, ordered by file, line, column. */
export type ReferenceIndexData = Reference[];

/** Lookup over references by target symbol and by file. */
export class ReferenceIndex {
  private readonly byTargetMap = new Map<string, Reference[]>();
  private readonly byFileMap = new Map<string, Reference[]>();
  /** Targets whose list gained a reference since it was last sorted (sorted on first read: `add` stays O(1)). */
  private readonly unsorted = new Set<string>();

  constructor(readonly all: Reference[] = []) {
    for (const r of all) this.index(r);
  }

  /** Rebuilds the index from its serialised form. */
  static fromJSON(data: ReferenceIndexData): ReferenceIndex { return new ReferenceIndex(data); }
  toJSON(): ReferenceIndexData { return this.all; }

  add(r: Reference): void { this.all.push(r); this.index(r); }

  /** Occurrences of one symbol (definition first when present, then by file, line, column). */
  byTarget(uid: string): readonly Reference[] {
    const list = this.byTargetMap.get(uid);
    if (!list) return [];
    if (this.unsorted.delete(uid)) list.sort(definitionFirst);
    return list;
  }
  /** Occurrences inside one file. */
  byFile(filePath: string): readonly Reference[] { return this.byFileMap.get(filePath) ?? []; }

  get size(): number { return this.all.length; }

  private index(r: Reference): void {
    let t = this.byTargetMap.get(r.target);
    if (!t) this.byTargetMap.set(r.target, (t = []));
    t.push(r);
    if (t.length > 1) this.unsorted.add(r.target);
    let f = this.byFileMap.get(r.filePath);
    if (!f) this.byFileMap.set(r.filePath, (f = []));
    f.push(r);
  }
}

/** Definition occurrences first, then by file, line, column. */
function definitionFirst(a: Reference, b: Reference): number {
  const da = a.kind === 'definition' ? 0 : 1, db = b.kind === 'definition' ? 0 : 1;
  return da - db || (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : 0) || a.line - b.line || a.column - b.column;
}
