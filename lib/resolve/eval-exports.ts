/** Imports and exports across files: what an import binds, a module's export table, CommonJS module values. */
import { EXT, PENDING, REASON_CONFIDENCE, UNKNOWN, weaken, type Evaluator, type ExportTable, type Reason, type Val } from './evaluate.ts';

/** Value bound by an import or require of file `f`. */
export function importValue(this: Evaluator, f: number, i: number): Val {
  // a pure memo (see cut): every use of an imported name asks again
  return this.keptValue(this.importMemo, f, i, this.importValueUncached);
}

export function importValueUncached(this: Evaluator, f: number, i: number): Val {
  const imp = this.files[f].imports[i];
  const target = this.module(f, imp.source);
  if ('external' in target) return EXT;
  if ('missing' in target) return UNKNOWN;
  const tf = target.f;
  const reason: Reason = imp.kind === 'require' || imp.kind === 'require-named' ? 'commonjs' : 'import';
  let v: Val | undefined;
  switch (imp.kind) {
    case 'namespace': return { t: 'ns', f: tf, r: 'namespace-import', c: REASON_CONFIDENCE['namespace-import'] };
    case 'require': v = this.moduleValue(tf); break;
    // `import("./x")` in a JSDoc type: the module as `require` gives it (`module.exports = X` → X), else its namespace
    case 'jsdoc': { const m = this.moduleValue(tf); return m.t === 'ns' ? { ...m, r: 'import', c: REASON_CONFIDENCE.import } : weaken(m, 'import'); }
    case 'default': v = this.exportOf(tf, 'default') ?? (this.exportTable(tf).cjs ? this.moduleValue(tf) : undefined); break;
    default: v = this.exportOf(tf, imp.imported!) ?? (this.exportTable(tf).cjs ? this.member(this.deref(this.moduleValue(tf)), imp.imported!) : undefined);
  }
  // (a name a dependency's declarations export in a way we do not follow: outside code)
  return v ? weaken(v, reason) : tf >= this.projectCount ? EXT : UNKNOWN;
}

/**
 * `R.buildReply` where `R = require('./reply')` and reply.js does `module.exports = Reply` then
 * `module.exports.buildReply = buildReply`: the name the module added beside its value (what `require` returns
 * has both: the checker merges them too); likewise `import("./x").Options` in JSDoc for a typedef of such a
 * module. Undefined when the module has no such name or no `module.exports = X`.
 */
export function addedExport(this: Evaluator, f: number, i: number, name: string): Val | undefined {
  const imp = this.files[f].imports[i];
  if (imp.kind !== 'require' && imp.kind !== 'jsdoc') return undefined;
  const target = this.module(f, imp.source);
  if (!('f' in target)) return undefined;
  const t = this.exportTable(target.f);
  if (!t.cjs || name === 'default') return undefined;
  const entry = t.names.get(name);
  if (!entry || entry.k === 'from' || entry.k === 'ns') return undefined;
  const v = this.exportOf(target.f, name);
  return v && v.t !== 'unknown' ? weaken(v, imp.kind === 'jsdoc' ? 'import' : 'commonjs') : undefined;
}

/** What file `f` assigned to `exports.name` beside `module.exports = X` (undefined without such a name). */
export function ownAddedExport(this: Evaluator, f: number, name: string): Val | undefined {
  const t = this.exportTable(f);
  if (!t.cjs || name === 'default') return undefined;
  const entry = t.names.get(name);
  if (!entry || (entry.k !== 'value' && entry.k !== 'sym')) return undefined;
  const v = this.exportOf(f, name);
  return v && v.t !== 'unknown' ? v : undefined;
}

/**
 * A CommonJS module's own `exports` (`exports.f()` calls what `exports.f = …` assigned): what `require` of
 * this file returns.
 */
export function ownExports(this: Evaluator, f: number): Val {
  const v = this.moduleValue(f);
  return v.t === 'ns' ? { ...v, r: 'same-file', c: 1 } : v;
}

/** What `require(file)` returns: `module.exports = X` → X, else the namespace. */
export function moduleValue(this: Evaluator, tf: number): Val {
  const cjs = this.exportTable(tf).cjs;
  // `module.exports = { add, minus: sub }`: its keys are the module's export names (a namespace of them)
  if (cjs && cjs.k !== 'objval') {
    const v = this.value(tf, cjs);
    if (v.t !== 'unknown') return v;
  }
  return { t: 'ns', f: tf, r: 'commonjs', c: REASON_CONFIDENCE.commonjs };
}

// ---------------------------------------------------------------- exports
export function exportTable(this: Evaluator, f: number): ExportTable {
  let t = this.exportTables[f];
  if (t) return t;
  t = { names: new Map(), stars: [] };
  const facts = this.files[f];
  for (let s = 0; s < facts.symbols.length; s++) {
    const sym = facts.symbols[s];
    if (!sym.exported || sym.parent !== -1) continue;
    const name = sym.isDefault ? 'default' : sym.name;
    if (!t.names.has(name)) t.names.set(name, { k: 'sym', s });
  }
  for (const e of facts.exports) {
    switch (e.kind) {
      case 'local': if (!t.names.has(e.name)) t.names.set(e.name, e.statement ? { k: 'value', e: e.value, statement: true } : { k: 'value', e: e.value }); break;
      case 'from': t.names.set(e.name, { k: 'from', source: e.source, imported: e.imported }); break;
      case 'star-as': t.names.set(e.name, { k: 'ns', source: e.source }); break;
      case 'star': t.stars.push(e.source); break;
      case 'cjs': t.cjs = e.value; if (!t.names.has('default') && e.value.k !== 'objval') t.names.set('default', { k: 'value', e: e.value }); break;
    }
  }
  this.exportTables[f] = t;
  return t;
}

/** What file `f` exports under `name` (following re-exports and `export *`), or undefined. */
export function exportOf(this: Evaluator, f: number, name: string): Val | undefined {
  const table = (this.exportMemo[f] ??= new Map());
  const memo = table.get(name);
  if (memo !== undefined) {
    if (memo === PENDING) { this.cut++; return undefined; }
    return memo ?? undefined;
  }
  table.set(name, PENDING); // cycle guard
  const v = this.exportUncached(f, name);
  table.set(name, v ?? null);
  return v;
}

export function exportUncached(this: Evaluator, f: number, name: string): Val | undefined {
  const t = this.exportTable(f);
  const entry = t.names.get(name);
  if (entry) {
    switch (entry.k) {
      case 'sym': return { t: 'sym', f, s: this.mergedValue(f, entry.s), r: 'same-file', c: 1 };
      case 'value': {
        const v = this.value(f, entry.e);
        return v.t === 'unknown' ? undefined : v;
      }
      case 'from': {
        const m = this.module(f, entry.source);
        if ('f' in m) return this.exportOf(m.f, entry.imported);
        return 'external' in m ? EXT : undefined;
      }
      case 'ns': {
        const m = this.module(f, entry.source);
        if ('f' in m) return { t: 'ns', f: m.f, r: 're-export', c: REASON_CONFIDENCE['re-export'] };
        return 'external' in m ? EXT : undefined;
      }
    }
  }
  if (name !== 'default') {
    let sawExternal = false;
    for (const source of t.stars) {
      const m = this.module(f, source);
      if ('f' in m) {
        const v = this.exportOf(m.f, name);
        if (v) return v;
      } else if ('external' in m) sawExternal = true;
    }
    if (sawExternal) return EXT;
  }
  return undefined;
}

/**
 * Whether what file `f` exports under `name` reaches its declaration under another name: a re-export that renames
 * (`export { default as Logger } from './logger'`, `export { a as b }`), or a declaration exported as `default`.
 * The text `name` there is no occurrence of the declaration's own name a rename may follow: renaming the
 * declaration keeps that exported name.
 */
export function exportAliased(this: Evaluator, f: number, name: string, depth = 0): boolean {
  if (depth > 16) return false;
  const t = this.exportTable(f);
  const entry = t.names.get(name);
  if (entry) {
    if (entry.k === 'sym') return this.files[f].symbols[entry.s].name !== name;
    if (entry.k !== 'from') return false;
    if (entry.imported !== name) return true;
    const m = this.module(f, entry.source);
    return 'f' in m && this.exportAliased(m.f, name, depth + 1);
  }
  if (name === 'default') return false;
  for (const source of t.stars) {
    const m = this.module(f, source);
    if ('f' in m && this.exportOf(m.f, name)) return this.exportAliased(m.f, name, depth + 1);
  }
  return false;
}

/**
 * Whether what file `f` exports under `name` is a re-export, through the project's barrels, of a package whose
 * declarations are not installed (`export { TypeCheck } from '@sinclair/typebox/compiler'`): a type the checker reads
 * as `any` wherever it is imported from.
 */
export function exportFromUntypedPackage(this: Evaluator, f: number, name: string, depth = 0): boolean {
  if (depth > 16) return false;
  const t = this.exportTable(f);
  const entry = t.names.get(name);
  if (entry) {
    if (entry.k !== 'from') return false;
    const m = this.module(f, entry.source);
    return 'f' in m ? this.exportFromUntypedPackage(m.f, entry.imported, depth + 1) : this.untypedPackage(f, entry.source);
  }
  if (name === 'default') return false;
  for (const source of t.stars) {
    const m = this.module(f, source);
    if ('f' in m && this.exportOf(m.f, name)) return this.exportFromUntypedPackage(m.f, name, depth + 1);
  }
  return false;
}
