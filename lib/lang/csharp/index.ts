/**
 * C# (.cs): tree-sitter-c-sharp 0.23.5 (its binding loaded through node-gyp-build: the package's entry is an ES module
 * with top-level await), the nominal roles in tags.scm, the nominal collector and resolver of the shared core, and
 * C#'s rules (rules.ts).
 */
import { grammarBinding } from '../../extract/runtime.ts';
import { nominalCollector } from '../../extract/nominal/collect.ts';
import { queryFile } from '../query-file.ts';
import type { Language } from '../types.ts';
import { conditionalRepairs } from './preprocessor.ts';
import { csharpRules } from './rules.ts';
import { csharpSyntax } from './syntax.ts';

export const csharp: Language = {
  id: 'csharp',
  extensions: ['.cs'],
  grammar: () => grammarBinding('tree-sitter-c-sharp'),
  nodeTypes: ['tree-sitter-c-sharp', 'src/node-types.json'],
  queries: [queryFile('csharp/tags.scm')],
  repair: conditionalRepairs,
  comments: csharpSyntax.comments,
  collect: nominalCollector(csharpSyntax),
  rules: csharpRules,
  // an MSBuild project's folder is source, whatever its name (build output holds assemblies, never a project file)
  packageMarkers: ['*.csproj'],
  configFiles: ['*.csproj', 'Directory.Build.props'],
};
