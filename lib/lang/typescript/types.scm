; TypeScript-only knowledge: type declarations, annotations, parameters, heritage, overloads.

; ---------------------------------------------------------------- scopes holding type parameters
([(interface_declaration) (type_alias_declaration) (function_signature) (method_signature) (abstract_method_signature) (function_type) (constructor_type) (call_signature) (construct_signature) (conditional_type)] @scope (#set! role "scope.type"))
; a mapped type's member (`[K in keyof T]: T[K]`): its key is a type parameter seen in it only
((index_signature (mapped_type_clause)) @scope (#set! role "scope.type"))
((abstract_class_declaration) @scope (#set! role "scope.class"))

; ---------------------------------------------------------------- definitions
((abstract_class_declaration name: (_) @name body: (_) @body) @def (#set! role "def.class.abstract"))
((function_signature name: (identifier) @name) @def (#set! role "def.function.signature"))
(class_body (method_signature name: (_) @name) @def (#set! role "def.method.signature"))
(class_body (abstract_method_signature name: (_) @name) @def (#set! role "def.method.abstract"))
; a member's decorators are its siblings in the class body (in JavaScript's grammar they are inside it)
(class_body (decorator) @deco . (_) @next (#set! role "decorated"))
; (a comment or two between a decorator and its member: `@Log()` then `/** Runs it. */` then the method)
(class_body (decorator) @deco . (comment) . (_) @next (#set! role "decorated"))
(class_body (decorator) @deco . (comment) . (comment) . (_) @next (#set! role "decorated"))
(class_body (public_field_definition name: [(property_identifier) (private_property_identifier) (computed_property_name)] @name type: (type_annotation (_) @type)? value: (_)? @value) @def (#set! role "def.field"))
((interface_declaration name: (_) @name body: (_) @body) @def (#set! role "def.interface"))
(interface_body (method_signature name: (_) @name) @def (#set! role "def.interface.method"))
(interface_body (property_signature name: (_) @name type: (type_annotation (_) @type)?) @def (#set! role "def.interface.property"))
((type_alias_declaration name: (_) @name value: (_) @value) @def (#set! role "def.type"))
; members of the object types a type alias names (`type Options = { retry: number; onError(e: Error): void }`, also as a
; part of an intersection or a union, `Base & { extra?: X }`): the alias's members, each a declaration of its own to the
; checker as an interface's are (`@host`: the object type they belong to)
(type_alias_declaration value: [(object_type (method_signature name: (_) @name) @def) @host (parenthesized_type (object_type (method_signature name: (_) @name) @def) @host)] (#set! role "def.interface.method"))
(type_alias_declaration value: [(object_type (property_signature name: (_) @name type: (type_annotation (_) @type)?) @def) @host (parenthesized_type (object_type (property_signature name: (_) @name type: (type_annotation (_) @type)?) @def) @host)] (#set! role "def.interface.property"))
; (`type Factory = Readonly<{ is(node: Node): node is Leaf }>`: the global types whose members are their argument's, as
; TypeNames' `same` reads them, keep the object type's members the alias's)
(type_alias_declaration value: (generic_type name: (type_identifier) @generic type_arguments: (type_arguments . (object_type (method_signature name: (_) @name) @def) @host .)) (#any-of? @generic "Readonly" "Partial" "Required") (#set! role "def.interface.method"))
(type_alias_declaration value: (generic_type name: (type_identifier) @generic type_arguments: (type_arguments . (object_type (property_signature name: (_) @name type: (type_annotation (_) @type)?) @def) @host .)) (#any-of? @generic "Readonly" "Partial" "Required") (#set! role "def.interface.property"))
; (a part of a union or an intersection, `@part`: `A | B | C` nests to the left, so a part may be any number of
; operations deep; the collector keeps the parts the alias's value is made of, not a union written inside a member or
; a type argument)
((union_type (object_type (method_signature name: (_) @name) @def) @host) @part (#set! role "def.interface.method"))
((intersection_type (object_type (method_signature name: (_) @name) @def) @host) @part (#set! role "def.interface.method"))
((union_type (object_type (property_signature name: (_) @name type: (type_annotation (_) @type)?) @def) @host) @part (#set! role "def.interface.property"))
((intersection_type (object_type (property_signature name: (_) @name type: (type_annotation (_) @type)?) @def) @host) @part (#set! role "def.interface.property"))
((enum_declaration name: (_) @name body: (_) @body) @def (#set! role "def.enum"))
; an enum's body is a scope of its members: a member's initializer reads another by its bare name (`Root = 9 * _multiplier`)
((enum_body) @scope (#set! role "scope.block"))
(enum_body name: (property_identifier) @name @def (#set! role "def.enum.member"))
(enum_body (enum_assignment name: (property_identifier) @name) @def (#set! role "def.enum.member"))
((internal_module name: (identifier) @name body: (_) @body) @def (#set! role "def.namespace"))
; `namespace app.models.fbs { … }` (flatbuffers' generated code): a namespace in a namespace in a namespace
((internal_module name: (nested_identifier) @name body: (_) @body) @def (#set! role "def.namespace"))

; return types and annotations, attached to their owner by node identity
((function_declaration return_type: (type_annotation (_) @type)) @owner (#set! role "returns"))
((generator_function_declaration return_type: (type_annotation (_) @type)) @owner (#set! role "returns"))
((function_signature return_type: (type_annotation (_) @type)) @owner (#set! role "returns"))
((method_definition return_type: (type_annotation (_) @type)) @owner (#set! role "returns"))
((method_signature return_type: (type_annotation (_) @type)) @owner (#set! role "returns"))
((abstract_method_signature return_type: (type_annotation (_) @type)) @owner (#set! role "returns"))
((arrow_function return_type: (type_annotation (_) @type)) @owner (#set! role "returns"))
((function_expression return_type: (type_annotation (_) @type)) @owner (#set! role "returns"))
; a type guard's predicate (`isFoo(x: unknown): x is Foo`): inside `if (isFoo(v)) …`, v is a Foo
((function_declaration return_type: (type_predicate_annotation (type_predicate type: (_) @type))) @owner (#set! role "returns.predicate"))
((function_signature return_type: (type_predicate_annotation (type_predicate type: (_) @type))) @owner (#set! role "returns.predicate"))
((method_definition return_type: (type_predicate_annotation (type_predicate type: (_) @type))) @owner (#set! role "returns.predicate"))
((method_signature return_type: (type_predicate_annotation (type_predicate type: (_) @type))) @owner (#set! role "returns.predicate"))
((arrow_function return_type: (type_predicate_annotation (type_predicate type: (_) @type))) @owner (#set! role "returns.predicate"))
((function_expression return_type: (type_predicate_annotation (type_predicate type: (_) @type))) @owner (#set! role "returns.predicate"))
; a method guard's predicate (`isLeaf(): this is Leaf`): inside `if (node.isLeaf()) …`, node is a Leaf
((method_definition return_type: (type_predicate_annotation (type_predicate name: (this) type: (_) @type))) @owner (#set! role "returns.predicate.this"))
((method_signature return_type: (type_predicate_annotation (type_predicate name: (this) type: (_) @type))) @owner (#set! role "returns.predicate.this"))
((abstract_method_signature return_type: (type_predicate_annotation (type_predicate name: (this) type: (_) @type))) @owner (#set! role "returns.predicate.this"))
; a call of a method on a name as the whole condition, the left of `&&` or a conditional's test (`if (node.isLeaf())
; …`, `node.hasKind('leaf') && …`), or negated before an early exit: the name is narrowed by the method's `this is T`
(if_statement . (parenthesized_expression (call_expression function: (member_expression object: (identifier) @name)) @call) . (_) @body (#set! role "narrow.guard.self"))
(binary_expression . (call_expression function: (member_expression object: (identifier) @name)) @call "&&" (_) @body . (#set! role "narrow.guard.self"))
(if_statement . (parenthesized_expression (binary_expression . (call_expression function: (member_expression object: (identifier) @name)) @call "&&" (_) .)) . (_) @body (#set! role "narrow.guard.self"))
(ternary_expression condition: (call_expression function: (member_expression object: (identifier) @name)) @call consequence: (_) @body (#set! role "narrow.guard.self"))
((if_statement condition: (parenthesized_expression (unary_expression operator: "!" argument: (call_expression function: (member_expression object: (identifier) @name)) @call)) consequence: [(return_statement) (throw_statement) (continue_statement) (statement_block [(return_statement) (throw_statement) (continue_statement)] .) (statement_block [(return_statement) (throw_statement) (continue_statement)] . (comment) .)] !alternative) @if (#set! role "narrow.guard.self.exit"))
; … and on a path of properties (`l.node.hasKind("morph") && l.node.m()`): the checker narrows that reference alike
; (the collector keeps paths of names rooted at a name or `this`, see forEachPathOccurrence)
(if_statement . (parenthesized_expression (call_expression function: (member_expression object: (member_expression) @name)) @call) . (_) @body (#set! role "narrow.guard.self"))
(binary_expression . (call_expression function: (member_expression object: (member_expression) @name)) @call "&&" (_) @body . (#set! role "narrow.guard.self"))
(if_statement . (parenthesized_expression (binary_expression . (call_expression function: (member_expression object: (member_expression) @name)) @call "&&" (_) .)) . (_) @body (#set! role "narrow.guard.self"))
(ternary_expression condition: (call_expression function: (member_expression object: (member_expression) @name)) @call consequence: (_) @body (#set! role "narrow.guard.self"))
((if_statement condition: (parenthesized_expression (unary_expression operator: "!" argument: (call_expression function: (member_expression object: (member_expression) @name)) @call)) consequence: [(return_statement) (throw_statement) (continue_statement) (statement_block [(return_statement) (throw_statement) (continue_statement)] .) (statement_block [(return_statement) (throw_statement) (continue_statement)] . (comment) .)] !alternative) @if (#set! role "narrow.guard.self.exit"))
; the same call anywhere in a condition: where it failed (`child.isBasis() ? … : child.reduce()`, an `else`, the rest of
; the block after `if (x.isLeaf()) return;`), the name is what its type leaves without the method's `this is T`
((call_expression function: (member_expression object: (identifier) @name)) @test (#set! role "narrow.guard.self.test"))
((call_expression function: (member_expression object: (member_expression) @name)) @test (#set! role "narrow.guard.self.test"))
; an assertion function's predicate (`assertAdmin(u: User): asserts u is Admin`): after `assertAdmin(x);`, x is an Admin
((function_declaration return_type: (asserts_annotation (asserts (type_predicate name: (identifier) @subject type: (_) @type)))) @owner (#set! role "returns.asserts"))
((function_signature return_type: (asserts_annotation (asserts (type_predicate name: (identifier) @subject type: (_) @type)))) @owner (#set! role "returns.asserts"))
((method_definition return_type: (asserts_annotation (asserts (type_predicate name: (identifier) @subject type: (_) @type)))) @owner (#set! role "returns.asserts"))
((method_signature return_type: (asserts_annotation (asserts (type_predicate name: (identifier) @subject type: (_) @type)))) @owner (#set! role "returns.asserts"))
; an assertion function of a condition (`invariant(cond: unknown, message?: string): asserts cond`)
((function_declaration return_type: (asserts_annotation (asserts (identifier) @subject))) @owner (#set! role "returns.asserts.cond"))
((function_signature return_type: (asserts_annotation (asserts (identifier) @subject))) @owner (#set! role "returns.asserts.cond"))
((method_definition return_type: (asserts_annotation (asserts (identifier) @subject))) @owner (#set! role "returns.asserts.cond"))
((method_signature return_type: (asserts_annotation (asserts (identifier) @subject))) @owner (#set! role "returns.asserts.cond"))
; a call whose first argument is a name, as a statement: the name narrowed from there to the end of the block, where
; the callee asserts it
((expression_statement (call_expression function: [(identifier) (member_expression)] @fn arguments: (arguments . [(identifier) (member_expression)] @name))) @stmt (#set! role "narrow.assert"))
; a const without a type holding a condition (`const isRange = $isRangeSelection(sel) && ready`): where it is tested,
; the tests in it narrow as if written there (TypeScript's aliased conditions; narrowByPlaces)
((lexical_declaration kind: "const" (variable_declarator name: (identifier) @name !type value: (_) @value)) (#set! role "flow.alias"))
; the name a predicate speaks of (`(el): el is Leaf => …`) is no read of it and narrows nothing where it is written
((type_predicate name: (identifier) @construct) (#set! role "flow.inert"))
; a guard call whose first argument is a name, wherever it is: the collector follows `&&`, `||` and parentheses up
; from it to what it decides (narrowByPlaces): x is narrowed by the callee's predicate where the call held, and is what
; its type leaves without the predicate's type where it failed (`isNode(x) && x.kind`, `a && !isNode(x) ? … : x.kind`,
; `if (!is(x, C)) return;`); the resolver keeps the narrowing only where the callee is a guard
((call_expression function: [(identifier) (member_expression)] @fn arguments: (arguments . [(identifier) (member_expression)] @name)) @test (#set! role "narrow.guard.test"))
; a tuple type's items, by position (`[User, number]`; a labelled one, `[user: User]`, by its type)
((tuple_type (_) @item @pos) @list (#set! role "type.tuple.item"))
((tuple_type (required_parameter type: (type_annotation (_) @item)) @pos) @list (#set! role "type.tuple.item"))
; (an optional one, `[options?: Opts]`, `[Opts?]`: its type, as a literal written there is typed)
((tuple_type (optional_parameter type: (type_annotation (_) @item)) @pos) @list (#set! role "type.tuple.item"))
((tuple_type (optional_type (_) @item) @pos) @list (#set! role "type.tuple.item"))
; (a rest item, `[Mixed, Mixed, ...Array<Mixed>]`: a spread of its array type, whose elements the positions from there on hold)
(tuple_type (rest_type (_) @inner) @wrap (#set! role "expr.spread.array"))
((variable_declarator type: (type_annotation (_) @type)) @owner (#set! role "annotated"))
; a function assigned to a member (`handlers.focus = (view) => …`, `this.onChange = (v) => …`): its unannotated
; parameters are those of the member's declared type (contextual typing by the assignment's target)
((assignment_expression left: (member_expression object: (_) @object property: (property_identifier) @name) right: [(arrow_function) (function_expression)] @fn) (#set! role "fn.assigned"))
; keys of an object literal bound to an annotated variable (`const p: Provider = { a: 1, b, m() {} }`): members of that type
((variable_declarator type: (type_annotation (_) @type) value: (object (pair key: (property_identifier) @key))) @owner (#set! role "objlit.key"))
((variable_declarator type: (type_annotation (_) @type) value: (object (shorthand_property_identifier) @key @short)) @owner (#set! role "objlit.key"))
((variable_declarator type: (type_annotation (_) @type) value: (object (method_definition name: (property_identifier) @key))) @owner (#set! role "objlit.key"))
; (either branch of a conditional, or in parentheses)
((variable_declarator type: (type_annotation (_) @type) value: [(parenthesized_expression (object (pair key: (property_identifier) @key))) (ternary_expression consequence: (object (pair key: (property_identifier) @key))) (ternary_expression alternative: (object (pair key: (property_identifier) @key)))]) @owner (#set! role "objlit.key"))
((variable_declarator type: (type_annotation (_) @type) value: [(parenthesized_expression (object (shorthand_property_identifier) @key @short)) (ternary_expression consequence: (object (shorthand_property_identifier) @key @short)) (ternary_expression alternative: (object (shorthand_property_identifier) @key @short))]) @owner (#set! role "objlit.key"))
; … and of an object literal asserted to a type (`({ a: 1 } as Provider)`)
; a class field's typed initializer (`state: State = { pos, hooks: null }`): its keys, as a typed declaration's
((public_field_definition type: (type_annotation (_) @type) value: (object (pair key: (property_identifier) @key))) (#set! role "objlit.key"))
((public_field_definition type: (type_annotation (_) @type) value: (object (shorthand_property_identifier) @key @short)) (#set! role "objlit.key"))
((public_field_definition type: (type_annotation (_) @type) value: (object (method_definition name: (property_identifier) @key))) (#set! role "objlit.key"))
; an object or array literal assigned to a member or an element (`this.state = { … }`, `s.pos = { … }`, `xs[0] = { … }`):
; its keys name members of the target's declared type, the checker's contextual type of the assignment
((assignment_expression left: [(member_expression) (subscript_expression)] @target right: [(object) (array)] @value) (#set! role "assign.literal"))
; (either branch of a conditional, also of one in its alternative: `this.cache = c === undefined ? { … } : c === false ?
; { … } : { … }`; or in parentheses)
((assignment_expression left: [(member_expression) (subscript_expression)] @target right: [(parenthesized_expression (object) @value) (ternary_expression consequence: (object) @value) (ternary_expression alternative: (object) @value)]) (#set! role "assign.literal"))
((assignment_expression left: [(member_expression) (subscript_expression)] @target right: (ternary_expression alternative: (ternary_expression consequence: (object) @value))) (#set! role "assign.literal"))
((assignment_expression left: [(member_expression) (subscript_expression)] @target right: (ternary_expression alternative: (ternary_expression alternative: (object) @value))) (#set! role "assign.literal"))
; an array literal assigned to a declared variable (`steps = [{ state }]` of `let steps: Step[]`): its items are elements
((assignment_expression left: (identifier) @target right: (array) @value) (#set! role "assign.literal"))
(assignment_expression left: [(member_expression) (subscript_expression) (identifier)] right: (array (_) @item) @list (#set! role "arg.list.item"))
((as_expression (object (pair key: (property_identifier) @key)) . (_) @type) (#set! role "objlit.key"))
; the keys of an object literal a function returns (`return { rule }`, an arrow's `({ rule })`, either branch of a
; conditional): members of the function's declared result, when it has one
([(return_statement [(object (pair key: (property_identifier) @key)) (parenthesized_expression (object (pair key: (property_identifier) @key))) (ternary_expression consequence: (object (pair key: (property_identifier) @key))) (ternary_expression alternative: (object (pair key: (property_identifier) @key))) (parenthesized_expression (ternary_expression consequence: (object (pair key: (property_identifier) @key)))) (parenthesized_expression (ternary_expression alternative: (object (pair key: (property_identifier) @key))))] @value)
  (arrow_function body: [(parenthesized_expression (object (pair key: (property_identifier) @key))) (ternary_expression consequence: (object (pair key: (property_identifier) @key))) (ternary_expression alternative: (object (pair key: (property_identifier) @key))) (parenthesized_expression (ternary_expression consequence: (object (pair key: (property_identifier) @key)))) (parenthesized_expression (ternary_expression alternative: (object (pair key: (property_identifier) @key))))] @value)] (#set! role "return.key"))
; … and the names of its methods (`return { id, touch() {} }`)
([(return_statement [(object (method_definition name: (property_identifier) @key)) (parenthesized_expression (object (method_definition name: (property_identifier) @key))) (ternary_expression consequence: (object (method_definition name: (property_identifier) @key))) (ternary_expression alternative: (object (method_definition name: (property_identifier) @key)))] @value)
  (arrow_function body: [(parenthesized_expression (object (method_definition name: (property_identifier) @key))) (ternary_expression consequence: (object (method_definition name: (property_identifier) @key))) (ternary_expression alternative: (object (method_definition name: (property_identifier) @key)))] @value)] (#set! role "return.key"))
([(return_statement [(object (shorthand_property_identifier) @key @short) (parenthesized_expression (object (shorthand_property_identifier) @key @short)) (ternary_expression consequence: (object (shorthand_property_identifier) @key @short)) (ternary_expression alternative: (object (shorthand_property_identifier) @key @short)) (parenthesized_expression (ternary_expression consequence: (object (shorthand_property_identifier) @key @short))) (parenthesized_expression (ternary_expression alternative: (object (shorthand_property_identifier) @key @short)))] @value)
  (arrow_function body: [(parenthesized_expression (object (shorthand_property_identifier) @key @short)) (ternary_expression consequence: (object (shorthand_property_identifier) @key @short)) (ternary_expression alternative: (object (shorthand_property_identifier) @key @short)) (parenthesized_expression (ternary_expression consequence: (object (shorthand_property_identifier) @key @short))) (parenthesized_expression (ternary_expression alternative: (object (shorthand_property_identifier) @key @short)))] @value)] (#set! role "return.key"))

((as_expression (object (shorthand_property_identifier) @key @short) . (_) @type) (#set! role "objlit.key"))
; … and of one that `satisfies` a type (`{ onFail: null } satisfies Config`: the type is its contextual type)
((satisfies_expression (object (pair key: (property_identifier) @key)) . (_) @type) (#set! role "objlit.key"))
((satisfies_expression (object (shorthand_property_identifier) @key @short) . (_) @type) (#set! role "objlit.key"))
; (the literals nested in such a literal, and the parameters of its functions, are typed by the members' types)
([(satisfies_expression (object) @object . (_) @type) (as_expression (object) @object . (_) @type)] (#set! role "objlit.typed"))

; parameters: plain, typed, parameter properties (constructor(private svc: Svc))
((required_parameter pattern: (identifier) @name type: (type_annotation (_) @type)? value: (_)? @value) @param (#set! role "decl.param.typed"))
((optional_parameter pattern: (identifier) @name type: (type_annotation (_) @type)?) @param (#set! role "decl.param.typed"))
((required_parameter (accessibility_modifier) pattern: (identifier) @name type: (type_annotation (_) @type)?) @param (#set! role "def.param.property"))
((optional_parameter (accessibility_modifier) pattern: (identifier) @name type: (type_annotation (_) @type)?) @param (#set! role "def.param.property"))
((required_parameter "readonly" pattern: (identifier) @name type: (type_annotation (_) @type)?) @param (#set! role "def.param.property"))
; `'error' in res`: where the test holds (an `if`'s consequence, the right of `&&`, a conditional's first branch), res
; is the member types of its union that may have the member, as the checker narrows (see narrowByConditions)
((binary_expression left: (string (string_fragment) @key) operator: "in" right: (identifier) @name) @test (#set! role "narrow.in.test"))
; … and so is a path, `'tokens' in item.tokens[0]` (see narrowPath)
((binary_expression left: (string (string_fragment) @key) operator: "in" right: [(member_expression) (subscript_expression)] @recv) @test (#set! role "narrow.in.path.test"))
; a rest parameter's type (`...vals: Todo[]`: an array of Todos), the type of the name its pattern declares
((required_parameter pattern: (rest_pattern (identifier) @name) type: (type_annotation (_) @type)) (#set! role "rest.param.type"))
; … and of one taken apart, `...[options]: [options?: Opts]` (a tuple: the arguments from there on by position)
((required_parameter pattern: (rest_pattern (array_pattern) @name) type: (type_annotation (_) @type)) (#set! role "rest.param.type"))
; a type parameter's constraint is its local's type (`<T extends Base>`: a T has Base's members)
(type_parameter name: (type_identifier) @name constraint: (constraint (_) @type)? value: (default_type (_) @dflt)? (#set! role "decl.type.param"))
; `infer x` declares a type parameter of its conditional type (seen in its branches), shadowing any type `x`; its
; constraint (`infer R extends Route`) is its type, as a type parameter's is (`R['id']` is Route's member)
; (`@nested`: a type parameter of a type, not of the declaration it sits in: never a class's or an interface's own)
((infer_type . (type_identifier) @name .) @nested (#set! role "decl.type.param"))
((infer_type . (type_identifier) @name . (_) @type) @nested (#set! role "decl.type.param"))
; … also where the `infer` sits in a function type the conditional tests against (`U extends (k: infer I) => void ? I :
; never`, `T extends (...args: any[]) => infer R ? R : never`): the function type's own scope holds its parameters, the
; conditional's (`@in`) its inferred names
((conditional_type right: (function_type parameters: (formal_parameters (required_parameter type: (type_annotation (infer_type . (type_identifier) @name)))))) @in (#set! role "decl.type.param"))
((conditional_type right: (function_type return_type: (infer_type . (type_identifier) @name))) @in (#set! role "decl.type.param"))
((conditional_type right: (constructor_type (formal_parameters (required_parameter type: (type_annotation (infer_type . (type_identifier) @name)))))) @in (#set! role "decl.type.param"))
((conditional_type right: (constructor_type (infer_type . (type_identifier) @name))) @in (#set! role "decl.type.param"))
; a mapped type's key (`{ [StateKey in K]: … }`) declares a type parameter of that member, shadowing any type of its name
((mapped_type_clause name: (type_identifier) @name) @nested (#set! role "decl.type.param"))
; a destructured parameter with a type (`({ logger }: Deps)`): its names are members of that type
((required_parameter pattern: (object_pattern) @pattern type: (type_annotation (_) @type) value: (_)? @value) (#set! role "param.pattern"))
((optional_parameter pattern: (object_pattern) @pattern type: (type_annotation (_) @type)) (#set! role "param.pattern"))
((required_parameter pattern: (array_pattern) @pattern type: (type_annotation (_) @type)) (#set! role "param.pattern"))
((optional_parameter pattern: (array_pattern) @pattern type: (type_annotation (_) @type)) (#set! role "param.pattern"))
; (a rest parameter's, `...[options]: [options?: Options]`: its items by position are the tuple's)
((required_parameter pattern: (rest_pattern (array_pattern) @pattern) type: (type_annotation (_) @type)) (#set! role "param.pattern"))
; a destructured parameter without a type: its names are members of what the parameter receives (contextual typing)
([(required_parameter pattern: (object_pattern) @pattern) (optional_parameter pattern: (object_pattern) @pattern)] @param (#set! role "pattern.param"))
([(required_parameter pattern: (array_pattern) @pattern) (optional_parameter pattern: (array_pattern) @pattern)] @param (#set! role "pattern.param"))
; `function (this: Subscriber<T>, …)`: the type `this` has inside
((required_parameter pattern: (this) type: (type_annotation (_) @type)) @param (#set! role "this.param"))
([(function_signature parameters: (formal_parameters (_) @param))
  (method_signature parameters: (formal_parameters (_) @param))
  (abstract_method_signature parameters: (formal_parameters (_) @param))] @fn (#set! role "param.slot"))
; parameters of function types, in order: what a callback passed there receives
((function_type parameters: (formal_parameters [(required_parameter pattern: (_) @name type: (type_annotation (_) @type)?) (optional_parameter pattern: (_) @name type: (type_annotation (_) @type)?)])) @fntype (#set! role "fntype.param"))
; what calling a value of a function type gives (`factory: () => Resource` then `factory().close()`), and what `new` of
; a constructor type gives (`theClass: new (...args: any[]) => T`)
((function_type return_type: (_) @type) @fntype (#set! role "fntype.returns"))
((constructor_type type: (_) @type) @fntype (#set! role "fntype.returns"))
; a method signature of an inline object type (`f: { size(node: Leaf): number }`, `Readonly<{ is(n: Node): n is Leaf }>`)
; is a property of a function type to a value it types: its parameters and its result, as a function type's
((object_type (method_signature parameters: (formal_parameters [(required_parameter pattern: (_) @name type: (type_annotation (_) @type)?) (optional_parameter pattern: (_) @name type: (type_annotation (_) @type)?)])) @fntype) (#set! role "fntype.param"))
((object_type (method_signature return_type: [(type_annotation (_) @type) (type_predicate_annotation (_) @type)]) @fntype) (#set! role "fntype.returns"))
((object_type (method_signature return_type: (type_predicate_annotation (type_predicate type: (_) @type))) @fntype) (#set! role "fntype.predicate"))
; a function type that is a type guard (`(x: any) => x is T`): what a value passed to it is where it returned true
((function_type return_type: (type_predicate type: (_) @type)) @fntype (#set! role "fntype.predicate"))
; a union evaluates to the first of its members that names a project type (`Subscriber<T> | null`)
((union_type (_) @member) @union (#set! role "type.union"))
; a conditional type is one of its branches (`c extends X ? d["inner"] : {}`): read as their union, so a member only
; one branch can have is that branch's (code that compiles reads it where the condition picked that branch)
((conditional_type consequence: (_) @member) @union (#set! role "type.conditional"))
((conditional_type alternative: (_) @member) @union (#set! role "type.conditional"))
; … and what decides between them (`kind extends RootKind ? A : B`): where both sides are string literal types the
; resolver can list, the branch the checker takes
((conditional_type left: (_) @check right: (_) @ext) @union (#set! role "type.conditional.test"))
; … which every type passes where it infers the whole and the true branch is what it infers (`r extends infer _ ? _ :
; never`, an idiom that makes the checker instantiate r): the checked type itself
((conditional_type left: (_) @check right: (infer_type . (type_identifier) @name .) consequence: (type_identifier) @same) @union (#eq? @name @same) (#set! role "type.conditional.whole"))
; … and what constructing or calling the checked type gives where the test infers that (`T extends new (...args: any) =>
; infer R ? R : any`, a hand-written `InstanceType`; `T extends (...args: any[]) => infer R ? R : never`, `ReturnType`)
((conditional_type left: (_) @check right: (constructor_type type: (infer_type . (type_identifier) @name .)) consequence: (type_identifier) @same) @union (#eq? @name @same) (#set! role "type.conditional.instance"))
((conditional_type left: (_) @check right: (function_type return_type: (infer_type . (type_identifier) @name .)) consequence: (type_identifier) @same) @union (#eq? @name @same) (#set! role "type.conditional.result"))
; … and in its true branch a type parameter it tests is narrowed by what it extends (`T extends RouterLike ?
; T['_def'] : …`: the checker reads T there as T & RouterLike), as `x instanceof C` narrows x
(conditional_type left: (type_identifier) @name right: (_) @type consequence: (_) @body (#set! role "narrow.instanceof"))
; a mapped type's key (`{ [r in NodeKind]: Intersection<kind, r> }`): bound to the member's name where one is read
((object_type (index_signature (mapped_type_clause name: (_) @key type: (_) @keys))) @object (#set! role "type.mapped.key"))
; the empty object type `{}` (`c ? {} : { reduce: {} }`): an object type of no member, which adds none to an intersection
((object_type) @object (#match? @object "^[{][ ]*[}]$") (#set! role "type.object.empty"))
; `["a", "b", ...others] as const`: the string literals a const array holds (`(typeof kinds)[number]` is their union)
((as_expression (array (_) @item) @list "const") (#set! role "expr.const.strings"))
((as_expression (array (spread_element (_) @inner) @item) "const") (#set! role "expr.const.spread"))
; an intersection has the members of each part (`type Mixed = Parser & ErrorHandler`)
; (`unknown` is the identity of `&`: `show<t> = { … } & unknown` is its object type)
((intersection_type (_) @member) @inter (#not-eq? @member "unknown") (#set! role "type.intersection"))
; a homomorphic mapped type that keeps each member's type (`{ [k in keyof t]: t[k] }`, with `readonly`, `?` or `-?`):
; the members of t, each the same declaration to the checker
((object_type . (index_signature (mapped_type_clause name: (_) @k type: (index_type_query (_) @inner)) [(type_annotation (lookup_type . (_) @of . (_) @key .)) (omitting_type_annotation (lookup_type . (_) @of . (_) @key .)) (adding_type_annotation (lookup_type . (_) @of . (_) @key .)) (opting_type_annotation (lookup_type . (_) @of . (_) @key .))]) .) @object (#eq? @k @key) (#eq? @inner @of) (#set! role "type.mapped.same"))

; a homomorphic mapped type that gives each member another type (`{ [K in keyof P]: Ref<P[K]> }`, vue's `ToRefs<P>`):
; its keys are P's members, each of the type written with K bound to its name
((object_type . (index_signature (mapped_type_clause name: (_) @k type: (index_type_query (_) @inner) !alias)) .) @object (#set! role "type.mapped.over"))
; a mapped type whose keys are remapped to template literals with a text before any substitution (`[K in keyof T as
; \`debug${Capitalize<K>}\`]`): its keys all start with that text, so it lacks every other name
((object_type (index_signature (mapped_type_clause alias: (template_literal_type . (string_fragment) @prefix)))) @object (#set! role "type.mapped.prefix"))

; heritage
((class_heritage (extends_clause value: (_) @extends) @clause) (#set! role "heritage.extends"))
; `extends Repo<User>`: the base class's type arguments (the clause reads as a generic type)
((extends_clause value: (_) @name type_arguments: (type_arguments . (_) @arg)) @generic (#set! role "type.generic.arg"))
((extends_clause value: (_) @name type_arguments: (type_arguments . (_) . (_) @arg)) @generic (#set! role "type.generic.arg2"))
; (and every one after the second, `extends Base<A, B, C, D>`: the collector orders them)
((extends_clause value: (_) @name type_arguments: (type_arguments . (_) . (_) (_) @arg)) @generic (#set! role "type.generic.argn"))
((class_heritage (implements_clause [(type_identifier) (nested_type_identifier) (generic_type)] @implements)) (#set! role "heritage.implements"))
((extends_type_clause type: (_) @extends) (#set! role "heritage.extends"))

; type expressions
((type_identifier) @id (#set! role "id.type"))
; generic types evaluate to their name where a type is read (annotations, heritage, assertions, aliases)
([(type_annotation (generic_type name: (_) @inner) @wrap) (implements_clause (generic_type name: (_) @inner) @wrap) (extends_type_clause type: (generic_type name: (_) @inner) @wrap) (as_expression (generic_type name: (_) @inner) @wrap) (type_alias_declaration value: (generic_type name: (_) @inner) @wrap) (union_type (generic_type name: (_) @inner) @wrap) (intersection_type (generic_type name: (_) @inner) @wrap) (array_type (generic_type name: (_) @inner) @wrap)] (#set! role "type.generic"))
; `Partial<T>`, `Readonly<T>`, …: the collector reads such wrappers as their first type argument
((generic_type name: (_) @name type_arguments: (type_arguments . (_) @arg)) @generic (#set! role "type.generic.arg"))
; `Map<K, V>`: the collector reads the value type of the global maps
((generic_type name: (_) @name type_arguments: (type_arguments . (_) . (_) @arg)) @generic (#set! role "type.generic.arg2"))
; every type argument after the second (`PgUpdateBase<any, any, any, …>`): a project type's parameters bound by position
((generic_type name: (_) @name type_arguments: (type_arguments . (_) . (_) (_) @arg)) @generic (#set! role "type.generic.argn"))
; inline object types (`record: { window: Subject<T> }`): their typed properties
((object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @type))) @object (#set! role "type.object.prop"))
; (and its methods, `{ size(node: Leaf): number }`: a property whose type is the signature, read as a function type)
((object_type (method_signature name: (property_identifier) @name) @type) @object (#set! role "type.object.prop"))
; an index signature or mapped type (`{ [k: string]: T }`, `{ readonly [P in K]: T }`): any key gives a T
; (with a modifier, `{ [k in K]-?: T }`, `+?`, `?`: the same T)
((object_type (index_signature type: [(type_annotation (_) @type) (omitting_type_annotation (_) @type) (adding_type_annotation (_) @type) (opting_type_annotation (_) @type)])) @object (#set! role "type.object.index"))
; (and an interface's string index signature, `interface Dict { [key: string]: Point }`, recorded on the interface)
((interface_declaration body: (interface_body (index_signature name: (_) index_type: (predefined_type) @key type: (type_annotation (_) @type)))) @object (#eq? @key "string") (#set! role "type.object.index"))
; call signatures of an object type (overloads chosen by how many arguments a call passes) and their parameters
((object_type (call_signature return_type: (type_annotation (_) @type)) @sig) @object (#set! role "type.object.call"))
((call_signature parameters: (formal_parameters [(required_parameter) (optional_parameter)] @param)) @sig (#set! role "type.object.call.param"))
; (and of an interface: `interface Sql { <T>(strings: TemplateStringsArray, ...values: unknown[]): RawBuilder<T> }`, what
; calling a value of its type gives, recorded on the interface)
((interface_declaration body: (interface_body (call_signature return_type: (type_annotation (_) @type)) @sig)) @object (#set! role "type.object.call"))
; construct signatures of an object type (`{ new (props: P): T }`, what a factory declares it returns): what `new` of
; such a value gives, and their parameters
((object_type (construct_signature type: (type_annotation (_) @type)) @sig) @object (#set! role "type.object.new"))
; (and of an interface: `interface ModelStatic<T> { new (props: object): T }`, recorded on the interface)
((interface_declaration body: (interface_body (construct_signature type: (type_annotation (_) @type)) @sig)) @object (#set! role "type.object.new"))
((construct_signature parameters: (formal_parameters [(required_parameter) (optional_parameter)] @param)) @sig (#set! role "type.object.call.param"))
; every member name of an object type (method signatures and untyped properties have no recorded type): in an
; intersection (`Router & { extra?: X }`) a part that declares none of a name has no say on it
((object_type [(method_signature name: (_) @name) (property_signature name: (_) @name)]) @object (#set! role "type.object.name"))
; `new Map<K, V>()`, `new Set<T>()`: the type arguments of a constructed collection (the collector keeps the global ones)
((new_expression constructor: (identifier) @name type_arguments: (type_arguments . (_) @arg)) @new (#set! role "new.typearg"))
((new_expression constructor: (identifier) @name type_arguments: (type_arguments . (_) . (_) @arg)) @new (#set! role "new.typearg2"))
((new_expression constructor: (identifier) @name type_arguments: (type_arguments . (_) . (_) (_) @arg)) @new (#set! role "new.typeargn"))
; `!isObject<T>(x)`, `-size<T>(v)`, `await load<T>(u)`: the grammar reads a prefix operator before a call with type
; arguments as part of the callee (`(!isObject)<T>(x)`); the compiler applies it to the call, so the called
; function is the operand (this pattern follows the generic `call` one, whose callee it replaces)
((call_expression function: [(unary_expression argument: (_) @callee) (await_expression (_) @callee)] type_arguments: (type_arguments)) @call (#set! role "call"))
; a call's type arguments by position (`createContext<QueryClient | undefined>(undefined)`, `pair<User, Post>(a, b)`)
((call_expression type_arguments: (type_arguments . (_) @type)) @call (#set! role "call.typearg"))
((call_expression type_arguments: (type_arguments . (_) . (_) @type)) @call (#set! role "call.typearg2"))
((call_expression type_arguments: (type_arguments . (_) . (_) . (_) @type)) @call (#set! role "call.typearg3"))
; `typeof f` in a type (`ReturnType<typeof f>`, `InstanceType<typeof C>`): the value it names
((type_query (_) @inner) @query (#set! role "type.query"))
; `T['name']` (an indexed access type with a string key): the declared type of T's member `name`
((lookup_type . (_) @of . (literal_type (string (string_fragment) @key)) .) @lookup (#set! role "type.lookup"))
; a tuple's item by position (`Parameters<typeof f>[0]`): no member named so, so no occurrence
((lookup_type . (_) @of . (literal_type (number) @at) .) @lookup (#set! role "type.lookup"))
; `T[K]` with a key that is no string literal (`NodesByKind[kind]`, `T[keyof T]`): one of T's member types
((lookup_type . (_) @of . [(type_identifier) (union_type) (generic_type) (lookup_type) (index_type_query) (nested_type_identifier) (predefined_type)] @anykey .) @lookup (#set! role "type.lookup"))
((nested_type_identifier module: (_) @object name: (_) @property) @member (#set! role "member"))
; (a qualified name in a type, `Divisor.Declaration`: a type reference, which a namespace's type answers first)
((nested_type_identifier module: (_) @object) @member (#set! role "member.type"))
((nested_identifier object: (_) @object property: (_) @property) @member (#set! role "member"))
((as_expression (_) @inner (_) @type) @wrap (#set! role "expr.as"))
((satisfies_expression . (_) @inner) @wrap (#set! role "expr.wrap"))
; `{ … } as const`: the value itself
((as_expression . (_) @inner "const") @wrap (#set! role "expr.wrap"))
; `Base<Props>` as a value (an instantiation expression: `extends mixin(Base<Props>)`): the value Base
((instantiation_expression . (_) @inner) @wrap (#set! role "expr.wrap"))
((non_null_expression (_) @inner) @wrap (#set! role "expr.wrap"))
((import_statement (import_require_clause (identifier) @local source: (string (string_fragment) @source))) @decl (#set! role "require.namespace"))
((export_statement "=" (identifier) @name) @export (#set! role "export.equals"))
; `declare global { … }`: what it declares is global (every file of the program names it without an import)
((ambient_declaration "global" (statement_block) @block) (#set! role "scope.global"))
; `declare module './x' { interface A { … } }` in a module: its declarations merge with the module's own (an augmentation)
((ambient_declaration (module name: (string) @name body: (statement_block) @block)) (#set! role "scope.augment"))
; built-in types: their members are built-in methods (`any`/`unknown`/`object` are told apart by the collector)
(type_annotation [(predefined_type) (literal_type) (tuple_type)] @literal (#set! role "expr.literal"))
; `x as any`, `x as number`: the same told apart for an assertion's type
((as_expression (_) (predefined_type) @literal .) (#set! role "expr.literal"))
; a primitive part of a union (`number | boolean`, `string | null`): a built-in type, as written alone
((union_type (predefined_type) @literal) (#match? @literal "^(string|number|boolean|bigint|symbol)$") (#set! role "expr.literal"))
; (a field declared with a number, regular expression or template literal: see core.scm)
(public_field_definition value: [(number) (regex) (template_string)] @literal (#set! role "expr.literal"))
; … and a type argument `any` (`Route<any>`: a conditional type testing the parameter it binds takes both branches)
((type_arguments (predefined_type) @literal) (#eq? @literal "any") (#set! role "expr.literal"))
; … and a part `any` of an intersection (`Config & any`: the checker's intersection is `any`)
((intersection_type (predefined_type) @literal) (#eq? @literal "any") (#set! role "expr.literal"))
; … and the type a conditional type's test extends where it is a literal type (`T['transformer'] extends true ? A : B`:
; the keyword or string the resolver compares the checked type's with)
(conditional_type right: (literal_type) @literal (#set! role "expr.literal"))
; `T[]`: an array of T (its elements are typed)
((array_type (_) @inner) @wrap (#set! role "type.array"))
; `readonly T[]` has T[]'s members (the operator only forbids writes); an array test narrows a read-only array to
; `any[]`, which is no supertype of it, so the array is marked (the parse puts the operator over a union after it:
; `readonly T[] | undefined` is `readonly (T[] | undefined)`)
((readonly_type (_) @inner) @wrap (#set! role "expr.wrap"))
((readonly_type [(array_type) (union_type)] @inner) @wrap (#set! role "type.readonly"))
; `(A | B)[]`, `(() => T) | null`: a parenthesised type is the type inside
((parenthesized_type (_) @inner) @wrap (#set! role "expr.wrap"))
; `[...T]`, a tuple of one spread array type (`...routers: [...TRouters]` of `TRouters extends Router[]`): that type,
; as the checker reads a variadic tuple of an array
((tuple_type . (rest_type (_) @inner) .) @wrap (#set! role "expr.wrap"))
; the `this` type (`tag(): this`): the class it is written in, or the receiver of the call (the resolver's rule)
((this_type) @this (#set! role "expr.this"))
; tree-sitter-typescript 0.23.2 parses `a && n!.m()` as `(a && n)!.m()`: the assertion is on the rightmost operand
(non_null_expression (binary_expression (_) @inner .) @wrap (#set! role "expr.operand"))
(non_null_expression (binary_expression (binary_expression (_) @inner .) @wrap .) (#set! role "expr.operand"))
; it also parses `!m.get(k)!.has(x)` as `(!m.get(k))!.has(x)` (the same for `-`, `typeof`, `++`): the assertion
; is on the operand, and the member read after it is made on that
(member_expression object: (non_null_expression [(unary_expression argument: (_) @inner) (update_expression argument: (_) @inner)] @wrap) (#set! role "expr.operand"))
; `// @ts-expect-error`, `// @ts-ignore`: the checker lets the next line's errors pass, so that code need not type-check
((comment) @comment (#match? @comment "^//\\s*@ts-(expect-error|ignore)") (#set! role "unchecked"))
