/**
 * Call sites the resolver found no callee for: the name as written, where, and from which symbol. The graph
 * cannot say what such a call runs, but its name says what it may run, so `impact` and `context` can tell a
 * reader that a symbol of that name may have callers the graph does not show (docs/tools.md).
 */

/** One call site without a resolved callee (and without a name-only guess: a guess is a CALLS edge). */
export interface UnresolvedCall {
  /** The called name as written: the member's name for `a.b.m()`, the function's for `m()`. */
  name: string;
  filePath: string;
  line: number;
  /** Uid of the enclosing symbol, the file's uid for top-level code. */
  from: string;
  /**
   * The call may run a method: it is written on a receiver (`a.m()`), or bare inside a type in a language whose bare
   * calls there run the type's methods (Java's `m()` is `this.m()`, Ruby's `m` is `self.m`).
   */
  member: boolean;
}

/** Order of sites: by file, line, name, enclosing symbol, member last. */
export function compareUnresolved(a: UnresolvedCall, b: UnresolvedCall): number {
  return cmp(a.filePath, b.filePath) || a.line - b.line || cmp(a.name, b.name) || cmp(a.from, b.from) || Number(a.member) - Number(b.member);
}

/** Every unresolved call site of a snapshot, in compareUnresolved order, looked up by name. */
export class UnresolvedCalls {
  private byName: Map<string, UnresolvedCall[]> | undefined;

  constructor(readonly all: readonly UnresolvedCall[]) {}

  get size(): number { return this.all.length; }

  /** The sites calling `name`, in order (the name table is built on first use). */
  named(name: string): readonly UnresolvedCall[] {
    if (!this.byName) {
      const m = new Map<string, UnresolvedCall[]>();
      for (const s of this.all) {
        const l = m.get(s.name);
        if (l) l.push(s); else m.set(s.name, [s]);
      }
      this.byName = m;
    }
    return this.byName.get(name) ?? NONE;
  }
}

const NONE: readonly UnresolvedCall[] = [];

function cmp(a: string, b: string): number { return a < b ? -1 : a > b ? 1 : 0; }
