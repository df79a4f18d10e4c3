/**
 * Differential check on real code: rename's `graph` edits against the TypeScript language service on rxjs
 * 7.8.1 (node_modules/rxjs/src) for a seeded sample of symbols. Every graph edit must be one TypeScript makes
 * (precision 1.0); recall is printed by bench/rename-diff.ts and held here at the floor reached.
 */
import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import { planRename } from '../../lib/rename/plan.ts';
import { diffRenames, eligibleSymbols, sampleSymbols } from './rename-diff.ts';
import { TsRenameOracle, listTsFiles } from './ts-oracle.ts';

/** A missed location that is a discriminant's test (`el.kind === 'prefix'`): the one miss the fixtures allow. */
const DISCRIMINANT_TEST = /\.(?:kind|type) === '[a-z]+'.*\[property access on a receiver\]$/;

const CONSTRUCTOR_REFUSED = /'constructor' names a language construct/;
/** A method overriding a member the lib declares (`then` of a class implementing `PromiseLike`): refused on purpose. */
const OUTSIDE_REFUSED = /overrides \S+, declared outside the repository/;
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'node_modules', 'rxjs', 'src');

test('graph edits on rxjs match TypeScript findRenameLocations with precision 1.0 for a seeded sample of 150 symbols', async (t) => {
  t.timeout(600_000);
  const snapshot = await buildSnapshotInMemory(root, { search: false });
  const oracle = new TsRenameOracle(root, listTsFiles(root));
  const report = diffRenames(snapshot, oracle, sampleSymbols(snapshot, 150, 42));
  const wrong = report.symbols.filter((s) => s.extra.length > 0).map((s) => `${s.uid}: ${s.extra.join(' | ')}`);
  t.log(`compared ${report.compared}/${report.sampled}; ours ${report.ours}, TypeScript ${report.theirs}, common ${report.common}; precision ${report.precision.toFixed(4)}, recall ${report.recall.toFixed(4)}`);
  t.true(report.compared >= 100, `only ${report.compared} symbols compared`);
  t.deepEqual(wrong, [], 'graph edits TypeScript does not make');
  t.is(report.precision, 1);
  // Refusals are only what codegraph refuses on purpose (constructors, computed names), never a missing declaration.
  const deliberate = /'constructor' names a language construct|computed or quoted member name/;
  t.deepEqual(report.symbols.filter((s) => s.status === 'refused' && !deliberate.test(s.reason ?? '')).map((s) => `${s.uid}: ${s.reason}`), []);
  // Recall depends on how much the indexer resolves; the floor reached with it (see docs/benchmarks.md).
  t.true(report.recall >= 0.98, `recall ${report.recall}`);
});

/**
 * rename's graph edits on an indexer fixture against TypeScript's findRenameLocations, and a line per symbol to show
 * (`js`: the fixture's JavaScript files are in the service's program too).
 */
async function fixtureRenames(name: string, js = false) {
  const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'indexer', name);
  const snapshot = await buildSnapshotInMemory(fixture, { search: false });
  const report = diffRenames(snapshot, new TsRenameOracle(fixture, listTsFiles(fixture, js)), eligibleSymbols(snapshot));
  const show = (s: (typeof report.symbols)[number]) => `${s.uid}: ${s.status} ${[...s.extra.map((e) => `+${e}`), ...s.missed.map((m) => `-${m}`)].join(' | ')}`;
  /**
   * The symbols that differ from TypeScript, shown: not compared, an edit it does not make, or a miss `allowed` does not
   * accept; with `constructors`, a `constructor` refused as a language construct and a method overriding a member
   * declared outside the repository are set apart (deliberate refusals).
   */
  const differing = (allowed: (miss: string) => boolean = () => false, constructors = false): string[] => report.symbols
    .filter((s) => !(constructors && s.status === 'refused' && (CONSTRUCTOR_REFUSED.test(s.reason ?? '') || OUTSIDE_REFUSED.test(s.reason ?? ''))))
    .filter((s) => s.status !== 'compared' || s.extra.length > 0 || s.missed.some((m) => !allowed(m)))
    .map(show);
  return { report, show, differing };
}

test('graph edits on the alias-members fixture: TypeScript findRenameLocations exactly, but for a discriminant\'s tests', async (t) => {
  const { report, show } = await fixtureRenames('alias-members');
  t.true(report.compared >= 30, `only ${report.compared} symbols compared`);
  t.deepEqual(report.symbols.filter((s) => s.status !== 'compared' || s.extra.length).map(show), [], 'edits TypeScript does not make');
  t.deepEqual(report.symbols.filter((s) => s.missed.some((m) => !DISCRIMINANT_TEST.test(m))).map(show), []);
});

test('graph edits on the rename-heritage fixture: TypeScript findRenameLocations exactly, a discriminant\'s reads included', async (t) => {
  const { report, differing } = await fixtureRenames('rename-heritage');
  t.true(report.compared >= 19, `only ${report.compared} symbols compared`);
  // (the discriminant's reads there follow tests the indexer reads: see rename-discriminants for those it does not)
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-discriminants fixture: TypeScript findRenameLocations exactly, but for reads after tests the indexer does not read', async (t) => {
  const { report, differing } = await fixtureRenames('rename-discriminants');
  t.true(report.compared >= 20, `only ${report.compared} symbols compared`);
  t.deepEqual(differing((m) => m.startsWith('src/unread.ts:')), []);
  // (a discriminant read after a test the indexer does not read, a negation, an alias, a statement with an exit, a
  // `default:` a case falls into, is left to text_search: the checker narrows there in ways not followed)
  t.true(report.symbols.some((s) => s.missed.some((m) => m.startsWith('src/unread.ts:'))), 'the reads left are counted as misses');
});

test('graph edits on the rename-untested-keys fixture: TypeScript findRenameLocations exactly (a discriminant read in a file that tests no key, or through a path, where nothing narrowed the receiver before it; one alias\'s object types\' key wherever the read is), but for a path passed to a call first', async (t) => {
  const { report, differing } = await fixtureRenames('rename-untested-keys');
  t.true(report.compared >= 20, `only ${report.compared} symbols compared`);
  // (`check(e.def); return e.def.kind`: the call may be an assertion of the path, so the read is left to text_search)
  t.deepEqual(differing((m) => /^src\/paths\.ts:20:/.test(m)), []);
});

test('graph edits on the rename-intersected-unions fixture: TypeScript findRenameLocations exactly (a key of an intersection of two unions that the parts of one of them surely lack)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-intersected-unions');
  t.true(report.compared >= 10, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-callbacks fixture: TypeScript findRenameLocations exactly, a callee\'s type parameter the other arguments infer included', async (t) => {
  const { report, differing } = await fixtureRenames('rename-callbacks');
  t.true(report.compared >= 20, `only ${report.compared} symbols compared`);
  // (the functions of an argument literal's keys take their parameters from the parameter's members; a parameter typed
  // by a type parameter the call does not write, `run<T>(value: T, hooks: { after: (v: T) => … })`, is what the other
  // arguments infer, as the checker fixes T from them before it types the literal's functions)
  t.deepEqual(differing((m) => m.startsWith('src/generic.ts:')), []);
  t.false(report.symbols.some((s) => s.missed.some((m) => m.startsWith('src/generic.ts:'))), 'no read left as a miss');
});

test('graph edits on the rename-union-keys fixture: TypeScript findRenameLocations exactly, but for keys of a union whose declarations rename apart', async (t) => {
  const { report, differing } = await fixtureRenames('rename-union-keys');
  t.true(report.compared >= 20, `only ${report.compared} symbols compared`);
  // (a key typed by a union of interfaces is an occurrence of their declarations where those come down from one
  // declaration above; the keys of a union whose parts declare them apart are left to text_search)
  t.deepEqual(differing((m) => m.startsWith('src/apart.ts:')), []);
  t.true(report.symbols.some((s) => s.missed.some((m) => m.startsWith('src/apart.ts:'))), 'the keys left are counted as misses');
});

test('graph edits on the rename-overload-keys fixture: TypeScript findRenameLocations exactly, but for keys of a literal passed where overload signatures differ', async (t) => {
  const { report, differing } = await fixtureRenames('rename-overload-keys');
  t.true(report.compared >= 10, `only ${report.compared} symbols compared`);
  t.deepEqual(differing((m) => m.startsWith('src/apart.ts:'), true), []);
  t.true(report.symbols.some((s) => s.missed.some((m) => m.startsWith('src/apart.ts:'))), 'the keys left are counted as misses');
});

test('graph edits on the rename-keyed-overloads fixture: TypeScript findRenameLocations exactly (an argument literal\'s keys where one overload signature alone can take them; a union-typed literal\'s key one member type declares)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-keyed-overloads');
  t.true(report.compared >= 15, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(() => false, true), []);
});

test('graph edits on the rename-alias-inference fixture: TypeScript findRenameLocations exactly (a type parameter inferred from an argument declared with the parameter\'s generic alias)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-alias-inference');
  t.true(report.compared >= 10, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(() => false, true), []);
});

test('graph edits on the rename-map-type-args fixture: TypeScript findRenameLocations exactly (literals returned by the callback of an array\'s `map<U>` written with its type argument)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-map-type-args');
  t.true(report.compared >= 5, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(() => false, true), []);
});

test('graph edits on the rename-guard-intersections fixture: TypeScript findRenameLocations exactly (a guard inside another narrowing to the intersection where neither type is the other\'s subtype)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-guard-intersections');
  t.true(report.compared >= 10, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(() => false, true), []);
});

test('graph edits on the rename-intersection-props fixture: TypeScript findRenameLocations exactly (a property an interface part and an object type literal part of an intersection both declare)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-intersection-props');
  t.true(report.compared >= 5, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(() => false, true), []);
});

test('graph edits on the rename-global-augments fixture: TypeScript findRenameLocations exactly (members a `declare global` block adds to the lib interface a runtime global is declared with, `Symbol.observable`), but for the interfaces, which merge with the lib\'s, and the computed keys, refused', async (t) => {
  const { report, show } = await fixtureRenames('rename-global-augments');
  t.true(report.compared >= 5, `only ${report.compared} symbols compared`);
  const lib = (s: (typeof report.symbols)[number]) => s.status === 'ts-refused' && /^Interface:src\/[a-z]+\.ts:(?:Symbol|Promise)Constructor$/.test(s.uid);
  const computed = (s: (typeof report.symbols)[number]) => s.status === 'refused' && /computed or quoted member name/.test(s.reason ?? '');
  t.deepEqual(report.symbols.filter((s) => !lib(s) && !computed(s)).filter((s) => s.status !== 'compared' || s.extra.length || s.missed.length).map(show), []);
  t.is(report.symbols.filter(lib).length, 3);
});

test('graph edits on the rename-thenable-chains fixture: TypeScript findRenameLocations exactly (a function expression\'s declared result; type arguments a generic call binds in the function it returns; an argument of a function type, bound, or returning `X | Promise<X>`)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-thenable-chains');
  t.true(report.compared >= 8, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(() => false, true), []);
});

test('graph edits on the rename-nullish-unions fixture: TypeScript findRenameLocations exactly (literals typed by one object type with `null`, `undefined`, `void`; an async function\'s `Promise<T>`)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-nullish-unions');
  t.true(report.compared >= 10, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-ordinary fixture: TypeScript findRenameLocations exactly (overload results by argument count, `new Repo<T>()`, `new Set(xs)`, `xs ?? []`, nested patterns\' keys, for-of patterns, object rests, a default export a barrel renames), but for calls whose argument types pick an overload', async (t) => {
  const { report, differing } = await fixtureRenames('rename-ordinary');
  t.true(report.compared >= 20, `only ${report.compared} symbols compared`);
  // (`m.pick('a')` picks by the argument's type, `m.getMetadata(...names)` by a spread: left to the checker)
  const left = /^src\/overloads\.ts:25:/;
  t.deepEqual(differing((m) => left.test(m), true), []);
  t.true(report.symbols.some((s) => s.missed.some((m) => left.test(m))), 'the calls left are counted as misses');
});

test('graph edits on the rename-enum-tags fixture: TypeScript findRenameLocations exactly (discriminants tested against enum members), but after tests against values that are no enum\'s members', async (t) => {
  const { report, differing } = await fixtureRenames('rename-enum-tags');
  t.true(report.compared >= 50, `only ${report.compared} symbols compared`);
  // (`f.kind === Shape.Circle` of an `as const` object may narrow or not: the reads there are left to text_search)
  const left = (m: string) => m.startsWith('src/values.ts:');
  t.deepEqual(differing(left), []);
  t.true(report.symbols.some((s) => s.missed.some(left)), 'the reads left are counted as misses');
});

test('graph edits on the rename-assigned fixture: TypeScript findRenameLocations exactly (literals assigned to members and elements, class fields\' typed initializers, literals nested in a returned one, `Promise<this>`), but for keys the checker picks a union\'s member type by', async (t) => {
  const { report, differing } = await fixtureRenames('rename-assigned');
  t.true(report.compared >= 30, `only ${report.compared} symbols compared`);
  // (a literal assigned where the target's type is a union: its keys are left to text_search, never every part's)
  const left = (m: string) => m.startsWith('src/unions.ts:');
  t.deepEqual(differing(left), []);
  t.true(report.symbols.some((s) => s.missed.some(left)), 'the keys left are counted as misses');
});

test('graph edits on the rename-array-classes fixture: TypeScript findRenameLocations exactly (elements of a class extending Array<T>)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-array-classes');
  t.true(report.compared >= 10, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

for (const [name, what] of [
  ['rename-keys', 'keys through a mapped type with a modifier, keys of a parameter typed by its default, quoted keys of indexed access types where the language service renames them'],
  ['rename-attached', 'members a class attaches through its type argument'],
  ['type-param-defaults', 'results typed by a type parameter\'s default, `ReturnType<D[\'m\']>`'],
  ['rename-heritage-keys', 'members a type below declares under a key its `Omit`/`Pick` heritage leaves out (written, or a type alias of string literals) are its own, and so are those of a class implementing an alias of an intersection'],
  ['rename-collections', '`Array.from(xs, cb)`\'s callback, `new Map(entries)`, `Object.fromEntries(entries)`'],
  ['rename-arguments', 'literals passed to typed rest parameters, to a declared array\'s `push`/`unshift`/`splice`, a set\'s `add`, a map\'s `set`, to `new Box<Options>(…)`; functions given to them, typed by the element\'s function type'],
  ['rename-idioms', 'an assignment in parentheses is worth its right side (`const el = (vnode.el = create(tag))`); a named function expression\'s name is bound only inside it; an empty object literal beside another value (`props || {}`) is no part of it; `a[\'owner\']`, `Awaited<T>`, `Extract`/`Exclude`; a union of tuple types read by position (`const [err, value] = r`); a class merged with an interface of its name has the interface\'s bases; an array of consts one type alias types; `Parameters<typeof f>[0]`; `ThisType<T>` in a literal\'s contextual type; literals spread into a typed literal, array literals assigned to a declared variable; rest parameters of tuple types, conditional types whose branches are one type; intersections with a union part discriminated by a literal\'s values; a typed local\'s nested literals; `\'key\' in x`; a generic callee\'s type parameters from its call\'s contextual type; surely truthy members where a truthiness test failed; `T[\'kind\']` through a union or an intersection with a union part; an interface\'s index signature at a computed key; a literal one interface types whose entry holds a value that is no tag (`test: Number.isFinite`); array literals as an object literal\'s entries; unions of array types (`T[] | readonly T[]`); a union reaching one type through several parts; `[...T]` tuple types; a member an object type part of an intersection with a union declares too (not through `Omit`); `true`/`false` tags; `Object.values`/`Object.entries` of an interface of an index signature; members an object type literal declares beside an outside type, a type parameter or a union part (`Promise<T> & { status }`); `infer R extends C`; a name several parts of an intersection declare (`{ href?: string } & Navigation`); calls of functions bound to a declared function type (`findRoutes: FindRoutes = (p) => …`); a tuple type\'s items with a comment between them; an array literal taken apart where it is written (`const [a, b] = [x, y]`); an intersection with a type of a package not installed (`any`), also with an instance of a generic type of it or an alias of an intersection with it, and a member a class extending a class of it does not declare (not its implemented interface\'s); object literals through every branch, spread items of an array literal; nullish returns; a type parameter a conditional type tests, in its true branch; a default import of the name `export default name` exports (not of `export { name as default }`), also written `import { default as name }`; an object literal or a function passed to an overloaded method whose signatures differ at its position (`add(config: CheckConfig<T>)` beside `add(check: Check<T>)`); quoted keys of indexed access types in a file an element access names the member in (`type[\'instanceType\']`); a type guard of a type the value\'s class already implements; `super.m()` of a method returning `this`; a literal assigned to an untyped local initialised with another value (`let inner = options`); a call of a name a type parameter has in its scope (`State(…)` in `class Machine<State>`); a type alias of `Readonly<{ … }>` and its kin, whose members are the alias\'s; method signatures of inline object types typing a literal\'s methods; an interface\'s accessor signatures (`get adapter(): Adapter`); a union of an object type and a function type called (`exp(builder)`); a long union (sixteen parts) read as a short one; a callback passed to a value of a function type (`provider(async (connection) => …)`); an interface\'s call signatures, also tagging a template (``sql`select ${id}` ``); a method of a union receiver whose parts each declare it (`query.withPlugin(p)`), the union of their results; a generic guard called with the class it tests, `is(x, Param)` of `is<T>(value: any, type: T): value is InstanceType<T>`, where it held and where it failed; a member an intersection\'s parts both declare of one type alias\'s object type, the other part an object type a subclass\'s heritage binds a type parameter to (`this.config.identity`); the element type of an indexed access to an array type (`Config[\'setOperators\'][number]`); a member of a conditional type testing its class\'s type parameter, read inside the class: each branch\'s; a union\'s function type part where a guard of another part failed; object literals in the branches of a conditional assigned to a typed member; `ReturnType<F>` of a type parameter a function argument binds; `UnionToIntersection<U>`, whose `infer I` sits in the function type its conditional tests against; a mapped type whose keys are remapped to `debug${K}` beside other parts; an interface extending `Partial<A & B>`, and a homomorphic mapped part of an intersection beside one over a type not read; a literal returned where a declared generic function type\'s result is an interface written with that type\'s parameters; a tuple of one item type (a rest item last) at a position not written and through its array methods; a merged interface\'s member under the class\'s type arguments (`any`); a class\'s member beside the type of its name the namespace merged with the class declares; the members an `Omit`/`Pick` written with string literal keys drops or keeps, of an object type or an interface, through type aliases, imports and `Partial`, beside a part declaring the dropped name; an intersection of an object type literal and a generic alias\'s instance (`{ observers: Observer<T>[] } & Observer<T>`), each part under its own type parameter bindings; a literal pushed to an array of a union, discriminated by its tag; a chain of discriminant tests that must hold beside another condition; an `Omit` written as the project\'s own `Pick<T, Exclude<keyof T, K>>` alias beside a part declaring the key again, through aliases of aliases; a callback passed to a value of an interface with call signatures (`Task(async (helpers) => …)`); a method guard whose type is no base nor subtype of the receiver\'s (`isSome(): this is Present` on an `Option<T>`), the intersection of both; `await` of an instance of a project type that is a promise by its heritage (`interface Job<A> extends PromiseLike<Outcome<A>>`); a discriminant compared with `null` or `undefined` (`target.path != null`, parts declaring `path?: undefined`), where it held and after an early exit; a member\'s bare name in its enum\'s body (`Segment = 4 * _multiplier`), also beside an outer name of it; tuples through both branches of a conditional, taken apart'],
  ['rename-merges', '`Object.assign(target, …sources)` as the intersection of its arguments\' types, also through a const holding it; a typed const\'s literal implements each part of an intersection'],
  ['rename-returns', 'literals a function returns where its type is contextual: a typed literal\'s methods, a declared function type\'s values, an argument literal\'s functions; not where the result is a type parameter the call infers'],
  ['rename-type-args', 'type arguments written at a call of a generic function without a declared result (the second and third too, and its callbacks\' parameters where all are written), a base\'s type parameters as a class\'s heritage binds them for the constructor it inherits or `super(…)` runs'],
  ['rename-augment', 'interfaces of `declare module \'./x\' { … }` blocks merged with the module\'s declarations of their names (members read through all of them, one rename), members only through a barrel\'s re-export'],
  ['rename-inferred', 'a call\'s result whose members are typed by the function\'s own type parameters an argument reaches (what the checker infers, no constraint), a type parameter constrained by a generic type with its arguments, `x instanceof C` failed (`else`, a conditional\'s other branch, after an early exit), a generic type named through a namespace, template literal text beside quoted keys, array and object literal arguments binding a generic callee\'s type parameters'],
  ['rename-mapped', 'homomorphic mapped types that give each member another type (`{ [K in keyof T]: Ref<T[K]> }`, getters, optional, deep readonly copies): their keys are the members mapped, each holding the type written for its name, however deep helpers pass their type parameters on; a key remapped with `as` is not'],
  ['rename-factories', 'a const holding the function a factory\'s call returns, a named function expression: its declared result and its parameters\' types for an argument literal\'s keys'],
  ['rename-lib-shapes', 'a literal typed by the lib\'s `ProxyHandler<T>`, whose traps take a T first; `Exclude<U, undefined>` as U without its nullish parts'],
  ['rename-tagged-literals', 'keys of literals a union types (typed declarations and fields, assigned to typed variables, `as`, `satisfies`) discriminated by their string or enum-member values'],
  ['rename-method-guards', 'a method declaring `this is T` narrows the name it is called on where it held (`if (node.isLeaf())`, `&&`, a conditional, an early exit), its own type parameter bound by a string argument (`hasKind(\'leaf\')`); a guard of an argument narrows the argument only; after an assertion function\'s call, `asserts n is Leaf` narrows its first argument'],
  ['rename-long-unions', 'the parts of a long union or intersection of object types, however deep `A | B | … | I` nests them: a discriminant every part declares is one property, read through the union and written as a literal\'s key'],
  ['rename-nested-unions', 'unions of aliases of unions and aliases naming aliases, read however deep the checker flattens them (slate\'s `ExtendedType<K, B>` operations), a guard narrowing a value declared `any` to a union of object types, and a tag test on a union whose part was past the nesting bound: no member there'],
  ['rename-typed-consts', 'an assignment to a member of a const declared with a type adds no member: through an index signature it names none, through a declared member it writes that member'],
  ['rename-declared-methods', 'an argument literal passed to a method of a const object literal a declared interface types (`Editor.path(editor, at, { edge })`), whose parameters are not annotated: the declared member\'s parameter types it, a generic member\'s read at the call'],
  ['rename-index-omits', '`Omit` of a type with a string index signature, its own or from an `Omit` of a package\'s type not installed (`any`), written or as a project\'s `Pick<T, Exclude<keyof T, K>>`, in a parameter\'s type or an interface\'s heritage, or of an interface extending a type alias read as `any` or not read at all: index signatures alone, no member by name'],
  ['rename-defaults', 'parameters with defaults typed by their context, parameters\' default literals, destructured parameters\' types, a local\'s typed literal, literals that satisfy a type, typed (a top-level\'s or a local\'s) and returned array literals\' items, interface index signatures, typed rest parameters, `reduce` without an initial value, callbacks typed by the callee\'s own type parameter left to the checker'],
] as const) {
  test(`graph edits on the ${name} fixture: TypeScript findRenameLocations exactly (${what})`, async (t) => {
    const { report, differing } = await fixtureRenames(name);
    t.true(report.compared >= 20, `only ${report.compared} symbols compared`);
    t.deepEqual(differing(() => false, true), []);
  });
}

test('graph edits on the rename-import-meta fixture: TypeScript findRenameLocations exactly (`import.meta` is a value of the global interface `ImportMeta` a script or a `declare global` block extends; a module\'s own `ImportMeta` is another type), but for the interface itself, which merges with the lib\'s and TypeScript does not rename', async (t) => {
  const { report, show } = await fixtureRenames('rename-import-meta');
  t.true(report.compared >= 15, `only ${report.compared} symbols compared`);
  const lib = (s: (typeof report.symbols)[number]) => s.status === 'ts-refused' && /^Interface:src\/[a-z.]+\.ts:ImportMeta$/.test(s.uid);
  t.deepEqual(report.symbols.filter((s) => !lib(s)).filter((s) => s.status !== 'compared' || s.extra.length || s.missed.length).map(show), []);
  t.is(report.symbols.filter(lib).length, 2);
});

test('graph edits on the rename-overload-results fixture: TypeScript findRenameLocations exactly (the result of an overloaded function whose signatures the argument count fits return other types is one of them, the one the checker picks: a member known where every one that has it gives the same symbol)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-overload-results');
  t.true(report.compared >= 10, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('a quoted key in a file that names the member nowhere else is a text_search edit, with a warning', async (t) => {
  const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'indexer', 'rename-keys');
  const snapshot = await buildSnapshotInMemory(fixture, { search: false });
  const plan = planRename(snapshot, { symbol_name: 'Shape.width', new_name: 'breadth', dry_run: true, include_text_search: false });
  const at = (file: string) => plan.edits.filter((e) => e.path === file).map((e) => `${e.line}:${e.column} ${e.confidence}`);
  // (line 1 is the comment)
  t.deepEqual(at('src/lookup.ts'), ['1:52 text_search', '4:26 graph', '5:28 graph']);
  t.deepEqual(at('src/unmeasured.ts'), ['5:32 text_search']);
  t.true(plan.warnings.some((w) => w.includes('quoted key(s) in src/unmeasured.ts')), plan.warnings.join('\n'));
});

test('graph edits on the rename-branded fixture: TypeScript findRenameLocations exactly (elements of arrays and tuples branded by object types of computed keys), but for the brands\' computed keys, which are refused', async (t) => {
  const { report, show } = await fixtureRenames('rename-branded');
  t.true(report.compared >= 5, `only ${report.compared} symbols compared`);
  const computed = /computed or quoted member name/;
  t.deepEqual(report.symbols.filter((s) => !(s.status === 'refused' && computed.test(s.reason ?? ''))).filter((s) => s.status !== 'compared' || s.extra.length || s.missed.length).map(show), []);
  t.true(report.symbols.some((s) => s.status === 'refused'), 'the brands are refused');
});

test('graph edits on the rename-tested-paths fixture: TypeScript findRenameLocations exactly, but for members read through a path after a test of its discriminant, which are left to text_search (where `in` tests of the path hold alone, they narrow it)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-tested-paths');
  t.true(report.compared >= 30, `only ${report.compared} symbols compared`);
  // (the checker narrows `seq.tuple[0]` after `seq.tuple[0].kind === 'variadic'`: such paths are not followed; nor is
  // `b.first` after an `in` test beside another test of it)
  const left = (m: string) => /^src\/paths\.ts:(12|19|20|21):/.test(m) || /^src\/in-paths\.ts:(24|25):/.test(m);
  t.deepEqual(differing(left, true), []);
  t.true(report.symbols.some((s) => s.missed.some(left)), 'the reads left are counted as misses');
});

test('graph edits on the rename-returned-closures fixture: TypeScript findRenameLocations exactly (an `as const` tuple of closures a generic helper returns, read under the type arguments its call writes or its arguments bind)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-returned-closures');
  t.true(report.compared >= 15, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(() => false, true), []);
});

test('graph edits on the rename-scoped-locals fixture: same-named locals of two callbacks are renamed apart, merged declarations together, as TypeScript does', async (t) => {
  const { report, differing } = await fixtureRenames('rename-scoped-locals');
  t.true(report.compared >= 20, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-commonjs fixture: TypeScript findRenameLocations exactly (a function declared on its own keeps the export property `exports.f = f` and the uses through `require`; one an export property declares takes them)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-commonjs', true);
  t.true(report.compared >= 8, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(() => false, true), []);
});

test('graph edits on the rename-param-intersections fixture: TypeScript findRenameLocations exactly (members of an intersection with a type parameter no argument binds in its scope, `T & Opts`, read as its object type constraint or as nothing without one), but for keys of literals that bind the type parameter and a member its constraint declares too', async (t) => {
  const { report, differing } = await fixtureRenames('rename-param-intersections');
  t.true(report.compared >= 20, `only ${report.compared} symbols compared`);
  // (`router.add({ url, method, own })` infers R from the literal, whose keys the checker then reads through the
  // other parts; `route.method` where R's constraint declares `method` beside Route: not followed)
  const left = (m: string) => /^src\/use\.ts:(19|20):/.test(m) && m.includes('[object literal key]') || m.startsWith('src/use.ts:13:54 ');
  t.deepEqual(differing(left), []);
  t.true(report.symbols.some((s) => s.missed.some(left)), 'the places left are counted as misses');
});

test('graph edits on the rename-union-parts fixture: TypeScript findRenameLocations exactly (a union with an intersection of its parts, one with a union part distributed, `in` tests after an early exit on another member, arrays with object type parts)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-union-parts');
  t.true(report.compared >= 15, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-type-namespaces fixture: TypeScript findRenameLocations exactly (a name read as a value passes over an interface or type alias of that name)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-type-namespaces');
  t.true(report.compared >= 12, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-awaited-unions fixture: TypeScript findRenameLocations exactly (awaiting `Promise<R> | R` gives each part of R)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-awaited-unions');
  t.true(report.compared >= 8, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-generic-signatures fixture: TypeScript findRenameLocations exactly (a literal returned where a generic call signature\'s result types it)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-generic-signatures');
  t.true(report.compared >= 10, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-rest-signatures fixture: TypeScript findRenameLocations exactly (a function type\'s rest parameter of a tuple or array type, a const function typed by its declared type)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-rest-signatures');
  t.true(report.compared >= 10, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-interface-overloads fixture: TypeScript findRenameLocations exactly (an object literal passed to an interface method declared with several signatures)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-interface-overloads');
  t.true(report.compared >= 8, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-call-signatures fixture: TypeScript findRenameLocations exactly (an object literal passed to a value of an interface with call signatures)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-call-signatures');
  t.true(report.compared >= 6, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-guarded-parts fixture: TypeScript findRenameLocations exactly (a type guard to an object type that is one of the union\'s parts)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-guarded-parts');
  t.true(report.compared >= 6, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-assertion-chains fixture: TypeScript findRenameLocations exactly (a function asserted through `unknown` or `any` is typed by the nearest assertion: neither its parameters nor the keys it returns are the outer type\'s)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-assertion-chains');
  t.true(report.compared >= 8, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-callable-intersections fixture: TypeScript findRenameLocations exactly (a function typed by an intersection holding one function type takes that type\'s parameters)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-callable-intersections');
  t.true(report.compared >= 12, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-interface-this fixture: TypeScript findRenameLocations exactly (`this[\'infer\']` inside an interface names the interface\'s member)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-interface-this');
  t.true(report.compared >= 8, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-constructor-tokens fixture: TypeScript findRenameLocations exactly (a type parameter inferred through generic aliases of a constructor type from a class argument)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-constructor-tokens');
  t.true(report.compared >= 15, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(() => false, true), []);
});

test('graph edits on the rename-in-failed fixture: TypeScript findRenameLocations exactly (where a `\'key\' in x` test failed, the member types declaring the key without `?` dropped)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-in-failed');
  t.true(report.compared >= 30, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-in-intersections fixture: TypeScript findRenameLocations exactly (a `\'key\' in x` test, negated or not, on a union of intersections: a part is dropped by what all of its parts lack, or one of them surely has)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-in-intersections');
  t.true(report.compared >= 25, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-literal-kinds fixture: TypeScript findRenameLocations exactly (a string literal argument infers a constrained type parameter, which picks the member of an indexed access typing the object literal beside it)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-literal-kinds');
  t.true(report.compared >= 20, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-array-exits fixture: TypeScript findRenameLocations exactly (after `if (Array.isArray(x))` or its negation exits, x is the union\'s other parts)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-array-exits');
  t.true(report.compared >= 8, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-unchecked-lines fixture: TypeScript findRenameLocations exactly (under `// @ts-expect-error`, a member read on a union receiver no test narrowed, where a part lacks it, is no one\'s)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-unchecked-lines');
  t.true(report.compared >= 7, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(() => false, true), []);
});

test('graph edits on the rename-initialized-unions fixture: TypeScript findRenameLocations exactly, but for members the parts of a union a variable\'s object literal initializer narrows declare apart, and that literal\'s keys', async (t) => {
  const { report, differing } = await fixtureRenames('rename-initialized-unions');
  t.true(report.compared >= 8, `only ${report.compared} symbols compared`);
  // (the checker narrows `store` to SyncStore there: its `subscribe` is left to text_search, as are the literal's keys)
  const left = (m: string) => /^src\/stores\.ts:(9|10):/.test(m);
  t.deepEqual(differing(left), []);
  t.true(report.symbols.some((s) => s.missed.some(left)), 'the reads left are counted as misses');
});

test('graph edits on the rename-overloaded-guards fixture: TypeScript findRenameLocations exactly (an overloaded type guard narrows by the signature the call\'s arguments pick)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-overloaded-guards');
  t.true(report.compared >= 10, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-negated-guards fixture: TypeScript findRenameLocations exactly (a negated guard call narrows where it held as where the guard failed, and its other branch as where the guard held)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-negated-guards');
  t.true(report.compared >= 12, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-nullable-lookups fixture: TypeScript findRenameLocations exactly (the key of `T[\'k\']` on a type parameter whose constraint holds `null` or `undefined` names no member, but in a conditional\'s true branch testing T)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-nullable-lookups');
  t.true(report.compared >= 10, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-private-members fixture: TypeScript findRenameLocations exactly (a private member\'s occurrences outside its class, and `module.exports.X` in a TypeScript file, left to text_search)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-private-members');
  t.true(report.compared >= 7, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-any-unions fixture: TypeScript findRenameLocations exactly (a union holding a type of a package not installed is `any`)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-any-unions');
  t.true(report.compared >= 4, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-any-parts fixture: TypeScript findRenameLocations exactly (an intersection holding `any`, written, bound to a type parameter part or read through an indexed access on a package not installed, is `any`)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-any-parts');
  t.true(report.compared >= 10, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});

test('graph edits on the rename-deferred-conditionals fixture: TypeScript findRenameLocations exactly (a conditional type testing a function\'s own type parameter, read in its body, is both branches; one testing a keyword literal type, bound, its branch), but for a conditional testing the constraint\'s `boolean`', async (t) => {
  const { report, differing } = await fixtureRenames('rename-deferred-conditionals');
  t.true(report.compared >= 12, `only ${report.compared} symbols compared`);
  // (`TRoot['transformer'] extends true` with TRoot bound to the constraint's `boolean`: the branch the checker picks is
  // not decided here, so its member is left to text_search)
  const left = (m: string) => /^src\/links\.ts:(?:42):/.test(m);
  t.deepEqual(differing(left), []);
});

test('graph edits on the rename-defaulted-patterns fixture: TypeScript findRenameLocations exactly (the keys of an untyped parameter\'s pattern with a default, in a contextually typed function, left to text_search), but for the default literal\'s keys', async (t) => {
  const { report, differing } = await fixtureRenames('rename-defaulted-patterns');
  t.true(report.compared >= 8, `only ${report.compared} symbols compared`);
  // (the key of the default's literal, which the language service links to the contextual type: not read)
  const left = (m: string) => /^src\/creators\.ts:24:/.test(m);
  t.deepEqual(differing(left), []);
});

test('graph edits on the rename-filter-guards fixture: TypeScript findRenameLocations exactly, but for the members read on what a callback the indexer does not see keeps of an array of a union (left to text_search)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-filter-guards');
  t.true(report.compared >= 8, `only ${report.compared} symbols compared`);
  t.deepEqual(differing((m) => /^handlers\.ts:(25|28):/.test(m)), []);
});

test('graph edits on the rename-accessor-pairs fixture: TypeScript findRenameLocations exactly (an unannotated getter typed by its setter\'s parameter)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-accessor-pairs');
  t.true(report.compared >= 6, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(undefined, true), []);
});

test('graph edits on the rename-array-tests fixture: TypeScript findRenameLocations exactly (`Array.isArray` makes a read-only array\'s elements `any`)', async (t) => {
  const { report, differing } = await fixtureRenames('rename-array-tests');
  t.true(report.compared >= 6, `only ${report.compared} symbols compared`);
  t.deepEqual(differing(), []);
});
