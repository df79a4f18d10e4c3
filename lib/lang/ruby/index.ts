/**
 * Ruby (.rb .rake .gemspec .ru, Rakefile): tree-sitter-ruby 0.23.1, Ruby's own collector (collect.ts:
 * nesting, self, locals, requires, mixins) and resolver (resolve.ts: constants, ancestors, receivers), and its rules
 * (rules.ts).
 */
import { grammarBinding } from '../../extract/runtime.ts';
import { queryFile } from '../query-file.ts';
import type { Language } from '../types.ts';
import { collectRuby } from './collect.ts';
import { rubyRules } from './rules.ts';

export const ruby: Language = {
  id: 'ruby',
  extensions: ['.rb', '.rake', '.gemspec', '.ru', '/Rakefile'],
  grammar: () => grammarBinding('tree-sitter-ruby'),
  nodeTypes: ['tree-sitter-ruby', 'src/node-types.json'],
  queries: [queryFile('ruby/tags.scm')],
  comments: { line: ['#'], block: ['=begin', '=end'] },
  collect: collectRuby,
  rules: rubyRules,
};
