/**
 * PHP (.php, .phtml): tree-sitter-php 0.24.2's `php` grammar (text around `<?php … ?>` parses as the grammar's
 * `text`), the nominal roles in tags.scm, the nominal collector and resolver of the shared core, and PHP's rules
 * (rules.ts: namespaces, `use`, Composer's PSR-4 map, `require` paths, builtins, tests, rename).
 */
import { grammarBinding } from '../../extract/runtime.ts';
import { nominalCollector } from '../../extract/nominal/collect.ts';
import { queryFile } from '../query-file.ts';
import type { Language } from '../types.ts';
import { phpRules } from './rules.ts';
import { phpSyntax } from './syntax.ts';

export const php: Language = {
  id: 'php',
  extensions: ['.php', '.phtml'],
  grammar: () => grammarBinding('tree-sitter-php').php,
  nodeTypes: ['tree-sitter-php', 'php/src/node-types.json'],
  queries: [queryFile('php/tags.scm')],
  comments: phpSyntax.comments,
  collect: nominalCollector(phpSyntax),
  rules: phpRules,
  configFiles: ['composer.json'],
};
