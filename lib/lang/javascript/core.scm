; Shared ECMAScript knowledge (JavaScript, TypeScript, TSX grammars).
; Every pattern sets a `role`; lib/extract/collect.ts interprets roles, captures name the parts.
; No text predicates: names such as `require` or `module.exports` are checked by the collector (cheaper).
; Node identity links matches: the same syntax node is the same object across all matches of one file.

; ---------------------------------------------------------------- scopes
([(statement_block) (for_statement) (for_in_statement) (catch_clause) (switch_body)] @scope (#set! role "scope.block"))
([(function_declaration) (generator_function_declaration) (function_expression) (generator_function)] @scope (#set! role "scope.function"))
((arrow_function) @scope (#set! role "scope.arrow"))
(class_body (method_definition) @scope (#set! role "scope.method"))
(class_body (class_static_block) @scope (#set! role "scope.static"))
(object (method_definition) @scope (#set! role "scope.function"))
((class) @scope (#set! role "scope.class"))
((class_declaration) @scope (#set! role "scope.class"))

; ---------------------------------------------------------------- definitions (symbols)
((function_declaration name: (identifier) @name body: (_) @body) @def (#set! role "def.function"))
((generator_function_declaration name: (identifier) @name body: (_) @body) @def (#set! role "def.function"))
((class_declaration name: (_) @name body: (_) @body) @def (#set! role "def.class"))
(class_body (method_definition name: (_) @name body: (_) @body) @def (#set! role "def.method"))
((variable_declarator name: (identifier) @name value: (_)? @value) @def (#set! role "def.var"))
; a class a function returns (mixins: `return class extends Base {…}`, `(Base) => class extends Base {…}`)
(return_statement (class name: (_)? @name body: (_) @body) @def (#set! role "def.class.returned"))
(arrow_function body: (class name: (_)? @name body: (_) @body) @def (#set! role "def.class.returned"))
; a class passed as an argument (`ViewPlugin.fromClass(class {…})`, `define('x-tag', class extends HTMLElement {…})`):
; its methods are symbols of it, and `this` in them is an instance of it
(arguments (class name: (_)? @name body: (_) @body) @def (#set! role "def.class.arg"))
; a named function expression a function returns (a factory: `return function normalize (opts) {…}`): a function of
; that function, as a nested declaration is; its name is bound only inside itself
(return_statement (function_expression name: (identifier) @name body: (_) @body) @def (#set! role "def.function.returned"))
; export default <anonymous class/function/arrow>
((export_statement value: [(class) (arrow_function) (function_expression)] @def) @export (#set! role "def.default"))

; object-literal methods and function-valued pairs of `const x = {…}` (Method of a Variable)
((variable_declarator name: (identifier) value: (object (method_definition name: (property_identifier) @name body: (_) @body) @def)) (#set! role "def.objmethod"))
((variable_declarator name: (identifier) value: (object (pair key: (property_identifier) @name value: [(arrow_function) (function_expression)] @value) @def)) (#set! role "def.objmethod"))
; the same in an object assigned to `module.exports` (koa's `module.exports = { get(field) {…}, set(…) {…} }`;
; the collector keeps only `module.exports = …` assignments)
((assignment_expression right: (object (method_definition name: (property_identifier) @name body: (_) @body) @def) @object) @assign (#set! role "def.cjs.objmethod"))
((assignment_expression right: (object (pair key: (property_identifier) @name value: [(arrow_function) (function_expression)] @value) @def) @object) @assign (#set! role "def.cjs.objmethod"))

; ---------------------------------------------------------------- local bindings (not symbols)
(arrow_function parameter: (identifier) @name @param (#set! role "decl.param"))
; parameter slots of every function, in order (a destructured parameter still takes its position)
([(function_declaration parameters: (formal_parameters (_) @param))
  (generator_function_declaration parameters: (formal_parameters (_) @param))
  (function_expression parameters: (formal_parameters (_) @param))
  (generator_function parameters: (formal_parameters (_) @param))
  (arrow_function parameters: (formal_parameters (_) @param))
  (method_definition parameters: (formal_parameters (_) @param))
  (arrow_function parameter: (identifier) @param)] @fn (#set! role "param.slot"))
(formal_parameters (comment) @comment (#set! role "comment"))
(catch_clause parameter: (identifier) @name (#set! role "decl.local"))
; a named function expression's name is bound only inside it (`const fact = function fact(n) { … fact(n - 1) }`: the
; inner name is no use of the const)
; (holding the function: a call of it inside runs it)
([(function_expression name: (identifier) @name) (generator_function name: (identifier) @name)] @value (#set! role "decl.local"))
(for_in_statement left: (identifier) @name operator: "in" (#set! role "decl.local"))
; `for (const x of xs)`: x is an element of xs
(for_in_statement left: (identifier) @name operator: "of" right: (_) @value (#set! role "decl.element"))
((object_pattern (shorthand_property_identifier_pattern) @name) @pattern (#set! role "decl.pattern"))
((object_pattern (pair_pattern key: (_) @key value: (identifier) @name)) @pattern (#set! role "decl.pattern"))
; a destructuring declaration: its entries are members of the initializer (or imports, from `require`)
((variable_declarator name: (object_pattern) @pattern value: (_) @value) (#set! role "var.pattern"))
; a pattern nested in another: members of the outer pattern's member (`({ selectors: { selectEntry } }) => …`)
((object_pattern (pair_pattern key: (property_identifier) @key value: (object_pattern) @pattern)) @outer (#set! role "pattern.nested"))
((object_pattern (pair_pattern key: (property_identifier) @key value: (assignment_pattern left: (object_pattern) @pattern))) @outer (#set! role "pattern.nested"))
((object_pattern (pair_pattern key: (property_identifier) @key value: (array_pattern) @pattern)) @outer (#set! role "pattern.nested"))
(array_pattern (identifier) @name (#set! role "decl.pattern"))
; an array pattern's names are elements of what it takes apart, by position (`const [a, b] = pair`,
; `for (const [key, value] of map)`, `([, v]) => …`)
((array_pattern (identifier) @name) @pattern (#set! role "pattern.array"))
((array_pattern (assignment_pattern left: (identifier) @name)) @pattern (#set! role "pattern.array"))
; … and its rest (`const [head, ...tail] = xs`): an array of the elements after them
((array_pattern (rest_pattern (identifier) @name)) @pattern (#set! role "pattern.rest"))
; the rest of an object pattern: what the pattern takes apart, less the keys written (`const { a, ...rest } = opts`)
((object_pattern (rest_pattern (identifier) @name)) @pattern (#set! role "pattern.rest"))
((variable_declarator name: (array_pattern) @pattern value: (_) @value) (#set! role "var.pattern"))
(for_in_statement left: (array_pattern) @pattern operator: "of" right: (_) @value (#set! role "pattern.of"))
(for_in_statement left: (object_pattern) @pattern operator: "of" right: (_) @value (#set! role "pattern.of"))
; a destructuring assignment (`[a, b] = [b, a]`, `({ p: c } = o)`, `for ([k, v] of pairs)` after `let k, v`): its names
; are the variables in scope, assigned, not declared
(assignment_expression left: [(array_pattern) (object_pattern)] @pattern (#set! role "pattern.assigned"))
(for_in_statement !kind left: [(array_pattern) (object_pattern)] @pattern (#set! role "pattern.assigned"))
; the first name of an array pattern and the declarator's value (`const [state, setState] = useState(init)`)
((variable_declarator name: (array_pattern . (identifier) @name) value: (call_expression) @value) (#set! role "pattern.first"))
(rest_pattern (identifier) @name (#set! role "decl.pattern"))
((object_pattern (object_assignment_pattern left: (shorthand_property_identifier_pattern) @name)) @pattern (#set! role "decl.pattern"))
(array_pattern (assignment_pattern left: (identifier) @name) (#set! role "decl.pattern"))
((object_pattern (pair_pattern key: (_) @key value: (assignment_pattern left: (identifier) @name))) @pattern (#set! role "decl.pattern"))

; ---------------------------------------------------------------- modules: ESM
((import_statement source: (string (string_fragment) @source)) @import (#set! role "import.module"))
((import_statement (import_clause (identifier) @local) source: (string (string_fragment) @source)) (#set! role "import.default"))
((import_statement (import_clause (named_imports (import_specifier name: (_) @name alias: (_)? @alias))) source: (string (string_fragment) @source)) (#not-eq? @name "default") (#set! role "import.named"))
; `import { default as x }`: a default import (TypeScript's grammar names the word as an identifier; JavaScript's keeps
; no node for it: plain.scm)
((import_statement (import_clause (named_imports (import_specifier name: (identifier) @name alias: (_) @alias))) source: (string (string_fragment) @source)) (#eq? @name "default") (#set! role "import.named.default"))
((import_statement (import_clause (namespace_import (identifier) @local)) source: (string (string_fragment) @source)) (#set! role "import.namespace"))
((call_expression function: (import) arguments: (arguments . (string (string_fragment) @source))) @call (#set! role "import.dynamic"))

((export_statement) @export (#set! role "export.statement"))
; decorators before `export` decorate the exported class (the checker's caller of `@Injectable()` is the class)
((export_statement . (decorator) @deco declaration: (_) @next) (#set! role "decorated"))
; every decorator: it is applied outside the class it decorates, whose `this` it does not see (see thisScope)
((decorator) @deco (#set! role "decorator"))
((export_statement value: (identifier) @name) @export (#set! role "export.default.name"))
; `export default { isObject, forEach }`, `export default new Store()`, `export default create(…)`: the module's default is that value
((export_statement value: [(object) (call_expression) (new_expression) (member_expression)] @name) @export (#set! role "export.default.name"))
((export_statement (export_clause (export_specifier name: (_) @name alias: (_)? @alias)) !source) @export (#set! role "export.local"))
((export_statement (export_clause (export_specifier name: (_) @name alias: (_)? @alias)) source: (string (string_fragment) @source)) @export (#set! role "export.from"))
((export_statement "*" source: (string (string_fragment) @source)) @export (#set! role "export.star"))
((export_statement (namespace_export (_) @alias) source: (string (string_fragment) @source)) @export (#set! role "export.star.as"))

; ---------------------------------------------------------------- modules: CommonJS
; `require('m')` anywhere; what it binds comes from the declarator around it (def.var, var.pattern)
((call_expression function: (identifier) @fn arguments: (arguments . (string (string_fragment) @source) .)) @call (#set! role "require.call"))
; `X.name = value`: an export when X is `exports` or `module.exports`, `module.exports = value` itself
((assignment_expression left: (member_expression object: [(identifier) (member_expression)] @object property: (property_identifier) @name) right: (_) @value) @assign (#set! role "assign.member"))
; entries of an object literal assigned that way (`module.exports = { a, b: c }`)
((assignment_expression right: (object (shorthand_property_identifier) @name)) @assign (#set! role "assign.entry"))
((assignment_expression right: (object (pair key: (property_identifier) @name value: (_) @value))) @assign (#set! role "assign.entry"))

; keys of an object literal assigned to a variable (`o = { a: 1 }`): members of the variable's declared type
((assignment_expression left: (identifier) @target right: (object (pair key: (property_identifier) @key))) (#set! role "assign.key"))
((assignment_expression left: (identifier) @target right: (object (shorthand_property_identifier) @key @short)) (#set! role "assign.key"))
((assignment_expression left: (identifier) @target right: (object (method_definition name: (property_identifier) @key))) (#set! role "assign.key"))

; ---------------------------------------------------------------- expressions (linked by node identity)
((call_expression function: (_) @callee) @call (#set! role "call"))
((new_expression constructor: (_) @callee) @call (#set! role "new"))
; every argument, in order: callbacks passed by name, and function arguments whose parameters take the
; callee's declared parameter types (contextual typing)
((call_expression arguments: (arguments (_) @arg)) @call (#set! role "call.arg"))
; a tagged template (``sql`select ${id}` ``): a call whose arguments are the strings and each substitution
((call_expression arguments: (template_string) @template) @call (#set! role "call.template"))
((call_expression arguments: (template_string (template_substitution) @sub)) @call (#set! role "call.template"))
((new_expression arguments: (arguments (_) @arg)) @call (#set! role "call.arg"))
(arguments (comment) @comment (#set! role "comment"))
; keys of an object literal pushed onto an array (`messages.push({ frame, notification })`): members of its element type
((call_expression function: (member_expression object: (_) @target property: (property_identifier) @fn) arguments: (arguments (object (pair key: (property_identifier) @key)))) (#set! role "push.key"))
((call_expression function: (member_expression object: (_) @target property: (property_identifier) @fn) arguments: (arguments (object (shorthand_property_identifier) @key @short))) (#set! role "push.key"))
; a conditional argument passes either branch (`new Observable(s ? (sub) => … : (sub) => …)`)
([(call_expression arguments: (arguments (ternary_expression consequence: (_) @branch) @arg)) (new_expression arguments: (arguments (ternary_expression consequence: (_) @branch) @arg))] @call (#set! role "call.arg.branch"))
([(call_expression arguments: (arguments (ternary_expression alternative: (_) @branch) @arg)) (new_expression arguments: (arguments (ternary_expression alternative: (_) @branch) @arg))] @call (#set! role "call.arg.branch"))
; functions given as properties of an object argument (`server.route({ path, handler: getUser })`): callbacks too
((call_expression arguments: (arguments (object (pair key: (property_identifier) @key value: [(identifier) (member_expression)] @arg)))) @call (#set! role "call.arg.prop"))
((call_expression arguments: (arguments (object (shorthand_property_identifier) @arg @key))) @call (#set! role "call.arg.prop"))
((member_expression object: (_) @object property: (_) @property) @member (#set! role "member"))
((parenthesized_expression (_) @inner) @wrap (#set! role "expr.wrap"))
; a sequence is worth its last expression: compiled CommonJS calls imports as `(0, utils_1.getGlsl)(version)`
((sequence_expression (_) @inner .) @wrap (#set! role "expr.wrap"))
; a chained assignment is worth its right side (`exports = module.exports = internals.X = class {…}`)
(assignment_expression right: (assignment_expression right: (_) @inner) @wrap (#set! role "expr.wrap"))
; … also as a declaration's value (`var proto = module.exports = function (options) {…}`)
(variable_declarator value: (assignment_expression right: (_) @inner) @wrap (#set! role "expr.wrap"))
; so is an assignment in parentheses (`const el = (vnode.el = createElement(tag))`): the checker types it as its right side
(parenthesized_expression (assignment_expression right: (_) @inner) @wrap (#set! role "expr.wrap"))
((await_expression (_) @inner) @wrap (#set! role "expr.await"))
; what a function returns: return statements (attributed to the innermost function) and arrow expression bodies
((return_statement (_) @value) @stmt (#set! role "return"))
((arrow_function body: (_) @value) @fn (#set! role "return.body"))
; assignments to a name or a `this.` member: a function symbol assigned again is not what its calls run
; (and what is assigned: a local declared without a value takes the values assigned to it)
((assignment_expression left: [(identifier) (member_expression object: (this))] @target right: (_) @value) (#set! role "assign.target"))
; a value that is one of two (`c ? a : b`, `a ?? b`, `a || b`): the resolver keeps what every branch agrees on
((ternary_expression consequence: (_) @branch alternative: (_) @branch) @either (#set! role "expr.either"))
; (no fields tested under binary_expression and if_statement: the walk then reads no field ids below these common nodes)
((binary_expression . (_) @branch "??" (_) @branch .) @either (#set! role "expr.either"))
((binary_expression . (_) @branch "||" (_) @branch .) @either (#set! role "expr.either"))
; `a && b` is b where it is used as an object (`let desc = node && find(node)`, `(a && b).m()`): the falsy values a
; may give instead (null, undefined, false, 0, "") have no project members — unless a is `any` (then so is the whole)
((binary_expression . (_) @left "&&" (_) @right .) @and (#set! role "expr.and"))
; `x instanceof C` wherever it is: the collector follows `&&`, `||` and parentheses up from it to what it decides (the
; rest of a conjunction or disjunction, an `if`'s or a conditional's branches, the rest of the block after an early
; exit: narrowByPlaces), where x is a C, or what its type leaves without C (`{ id: string } | StateNode` less StateNode)
((binary_expression . [(identifier) (member_expression)] @name "instanceof" [(identifier) (member_expression)] @type .) @test (#set! role "narrow.instanceof.test"))
; a call of an assertion as a statement whose first argument may hold a test (`invariant(x instanceof A, "…")`): where
; the callee asserts that argument (`asserts cond`), the rest of the block is where the tests in it held (narrowByPlaces)
((expression_statement (call_expression function: [(identifier) (member_expression)] @fn arguments: (arguments . (_) @cond))) @stmt (#set! role "flow.assert"))
; `this instanceof Layer`: `this` narrowed alike, in its own function and the arrows inside it (not in a function
; expression, whose `this` is its own)
((binary_expression . (this) @name "instanceof" [(identifier) (member_expression)] @type .) @test (#set! role "narrow.instanceof.test"))
; `if (Array.isArray(x)) a else b`, `if (!Array.isArray(x)) …`: x is the array parts of its type in a, the others in b
; (without `else`, a consequence that exits leaves the others, or the array parts, after the `if`: `@if`)
; (the collector checks the callee's text)
((if_statement condition: (parenthesized_expression (call_expression function: (member_expression object: (identifier) @obj property: (property_identifier) @prop) arguments: (arguments . (identifier) @name .))) consequence: (_) @body alternative: (else_clause (_) @else)?) @if (#set! role "narrow.isarray"))
((if_statement condition: (parenthesized_expression (unary_expression operator: "!" argument: (call_expression function: (member_expression object: (identifier) @obj property: (property_identifier) @prop) arguments: (arguments . (identifier) @name .)))) consequence: (_) @else alternative: (else_clause (_) @body)?) @if (#set! role "narrow.isarray"))
; `Array.isArray(x) ? x : [x]` (and `!Array.isArray(x) ? [x] : x`)
((ternary_expression condition: (call_expression function: (member_expression object: (identifier) @obj property: (property_identifier) @prop) arguments: (arguments . (identifier) @name .)) consequence: (_) @body alternative: (_) @else) (#set! role "narrow.isarray"))
((ternary_expression condition: (unary_expression operator: "!" argument: (call_expression function: (member_expression object: (identifier) @obj property: (property_identifier) @prop) arguments: (arguments . (identifier) @name .))) consequence: (_) @else alternative: (_) @body) (#set! role "narrow.isarray"))
; and through a name (`isArray(x)`, vue's `export const isArray: typeof Array.isArray = Array.isArray`, a guard declared
; `(v): v is any[]`): the resolver keeps the narrowing only where the name is one of those
((if_statement condition: (parenthesized_expression (call_expression function: (identifier) @fn arguments: (arguments . (identifier) @name .))) consequence: (_) @body alternative: (else_clause (_) @else)?) @if (#eq? @fn "isArray") (#set! role "narrow.isarray"))
((if_statement condition: (parenthesized_expression (unary_expression operator: "!" argument: (call_expression function: (identifier) @fn arguments: (arguments . (identifier) @name .)))) consequence: (_) @else alternative: (else_clause (_) @body)?) @if (#eq? @fn "isArray") (#set! role "narrow.isarray"))
((ternary_expression condition: (call_expression function: (identifier) @fn arguments: (arguments . (identifier) @name .)) consequence: (_) @body alternative: (_) @else) (#eq? @fn "isArray") (#set! role "narrow.isarray"))
((ternary_expression condition: (unary_expression operator: "!" argument: (call_expression function: (identifier) @fn arguments: (arguments . (identifier) @name .))) consequence: (_) @else alternative: (_) @body) (#eq? @fn "isArray") (#set! role "narrow.isarray"))
; `switch (x.kind) { case 'a': … }`: inside a case, x is the member type whose `kind` is 'a'
(switch_statement value: (parenthesized_expression (member_expression object: (identifier) @name property: (property_identifier) @key)) body: (switch_body (switch_case value: (string (string_fragment) @tag)) @case) @cases (#set! role "narrow.tag.case"))
; (an enum member as the tag, `case NodeTypes.ELEMENT:`, `ast.NodeTypes.ELEMENT`: the member types whose discriminant is
; declared that member)
(switch_statement value: (parenthesized_expression (member_expression object: (identifier) @name property: (property_identifier) @key)) body: (switch_body (switch_case value: (member_expression object: [(identifier) (member_expression)] property: (property_identifier)) @tag) @case) @cases (#set! role "narrow.tag.case"))
; `default:` of such a switch: x is the member types whose `kind` no case names (none left, an exhaustive switch: never)
(switch_statement value: (parenthesized_expression (member_expression object: (identifier) @name property: (property_identifier) @key)) body: (switch_body (switch_default) @case) @cases (#set! role "narrow.tag.default"))
; `x.kind === 'a'` wherever it is: the collector follows `&&`, `||` and parentheses up from it to what it decides (the
; rest of a conjunction or disjunction, an `if`'s or a conditional's branches: narrowByConditions)
((binary_expression left: (member_expression object: (identifier) @name property: (property_identifier) @key) right: (string (string_fragment) @tag)) @test (#set! role "narrow.tag.test"))
((binary_expression left: (member_expression object: (identifier) @name property: (property_identifier) @key) right: (member_expression object: [(identifier) (member_expression)] property: (property_identifier)) @tag) @test (#set! role "narrow.tag.test"))
; `x.path != null`, `x.data === undefined`: a test of a discriminant against a nullish keyword literal (the member types
; declaring `path?: undefined` beside `path: string`), `==`/`!=` against either of null and undefined
((binary_expression left: (member_expression object: (identifier) @name property: (property_identifier) @key) right: [(null) (undefined)] @tag) @test (#set! role "narrow.tag.test"))
; `if (r.success)`, `r.typed && …`, `!r.done ? … : …`: a truthiness test of a discriminant narrows as `r.success` not
; being a falsy keyword literal (with `!`: not `true`) would (narrowByConditions)
(if_statement condition: (parenthesized_expression (member_expression object: (identifier) @name property: (property_identifier) @key) @test) (#set! role "narrow.truthy.test"))
(if_statement condition: (parenthesized_expression (unary_expression operator: "!" @not argument: (member_expression object: (identifier) @name property: (property_identifier) @key)) @test) (#set! role "narrow.truthy.test"))
(binary_expression left: (member_expression object: (identifier) @name property: (property_identifier) @key) @test operator: ["&&" "||"] (#set! role "narrow.truthy.test"))
(binary_expression left: (unary_expression operator: "!" @not argument: (member_expression object: (identifier) @name property: (property_identifier) @key)) @test operator: ["&&" "||"] (#set! role "narrow.truthy.test"))
(binary_expression operator: ["&&" "||"] right: (member_expression object: (identifier) @name property: (property_identifier) @key) @test (#set! role "narrow.truthy.test"))
(binary_expression operator: ["&&" "||"] right: (unary_expression operator: "!" @not argument: (member_expression object: (identifier) @name property: (property_identifier) @key)) @test (#set! role "narrow.truthy.test"))
(ternary_expression condition: (member_expression object: (identifier) @name property: (property_identifier) @key) @test (#set! role "narrow.truthy.test"))
(ternary_expression condition: (unary_expression operator: "!" @not argument: (member_expression object: (identifier) @name property: (property_identifier) @key)) @test (#set! role "narrow.truthy.test"))
; … and on a path of properties (`this.state.kind === 'a'`, `switch (a.b.kind)`): the path is narrowed as a name is
; (its later reads in the same function, see narrowPath)
(switch_statement value: (parenthesized_expression (member_expression object: (member_expression) @name property: (property_identifier) @key)) body: (switch_body (switch_case value: (string (string_fragment) @tag)) @case) @cases (#set! role "narrow.tag.case"))
(switch_statement value: (parenthesized_expression (member_expression object: (member_expression) @name property: (property_identifier) @key)) body: (switch_body (switch_case value: (member_expression object: [(identifier) (member_expression)] property: (property_identifier)) @tag) @case) @cases (#set! role "narrow.tag.case"))
(switch_statement value: (parenthesized_expression (member_expression object: (member_expression) @name property: (property_identifier) @key)) body: (switch_body (switch_default) @case) @cases (#set! role "narrow.tag.default"))
((binary_expression left: (member_expression object: (member_expression) @name property: (property_identifier) @key) right: (string (string_fragment) @tag)) @test (#set! role "narrow.tag.test"))
((binary_expression left: (member_expression object: (member_expression) @name property: (property_identifier) @key) right: (member_expression object: [(identifier) (member_expression)] property: (property_identifier)) @tag) @test (#set! role "narrow.tag.test"))
((binary_expression left: (member_expression object: (member_expression) @name property: (property_identifier) @key) right: [(null) (undefined)] @tag) @test (#set! role "narrow.tag.test"))
; a discriminant tested through a path (`node.tuple[0].kind === "variadic"`, `this.state.kind === 'a'`, `switch
; (a.b.kind)`): the checker narrows that reference where the test decides; the collector marks the path's later reads
(binary_expression left: (member_expression object: [(member_expression) (subscript_expression)] @recv property: (property_identifier)) right: (string (string_fragment) @tag) (#set! role "narrow.path.test"))
(binary_expression left: (member_expression object: [(member_expression) (subscript_expression)] @recv property: (property_identifier)) right: (member_expression) @tag (#set! role "narrow.path.test"))
(switch_statement value: (parenthesized_expression (member_expression object: [(member_expression) (subscript_expression)] @recv property: (property_identifier))) (#set! role "narrow.path.test"))
; (and `'tokens' in item.tokens[0]`, which narrows that path to the member types declaring the key)
(binary_expression left: (string) operator: "in" right: [(member_expression) (subscript_expression)] @recv (#set! role "narrow.path.test"))
; an `if` without `else` whose consequence ends in an exit (`return`, `throw`, `continue`, `break`): the rest of its
; block is reached only where the condition failed (`if (x.kind !== 'a') return`: x is an 'a' there)
((if_statement consequence: [(return_statement) (throw_statement) (continue_statement) (break_statement) (statement_block [(return_statement) (throw_statement) (continue_statement) (break_statement)] .) (statement_block [(return_statement) (throw_statement) (continue_statement) (break_statement)] . (comment) .)] !alternative) @if (#set! role "flow.exit.if"))
; a switch's clauses: an exit's narrowing in one ends with it, as another clause is entered from the switch
([(switch_case) (switch_default)] @construct (#set! role "flow.clause"))
; (a clause whose last statement is an exit does not fall into the next one)
([(switch_case [(return_statement) (throw_statement) (continue_statement) (break_statement) (statement_block [(return_statement) (throw_statement) (continue_statement) (break_statement)] .) (statement_block [(return_statement) (throw_statement) (continue_statement) (break_statement)] . (comment) .)] .) (switch_case [(return_statement) (throw_statement) (continue_statement) (break_statement) (statement_block [(return_statement) (throw_statement) (continue_statement) (break_statement)] .) (statement_block [(return_statement) (throw_statement) (continue_statement) (break_statement)] . (comment) .)] . (comment) .) (switch_default [(return_statement) (throw_statement) (continue_statement) (break_statement) (statement_block [(return_statement) (throw_statement) (continue_statement) (break_statement)] .) (statement_block [(return_statement) (throw_statement) (continue_statement) (break_statement)] . (comment) .)] .) (switch_default [(return_statement) (throw_statement) (continue_statement) (break_statement) (statement_block [(return_statement) (throw_statement) (continue_statement) (break_statement)] .) (statement_block [(return_statement) (throw_statement) (continue_statement) (break_statement)] . (comment) .)] . (comment) .)] @construct (#set! role "flow.clause.exit"))
; where else a value may be narrowed: conditional statements, conditional and logical expressions, tests, and the
; exits that end a path (a read after them sees what the tests before it leave; see markWholeReads)
((if_statement condition: (_) @cond consequence: (_) @branch) @construct (#set! role "flow.stmt"))
((switch_statement value: (_) @cond) @construct (#set! role "flow.stmt"))
; (loops apart: a test in one may be reached again after an exit that follows it in the text)
((while_statement condition: (_) @cond) @construct (#set! role "flow.loop"))
((do_statement condition: (_) @cond) @construct (#set! role "flow.loop"))
((for_statement condition: (_) @cond) @construct (#set! role "flow.loop"))
((for_statement !condition) @construct (#set! role "flow.loop"))
((for_in_statement) @construct (#set! role "flow.loop"))
((ternary_expression condition: (_) @cond consequence: (_) @branch) @construct (#set! role "flow.expr"))
((binary_expression left: (_) @cond operator: ["&&" "||" "??"] @op) @construct (#set! role "flow.expr"))
; (tests of a name's member only: what markWholeReads asks about a member read)
((binary_expression left: (member_expression object: (identifier)) operator: ["===" "!==" "==" "!="]) @construct (#set! role "flow.test"))
((binary_expression operator: ["===" "!==" "==" "!="] right: (member_expression object: (identifier))) @construct (#set! role "flow.test"))
((unary_expression operator: ["!" "typeof"] argument: (member_expression object: (identifier))) @construct (#set! role "flow.test"))
((parenthesized_expression (member_expression object: (identifier)) @construct) (#set! role "flow.test"))
; a name tested for truthiness (`!x`, `x && …`, `if (x)`): only falsy types leave, never an object type
((unary_expression operator: "!" argument: (identifier) @construct) (#set! role "flow.truthy"))
((binary_expression left: (identifier) @construct operator: ["&&" "||" "??"]) (#set! role "flow.truthy"))
((binary_expression operator: ["&&" "||" "??"] right: (identifier) @construct) (#set! role "flow.truthy"))
((ternary_expression condition: (identifier) @construct) (#set! role "flow.truthy"))
((if_statement condition: (parenthesized_expression (identifier) @construct)) (#set! role "flow.truthy"))
((return_statement) @construct (#set! role "flow.exit"))
((throw_statement) @construct (#set! role "flow.exit"))
((break_statement) @construct (#set! role "flow.exit"))
((continue_statement) @construct (#set! role "flow.exit"))
; `xs[i]`: an element of xs (`obj[$mobx]`: maybe the member declared with that computed name)
((subscript_expression object: (_) @inner) @wrap (#set! role "expr.element"))
((subscript_expression index: [(identifier) (member_expression object: (identifier) property: (property_identifier))] @key) @wrap (#set! role "expr.element.key"))
; `handler['reset']`: a string index names a member, as `handler.reset` does
((subscript_expression index: (string (string_fragment) @key)) @wrap (#set! role "expr.element.name"))
; `pair[1]`: a position (a tuple's element)
((subscript_expression index: (number) @key) @wrap (#set! role "expr.element.at"))
; `[...xs]`: an array of xs's elements
((array . (spread_element (_) @inner) .) @wrap (#set! role "expr.spread.array"))
; `...xs` among an array literal's items: xs's elements, at no known position (see listValue)
(array (spread_element (_) @inner) @wrap (#set! role "expr.spread.array"))
; the items of an array literal a call takes (`Promise.all([a(), b()])`: a tuple of what each gives; `traverse(node,
; [(n, delta) => …])`: functions typed by the parameter's element type)
(arguments (array (_) @item) @list (#set! role "arg.list.item"))
; the pairs of an array literal a constructor takes (`new Map([['a', a], ['b', b]])`: a map of a and b)
(new_expression arguments: (arguments . (array (array (_) @item) @list)) (#set! role "arg.list.item"))
; an array literal a variable holds, a function returns, a loop iterates, a method is called on or a conditional gives
; (`const all = [a, b]`, `return [a, b]`, `for (const p of [a, b])`, `[a, b].forEach(…)`, `c ? xs : [x]`): an array of
; its items
(variable_declarator value: (array (_) @item) @list (#set! role "arg.list.item"))
(return_statement (array (_) @item) @list (#set! role "arg.list.item"))
(arrow_function body: (array (_) @item) @list (#set! role "arg.list.item"))
(ternary_expression consequence: (array (_) @item) @list (#set! role "arg.list.item"))
(ternary_expression alternative: (array (_) @item) @list (#set! role "arg.list.item"))
(for_in_statement right: (array (_) @item) @list (#set! role "arg.list.item"))
(member_expression object: (array (_) @item) @list (#set! role "arg.list.item"))
; an object literal's entry (`{ issues: [{ kind: 'a' }] }`): the items are elements of the key's member type where the
; literal has a contextual type, as the checker types them
(pair value: (array (_) @item) @list (#set! role "arg.list.item"))
((this) @this (#set! role "expr.this"))
; `import.meta`: a value of the global interface `ImportMeta` (a project's `interface ImportMeta { env: … }` merges there)
((meta_property) @meta (#set! role "expr.meta"))
((super) @super (#set! role "expr.super"))
; object literal values: keys, values and spreads in order (a factory's `return { select, update }`, `{ ...base, x }`)
((object (pair key: (property_identifier) @key value: (_) @value)) @object (#set! role "expr.object.entry"))
((object (shorthand_property_identifier) @key) @object (#set! role "expr.object.entry"))
((object (method_definition name: (property_identifier) @key) @value) @object (#set! role "expr.object.entry"))
; (a quoted key names its member as a plain one does: `'~run'(d) { this.cache.get(…) }`, `'a-b': v`)
((object (pair key: (string) @key value: (_) @value)) @object (#set! role "expr.object.entry"))
((object (method_definition name: (string) @key) @value) @object (#set! role "expr.object.entry"))
((object (spread_element (_) @value)) @object (#set! role "expr.object.spread"))
; a key that is not a plain name (`[k]: v`, `1: v`): any name may be that one
((object (pair key: [(computed_property_name) (number)]) @entry) @object (#set! role "expr.object.open"))
((object (method_definition name: [(computed_property_name) (string) (number)]) @entry) @object (#set! role "expr.object.open"))
; literals matter only as receivers (`[].map()`, `"a".split()`): built-in methods, not project calls
(member_expression object: [(string) (template_string) (number) (array) (object) (regex) (true) (false) (null) (undefined)] @literal (#set! role "expr.literal"))
; a number, regular expression or template literal a name is declared with (`const re = /x/`, `const n = 5`): a
; built-in value, whose members are the built-ins' (a quoted string is told by its text, see exprUncached)
(variable_declarator value: [(number) (regex) (template_string)] @literal (#set! role "expr.literal"))

; ---------------------------------------------------------------- occurrences
((identifier) @id (#set! role "id"))
((shorthand_property_identifier) @id (#set! role "id.shorthand"))

; ---------------------------------------------------------------- declaration details
(variable_declaration (variable_declarator) @decl (#set! role "var.var"))
(lexical_declaration "let" (variable_declarator) @decl (#set! role "var.let"))
