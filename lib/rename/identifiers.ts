/** Which names a symbol may take: its language's identifier syntax and reserved words (lib/lang/<id>/ rules). */
import { CodegraphError } from '../errors.ts';
import type { GraphNode } from '../graph/schema.ts';
import { languageOf as languageOfPath, rulesOf } from '../lang/index.ts';
import type { NameRules } from '../lang/types.ts';
import { qualifiedNameOf } from '../symbols/lookup.ts';

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

/** Language of a symbol, from the node or its file name. */
function languageOf(node: GraphNode): string {
  return node.language ?? languageOfPath(node.filePath ?? '') ?? 'javascript';
}

/** The name rules of a language, if the registry knows it. */
function nameRules(language: string): NameRules | undefined {
  return rulesOf(language)?.names;
}

/** True when the symbol's language merges a top-level name's declarations only among the exported or the local ones. */
export function mergesByExport(node: GraphNode): boolean {
  return nameRules(languageOf(node))?.mergesByExport === true;
}

/** True when declarations of one name that the language never merges are in different scopes (NameRules). */
export function scopedDuplicates(node: GraphNode): boolean {
  return nameRules(languageOf(node))?.scopedDuplicates === true;
}

/** True when a member's rename takes its bases' members and theirs below, not a descendant's other bases' (NameRules). */
export function renamesFromBases(node: GraphNode): boolean {
  return nameRules(languageOf(node))?.renamesFromBases === true;
}

/** True when the symbol's language keeps fields and methods apart (a field and a method may share a name). */
export function membersApart(node: GraphNode): boolean {
  return nameRules(languageOf(node))?.membersApart === true;
}

/** True when a symbol's current name is a plain identifier (not a computed `[Symbol.x]` or quoted `'a-b'` key). */
export function hasIdentifierName(node: GraphNode): boolean {
  return (nameRules(languageOf(node)) ?? nameRules('javascript')!).identifier.test(node.name);
}

function refuse(message: string): CodegraphError {
  return new CodegraphError('VALIDATION_ERROR', message, [{ field: 'new_name', message }]);
}

/**
 * Why a member cannot leave its name: the language or its library calls it by that name (Swift's `init`, Python's
 * `__eq__`, Go's `String`), so under another name it silently stops being called. Undefined for other symbols.
 */
export function builtInMemberReason(node: GraphNode): string | undefined {
  if (!isMember(node)) return undefined;
  const lang = languageOf(node);
  if (!nameRules(lang)?.reservedMembers.has(node.name)) return undefined;
  return `'${node.name}' has a built-in meaning as a member name in ${lang}: under another name it would no longer be called`;
}

/** Why the symbol's language refuses to rename it whatever the new name (NameRules.refuseRename), else undefined. */
export function languageRefusal(node: GraphNode): string | undefined {
  return nameRules(languageOf(node))?.refuseRename?.(node.name, node.label, typeof node.kind === 'string' ? node.kind : undefined);
}

/**
 * Checks that `newName` can name every symbol in the group in its language; throws VALIDATION_ERROR otherwise.
 * Members may take reserved words (`obj.delete()` is valid) but not names with a built-in meaning.
 */
export function checkNewName(newName: string, symbols: readonly GraphNode[]): void {
  if (newName.trim() === '') throw refuse('new_name must not be empty');
  for (const node of symbols) {
    const lang = languageOf(node);
    const rules = nameRules(lang);
    if (!rules) throw refuse(`renaming ${lang} symbols is not supported (no identifier rules for ${lang})`);
    if (!rules.identifier.test(newName)) {
      throw refuse(`'${newName}' is not a valid ${lang} identifier`);
    }
    if (rules.keywords?.has(newName)) throw refuse(`'${newName}' is a keyword in ${lang}`);
    const objection = rules.checkRename?.(node.name, newName, node.label, typeof node.kind === 'string' ? node.kind : undefined);
    if (objection) throw refuse(objection);
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
