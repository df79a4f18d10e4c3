/**
 * TypeScript (.ts .mts .cts .d.ts) and TSX (.tsx): tree-sitter-typescript 0.23.2's two grammars, the ECMAScript
 * query files shared with JavaScript plus TypeScript's types (and JSX for TSX), ECMAScript's rules with
 * TypeScript's predefined type names.
 */
import { grammarBinding } from '../../extract/runtime.ts';
import { queryFile } from '../query-file.ts';
import type { Language } from '../types.ts';
import { ecmascriptCollector } from '../javascript/collect/index.ts';
import { ECMA_COMMENTS } from '../javascript/index.ts';
import { parseableText } from '../javascript/repair.ts';
import { moduleTypeArguments } from './module-types.ts';
import { namespaceBraces } from './namespace-braces.ts';
import { typescriptRules } from '../javascript/rules.ts';
import { readDependencyTypes } from './package-types.ts';

/**
 * TypeScript's rules: ECMAScript's, and the type declarations of installed dependencies, which type the values of
 * every file of the family (JavaScript's too, as the checker reads them for `checkJs`).
 */
const rules = { ...typescriptRules, dependencyTypes: readDependencyTypes };

/** The same-length rewrites the TypeScript grammar is given before its first parse (see each module's doc). */
const parseText = (text: string): string => namespaceBraces(moduleTypeArguments(text));

export const typescript: Language = {
  id: 'typescript',
  extensions: ['.ts', '.mts', '.cts'],
  grammar: () => grammarBinding('tree-sitter-typescript').typescript,
  nodeTypes: ['tree-sitter-typescript', 'typescript/src/node-types.json'],
  queries: [queryFile('javascript/core.scm'), queryFile('typescript/types.scm'), queryFile('typescript/assertion.scm')],
  parseText,
  repair: (text) => parseableText('typescript', text),
  collector: ecmascriptCollector,
  comments: ECMA_COMMENTS,
  rules,
};

export const tsx: Language = {
  id: 'tsx',
  extensions: ['.tsx'],
  grammar: () => grammarBinding('tree-sitter-typescript').tsx,
  nodeTypes: ['tree-sitter-typescript', 'tsx/src/node-types.json'],
  queries: [queryFile('javascript/core.scm'), queryFile('javascript/jsx.scm'), queryFile('typescript/types.scm')],
  parseText,
  repair: (text) => parseableText('tsx', text),
  collector: ecmascriptCollector,
  comments: ECMA_COMMENTS,
  rules,
};
