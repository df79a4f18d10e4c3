/**
 * C (.c, .h): tree-sitter-c 0.24.1, the nominal roles (c.scm), the nominal collector and resolver of the shared core
 * (lib/extract/nominal, lib/resolve/nominal), and the C family's rules (family.ts): `#include` search, one namespace of
 * external names with `static` ones kept in their file, macros by name.
 */
import { grammarBinding } from '../../extract/runtime.ts';
import { nominalCollector } from '../../extract/nominal/collect.ts';
import { queryFile } from '../query-file.ts';
import type { Language } from '../types.ts';
import { cMacroRepairs } from './macro-attributes.ts';
import { cRules } from './rules.ts';
import { cSyntax } from './syntax.ts';

export const c: Language = {
  id: 'c',
  extensions: ['.c', '.h'],
  grammar: () => grammarBinding('tree-sitter-c'),
  nodeTypes: ['tree-sitter-c', 'src/node-types.json'],
  queries: [queryFile('c/c.scm')],
  comments: cSyntax.comments,
  // export and visibility macros and loop macros the grammar cannot parse (macro-attributes.ts)
  repair: cMacroRepairs,
  collect: nominalCollector(cSyntax),
  rules: cRules,
  configFiles: ['compile_commands.json'],
};
