/**
 * Which submodules a file's code may read as its package's attribute (`dns.rdata.from_text(…)`). A package's
 * submodule is its attribute only once some import has loaded it: `import a.b` sets `b` on `a`, nothing loads `a.b`
 * by itself. The file may read `a.b` through `a` where it is sure to be loaded by what the file itself says:
 * - an import of the file's top level loads it (`import a.b`, `import a.b.c as m`, `from a.b import x`, `from a import
 *   b`; under `if TYPE_CHECKING:` too, for the annotations that read it), or the import inside a function that
 *   binds the name the read starts from (`import a.b` in a function, then `a.b.f()` there);
 * - it is the file's own module or a package holding it (a module's code runs once its packages are loaded, and a
 *   function of `a/b.py` calling `a.b.f()` runs after `a.b` was imported).
 * Otherwise the read is unknown, as a checker reports the attribute: at run time it works only when another module
 * happened to load the submodule first — one this file imports may, but a checker does not follow that, nor is it
 * sure (an import inside a cycle returns a module still half run).
 */
import type { PyFacts, PyImport } from './facts.ts';
import type { PyModule, PyModules } from './modules.ts';

/** What the loaded-module sets read of the project. */
export interface LoadedHost {
  modules(): PyModules;
  path(f: number): string;
  py(f: number): PyFacts;
  fileOfModule(m: PyModule): number | undefined;
  /** True when module m's own file binds `name` at its top level (then `from m import name` loads no submodule). */
  bindsName(m: PyModule, name: string): boolean;
}

/** A module's identity among the project's: its file, else (a namespace package) its folder. */
function keyOf(m: PyModule): string {
  return m.file ?? `dir:${m.dir ?? ''}`;
}

/** The submodules each file's code may read through their packages (see the file's doc), per file on first use. */
export class LoadedModules {
  private readonly own = new Map<number, Set<string>>();

  constructor(private readonly host: LoadedHost) {}

  /** True when file f may read submodule m through its package, the read starting from the name import `via` binds (if one does). */
  has(f: number, m: PyModule, via?: number): boolean {
    const key = keyOf(m);
    if (this.ownOf(f).has(key)) return true;
    if (via === undefined) return false;
    // (every import of the name in that scope: `if a: import p.x` / `else: import p.y` bind the one name `p`)
    const imps = this.host.py(f).imports;
    const at = imps[via];
    return imps.some((imp) => imp.from === at.from && imp.local === at.local && !imp.unreached && this.loads(f, imp).some((x) => keyOf(x) === key));
  }

  /** The modules file f's top-level imports load, with the file's own module and its packages. */
  private ownOf(f: number): Set<string> {
    let out = this.own.get(f);
    if (out) return out;
    out = new Set(this.selfAndPackages(this.host.path(f)).map(keyOf));
    for (const imp of this.host.py(f).imports) {
      if (imp.from === -1 && !imp.unreached && !imp.implicit) for (const m of this.loads(f, imp)) out.add(keyOf(m));
    }
    this.own.set(f, out);
    return out;
  }

  /** A file's module and each package above it (`a/b/c.py`: `a.b.c`, `a.b`, `a`), as far as the project has them. */
  private selfAndPackages(file: string): PyModule[] {
    const out: PyModule[] = [this.host.modules().moduleOfFile(file)];
    const name = this.host.modules().moduleName(file);
    const parts = name ? name.split('.') : [];
    const last = /(^|\/)__init__\.pyi?$/.test(file) ? parts.length : parts.length - 1;
    for (let k = 1; k <= last; k++) {
      const m = this.host.modules().resolve(file, parts.slice(0, k).join('.'));
      if (m) out.push(m);
    }
    return out;
  }

  /** The project modules import imp of file f loads: each package along its dotted source, and a submodule `from` names. */
  private loads(f: number, imp: PyImport): PyModule[] {
    const path = this.host.path(f);
    const dots = /^\.*/.exec(imp.source)![0];
    const parts = imp.source.slice(dots.length).split('.').filter((p) => p !== '');
    const out: PyModule[] = [];
    let m: PyModule | undefined = dots ? this.host.modules().resolve(path, dots) : parts.length ? this.host.modules().resolveHead(path, imp.source) : undefined;
    const rest = dots ? parts : parts.slice(1);
    if (m) out.push(m);
    for (const p of rest) {
      m = m && this.host.modules().submodule(m, p);
      if (!m) return out;
      out.push(m);
    }
    if (m && imp.kind === 'from' && imp.imported && !this.host.bindsName(m, imp.imported)) {
      const sub = this.host.modules().submodule(m, imp.imported);
      if (sub) out.push(sub);
    }
    return out;
  }
}
