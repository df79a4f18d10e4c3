/**
 * Go (.go): tree-sitter-go 0.25.0, its tags conventions in the nominal roles (tags.scm), the nominal collector and
 * resolver of the shared core (lib/extract/nominal, lib/resolve/nominal), and Go's rules (rules.ts): module paths
 * from go.mod, package directories, structural interfaces, embedding, the exported-capital rule.
 */
import { grammarBinding } from '../../extract/runtime.ts';
import { nominalCollector } from '../../extract/nominal/collect.ts';
import { queryFile } from '../query-file.ts';
import type { Language } from '../types.ts';
import { goRules } from './rules.ts';
import { goSyntax } from './syntax.ts';

export const go: Language = {
  id: 'go',
  extensions: ['.go'],
  grammar: () => grammarBinding('tree-sitter-go'),
  nodeTypes: ['tree-sitter-go', 'src/node-types.json'],
  queries: [queryFile('go/tags.scm')],
  comments: goSyntax.comments,
  collect: nominalCollector(goSyntax),
  rules: goRules,
  configFiles: ['go.mod'],
};
