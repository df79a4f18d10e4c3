/**
 * What a Ruby file's facts hold beyond the common FileFacts (symbols): its requires, constant paths, call sites,
 * locals, classes' heritage and mixins, instance variables. Plain JSON, under FileFacts' `rb` key. Ruby names
 * constants in one global namespace: the collector keeps each constant path as written with its lexical nesting,
 * and the resolver (resolve.ts) looks it up the way Ruby does.
 */
import type { Pos } from '../../extract/facts.ts';

/** A constant path as written (`Foo::Bar`, `::Top`): segments, positions, the lexical nesting it is read in. */
export interface RbConst {
  path: string[];
  /** Position of each segment. */
  at: Pos[];
  /** `::Foo`: looked up at the top level only. */
  top?: true;
  /** The class or module symbol whose body it is written in (-1: the top level): where lexical lookup starts. */
  nest: number;
  /** What it is used as: a call's receiver, a superclass or mixin, a value. */
  use: 'recv' | 'heritage' | 'value';
  /** Enclosing symbol (-1: file level). */
  from: number;
  line: number;
}

/**
 * The value of an expression, as far as a reader can tell without running it: `self`, a constant (index into
 * `consts`), a local (index into `locals`), an instance variable of the enclosing class, the result of a call
 * (index into `calls`), a literal of a core class, or anything else.
 */
export type RbVal =
  | { k: 'self' }
  | { k: 'const'; c: number }
  | { k: 'local'; l: number }
  | { k: 'ivar'; name: string }
  | { k: 'call'; c: number }
  /** An instance of the class constant `c` names (`rescue Timeout => e`: e). */
  | { k: 'inst'; c: number }
  | { k: 'lit'; type: string }
  | { k: 'other' };

/** One call site: `recv.name(args)`, a bare `name` (self implied), `super`. */
export interface RbCall {
  name: string;
  /** Position of the called name (of `super` for a super call). */
  at: Pos;
  line: number;
  /** Enclosing symbol (-1: file level). */
  from: number;
  /** The receiver; absent for a bare call (self implied). */
  recv?: RbVal;
  /** Arguments written (a block not counted). */
  argc: number;
  /** `super(…)` (`super`) or bare `super` (`zsuper`): the next method of the enclosing method's name up the ancestors. */
  sup?: 'super' | 'zsuper';
  /** The class or module whose `self` the call is made in (-1: the top level's main object). */
  cls: number;
  /** `self` is the class object there (a class body, `def self.x`, `class << self`), not an instance. */
  single?: true;
}

/** `require`, `require_relative`, `load`, `autoload :X, 'path'` with a literal path. */
export interface RbRequire {
  kind: 'require' | 'require_relative' | 'load' | 'autoload';
  path: string;
  line: number;
  at: Pos;
  from: number;
  /** autoload's constant name. */
  name?: string;
}

/** A class's or module's heritage as written: superclass, mixins in order (constant indexes into `consts`). */
export interface RbClassFacts {
  /** The name as written (`Bar` of `class Foo::Bar`: ['Foo', 'Bar']), relative to the enclosing nesting. */
  path: string[];
  top?: true;
  sup?: number;
  mixins?: Array<{ kind: 'include' | 'extend' | 'prepend'; c: number; line: number }>;
  /** `extend self` in a module: its instance methods are its singleton methods too. */
  extendSelf?: true;
}

/** A method's extras: module_function (an instance method that is a singleton method too), what it returns. */
export interface RbMethodFacts {
  moduleFunction?: true;
  /** The value of the method body's last expression. */
  ret?: RbVal;
  /** An attribute's accessors (`attr_accessor :x`: `x` and `x=`). */
  reads?: true;
  writes?: true;
  /**
   * A `def` outside any class inside a block (`describe … do def helper … end`): the block's first and last lines. The
   * method belongs to whatever the block runs on, so only bare calls inside the block reach it.
   */
  block?: [number, number];
  /** `alias_method :new, :old` / `alias new old`: the method it names. */
  aliasOf?: string;
}

/** A local variable (parameters included) and the value of its first assignment. */
export interface RbLocal { name: string; v?: RbVal; n: number }

/** Ruby facts of one file (FileFacts' `rb`). */
export interface RbFacts {
  requires: RbRequire[];
  consts: RbConst[];
  calls: RbCall[];
  locals: RbLocal[];
  /** Classes and modules by symbol index. */
  classes: Record<number, RbClassFacts>;
  /** Methods (and attributes) by symbol index. */
  methods: Record<number, RbMethodFacts>;
  /** Instance variables assigned in instance methods: class symbol, name, value. */
  ivars: Array<{ cls: number; name: string; v: RbVal }>;
}
