/** The typed AST produced by the parser. Offsets (`at`) point into the query text for error positions and column names. */
import type { Value } from './values.ts';

interface At {
  /** Offset of the node's first character in the query text. */
  at: number;
  /** Offset one past the node's last character. */
  end: number;
}

export type BinaryOp =
  | 'or' | 'xor' | 'and' | '=' | '<>' | '<' | '>' | '<=' | '>=' | '=~' | 'in' | 'startsWith' | 'endsWith' | 'contains'
  | '+' | '-' | '*' | '/' | '%' | '^';

export type Expr =
  | (At & { k: 'lit'; value: Value })
  | (At & { k: 'param'; name: string })
  | (At & { k: 'var'; name: string })
  | (At & { k: 'prop'; obj: Expr; key: string })
  | (At & { k: 'index'; obj: Expr; index: Expr })
  | (At & { k: 'slice'; obj: Expr; from?: Expr; to?: Expr })
  | (At & { k: 'list'; items: Expr[] })
  | (At & { k: 'map'; entries: [string, Expr][] })
  | (At & { k: 'mapProj'; obj: Expr; items: MapProjItem[] })
  | (At & { k: 'call'; name: string; distinct: boolean; args: Expr[]; star?: boolean })
  | (At & { k: 'bin'; op: BinaryOp; l: Expr; r: Expr })
  | (At & { k: 'not'; e: Expr })
  | (At & { k: 'neg'; e: Expr })
  | (At & { k: 'pos'; e: Expr })
  | (At & { k: 'isNull'; e: Expr; negated: boolean })
  | (At & { k: 'case'; test?: Expr; whens: [Expr, Expr][]; else?: Expr })
  | (At & { k: 'listComp'; v: string; list: Expr; where?: Expr; proj?: Expr })
  | (At & { k: 'quant'; q: 'all' | 'any' | 'none' | 'single'; v: string; list: Expr; where?: Expr })
  | (At & { k: 'reduce'; acc: string; init: Expr; v: string; list: Expr; expr: Expr })
  | (At & { k: 'patternComp'; pattern: PatternPart; where?: Expr; proj: Expr })
  | (At & { k: 'pattern'; pattern: PatternPart })
  /** EXISTS { … } (true when a match exists) or, with `count`, COUNT { … } (the number of matches). */
  | (At & { k: 'exists'; patterns: PatternPart[]; where?: Expr; query?: Query; count?: boolean })
  | (At & { k: 'labels'; e: Expr; labels: string[] });

export type MapProjItem =
  | { k: 'prop'; key: string }
  | { k: 'all' }
  | { k: 'var'; name: string }
  | { k: 'entry'; key: string; e: Expr };

export interface NodePattern extends At {
  v?: string;
  labels: string[];
  /** A map literal or a parameter (the latter is refused by the semantic check). */
  props?: Expr;
}

export type Direction = 'out' | 'in' | 'both';

export interface RelPattern extends At {
  v?: string;
  types: string[];
  dir: Direction;
  props?: Expr;
  /** Present for variable-length relationships; max undefined = unbounded. */
  range?: { min?: number; max?: number };
}

/** `p = (a)-[r]->(b)…`: nodes.length === rels.length + 1. */
export interface PatternPart extends At {
  pathVar?: string;
  nodes: NodePattern[];
  rels: RelPattern[];
  /** shortestPath / allShortestPaths wrappers (parsed to refuse them clearly). */
  shortest?: 'shortestPath' | 'allShortestPaths';
}

export interface ProjectionItem {
  expr: Expr;
  alias?: string;
  /** Source text of the expression (the column name when there is no alias). */
  text: string;
}

export interface SortItem {
  expr: Expr;
  desc: boolean;
}

export interface Projection {
  distinct: boolean;
  /** `RETURN *` / `WITH *` (possibly followed by more items). */
  star: boolean;
  items: ProjectionItem[];
  order?: SortItem[];
  skip?: Expr;
  limit?: Expr;
}

export type Clause =
  | (At & { k: 'match'; optional: boolean; patterns: PatternPart[]; where?: Expr })
  | (At & { k: 'unwind'; expr: Expr; alias: string })
  | (At & { k: 'with'; proj: Projection; where?: Expr })
  | (At & { k: 'return'; proj: Projection })
  | (At & { k: 'call'; proc: string; args?: Expr[]; yields?: { name: string; alias?: string }[]; yieldStar?: boolean; where?: Expr })
  /** Test-only write clauses (the production parser refuses them with READ_ONLY). */
  | (At & { k: 'create'; patterns: PatternPart[] })
  | (At & { k: 'delete'; exprs: Expr[]; detach: boolean });

export interface SingleQuery {
  clauses: Clause[];
}

export interface Query {
  parts: SingleQuery[];
  /** unionAll[i] tells whether parts[i] and parts[i+1] are joined by UNION ALL. */
  unionAll: boolean[];
}
