/** Expressions the nominal collector writes from other shapes (a doc comment's type) and reads back (a callee's text). */
import type { Expr } from '../facts.ts';
import type { DocType } from './syntax.ts';

/**
 * A doc comment's type as the shape a qualified type written in code has: a name, or the last name as a member of
 * its dotted qualifier (`App.Models` of `\\App\\Models\\User`: a leading `\\` before a qualifier is dropped, before a
 * single name kept as its root); an array of it for `[]`.
 */
export function docTypeExpr(t: DocType): Expr {
  const segs = t.segments[0] === '\\' && t.segments.length > 2 ? t.segments.slice(1) : t.segments;
  const last = segs[segs.length - 1];
  const e: Expr = segs.length === 1 ? { k: 'id', name: last } : { k: 'member', obj: { k: 'id', name: segs.slice(0, -1).join('.') }, name: last };
  return t.array ? { k: 'array', of: e } : e;
}

/** The text a callee is written as (`http.HandleFunc`), for registrations. */
export function calleeText(e: Expr): string {
  if (e.k === 'id') return e.name;
  if (e.k === 'member') return `${calleeText(e.obj)}.${e.name}`;
  if (e.k === 'this') return 'this';
  if (e.k === 'call') return `${calleeText(e.callee)}()`;
  return '?';
}
