/** What the ECMAScript plugin keeps of one file while the collector works on it (`Collector.lang`). */
import type { Collector } from '../../../extract/collector/collector.ts';
import { LazyMap, NodeSet, type Node } from '../../../extract/collector/util.ts';
import type { Expr } from '../../../extract/facts.ts';
import type { DefRec } from '../../../extract/collector/roles.ts';
import type { Scope } from '../../../extract/collector/scope.ts';
import type { JsdocTag } from './jsdoc.ts';

/** The per-file state of the ECMAScript plugin. */
export class EcmaFile {
  /** Names X of `X.prototype.m = …` assignments (constructor functions). */
  readonly prototypeNames = new Set<string>();
  /** `require('m')` call nodes → 'm'. */
  readonly requireSource = new LazyMap<Node, string>();
  /** Assignments whose target is `module.exports`. */
  readonly moduleExportsAssign: NodeSet;
  /** Object literals assigned to a member (`module.exports = {…}`) that hold methods or function-valued keys. */
  readonly methodObjects: NodeSet;
  /** Where the object literals a declaration gives methods or function-valued keys start (`const x = { m() {} }`). */
  readonly declaredMethodObjects = new Set<number>();
  /** `X.prototype = Object.create(Y.prototype)` and its kin: a constructor function's name → its base's expression. */
  readonly protoBases: Array<{ name: Node; base: Node }> = [];
  /** `require('m')` calls bound by no declaration: the import standing for each module. */
  readonly inlineRequires = new LazyMap<string, number>();
  /**
   * `X.name = value` in a function's body above the declaration of a function X that body hoists (debug's `function
   * setup() { createDebug.coerce = coerce; … function createDebug() {…} }`): tried again once every name is bound.
   */
  readonly pendingExpandos: Array<{ d: DefRec; scope: Scope; cur: number; name: string }> = [];
  /** Starts of the `this.x = …` assignment targets, sorted (see assignsThis). */
  thisTargetStarts: number[] | undefined = undefined;
  /** Parsed tags of each doc comment. */
  readonly docTagMemo = new LazyMap<Node, JsdocTag[]>();
  /** `@typedef` / `@callback` names of the file → their TypeAlias symbol (types only: never values). */
  readonly typedefs = new LazyMap<string, number>();
  /** The types typedefs declare, by symbol. */
  readonly typedefTypes = new LazyMap<number, Expr>();
  /** `import("./x")` in JSDoc types → the import binding standing for that module. */
  readonly jsdocImports = new LazyMap<string, number>();
  /** `import.meta` nodes: values of the global interface `ImportMeta`. */
  readonly importMeta = new Set<Node>();
  /** Line ranges (1-based, inclusive) of `declare global { … }` blocks. */
  readonly globalBlocks: Array<[number, number]> = [];
  /** Line ranges (1-based, inclusive) of `declare module 'x' { … }` blocks, with the module named. */
  readonly augmentBlocks: Array<[number, number, string]> = [];
  /**
   * Properties a `this.x = null` (or `undefined`) declares, by symbol: the nullish value written, and how many other
   * values the class assigns them (see laterValue in roles.ts).
   */
  readonly nullishFields = new Map<number, { nullish: Node; others: number }>();

  constructor(col: Collector) {
    this.moduleExportsAssign = new NodeSet(col.nodeFlags, 2);
    this.methodObjects = new NodeSet(col.nodeFlags, 4);
  }
}

/** The ECMAScript plugin's state of the file `col` is collecting. */
export function es(col: Collector): EcmaFile {
  return col.lang as EcmaFile;
}
