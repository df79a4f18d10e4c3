/**
 * The imports of a Python file's collector: each import statement as `PyImport` facts and the names it binds in its
 * scope, what each imported name stands for (for reading dotted names through imports), and whether an import is
 * guarded (`TYPE_CHECKING`, `try`).
 */
import { importedName, type PyImport } from './facts.ts';
import { moduleOf, PyScopes, type Scope } from './scopes.ts';
import { importBinding } from '../../extract/facts.ts';

/** The collector's import statements (the base of its walk, above the scopes). */
export class PyImports extends PyScopes {
  /** What each name an import binds stands for (canonical): the module or the module's attribute, dotted. */
  protected readonly importedAs = new Map<string, string>();
  /** Module-level `from .sub import …` statements: the submodule's name, where it is written, the statement. */
  private readonly fromSubmodules: Array<{ name: string; at: PyImport['at']; line: number; stmt: number }> = [];

  /** `import a.b.c`, `import a.b as m`. */
  protected importStatement(i: number, scope: Scope): void {
    for (const c of this.children(i, 'name')) {
      if (this.type(c) === 'dotted_name') {
        const parts = this.namedKids(c);
        if (!parts.length) continue;
        const source = this.txt(c).replace(/\s+/g, '');
        this.addImport({ kind: 'module', source, local: this.txt(parts[0]), at: this.pos(parts[parts.length - 1]), parts: parts.map((p) => this.pos(p)), line: this.lineOf(i), from: this.owner(scope) }, scope, i);
      } else if (this.type(c) === 'aliased_import') {
        const dn = this.child(c, 'name');
        const alias = this.child(c, 'alias');
        if (dn < 0 || alias < 0) continue;
        const parts = this.namedKids(dn);
        this.addImport({ kind: 'module-as', source: this.txt(dn).replace(/\s+/g, ''), local: this.txt(alias), at: this.pos(parts[parts.length - 1] ?? dn), parts: parts.map((p) => this.pos(p)), line: this.lineOf(i), from: this.owner(scope) }, scope, i);
      }
    }
  }

  /** `from X import y as z`, `from X import *`. */
  protected importFrom(i: number, scope: Scope): void {
    const mod = this.child(i, 'module_name');
    if (mod < 0) return;
    const source = this.txt(mod).replace(/\s+/g, '');
    const parts = (this.type(mod) === 'relative_import' ? this.namedKids(mod).filter((p) => this.type(p) === 'dotted_name').flatMap((d) => this.namedKids(d)) : this.namedKids(mod)).map((p) => this.pos(p));
    const line = this.lineOf(i);
    const from = this.owner(scope);
    if (scope.kind === 'module' && !this.unreachedIn.has(scope) && /^\.\w+$/.test(source) && parts.length === 1) this.fromSubmodules.push({ name: source.slice(1), at: parts[0], line, stmt: i });
    let first = true;
    for (const c of this.kids(i)) {
      const ty = this.type(c);
      if (ty === 'wildcard_import') {
        this.addImport({ kind: 'star', source, local: '*', at: this.pos(c), parts, line, from }, scope, i);
        continue;
      }
      if (this.fieldOf(c) !== 'name') continue;
      let nameNode = c, aliasNode = -1;
      if (ty === 'aliased_import') { nameNode = this.child(c, 'name'); aliasNode = this.child(c, 'alias'); }
      if (nameNode < 0) continue;
      const imported = this.txt(nameNode).replace(/\s+/g, '');
      const local = aliasNode >= 0 ? this.txt(aliasNode) : imported;
      const namePart = this.type(nameNode) === 'dotted_name' ? this.namedKids(nameNode)[0] ?? nameNode : nameNode;
      const imp: PyImport = { kind: 'from', source, imported, local, at: this.pos(namePart), parts: first ? parts : undefined, line, from };
      if (aliasNode >= 0 && local === imported) imp.aliasAt = this.pos(aliasNode);
      this.addImport(imp, scope, i);
      first = false;
    }
  }

  /**
   * In a package's `__init__`, `from .sub import x` (one dot, one name; `*` too) also binds `sub` to the submodule,
   * which the import has loaded as the package's attribute: pyright binds the name so (`loader.Loader` after `from
   * .loader import *` in PyYAML's `__init__.py`), unless the module binds it otherwise. Called once the module's
   * names are all bound, before the names read are looked up.
   */
  protected bindImportedSubmodules(module: Scope): void {
    for (const s of this.fromSubmodules) {
      if (module.names.has(s.name)) continue;
      const imp: PyImport = { kind: 'module-as', source: `.${s.name}`, local: s.name, at: s.at, line: s.line, from: -1, implicit: true };
      if (this.guarded(s.stmt)) imp.guarded = true;
      module.names.set(s.name, { k: 'imp', i: this.py.imports.push(imp) - 1 });
    }
  }

  protected addImport(imp: PyImport, scope: Scope, stmt: number): void {
    if (this.guarded(stmt)) imp.guarded = true;
    const idx = this.py.imports.push(imp) - 1;
    if (imp.kind === 'star') return;
    this.importedAs.set(imp.local, importedName(imp) ?? imp.local);
    let target = scope;
    if (scope.kind === 'function' && scope.globals?.has(imp.local)) target = moduleOf(scope);
    if (this.unreachedIn.has(target)) return;
    const prev = target.names.get(imp.local);
    if (prev && prev.k === 'local') { this.addValue(prev.l, { k: 'id', name: imp.local, b: importBinding(idx) }); return; }
    if (!prev) target.names.set(imp.local, { k: 'imp', i: idx });
    else if (prev.k === 'sym') this.symbols[prev.s].reassigned = true;
  }

  /** An import under `if TYPE_CHECKING:` or in a `try` (an alternative may be imported instead). */
  protected guarded(i: number): boolean {
    for (let p = this.t.parent[i]; p >= 0; p = this.t.parent[p]) {
      const ty = this.type(p);
      if (ty === 'try_statement' || ty === 'except_clause') return true;
      if (ty === 'if_statement') {
        const c = this.child(p, 'condition');
        if (c >= 0 && /TYPE_CHECKING/.test(this.dotted(c) ?? '')) return true;
      }
      if (ty === 'function_definition' || ty === 'class_definition') return false;
    }
    return false;
  }
}
