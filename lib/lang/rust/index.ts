/**
 * Rust (.rs): tree-sitter-rust 0.24.0, the nominal roles (rust.scm), the nominal collector and resolver of the shared
 * core (lib/extract/nominal, lib/resolve/nominal), and Rust's rules (rules.ts): crates and modules by file, `use`
 * paths, impl blocks and traits.
 */
import { grammarBinding } from '../../extract/runtime.ts';
import { nominalCollector } from '../../extract/nominal/collect.ts';
import type { NominalSyntax } from '../../extract/nominal/syntax.ts';
import { queryFile } from '../query-file.ts';
import type { Language } from '../types.ts';
import { macroArgsAsExpressions } from './macro-args.ts';
import { rustRules } from './rules.ts';

const rustSyntax: NominalSyntax = {
  language: 'rust',
  staticWords: new Set(),
  // `pub` (any `pub(…)`) makes an item visible outside its module; a trait's items are as visible as the trait
  exported: (_name, mods, where) => (where.parentLabel === 'Interface' ? where.parentExported : mods.includes('pub')),
  leadWords: new Set(['pub', 'fn', 'struct', 'enum', 'trait', 'impl', 'type', 'const', 'static', 'mod', 'unsafe', 'async', 'extern']),
  builtinTypes: new Set(['bool', 'char', 'str', 'i8', 'i16', 'i32', 'i64', 'i128', 'isize', 'u8', 'u16', 'u32', 'u64', 'u128', 'usize', 'f32', 'f64']),
  nonTypeArguments: new Set(['lifetime']),
  // iterator and Option methods whose closure is handed each element (fold's first parameter is its accumulator)
  elementCallbacks: new Set(['map', 'filter', 'for_each', 'any', 'all', 'find', 'position', 'rposition', 'filter_map', 'flat_map', 'find_map', 'take_while', 'skip_while', 'map_while', 'inspect', 'max_by_key', 'min_by_key', 'sort_by_key', 'sort_unstable_by_key', 'retain', 'and_then', 'is_some_and', 'map_or', 'map_or_else', 'partition', 'dedup_by_key', 'binary_search_by_key']),
  comments: { line: ['//'], block: ['/*', '*/'] },
  bangMacros: true,
};

export const rust: Language = {
  id: 'rust',
  extensions: ['.rs'],
  grammar: () => grammarBinding('tree-sitter-rust'),
  nodeTypes: ['tree-sitter-rust', 'src/node-types.json'],
  queries: [queryFile('rust/rust.scm')],
  parseText: macroArgsAsExpressions,
  comments: rustSyntax.comments,
  collect: nominalCollector(rustSyntax),
  rules: rustRules,
  configFiles: ['Cargo.toml'],
};
