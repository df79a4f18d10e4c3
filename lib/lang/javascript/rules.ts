/**
 * ECMAScript's rules, shared by JavaScript, TypeScript and TSX (one family: a TypeScript file's import of a
 * JavaScript file resolves): tsconfig/jsconfig and package.json module resolution, the runtimes' globals, the
 * test-file rule, and which names a rename may give.
 */
import type { LanguageRules, NameRules } from '../types.ts';
import { loadEcmaConfig, type EcmaConfig } from './config.ts';
import { globalTypeSource, globalValueType, isCommonMethodName, isGlobalName } from './globals.ts';
import { ModuleResolver } from './modules.ts';
import { ecmascriptOutsideTypes } from './outside.ts';

// ECMAScript reserved words as they apply in modules and strict code (every TS/ESM file is such code).
const ES_RESERVED = [
  'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'enum',
  'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'null',
  'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void', 'while', 'with',
  // strict mode and module code
  'yield', 'let', 'static', 'implements', 'interface', 'package', 'private', 'protected', 'public', 'await',
  // strict mode forbids binding these; `undefined` is legal but would shadow the global
  'arguments', 'eval', 'undefined',
];
// TypeScript's predefined types: "Class/Interface/Type alias/Enum name cannot be 'string'".
const TS_TYPE_NAMES = ['any', 'unknown', 'never', 'number', 'bigint', 'boolean', 'string', 'symbol', 'void', 'object', 'undefined'];

const ES_IDENTIFIER = /^#?[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u;

const JS_NAMES: NameRules = {
  identifier: ES_IDENTIFIER,
  reservedBindings: new Set(ES_RESERVED),
  reservedTypeNames: new Set<string>(),
  reservedMembers: new Set(['constructor', '__proto__']),
  mergesByExport: true,
  scopedDuplicates: true,
  renamesFromBases: true,
  quotedKeysWhereNamed: true,
  // `exports.f = f` / `module.exports.f = f`: the module's property `f` is another name than the function `f`
  exportProperty: {
    qualifier: /(?:^|[^$\p{ID_Continue}.])(?:module\s*\.\s*)?exports\s*\??\.\s*$/u,
    reason: 'commonjs',
    esm: /(?:^|[^$\p{ID_Continue}.])export\s+(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\s*\*?|class|const|let|var|enum|interface|type|namespace)\s+$/u,
  },
  // a class's `constructor`, and the symbol an anonymous `export default` makes: named by the language, not the code
  // (a member named `default`, `schema.default(value)`, is an ordinary name)
  refuseRename: (oldName, label) => (oldName === 'constructor' || (oldName === 'default' && label !== 'Method' && label !== 'Property')
    ? `'${oldName}' names a language construct, not a renamable symbol` : undefined),
};

/**
 * Test, mock and fixture files: `*.test.ts`, `*.spec.js`, `*-e2e.tsx`, `foo_test.js`, type tests (`*.test-d.ts`,
 * `*.spec-d.ts`: tsd's and vitest's typecheck files), and anything under a `test/`, `tests/`, `spec/`, `specs/`,
 * `e2e/`, `__tests__/`, `__mocks__/` or `__fixtures__/` folder (any case).
 */
const TEST_PATH = /(?:^|\/)(?:__tests__|__mocks__|__fixtures__|tests?|specs?|e2e)\/|[._-](?:test|spec|e2e)\.[cm]?[jt]sx?$|[._-](?:test|spec)-d\.[cm]?tsx?$/i;

/** JavaScript's rules. */
export const javascriptRules: LanguageRules = {
  family: 'ecmascript',
  loadConfig: loadEcmaConfig,
  modules: (files, config) => new ModuleResolver(files, (config ?? {}) as EcmaConfig),
  isGlobalName,
  isCommonMethodName,
  propertiesFitNames: true,
  globalTypeSource,
  globalValueType,
  // the class side is inherited too: a static method overrides its base class's static method
  overrides: { statics: true },
  outsideTypes: ecmascriptOutsideTypes,
  isTestFile: (filePath) => TEST_PATH.test(filePath),
  names: JS_NAMES,
};

/** TypeScript's (and TSX's) rules: JavaScript's, and the predefined type names no type may take. */
export const typescriptRules: LanguageRules = {
  ...javascriptRules,
  // (a plain function's `this` is `any` to TypeScript's checker, an error under `noImplicitThis`; JavaScript's reads
  // constructor functions and prototype methods, which the collector types)
  untypedThisAny: true,
  names: {
    ...JS_NAMES,
    reservedTypeNames: new Set(TS_TYPE_NAMES),
    // (a TypeScript file binds no CommonJS export: `module.exports.Server = Server` beside `export class Server` is a
    // property of an untyped value to the checker, whatever the symbol's own export)
    exportProperty: { ...JS_NAMES.exportProperty!, esm: /(?!)/ },
    // (the language service searches a `private` member's references in its class's body only)
    privateMember: /^(?:(?:public|protected|static|readonly|declare|override|abstract|async|accessor)\s+)*private\s/,
  },
};
