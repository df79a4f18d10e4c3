/**
 * ECMAScript's outside types (lib/resolve/outside.ts): the global interfaces and classes of TypeScript's lib, which a
 * project class extends or implements by their global name (`extends Map<K, V>`, `extends HTMLElement`, `implements
 * EventListenerObject`), and `Object`, which every class extends without naming it. A name an import binds is a
 * package's: its declarations, where installed, are read by the resolver itself.
 */
import { bindsLocal, type Expr, type FileFacts } from '../../extract/facts.ts';
import { OutsideTable, type OutsideTypes } from '../../resolve/outside.ts';
import { LIB_TYPES } from './lib-members.ts';

/** The custom element callbacks the browser calls by name on a class registered with `customElements.define`. */
const CUSTOM_ELEMENT_CALLBACKS = ['connectedCallback', 'disconnectedCallback', 'adoptedCallback', 'attributeChangedCallback',
  'connectedMoveCallback', 'formAssociatedCallback', 'formDisabledCallback', 'formResetCallback', 'formStateRestoreCallback'];

/** The lib's type a built-in type expression of the collector stands for. */
const BUILT_IN_TYPES: Partial<Record<Expr['k'], string>> = { map: 'Map', array: 'Array', promise: 'Promise' };

const table = new OutsideTable(() => LIB_TYPES, { HTMLElement: CUSTOM_ELEMENT_CALLBACKS });

/** ECMAScript's outside types: the lib's globals by their free name. */
export const ecmascriptOutsideTypes: OutsideTypes = {
  baseName: (_facts: FileFacts, e: Expr) => {
    const t = e.k === 'generic' ? e.of : e;
    // (a free name: no import, declaration or local of the file binds it; a local, a type parameter or a mixin's
    // parameter, stands for a type the code passes, no outside one)
    if (t.k === 'id') return !t.b ? t.name : bindsLocal(t.b) ? null : undefined;
    // (the collector reads the lib's collections as their element types: `Map<K, V>` (or a ReadonlyMap, a WeakMap),
    // `T[]` and `Array<T>` (or a Set, an Iterable), `Promise<T>` (or a PromiseLike); a heritage clause keeps the name
    // written, whose members are not Map's or Array's: ReadonlyMap has no `set`, Set no `push`)
    if (BUILT_IN_TYPES[t.k]) return ('lib' in t && t.lib) || BUILT_IN_TYPES[t.k];
    // (a name reached through something, `ns.Base`, `this.Buffer`, or a mixin's call is some outside type; a type built
    // of others, `Partial<A & B>`, has the members of its parts, each walked where it is the project's)
    return t.k === 'member' || t.k === 'call' ? undefined : null;
  },
  member: (type, member) => table.member(type, member),
  implicitBase: 'Object',
  properties: true,
};
