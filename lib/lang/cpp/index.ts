/**
 * C++ (.cc .cpp .cxx .c++ .hh .hpp .hxx .h++ .ipp .tcc .inl, and .h headers written in C++): tree-sitter-cpp 0.23.4, C's nominal roles with C++'s
 * (../c/c.scm, cpp.scm), the nominal collector and resolver of the shared core, and the C family's rules
 * (../c/family.ts) with C++'s names.
 */
import { grammarBinding } from '../../extract/runtime.ts';
import { nominalCollector } from '../../extract/nominal/collect.ts';
import type { NominalSyntax } from '../../extract/nominal/syntax.ts';
import { queryFile } from '../query-file.ts';
import type { Language } from '../types.ts';
import { macroRepairs } from '../c/macro-attributes.ts';
import { cSyntax } from '../c/syntax.ts';
import { isCppHeader } from './headers.ts';
import { cppRules } from './rules.ts';

const cppSyntax: NominalSyntax = {
  ...cSyntax,
  language: 'cpp',
  // members are public in a struct and where a public: section says; the graph keeps C's file-level rule
  leadWords: new Set([...cSyntax.leadWords!, 'template', 'class', 'virtual', 'explicit', 'constexpr', 'friend']),
  builtinTypes: new Set([...cSyntax.builtinTypes!, 'auto', 'wchar_t', 'char8_t', 'char16_t', 'char32_t', 'nullptr_t']),
  overloads: true,
};

export const cpp: Language = {
  id: 'cpp',
  extensions: ['.cc', '.cpp', '.cxx', '.c++', '.hh', '.hpp', '.hxx', '.h++', '.ipp', '.tcc', '.inl'],
  // a `.h` header is C's unless its text is C++ (headers.ts)
  claims: { extensions: ['.h'], test: isCppHeader },
  grammar: () => grammarBinding('tree-sitter-cpp'),
  nodeTypes: ['tree-sitter-cpp', 'src/node-types.json'],
  queries: [queryFile('c/c.scm'), queryFile('cpp/cpp.scm')],
  comments: cppSyntax.comments,
  // export and visibility macros the grammar cannot parse (macro-attributes.ts)
  repair: macroRepairs,
  collect: nominalCollector(cppSyntax),
  rules: cppRules,
  configFiles: ['compile_commands.json'],
};
