/**
 * Records: classes whose `__init__` a decorator or a base makes from their fields — dataclasses, attrs classes,
 * `typing.NamedTuple` subclasses, pydantic models, and what `typing.dataclass_transform` marks — read from the class
 * statement as written (collect.ts). A keyword argument of such a class's construction (`Point(x=1)`), or of a copy
 * with changes (`dataclasses.replace(p, x=1)`, `p._replace(x=1)`), names a field (record-fields.ts), so a rename of
 * the field edits it.
 */
import type { ConditionReader } from './conditions.ts';
import type { PyFacts } from './facts.ts';
import { keywordArgument } from './tree.ts';

/**
 * How a class makes its `__init__` from fields:
 * - `dataclass`: `@dataclass`, and a class `dataclass_transform` marks (resolved: record-fields.ts): its annotated class
 *   attributes, but `ClassVar`s and `KW_ONLY`, and those of its record bases;
 * - `attrs`: attrs' decorators: annotated attributes and those assigned `attr.ib()`/`attrs.field()` (`@attr.s` without
 *   `auto_attribs=True`: only the latter); a private `_x`'s keyword is `x`, so private names are left out;
 * - `namedtuple`: a `typing.NamedTuple` subclass;
 * - `model`: a pydantic `BaseModel` subclass, and every class deriving from one (private `_x` attributes are no fields).
 */
export type RecordKind = 'dataclass' | 'attrs' | 'namedtuple' | 'model';

/** A class's record kind; `init: false` where the decorator makes no `__init__` (`@dataclass(init=False)`). */
export interface RecordOf { kind: RecordKind; init?: false }

/** Decorators that make a record, as imported. */
const DECORATORS: ReadonlyMap<string, RecordKind> = new Map<string, RecordKind>([
  ['dataclasses.dataclass', 'dataclass'], ['pydantic.dataclasses.dataclass', 'dataclass'],
  ['attr.s', 'attrs'], ['attr.attrs', 'attrs'], ['attr.define', 'attrs'], ['attr.mutable', 'attrs'], ['attr.frozen', 'attrs'],
  ['attr.dataclass', 'attrs'], ['attrs.define', 'attrs'], ['attrs.mutable', 'attrs'], ['attrs.frozen', 'attrs'],
]);
/** attrs' classic decorators: their fields are the attributes assigned `attr.ib()`, unless `auto_attribs=True`. */
const CLASSIC_ATTRS: ReadonlySet<string> = new Set(['attr.s', 'attr.attrs']);
/** Bases that make a record, as imported. */
const BASES: ReadonlyMap<string, RecordKind> = new Map<string, RecordKind>([
  ['typing.NamedTuple', 'namedtuple'], ['typing_extensions.NamedTuple', 'namedtuple'],
  ['pydantic.BaseModel', 'model'], ['pydantic.main.BaseModel', 'model'],
]);
/** Field specifiers: an attribute assigned one is a field (in attrs even unannotated), but not with `init=False`. */
const FIELD_SPECIFIERS: ReadonlySet<string> = new Set([
  'dataclasses.field', 'attr.ib', 'attr.attrib', 'attr.field', 'attrs.field', 'pydantic.Field', 'pydantic.fields.Field',
]);
/** Annotations that make a class attribute no field. */
const NOT_FIELDS: ReadonlySet<string> = new Set(['typing.ClassVar', 'typing_extensions.ClassVar', 'dataclasses.KW_ONLY']);
/** `typing.dataclass_transform` as imported. */
const TRANSFORM: ReadonlySet<string> = new Set(['typing.dataclass_transform', 'typing_extensions.dataclass_transform']);
/** Functions that copy a record with changed fields, given as keywords (`dataclasses.replace(p, x=3)`), as imported. */
export const RECORD_COPIES: ReadonlySet<string> = new Set(['dataclasses.replace', 'attr.evolve', 'attrs.evolve']);

/**
 * Records what a class or function statement says of records into `py` (symbol `s`): a class's kind from its
 * decorators (`decos`, the decorator nodes) or bases (the base expressions), its own field candidates (its body's
 * class attributes, `attrs` by name, that such an `__init__` takes, in the order written), and a function or class
 * decorated `@dataclass_transform()`.
 */
export function recordFacts(r: ConditionReader, py: PyFacts, s: number, decos: readonly number[], bases?: readonly number[], body = -1, attrs?: ReadonlyMap<string, number>): void {
  let kind: RecordKind | undefined;
  let init = true;
  let classic = false;
  for (const d of decos) {
    const e = r.namedKids(d)[0];
    if (e === undefined) continue;
    const called = r.type(e) === 'call';
    const name = r.canonical(called ? r.child(e, 'function') : e) ?? '';
    // (before PEP 681 a library's stub marked its decorators with a function of its own named `__dataclass_transform__`,
    // called: pyright still honours the name)
    if (TRANSFORM.has(name) || (called && (name === '__dataclass_transform__' || name.endsWith('.__dataclass_transform__')))) (py.transforms ??= []).push(s);
    const k = DECORATORS.get(name);
    if (!k || kind) continue;
    kind = k;
    const args = called ? r.child(e, 'arguments') : -1;
    if (keyword(r, args, 'init') === 'False') init = false;
    classic = CLASSIC_ATTRS.has(name) && keyword(r, args, 'auto_attribs') !== 'True';
  }
  if (!bases) return;
  for (const b of bases) kind ??= BASES.get(r.canonical(b) ?? '');
  if (kind) (py.records ??= {})[s] = init ? { kind } : { kind, init: false };
  const fields = body >= 0 && attrs ? ownFields(r, body, attrs, kind === 'attrs', classic) : [];
  if (fields.length) (py.fields ??= {})[s] = fields;
}

/** The class attributes of a class body an `__init__` made from fields takes (symbols, in the order written). */
function ownFields(r: ConditionReader, body: number, attrs: ReadonlyMap<string, number>, attrsKind: boolean, classic: boolean): number[] {
  const out: number[] = [];
  for (const st of r.namedKids(body)) {
    const a = r.type(st) === 'expression_statement' ? r.namedKids(st)[0] : undefined;
    if (a === undefined || r.type(a) !== 'assignment') continue;
    const left = r.child(a, 'left'), type = r.child(a, 'type'), right = r.child(a, 'right');
    if (left < 0 || r.type(left) !== 'identifier') continue;
    let ann = type >= 0 && r.type(type) === 'type' ? r.namedKids(type)[0] ?? -1 : type;
    if (ann >= 0 && r.type(ann) === 'subscript') ann = r.child(ann, 'value');
    if (ann >= 0 && NOT_FIELDS.has(r.canonical(ann) ?? '')) continue;
    const spec = right >= 0 && r.type(right) === 'call' && FIELD_SPECIFIERS.has(r.canonical(r.child(right, 'function')) ?? '');
    const args = spec ? r.child(right, 'arguments') : -1;
    // (a field whose keyword is another name, `alias=`, is left out: a rename of the field keeps that keyword)
    if (spec && (keyword(r, args, 'init') === 'False' || keyword(r, args, 'alias') !== undefined)) continue;
    if (!(classic ? spec : type >= 0 || (spec && attrsKind))) continue;
    const s = attrs.get(r.txt(left));
    if (s !== undefined && !out.includes(s)) out.push(s);
  }
  return out;
}

/** The text of keyword argument `name`'s value in an argument list (node index; -1: none), else undefined. */
function keyword(r: ConditionReader, args: number, name: string): string | undefined {
  const a = keywordArgument(r, args, name);
  if (a < 0) return undefined;
  const v = r.child(a, 'value');
  return v >= 0 ? r.txt(v) : '';
}
