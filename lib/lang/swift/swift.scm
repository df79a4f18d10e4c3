; Swift (tree-sitter-swift 0.7.1) in the nominal roles (lib/extract/nominal/roles.ts). A module's files share their
; names (rules.ts); `import X` of a project module brings its names in. class/struct/enum/actor/extension are one
; node, told apart by their keyword; an extension is a part of its type (kind `extension`).

; ---------------------------------------------------------------- imports
((import_declaration (identifier) @path) @def (#set! role "import:all"))

; ---------------------------------------------------------------- definitions
((class_declaration "class" name: (type_identifier) @name body: (_) @body) @def (#set! role "def.class"))
((class_declaration "struct" name: (type_identifier) @name body: (_) @body) @def (#set! role "def.class:struct"))
((class_declaration "actor" name: (type_identifier) @name body: (_) @body) @def (#set! role "def.class:actor"))
((class_declaration "enum" name: (type_identifier) @name body: (_) @body) @def (#set! role "def.enum"))
((class_declaration "extension" name: (user_type (type_identifier) @name) body: (_) @body) @def (#set! role "def.class:extension"))
((class_declaration (inheritance_specifier inherits_from: (_) @type)) @def (#set! role "heritage.base"))
((protocol_declaration name: (type_identifier) @name body: (_) @body) @def (#set! role "def.interface:protocol"))
((protocol_declaration (inheritance_specifier inherits_from: (_) @type)) @def (#set! role "heritage.extends"))
((protocol_function_declaration name: (simple_identifier) @name) @def (#set! role "def.method:protocol_requirement"))
((function_declaration name: (simple_identifier) @name body: (function_body) @body) @def (#set! role "def.function"))
((function_declaration name: (simple_identifier) @name name: (_) @returns body: (function_body) @body) @def (#set! role "def.function"))
((init_declaration "init" @name body: (function_body) @body) @def (#set! role "def.constructor"))
((enum_entry name: (simple_identifier) @name) @def (#set! role "def.enum.member"))
((typealias_declaration name: (type_identifier) @name value: (_) @type) @def (#set! role "def.type:alias"))

; properties: symbols in a type or at file level, locals in a function (decl.var decides by where it is)
((property_declaration name: (pattern bound_identifier: (simple_identifier) @name) (type_annotation) @type value: (_)? @value) (#set! role "decl.var:property"))
; without a type annotation (the value right after the name): the value's type
((property_declaration name: (pattern bound_identifier: (simple_identifier) @name) . value: (_) @value) (#set! role "decl.var:property"))
((property_declaration name: (pattern bound_identifier: (simple_identifier) @name) . computed_value: (_)) (#set! role "decl.var:property"))

; ---------------------------------------------------------------- locals
((parameter name: (simple_identifier) @name name: (_) @type) (#set! role "decl.param"))
; the argument label a call writes (`at` in `func remove(at i: Int)`; `_` for none; without one, the name), and a
; default value (the grammar hangs it on the function, right after its parameter): a call may leave that one out
((parameter external_name: (simple_identifier) @label name: (simple_identifier) @name) (#set! role "decl.param"))
(_ (parameter name: (simple_identifier) @name) . default_value: _ @value (#set! role "decl.param"))
((for_statement item: (pattern bound_identifier: (simple_identifier) @name) collection: (_) @iter) (#set! role "decl.local"))
; a closure's parameter (the patterns below, matched at the enclosing call, give it a value; same role, so the later
; match keeps its captures); one written with a type (`{ (u: User) in … }`) is of that type
((lambda_parameter name: (simple_identifier) @name) (#set! role "decl.local:callback"))
((lambda_parameter name: (simple_identifier) @name type: (_) @type) (#set! role "decl.local:callback"))
; a closure handed to a library collection's method (swiftSyntax.elementCallbacks: `users.map { u in u.name }`,
; `users.first(where: { $0.isAdmin })`): its first parameter, or `$0`, is an element of the receiver
((call_expression (navigation_expression target: (_) @iter suffix: (navigation_suffix suffix: (simple_identifier) @method)) (call_suffix (lambda_literal type: (lambda_function_type (lambda_function_type_parameters . (lambda_parameter name: (simple_identifier) @name)))))) (#set! role "decl.local:callback"))
((call_expression (navigation_expression target: (_) @iter suffix: (navigation_suffix suffix: (simple_identifier) @method)) (call_suffix (value_arguments (value_argument value: (lambda_literal type: (lambda_function_type (lambda_function_type_parameters . (lambda_parameter name: (simple_identifier) @name)))))))) (#set! role "decl.local:callback"))
((call_expression (navigation_expression target: (_) @iter suffix: (navigation_suffix suffix: (simple_identifier) @method)) (call_suffix (lambda_literal) @scope)) (#set! role "decl.implicit"))
((call_expression (navigation_expression target: (_) @iter suffix: (navigation_suffix suffix: (simple_identifier) @method)) (call_suffix (value_arguments (value_argument value: (lambda_literal) @scope)))) (#set! role "decl.implicit"))
; any other closure handed to a call: its parameters written without a type, and `$0`, `$1`, are the parameters of
; the function type the called function declares there (the last parameter for a trailing closure)
((call_expression (call_suffix (lambda_literal) @scope .)) @call (#set! role "decl.builder"))
((call_expression (call_suffix (value_arguments (value_argument value: (lambda_literal) @scope)) @args)) @call (#set! role "decl.builder"))
; generic parameters with the protocol they are bound by (`<A: P>`, or `where A: P`): members of A are P's
((type_parameter . (type_identifier) @name) (#set! role "decl.typeparam"))
((type_parameter . (type_identifier) @name . (_) @type) (#set! role "decl.typeparam"))
((_ (type_parameters (type_parameter . (type_identifier) @name .)) (type_constraints (type_constraint (inheritance_constraint constrained_type: (identifier (simple_identifier) @left) . (_) @type)))) (#eq? @name @left) (#set! role "decl.typeparam"))

([(statements) (function_body) (lambda_literal) (for_statement) (if_statement) (guard_statement) (switch_entry) (catch_block)] @scope (#set! role "scope"))
; a `catch` without a pattern binds `error` (an `Error`: swiftSyntax.catchBinding); `catch let e as E` binds e, an E
((catch_block (catch_keyword) . (statements)) @scope (#set! role "decl.implicit:catch"))
((catch_block error: (pattern (pattern bound_identifier: (simple_identifier) @name) name: (_) @type)) (#set! role "decl.local"))

; ---------------------------------------------------------------- expressions
((simple_identifier) @id (#set! role "id"))
((self_expression) @expr (#set! role "expr.this"))
((super_expression) @expr (#set! role "expr.super"))
; a call's arguments are in parentheses; `a[i]` (the same node with brackets) is a subscript, not a call
((call_expression (_) @callee (call_suffix (value_arguments "(") @args)) @expr (#set! role "expr.call"))
((call_expression (_) @callee (call_suffix (lambda_literal))) @expr (#set! role "expr.call"))
((navigation_expression target: (_) @object suffix: (navigation_suffix suffix: (simple_identifier) @name)) @expr (#set! role "expr.member"))
; tree-sitter-swift reads `a + b.m()` as `(a + b).m()` (written so, the parentheses would make a tuple_expression):
; the member's object is the right operand
((navigation_expression target: [(additive_expression rhs: (_) @object) (multiplicative_expression rhs: (_) @object)] suffix: (navigation_suffix suffix: (simple_identifier) @name)) @expr (#set! role "expr.member"))
((tuple_expression value: (_) @inner) @expr (#set! role "expr.wrap"))
; an argument (`at: i`): its value
((value_argument value: (_) @inner) @expr (#set! role "expr.wrap"))
; `x!`, `try x`, `try? x`, `await x`: the value they wrap (an optional's wrapped value is read as the optional is)
((postfix_expression target: (_) @inner operation: (bang)) @expr (#set! role "expr.wrap"))
((try_expression expr: (_) @inner) @expr (#set! role "expr.wrap"))
((await_expression expr: (_) @inner) @expr (#set! role "expr.wrap"))
((as_expression type: (_) @type) @expr (#set! role "expr.cast"))
; literals are values of the library's types (a project `extension String` or `extension Collection` adds to them)
([(line_string_literal) (multi_line_string_literal) (raw_string_literal)] @expr (#set! role "expr.lit:String"))
((integer_literal) @expr (#set! role "expr.lit:Int"))
((real_literal) @expr (#set! role "expr.lit:Double"))
((boolean_literal) @expr (#set! role "expr.lit:Bool"))
((array_literal) @expr (#set! role "expr.lit:Array"))
((dictionary_literal) @expr (#set! role "expr.lit:Dictionary"))
((lambda_literal) @expr (#set! role "expr.fn"))

; ---------------------------------------------------------------- types
((type_identifier) @type (#set! role "type.name"))
((type_annotation (_) @inner) @type (#set! role "type.wrap"))
; `Box<User>`, `MemoryStorage.Backend<Image>`, `KF.ImageResource`: the grammar writes a path's names flat
((user_type . (type_identifier) @name . (type_arguments) @args) @type (#set! role "type.generic"))
((user_type (type_identifier) @qualifier . (type_identifier) @name . (type_arguments) @args .) @type (#set! role "type.generic"))
((user_type (type_identifier) @qualifier . (type_identifier) @name .) @type (#set! role "type.qualified"))
((user_type . (type_identifier) @inner .) @type (#set! role "type.wrap"))
((optional_type wrapped: (_) @inner) @type (#set! role "type.wrap"))
; `any P`, `some P`, and a type in parentheses (`(any P)?`): P
((existential_type (_) @inner) @type (#set! role "type.wrap"))
((opaque_type (_) @inner) @type (#set! role "type.wrap"))
((tuple_type . (tuple_type_item !name element: (_) @inner) .) @type (#set! role "type.wrap"))
; `((User) -> Void)?`: an optional closure's function type
((tuple_type . (tuple_type_item (function_type) @inner) .) @type (#set! role "type.wrap"))
((array_type (_) @element) @type (#set! role "type.array"))
; `(Expression<T>) throws -> R`: a closure of it takes those parameters
((function_type params: (tuple_type) @params (_) @returns .) @type (#set! role "type.fn"))
((dictionary_type (_) @key . (_) @value) @type (#set! role "type.map"))

; ---------------------------------------------------------------- attributes (`@main`, `@objc`)
((class_declaration (modifiers (attribute (user_type (type_identifier) @name)))) @def (#set! role "annotation"))
((function_declaration (modifiers (attribute (user_type (type_identifier) @name)))) @def (#set! role "annotation"))
