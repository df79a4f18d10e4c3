/**
 * JavaScript (.js .jsx .mjs .cjs): tree-sitter-javascript 0.25.0 (JSX included), the ECMAScript query files
 * shared with TypeScript plus JSX and JavaScript's own patterns (CommonJS, `default` specifiers).
 */
import { grammarBinding } from '../../extract/runtime.ts';
import { queryFile } from '../query-file.ts';
import type { Language } from '../types.ts';
import { ecmascriptCollector } from './collect/index.ts';
import { parseableText } from './repair.ts';
import { javascriptRules } from './rules.ts';

/** Comments of every ECMAScript dialect. */
export const ECMA_COMMENTS = { line: ['//'], block: ['/*', '*/'] } as const;

export const javascript: Language = {
  id: 'javascript',
  extensions: ['.js', '.jsx', '.mjs', '.cjs'],
  grammar: () => grammarBinding('tree-sitter-javascript'),
  nodeTypes: ['tree-sitter-javascript', 'src/node-types.json'],
  queries: [queryFile('javascript/core.scm'), queryFile('javascript/jsx.scm'), queryFile('javascript/plain.scm')],
  repair: (text) => parseableText('javascript', text),
  collector: ecmascriptCollector,
  comments: ECMA_COMMENTS,
  rules: javascriptRules,
  // tsconfig/jsconfig (and what they extend), package.json, a workspace's globs: the whole ECMAScript family's
  configFiles: ['*.json', 'pnpm-workspace.yaml'],
};
