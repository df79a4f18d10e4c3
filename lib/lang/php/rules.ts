/**
 * PHP's rules: namespaces (a class is found by the namespace its file declares; Composer's PSR-4/PSR-0 maps pick
 * among duplicates), `use` of classes, namespaces, functions and constants (aliases and groups), fully qualified
 * names, a free function's fallback to the global namespace, `self`/`static` as the enclosing class, traits'
 * members before the parent's, `require`/`include` paths, PHP's own functions and classes as builtins, entry points
 * (controllers' actions, route attributes), the test-file rule, and which names a rename may give.
 */
import { nominalRelations } from '../../resolve/nominal/index.ts';
import type { EntryCandidate, EntryRule, NominalRules } from '../../resolve/nominal/rules.ts';
import type { LanguageRules, NameRules } from '../types.ts';
import { PHP_CLASSES, PHP_FUNCTIONS } from './builtins.ts';
import { fileRankOf, loadPhpSettings, requiredFile, type PhpSettings } from './modules.ts';

// reserved words (PHP compares them case-insensitively): no class, function or constant may take one
const KEYWORDS = ['abstract', 'and', 'array', 'as', 'break', 'callable', 'case', 'catch', 'class', 'clone', 'const', 'continue', 'declare', 'default',
  'do', 'echo', 'else', 'elseif', 'empty', 'enddeclare', 'endfor', 'endforeach', 'endif', 'endswitch', 'endwhile', 'enum', 'eval', 'exit', 'die',
  'extends', 'final', 'finally', 'fn', 'for', 'foreach', 'function', 'global', 'goto', 'if', 'implements', 'include', 'include_once', 'instanceof',
  'insteadof', 'interface', 'isset', 'list', 'match', 'namespace', 'new', 'or', 'print', 'private', 'protected', 'public', 'readonly', 'require',
  'require_once', 'return', 'static', 'switch', 'throw', 'trait', 'try', 'unset', 'use', 'var', 'while', 'xor', 'yield', '__halt_compiler'];
const KEYWORD_SET = new Set(KEYWORDS);
// names no class may take (PHP's own type names)
const TYPE_WORDS = ['int', 'float', 'bool', 'string', 'true', 'false', 'null', 'void', 'iterable', 'object', 'mixed', 'never', 'self', 'parent'];
// language constructs written like calls
const CONSTRUCTS = ['isset', 'empty', 'unset', 'exit', 'die', 'eval', 'print', 'list', 'array', 'echo', 'compact', 'extract'];

const NAMES: NameRules = {
  // a namespace's classes and functions are seen by their short names in its other files
  sharedScope: true,
  // a field and a method of one name live apart (`this.name` and `name()`)
  membersApart: true,
  // a name without its `$`: a property `$repo` is renamed as `repo` (its declaration's `$` stays)
  identifier: /^[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*$/,
  sigils: '$',
  reservedBindings: KEYWORD_SET,
  reservedTypeNames: new Set(TYPE_WORDS),
  // magic methods PHP calls by name
  reservedMembers: new Set(['__construct', '__destruct', '__call', '__callStatic', '__get', '__set', '__isset', '__unset', '__sleep', '__wakeup',
    '__serialize', '__unserialize', '__toString', '__invoke', '__set_state', '__clone', '__debugInfo']),
  refuseRename: (oldName, _label, kind) => (kind === 'constructor' ? `'${oldName}' is a constructor: PHP calls it by its name, so rename the class instead` : undefined),
  checkRename: (_oldName, newName, label) => {
    // PHP's reserved words are case-insensitive (`Class` is `class`); a member may be one (`$x->list()`), a type or function not
    if ((label === 'Class' || label === 'Interface' || label === 'Enum' || label === 'Function') && KEYWORD_SET.has(newName.toLowerCase())) {
      return `'${newName}' is a reserved word in PHP (case-insensitively): no ${label === 'Function' ? 'function' : 'class'} may take it`;
    }
    if (label !== 'Method' && label !== 'Property' && TYPE_WORDS.includes(newName.toLowerCase()) && label !== 'Function') return `'${newName}' names one of PHP's own types`;
    return undefined;
  },
};

/** A free name PHP itself declares (functions and classes compare case-insensitively). */
function isBuiltin(name: string): boolean {
  const n = name.toLowerCase();
  return PHP_FUNCTIONS.has(n) || PHP_CLASSES.has(n) || CONSTRUCTS.includes(n);
}

const ROUTE_ATTRIBUTES = /^(?:Route|Get|Post|Put|Patch|Delete)$/;
const CONTROLLER_BASES = /^(?:Controller|AbstractController|BaseController)$/;

/** Entry points by convention: route attributes (Symfony's `#[Route]`), public actions of Laravel/Symfony controllers. */
function phpEntry(c: EntryCandidate): EntryRule | undefined {
  const ann = c.annotations.find((a) => ROUTE_ATTRIBUTES.test(a.name.slice(a.name.lastIndexOf('.') + 1)));
  if (ann) return { kind: 'route', by: `#[${ann.name}${ann.arg !== undefined ? `('${ann.arg}')` : ''}]` };
  if (c.label === 'Method' && c.kind === 'method' && !c.mods.includes('private') && !c.mods.includes('protected') && !c.isStatic && !c.name.startsWith('__')
    && c.owner && c.owner.bases.some((b) => CONTROLLER_BASES.test(b))) return { kind: 'route', by: `${c.owner.name} action` };
  return undefined;
}

// PHPUnit's conventions: a tests folder; outside one, a package's `src/` is main code whatever a file's name (PHPUnit's
// own `src/Framework/TestCase.php`, a framework's testing helpers), and elsewhere `*Test.php` classes are tests
const TEST_FOLDER = /(?:^|\/)(?:tests?|Tests?)\//;
const SOURCE_FOLDER = /(?:^|\/)src\//;
const TEST_NAME = /(?:Test|TestCase)\.php$/;
const isTestFile = (p: string): boolean => TEST_FOLDER.test(p) || (!SOURCE_FOLDER.test(p) && TEST_NAME.test(p));

const nominal: NominalRules = {
  isTestFile,
  // a file's code outside any declaration is in the namespace its (first) `namespace` statement opens; '' is global
  filePackage: (facts) => facts.symbols.find((s) => s.kind === 'namespace')?.qualifiedName ?? '',
  fileRank: (facts, settings) => fileRankOf(facts.path, facts.symbols.find((s) => s.kind === 'namespace')?.qualifiedName, settings as PhpSettings | undefined),
  // a free function or constant not found in the file's namespace is the global one (PHP's fallback); `$this` is explicit
  implicitThis: false,
  outerNamespaces: 'global',
  structural: false,
  typeCall: 'none',
  isBuiltin,
  // `use App\Models;` binds `Models` to the namespace (`Models\User` then names App\Models\User)
  packageImportBindsName: true,
  relativeQualifiedNames: true,
  globalRoot: '\\',
  inheritedConstructors: true,
  // a backed enum's own statics (no class is every class's root: no instance members)
  rootMembers: { instance: new Set(), enumStatic: new Set(['cases', 'from', 'tryFrom']) },
  selfTypeName: ['self', 'static'],
  // `static` as a result type is late static binding: `User::make()` of Model's `make(): static` is a User
  receiverTypeNames: ['static'],
  fileImport: (path, from, settings) => requiredFile(path, from, settings as PhpSettings | undefined),
  entryOf: phpEntry,
  // Laravel's routes: `Route::get('/users', [UserController::class, 'index'])`, `Route::post(…, fn …)`
  registrations: [{ method: /^(?:get|post|put|patch|delete|options|any|match)$/, receiver: /^Route$/, kind: 'route' }],
};

export const phpRules: LanguageRules = {
  family: 'php',
  loadConfig: loadPhpSettings,
  modules: () => ({ resolve: (_from, specifier) => ({ external: specifier }) }),
  isGlobalName: isBuiltin,
  isCommonMethodName: () => false,
  relations: nominalRelations(nominal),
  isTestFile,
  names: NAMES,
};
