/** Which names a symbol may take, per language: identifier syntax and reserved words. Kept as data. */
import { CodegraphError } from '../errors.ts';
import type { GraphNode } from '../graph/schema.ts';
import { qualifiedNameOf } from '../symbols/lookup.ts';

interface LanguageRules {
  /** Valid identifier (binding or member name) syntax. */
  identifier: RegExp;
  /** Names that cannot bind a value: reserved words in strict/module code and names strict mode forbids. */
  reservedBindings: ReadonlySet<string>;
  /** Extra names that cannot name a type (class, interface, type alias, enum). */
  reservedTypeNames: ReadonlySet<string>;
  /** Member names with a built-in meaning, refused so a rename cannot change behaviour silently. */
  reservedMembers: ReadonlySet<string>;
}

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

const JS_RULES: LanguageRules = {
  identifier: ES_IDENTIFIER,
  reservedBindings: new Set(ES_RESERVED),
  reservedTypeNames: new Set<string>(),
  reservedMembers: new Set(['constructor', '__proto__']),
};
const TS_RULES: LanguageRules = { ...JS_RULES, reservedTypeNames: new Set(TS_TYPE_NAMES) };

const RULES: Record<string, LanguageRules> = { typescript: TS_RULES, tsx: TS_RULES, javascript: JS_RULES, jsx: JS_RULES };

const TYPE_LABELS = new Set(['Class', 'Interface', 'TypeAlias', 'Enum']);

/**
 * True when the symbol is a member (method, property, enum member): its name is a property name, not a binding.
 * A function, class or variable declared inside a function (qualified `outer.inner`) is a nested binding.
 */
export function isMember(node: GraphNode): boolean {
  return node.label === 'Method' || node.label === 'Property';
}

/** True when the symbol is declared at the top level of its file. */
export function isTopLevel(node: GraphNode): boolean {
  return !qualifiedNameOf(node).includes('.');
}

/** Language of a symbol, from the node or its file extension. */
function languageOf(node: GraphNode): string {
  if (node.language) return node.language;
  const p = node.filePath ?? '';
  if (/\.tsx$/.test(p)) return 'tsx';
  if (/\.[cm]?ts$/.test(p)) return 'typescript';
  return 'javascript';
}

/** True when a symbol's current name is a plain identifier (not a computed `[Symbol.x]` or quoted `'a-b'` key). */
export function hasIdentifierName(node: GraphNode): boolean {
  return (RULES[languageOf(node)] ?? JS_RULES).identifier.test(node.name);
}

function refuse(message: string): CodegraphError {
  return new CodegraphError('VALIDATION_ERROR', message, [{ field: 'new_name', message }]);
}

/**
 * Checks that `newName` can name every symbol in the group in its language; throws VALIDATION_ERROR otherwise.
 * Members may take reserved words (`obj.delete()` is valid) but not names with a built-in meaning.
 */
export function checkNewName(newName: string, symbols: readonly GraphNode[]): void {
  if (newName.trim() === '') throw refuse('new_name must not be empty');
  for (const node of symbols) {
    const lang = languageOf(node);
    const rules = RULES[lang];
    if (!rules) throw refuse(`renaming ${lang} symbols is not supported (no identifier rules for ${lang})`);
    if (!rules.identifier.test(newName)) {
      throw refuse(`'${newName}' is not a valid ${lang} identifier`);
    }
    const oldPrivate = node.name.startsWith('#');
    if (oldPrivate !== newName.startsWith('#')) {
      throw refuse(oldPrivate
        ? `'${node.name}' is a private name; new_name must start with '#' too`
        : `'${newName}' is a private name ('#'), which only class members declared with '#' can take`);
    }
    if (isMember(node)) {
      if (rules.reservedMembers.has(newName)) throw refuse(`'${newName}' has a built-in meaning as a member name in ${lang}`);
      continue;
    }
    if (rules.reservedBindings.has(newName)) throw refuse(`'${newName}' is a reserved word in ${lang}`);
    if (TYPE_LABELS.has(node.label) && rules.reservedTypeNames.has(newName)) {
      throw refuse(`'${newName}' is a predefined type name in ${lang}; a ${node.label} cannot take it`);
    }
  }
}
