/** JSDoc in JavaScript files: types of parameters, results, variables and typedefs, read from doc comments. */
import type { Collector } from '../../../extract/collector/collector.ts';
import { byStart, inForce, isSpace, type Node } from '../../../extract/collector/util.ts';
import { lookup, thisClass, type Scope } from '../../../extract/collector/scope.ts';
import { importBinding, localBinding, symbolBinding, toPos, type Expr, type ImportFact, type SymbolFact } from '../../../extract/facts.ts';
import { es } from './state.ts';
import { jsdocImportTags, jsdocTags, jsdocType, type JsdocTag } from './jsdoc.ts';
import { R } from './roles.ts';

/** The doc comment's tags right before `start` (whitespace and modifiers such as `export const` between). */
export function docTagsBefore(this: Collector, start: number): JsdocTag[] | undefined {
  const i = this.beforeModifiers(start);
  const c = this.docComments.get(i);
  if (!c) return undefined;
  let tags = es(this).docTagMemo.get(c);
  if (!tags) es(this).docTagMemo.set(c, (tags = jsdocTags(this.text.slice(c.start, c.end))));
  return tags;
}

/** Name resolution for the types of one doc comment: its `@template` names, the file's typedefs, then the scope. */
export function docTypeNames(this: Collector, scope: Scope, templates?: Map<string, Expr>) {
  return {
    name: (n: string): Expr => {
      // `@returns {this}`: the class the comment's declaration belongs to
      if (n === 'this') { const cls = thisClass(scope); return cls >= 0 ? { k: 'this', cls } : { k: 'other' }; }
      const tp = templates?.get(n);
      if (tp) return tp;
      const td = es(this).typedefs.get(n);
      if (td !== undefined) return { k: 'id', name: n, b: symbolBinding(td) };
      const b = lookup(scope, n);
      return b ? { k: 'id', name: n, b } : { k: 'id', name: n };
    },
    importOf: (source: string): Expr => {
      let i = es(this).jsdocImports.get(source);
      if (i === undefined) {
        i = this.imports.length;
        this.imports.push({ kind: 'jsdoc', source, local: `import("${source}")`, at: toPos(1, 1, 0) });
        es(this).jsdocImports.set(source, i);
      }
      return { k: 'id', name: `import("${source}")`, b: importBinding(i) };
    },
  };
}

/** `@template {C} T` of a comment: T reads as its constraint C, unconstrained as unknown. */
export function templatesOf(this: Collector, tags: JsdocTag[], scope: Scope): Map<string, Expr> | undefined {
  let out: Map<string, Expr> | undefined;
  for (const tag of tags) {
    if (tag.tag !== 'template' || !tag.names) continue;
    out ??= new Map();
    const constraint = tag.type ? jsdocType(tag.type, docTypeNames.call(this, scope, out)) : { k: 'other' } as Expr;
    for (const n of tag.names) out.set(n, constraint);
  }
  return out;
}

/**
 * `@import { Parser } from './index.js'` (TypeScript 5.5) in a doc comment: a type-only import, bound at the top
 * of the file for the types of doc comments (a name the file declares or imports itself keeps that meaning).
 */
export function jsdocImportBindings(this: Collector): void {
  for (const c of [...this.docComments.values()].sort(byStart)) {
    const body = this.text.slice(c.start, c.end);
    if (!body.includes('@import')) continue;
    for (const b of jsdocImportTags(body)) {
      if (this.root.names.get(b.local) !== undefined) continue;
      const node = this.syntheticNode(c.start + b.at, b.length);
      const fact: ImportFact = { kind: b.kind, source: b.source, local: b.local, at: toPos(node.row + 1, node.col + 1, b.length) };
      if (b.imported !== undefined) fact.imported = b.imported;
      this.root.names.set(b.local, importBinding(this.imports.length));
      this.imports.push(fact);
    }
  }
}

/**
 * `@typedef {T} Name` and `@callback Name` (with its `@param`/`@returns`): TypeAlias symbols of the file, exported
 * as TypeScript exports a module's typedefs. Registered first, so types may name typedefs written later.
 */
export function jsdocTypedefs(this: Collector): void {
  const pending: Array<{ s: number; tags: JsdocTag[]; k: number }> = [];
  for (const c of [...this.docComments.values()].sort(byStart)) {
    // most doc comments declare no typedef: skip them without parsing their tags
    const body = this.text.slice(c.start, c.end);
    if (!body.includes('@typedef') && !body.includes('@callback')) continue;
    let tags = es(this).docTagMemo.get(c);
    if (!tags) es(this).docTagMemo.set(c, (tags = jsdocTags(this.text.slice(c.start, c.end))));
    for (let k = 0; k < tags.length; k++) {
      const tag = tags[k];
      if ((tag.tag !== 'typedef' && tag.tag !== 'callback') || !tag.name || tag.nameAt === undefined || tag.name.includes('.')) continue;
      if (es(this).typedefs.has(tag.name)) continue;
      const nameNode = this.syntheticNode(c.start + tag.nameAt, tag.name.length);
      // its signature is the tag's own text; no doc line (an object that loses a key is slow to read and copy)
      const signature = `@${tag.tag} ${tag.type ? `{${tag.type.length > 150 ? `${tag.type.slice(0, 147)}...` : tag.type}} ` : ''}${tag.name}`;
      const s = this.addSymbol({ role: R['def.typedef'], def: c, name: nameNode }, this.root, -1, tag.name, 'TypeAlias', tag.tag, true, false, signature);
      es(this).typedefs.set(tag.name, s);
      pending.push({ s, tags, k });
    }
  }
  for (const { s, tags, k } of pending) {
    const tag = tags[k];
    const names = docTypeNames.call(this, this.root, templatesOf.call(this, tags, this.root));
    if (tag.tag === 'typedef') {
      let type = tag.type ? jsdocType(tag.type, names) : { k: 'other' } as Expr;
      // `@typedef {Object} Options` + `@property {T} name` lines: an object type
      if (type.k === 'other' || type.k === 'any' || (type.k === 'id' && !type.b)) {
        const props: Array<{ name: string; type: Expr }> = [];
        for (let j = k + 1; j < tags.length && tags[j].tag !== 'typedef' && tags[j].tag !== 'callback'; j++) {
          const p = tags[j];
          if ((p.tag === 'property' || p.tag === 'prop') && p.type && p.name && !p.name.includes('.')) props.push({ name: p.name, type: jsdocType(p.type, names) });
        }
        if (props.length) type = { k: 'object', props };
      }
      es(this).typedefTypes.set(s, type);
    } else {
      const params: Array<Expr | null> = [];
      let returns: Expr = { k: 'other' };
      for (let j = k + 1; j < tags.length && tags[j].tag !== 'typedef' && tags[j].tag !== 'callback'; j++) {
        const p = tags[j];
        if (p.tag === 'param' && p.name && !p.name.includes('.')) params.push(p.type ? jsdocType(p.type, names) : null);
        else if ((p.tag === 'returns' || p.tag === 'return') && p.type) returns = jsdocType(p.type, names);
      }
      es(this).typedefTypes.set(s, { k: 'fntype', returns, params });
    }
  }
}

/**
 * The JSDoc types of the file's declarations: `@param` of every function (symbol or callback) types its
 * parameters, `@returns` a function symbol's result, `@type` a variable, field or `this.x = …` property, and
 * typedefs their alias. Only where no TypeScript annotation exists (JavaScript files have none).
 */
export function jsdocApply(this: Collector, symbols: SymbolFact[]): void {
  for (const [s, type] of es(this).typedefTypes) symbols[s].type = type;
  const classTemplates = jsdocClassTemplates.call(this, symbols);
  /** The templates in force in member `s`'s comment: its class's (`@template T` on `class Repo`) and its own. */
  const withClass = (s: number | undefined, own: Map<string, Expr> | undefined): Map<string, Expr> | undefined =>
    inForce(s === undefined ? undefined : classTemplates?.get(symbols[s].parent), own);
  // functions: every function node with parameter slots, its doc before the declaration that holds it
  const seen = new Set<Node>();
  // (forEach: a for-of over a Map's entries makes an array per entry)
  this.slotsOf.forEach((slots, fn) => {
    const s = this.fnSymOf.get(fn);
    const host = s !== undefined ? this.docHostOf.get(s) ?? this.work[s].defNode.start : fn.start;
    const tags = docTagsBefore.call(this, host);
    if (!tags) return;
    seen.add(fn);
    const scope = this.scopeAt(host);
    // a generic function (`@template T`, `@param {T} x`, `@returns {T}`): its template names are its type parameters
    const generic = s !== undefined ? jsdocGenerics.call(this, symbols[s], tags, scope) : undefined;
    const names = docTypeNames.call(this, scope, withClass(s, generic ?? templatesOf.call(this, tags, scope)));
    const ordered = this.realSlots(slots);
    const params: Array<Expr | null> | undefined = generic && ordered.map(() => null);
    if (this.patternLocals.size) jsdocPatterns.call(this, ordered, tags, names);
    for (const tag of tags) {
      if (tag.tag !== 'param' || !tag.type || !tag.name || tag.name.includes('.')) continue;
      for (let i = 0; i < ordered.length; i++) {
        const l = this.slotLocal.get(ordered[i]);
        if (l === undefined || this.localNodes[l].name !== tag.name) continue;
        const type = jsdocType(tag.type, names);
        if (!this.localNodes[l].type) this.localTypes.set(l, type);
        if (params) params[i] = type;
        // a function-typed parameter (`@param {function(Compilation): void} cb`): its callback's parameter types
        if (s !== undefined && type.k === 'fntype' && type.params && !symbols[s].callbackParams?.[i]) (symbols[s].callbackParams ??= {})[i] = type.params;
      }
    }
    if (params && params.some((p) => p)) symbols[s!].params = params;
    if (s !== undefined && !symbols[s].returns) jsdocReturns.call(this, symbols[s], tags, scope, generic, classTemplates?.get(symbols[s].parent));
  });
  // a parameter whose own doc comment types it (`(/** @type {Renderer} */ renderer) => …`), as the checker reads a
  // `@type` written right before a parameter in JavaScript (inside the parentheses: before an arrow's lone parameter,
  // `/** @type {Handler} */ x => …`, the comment types the arrow)
  this.slotsOf.forEach((slots) => {
    for (const slot of this.realSlots(slots)) {
      const l = this.slotLocal.get(slot);
      if (l === undefined || this.localNodes[l].type || this.localTypes.has(l)) continue;
      const doc = this.docComments.get(this.beforeModifiers(slot.start));
      if (!doc) continue;
      let k = doc.start - 1;
      while (k > 0 && isSpace(this.text.charCodeAt(k))) k--;
      if (this.text[k] !== '(' && this.text[k] !== ',') continue;
      const tags = docTagsBefore.call(this, slot.start);
      const type = tags && jsdocTypeTag.call(this, tags, this.scopeAt(slot.start));
      if (type) this.localTypes.set(l, type);
    }
  });
  // functions without parameters still declare results
  this.fnSymOf.forEach((s, fn) => {
    if (seen.has(fn) || this.slotsOf.has(fn) || symbols[s].returns) return;
    const w = this.work[s];
    if (fn !== w.defNode && this.slotsOf.has(w.defNode)) return;
    const host = this.docHostOf.get(s) ?? w.defNode.start;
    const tags = docTagsBefore.call(this, host);
    if (tags) jsdocReturns.call(this, symbols[s], tags, this.scopeAt(host), jsdocGenerics.call(this, symbols[s], tags, this.scopeAt(host)), classTemplates?.get(symbols[s].parent));
  });
  // variables, fields and properties
  for (let s = 0; s < this.symbols.length; s++) {
    const w = this.symbols[s], at = this.work[s].defNode.start;
    if ((w.label !== 'Variable' && w.label !== 'Property') || symbols[s].type) continue;
    const tags = docTagsBefore.call(this, at);
    const type = tags && jsdocTypeTag.call(this, tags, this.scopeAt(at), classTemplates?.get(symbols[s].parent));
    if (type) symbols[s].type = type;
  }
  for (const { l, def } of this.localDecls) {
    if (this.localNodes[l].type) continue;
    const tags = docTagsBefore.call(this, def.start);
    const type = tags && jsdocTypeTag.call(this, tags, this.scopeAt(def.start));
    if (type) this.localTypes.set(l, type);
  }
}

/**
 * Destructured parameters (`weakError({ module, chunkGraph })`): the n-th `@param` (dotted names aside) types the
 * n-th parameter, so an entry is that type's member; `@param {ChunkGraph} options.chunkGraph` types the entry itself.
 */
export function jsdocPatterns(this: Collector, ordered: readonly Node[], tags: JsdocTag[], names: ReturnType<typeof docTypeNames>): void {
  const params = tags.filter((t) => t.tag === 'param' && t.name && !t.name.includes('.'));
  for (let i = 0; i < ordered.length && i < params.length; i++) {
    const slot = ordered[i];
    // `{ logger } = {}`: the slot is the assignment, the entries belong to its pattern
    const entries = this.patternLocals.get(slot) ?? this.patternLocals.get(this.slotPattern.get(slot)!);
    if (!entries) continue;
    const whole = params[i].type ? jsdocType(params[i].type!, names) : undefined;
    const prefix = `${params[i].name}.`;
    for (const { l, key } of entries) {
      if (this.localNodes[l].type || this.localNodes[l].init) continue;
      const own = tags.find((t) => t.tag === 'param' && t.type && t.name === prefix + key);
      if (own) this.localTypes.set(l, jsdocType(own.type!, names));
      else if (whole && whole.k !== 'other') this.localInits.set(l, { k: 'member', obj: { k: 'as', type: whole }, name: key });
    }
  }
}

export function jsdocReturns(this: Collector, sym: SymbolFact, tags: JsdocTag[], scope: Scope, generic?: Map<string, Expr>, classTemplates?: Map<string, Expr>): void {
  // (a getter's `@type {T}` is its type: what reading it gives)
  const tag = tags.find((t) => (t.tag === 'returns' || t.tag === 'return') && t.type)
    ?? (sym.kind === 'getter' ? tags.find((t) => t.tag === 'type' && t.type) : undefined);
  if (!tag) return;
  // a result typed by a template parameter is what the call instantiates it to: a generic function's type parameter
  // (the call's arguments bind it), else not typed here; the class's templates are its type parameters, which the
  // receiver's type arguments bind (`Repo<User>`)
  const templates = generic ? undefined : templatesOf.call(this, tags, scope);
  const own = generic ?? (templates ? new Map([...templates.keys()].map((k) => [k, { k: 'other' } as Expr])) : undefined);
  sym.returns = jsdocType(tag.type!, docTypeNames.call(this, scope, inForce(classTemplates, own)));
}

/**
 * The `@template` names of classes' doc comments (`@template T` before `class Repo`): the class's type parameters
 * (a local each, typed by its constraint), which its members' JSDoc types name and `Repo<User>` binds. Undefined
 * when no class has any.
 */
export function jsdocClassTemplates(this: Collector, symbols: SymbolFact[]): Map<number, Map<string, Expr>> | undefined {
  let out: Map<number, Map<string, Expr>> | undefined;
  for (let s = 0; s < symbols.length; s++) {
    const sym = symbols[s];
    if (sym.label !== 'Class' || sym.typeParams) continue;
    const tags = docTagsBefore.call(this, this.docHostOf.get(s) ?? this.work[s].defNode.start);
    if (!tags || !tags.some((t) => t.tag === 'template' && t.names)) continue;
    (out ??= new Map()).set(s, templateLocals.call(this, sym, tags, this.scopeAt(this.work[s].defNode.start)));
  }
  return out;
}

/**
 * The `@template` names of a function or method's doc comment as its own type parameters (not overloaded, with a
 * `@returns`): a local each (typed by its constraint, as inside the function the checker reads it), listed in
 * `typeParams`; the names read as those locals. Undefined for anything else.
 */
export function jsdocGenerics(this: Collector, sym: SymbolFact, tags: JsdocTag[], scope: Scope): Map<string, Expr> | undefined {
  if ((sym.label !== 'Function' && sym.label !== 'Method') || sym.more || sym.typeParams) return undefined;
  if (!tags.some((t) => t.tag === 'template' && t.names) || !tags.some((t) => (t.tag === 'returns' || t.tag === 'return') && t.type)) return undefined;
  return templateLocals.call(this, sym, tags, scope);
}

/**
 * A local for each `@template` name of `tags` (typed by its constraint), listed as `sym`'s `typeParams`; the names
 * read as those locals.
 */
export function templateLocals(this: Collector, sym: SymbolFact, tags: JsdocTag[], scope: Scope): Map<string, Expr> {
  const out = new Map<string, Expr>();
  const typeParams: number[] = [];
  for (const tag of tags) {
    if (tag.tag !== 'template' || !tag.names) continue;
    const constraint = tag.type ? jsdocType(tag.type, docTypeNames.call(this, scope, out)) : undefined;
    for (const n of tag.names) {
      const l = this.localNodes.length;
      this.localNodes.push({ name: n });
      if (constraint && constraint.k !== 'other') this.localTypes.set(l, constraint);
      typeParams.push(l);
      out.set(n, { k: 'id', name: n, b: localBinding(l) });
    }
  }
  sym.typeParams = typeParams;
  return out;
}

/** The type of a `@type {T}` tag, if the comment has one. */
export function jsdocTypeTag(this: Collector, tags: JsdocTag[], scope: Scope, classTemplates?: Map<string, Expr>): Expr | undefined {
  const tag = tags.find((t) => t.tag === 'type' && t.type);
  if (!tag) return undefined;
  return jsdocType(tag.type!, docTypeNames.call(this, scope, inForce(classTemplates, templatesOf.call(this, tags, scope))));
}

/** `/** @type {Foo} *\/ (x)`: the asserted type of a parenthesised expression, if a type comment precedes it. */
export function jsdocCast(this: Collector, node: Node): Expr | undefined {
  let i = node.start;
  while (i > 0 && isSpace(this.text.charCodeAt(i - 1))) i--;
  const c = this.docComments.get(i);
  if (!c) return undefined;
  let tags = es(this).docTagMemo.get(c);
  if (!tags) es(this).docTagMemo.set(c, (tags = jsdocTags(this.text.slice(c.start, c.end))));
  const tag = tags.find((t) => t.tag === 'type' && t.type);
  if (!tag) return undefined;
  const scope = this.scopeAt(node.start);
  return jsdocType(tag.type!, docTypeNames.call(this, scope, templatesOf.call(this, tags, scope)));
}
