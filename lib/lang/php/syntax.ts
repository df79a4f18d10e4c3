/** PHP's syntax words and visibility rule for the nominal collector. */
import type { DocType, DocTypes, NominalSyntax } from '../../extract/nominal/syntax.ts';

// types a docblock may write that no class is: PHP's and the static analysers' (psalm, phpstan) pseudo-types
const NOT_CLASSES = new Set(['int', 'integer', 'float', 'double', 'string', 'bool', 'boolean', 'array', 'object', 'mixed', 'void', 'null', 'callable',
  'iterable', 'never', 'false', 'true', 'resource', 'scalar', 'numeric', 'list', 'non-empty-array', 'non-empty-list', 'class-string', 'positive-int',
  'negative-int', 'non-empty-string', 'array-key', 'callable-string', 'literal-string', 'key-of', 'value-of', 'numeric-string', 'closed-resource']);
// generic containers whose last type argument is their element (`array<int, User>`, `list<User>`)
const CONTAINERS = new Set(['array', 'list', 'iterable', 'non-empty-array', 'non-empty-list', 'generator', 'traversable', 'iterator', 'arrayiterator', 'collection']);

/** One type of a docblock (`?\\App\\User`, `User[]`, `list<User>`, `User|null`): the class it names, if one. */
function docType(text: string): DocType | undefined {
  let t = text.trim().replace(/^\?/, '');
  // a union or intersection: its first member naming a class
  const parts = splitTop(t);
  if (parts.length > 1) { for (const p of parts) { const d = docType(p); if (d) return d; } return undefined; }
  t = parts[0] ?? '';
  let array = false;
  if (t.endsWith('[]')) { array = true; t = t.replace(/(\[\])+$/, ''); }
  const g = /^([\w\\-]+)<(.*)>$/s.exec(t);
  if (g) {
    if (!CONTAINERS.has(g[1].toLowerCase().replace(/^.*\\/, ''))) { t = g[1]; } else {
      const args = splitTop(g[2], ',');
      const el = args.length ? docType(args[args.length - 1]) : undefined;
      return el && !el.array ? { ...el, array: true } : undefined;
    }
  }
  if (t === '$this') t = 'static';
  if (!/^\\?[A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*(?:\\[A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*)*$/.test(t) || NOT_CLASSES.has(t.toLowerCase())) return undefined;
  const segments = t.split('\\');
  if (segments[0] === '') segments[0] = '\\';
  return array ? { segments, array } : { segments };
}

/** Splits a type at `sep` (default: `|` and `&`) outside brackets. */
function splitTop(t: string, sep?: string): string[] {
  const out: string[] = [];
  let depth = 0, from = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t[i];
    if (c === '<' || c === '(' || c === '{' || c === '[') depth++;
    else if (c === '>' || c === ')' || c === '}' || c === ']') depth--;
    else if (depth === 0 && (sep ? c === sep : c === '|' || c === '&')) { out.push(t.slice(from, i).trim()); from = i + 1; }
  }
  out.push(t.slice(from).trim());
  return out.filter(Boolean);
}

/** The types a docblock declares: `@var T [$name]`, `@param T $name`, `@return T` (psalm-/phpstan- forms too). */
function phpDocTypes(comment: string): DocTypes | undefined {
  if (!comment.startsWith('/**')) return undefined;
  const out: DocTypes = { params: {}, vars: {} };
  let any = false;
  // a type may hold spaces inside brackets (`array<int, User>`): read it up to the first space outside them
  const TAG = /@(?:(?:psalm|phpstan)-)?(var|param|return)\s+((?:[^\s<({]|<[^>]*>|\([^)]*\)|\{[^}]*\})+)(?:\s+(?:\.\.\.)?(\$\w+))?/g;
  for (const m of comment.matchAll(TAG)) {
    const t = docType(m[2]);
    if (!t) continue;
    any = true;
    if (m[1] === 'return') out.returns ??= t;
    else if (m[1] === 'param') { if (m[3]) out.params[m[3]] ??= t; }
    else if (m[3]) out.vars[m[3]] ??= t;
    else out.var ??= t;
  }
  return any ? out : undefined;
}

export const phpSyntax: NominalSyntax = {
  language: 'php',
  // class constants belong to their class, as static members do
  staticWords: new Set(['static', 'const']),
  // members are public unless written `private` (protected ones are seen by subclasses anywhere); top-level
  // functions, classes and constants are global
  exported: (_name, mods, where) => !mods.includes('private') && where.parentExported,
  // a called bare name is a function, never the variable of that name (variables keep their `$`)
  methodNamespace: true,
  builtinTypes: new Set(['int', 'float', 'string', 'bool', 'array', 'object', 'mixed', 'void', 'null', 'callable', 'iterable', 'never', 'false', 'true']),
  // docblocks type what the code leaves untyped (`@var`, `@param`, `@return`)
  docTypes: phpDocTypes,
  comments: { line: ['//', '#'], block: ['/*', '*/'] },
};
