/**
 * Java (.java): tree-sitter-java 0.23.5, its tags conventions in the nominal roles (tags.scm), the nominal collector
 * and resolver of the shared core (lib/extract/nominal, lib/resolve/nominal), and Java's rules (rules.ts).
 */
import { grammarBinding } from '../../extract/runtime.ts';
import { nominalCollector } from '../../extract/nominal/collect.ts';
import { queryFile } from '../query-file.ts';
import type { Language } from '../types.ts';
import { javaRules } from './rules.ts';
import { javaSyntax } from './syntax.ts';

export const java: Language = {
  id: 'java',
  extensions: ['.java'],
  grammar: () => grammarBinding('tree-sitter-java'),
  nodeTypes: ['tree-sitter-java', 'src/node-types.json'],
  queries: [queryFile('java/tags.scm')],
  comments: javaSyntax.comments,
  collect: nominalCollector(javaSyntax),
  rules: javaRules,
};
