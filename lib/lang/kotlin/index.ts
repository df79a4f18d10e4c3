/**
 * Kotlin (.kt, .kts): @tree-sitter-grammars/tree-sitter-kotlin 1.1.0, the nominal roles in tags.scm (the grammar ships
 * no tags queries), the nominal collector and resolver of the shared core, and Kotlin's rules (rules.ts).
 */
import { grammarBinding } from '../../extract/runtime.ts';
import { nominalCollector } from '../../extract/nominal/collect.ts';
import { queryFile } from '../query-file.ts';
import type { Language } from '../types.ts';
import { kotlinRepair } from './repair.ts';
import { kotlinRules } from './rules.ts';
import { kotlinSyntax } from './syntax.ts';

export const kotlin: Language = {
  id: 'kotlin',
  extensions: ['.kt', '.kts'],
  grammar: () => grammarBinding('@tree-sitter-grammars/tree-sitter-kotlin'),
  nodeTypes: ['@tree-sitter-grammars/tree-sitter-kotlin', 'src/node-types.json'],
  queries: [queryFile('kotlin/tags.scm')],
  comments: kotlinSyntax.comments,
  collect: nominalCollector(kotlinSyntax),
  rules: kotlinRules,
  repair: kotlinRepair,
};
