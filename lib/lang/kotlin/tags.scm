; Kotlin (@tree-sitter-grammars/tree-sitter-kotlin 1.1.0, which ships no tags.scm) in the nominal roles
; (lib/extract/nominal/roles.ts; docs/indexing.md, "Nominal languages"). The grammar has few fields: patterns anchor
; on the order of children instead.

; ---------------------------------------------------------------- package and imports
((package_header (qualified_identifier) @name) @def (#set! role "package"))
((import (qualified_identifier) @path) @def (#set! role "import"))
((import (qualified_identifier) @path (identifier) @alias) @def (#set! role "import"))
((import (qualified_identifier) @path "*" @all) @def (#set! role "import"))

; ---------------------------------------------------------------- definitions
; a class's kind is told by its keywords (the last matching pattern wins)
((class_declaration name: (identifier) @name) @def (#set! role "def.class"))
((class_declaration name: (identifier) @name [(class_body) (enum_class_body)] @body) @def (#set! role "def.class"))
((class_declaration (modifiers (class_modifier "data")) name: (identifier) @name) @def (#set! role "def.class:data_class"))
((class_declaration (modifiers (class_modifier "data")) name: (identifier) @name (class_body) @body) @def (#set! role "def.class:data_class"))
((class_declaration (modifiers (class_modifier "sealed")) name: (identifier) @name) @def (#set! role "def.class:sealed_class"))
((class_declaration (modifiers (class_modifier "sealed")) name: (identifier) @name (class_body) @body) @def (#set! role "def.class:sealed_class"))
((class_declaration (modifiers (class_modifier "annotation")) name: (identifier) @name) @def (#set! role "def.interface:annotation"))
((class_declaration "interface" name: (identifier) @name) @def (#set! role "def.interface"))
((class_declaration "interface" name: (identifier) @name (class_body) @body) @def (#set! role "def.interface"))
((class_declaration (modifiers (class_modifier "enum")) name: (identifier) @name (enum_class_body) @body) @def (#set! role "def.enum"))
((object_declaration name: (identifier) @name (class_body)? @body) @def (#set! role "def.class:object"))
((enum_entry . (identifier) @name) @def (#set! role "def.enum.member"))
; the aliased type follows `=` (a generic alias's type parameters stand between)
((type_alias type: (identifier) @name "=" . (_) @type) @def (#set! role "def.type:alias"))

; functions: an extension's receiver type stands before its name; the result type after the parameters
((function_declaration name: (identifier) @name (function_value_parameters)) @def (#set! role "def.function"))
((function_declaration name: (identifier) @name (function_value_parameters) . [(user_type) (nullable_type) (function_type) (parenthesized_type) (non_nullable_type)] @returns) @def (#set! role "def.function"))
((function_declaration name: (identifier) @name (function_value_parameters) (function_body) @body) @def (#set! role "def.function"))
((function_declaration name: (identifier) @name (function_value_parameters) . [(user_type) (nullable_type) (function_type) (parenthesized_type) (non_nullable_type)] @returns (function_body) @body) @def (#set! role "def.function"))
((function_declaration [(user_type) (nullable_type)] @recv . name: (identifier) @name (function_value_parameters)) @def (#set! role "def.function"))
((function_declaration [(user_type) (nullable_type)] @recv . name: (identifier) @name (function_value_parameters) . [(user_type) (nullable_type) (function_type) (parenthesized_type) (non_nullable_type)] @returns) @def (#set! role "def.function"))
((function_declaration [(user_type) (nullable_type)] @recv . name: (identifier) @name (function_value_parameters) (function_body) @body) @def (#set! role "def.function"))
((function_declaration [(user_type) (nullable_type)] @recv . name: (identifier) @name (function_value_parameters) . [(user_type) (nullable_type) (function_type) (parenthesized_type) (non_nullable_type)] @returns (function_body) @body) @def (#set! role "def.function"))
; an expression body (`fun dns(x: Dns) = apply { … }`): what a call of a function declaring no result gives
((function_declaration (function_value_parameters) . (function_body "=" . (_) @value)) @def (#set! role "def.function"))

((secondary_constructor "constructor" @name) @def (#set! role "def.constructor"))

; properties: `val`/`var` in a class's primary constructor, and declared ones (file or class level: symbols; in a
; function: locals)
((class_parameter ["val" "var"] . (identifier) @name . (_) @type) @def (#set! role "def.property"))
((property_declaration (variable_declaration . (identifier) @name)) @def (#set! role "decl.var:property"))
((property_declaration (variable_declaration . (identifier) @name . (_) @type)) @def (#set! role "decl.var:property"))
((property_declaration (variable_declaration . (identifier) @name) . "=" . (_) @value) @def (#set! role "decl.var:property"))
((property_declaration (variable_declaration . (identifier) @name . (_) @type) . "=" . (_) @value) @def (#set! role "decl.var:property"))
((property_declaration (multi_variable_declaration (variable_declaration . (identifier) @name))) @def (#set! role "decl.local"))

((class_declaration (delegation_specifiers (delegation_specifier (constructor_invocation (user_type) @type)))) @def (#set! role "heritage.extends"))
((class_declaration (delegation_specifiers (delegation_specifier (user_type) @type))) @def (#set! role "heritage.base"))
((class_declaration (delegation_specifiers (delegation_specifier (explicit_delegation (user_type) @type)))) @def (#set! role "heritage.base"))
((object_declaration (delegation_specifiers (delegation_specifier (constructor_invocation (user_type) @type)))) @def (#set! role "heritage.extends"))
((object_declaration (delegation_specifiers (delegation_specifier (user_type) @type))) @def (#set! role "heritage.base"))
; a companion object's supertypes: what the class's name reaches as its own (`C.from(…)` runs the companion's inherited
; `from`), no heritage of the class's instances
((class_declaration (class_body (companion_object (delegation_specifiers (delegation_specifier (user_type) @type))))) @def (#set! role "heritage.static"))
((class_declaration (class_body (companion_object (delegation_specifiers (delegation_specifier (constructor_invocation (user_type) @type)))))) @def (#set! role "heritage.static"))
((class_declaration (class_body (companion_object (delegation_specifiers (delegation_specifier (explicit_delegation (user_type) @type)))))) @def (#set! role "heritage.static"))
((class_declaration (enum_class_body (companion_object (delegation_specifiers (delegation_specifier (user_type) @type))))) @def (#set! role "heritage.static"))
((class_declaration (enum_class_body (companion_object (delegation_specifiers (delegation_specifier (constructor_invocation (user_type) @type)))))) @def (#set! role "heritage.static"))
((class_declaration (enum_class_body (companion_object (delegation_specifiers (delegation_specifier (explicit_delegation (user_type) @type)))))) @def (#set! role "heritage.static"))

((class_declaration (modifiers (annotation (user_type (identifier) @name)))) @def (#set! role "annotation"))
((function_declaration (modifiers (annotation (user_type (identifier) @name)))) @def (#set! role "annotation"))
((function_declaration (modifiers (annotation (constructor_invocation (user_type (identifier) @name) (value_arguments (value_argument (string_literal) @arg)))))) @def (#set! role "annotation"))

; ---------------------------------------------------------------- locals
; (a function type's named parameters, `(argv: List<String>) -> Unit`, are no parameters of the function declaring it)
((function_value_parameters (parameter . (identifier) @name . (_) @type)) (#set! role "decl.param"))
; a parameter with a default value: a call may leave it out
((function_value_parameters (parameter . (identifier) @name . (_) @type) . "=" . (_) @value) (#set! role "decl.param"))
((class_parameter . (identifier) @name . (_) @type) (#set! role "decl.param"))
((class_parameter (modifiers) . (identifier) @name . (_) @type) (#set! role "decl.param"))
; a `vararg` parameter takes any count of arguments, and is an array inside (its modifiers precede it in the list)
((function_value_parameters (parameter_modifiers (parameter_modifier "vararg")) . (parameter . (identifier) @name . (_) @type)) (#set! role "decl.param:rest"))
((class_parameter (modifiers (parameter_modifier "vararg")) . (identifier) @name . (_) @type) (#set! role "decl.param:rest"))
; a lambda's parameter (the callback patterns below, matched at the enclosing call, give it a value; same role, so
; whichever match comes last keeps their captures)
((lambda_parameters (variable_declaration . (identifier) @name)) (#set! role "decl.local:callback"))
; (one written with its type, `{ f: Foo -> … }`, is of that type)
((lambda_parameters (variable_declaration . (identifier) @name . (_) @type)) (#set! role "decl.local:callback"))
; a lambda handed to a method of its receiver: its parameter (or `it`) is an element of the receiver (`forEach`,
; `map`) or the receiver (`let`, `also`), by the method (kotlinSyntax's lists)
((call_expression . (navigation_expression . (_) @iter . (identifier) @method .) (annotated_lambda (lambda_literal (lambda_parameters . (variable_declaration . (identifier) @name))))) (#not-match? @method "Indexed") (#set! role "decl.local:callback"))
; (`xs.forEachIndexed { i, x -> … }`: the index first, the element second)
((call_expression . (navigation_expression . (_) @iter . (identifier) @method .) (annotated_lambda (lambda_literal (lambda_parameters . (variable_declaration) . (variable_declaration . (identifier) @name))))) (#match? @method "Indexed") (#set! role "decl.local:callback"))
((call_expression . (navigation_expression . (_) @iter . (identifier) @method .) (annotated_lambda (lambda_literal) @scope)) (#set! role "decl.implicit"))
; a lambda run with a receiver (`x.apply { … }`, `x.run { … }`, `with(x) { … }`): inside, free names are first the
; receiver's members and `this` is it (kotlinSyntax.receiverCallbacks picks the functions by name)
((call_expression . (navigation_expression . (_) @iter . (identifier) @method .) (annotated_lambda (lambda_literal) @scope)) (#set! role "decl.receiver"))
((call_expression (call_expression . (identifier) @method (value_arguments . (value_argument . (_) @iter))) (annotated_lambda (lambda_literal) @scope)) (#set! role "decl.receiver"))
; a lambda a variable's declared function type gives a receiver (`val f: Ctx.(Int) -> Unit = { … }`)
((property_declaration (variable_declaration (function_type . (_) @type . (function_type_parameters))) . "=" . (lambda_literal) @scope) (#set! role "decl.receiver"))
; (or an alias of one: `val f: Transform<T> = { … }` with `typealias Transform<T> = Ctx.(String) -> T`)
((property_declaration (variable_declaration (user_type) @fntype) . "=" . (lambda_literal) @scope) (#set! role "decl.receiver"))
; any other lambda handed last to a call: the called function's parameter type may give it a receiver
; (`fun html(init: HTML.() -> Unit)`: inside `html { … }`, free names are first HTML's members)
((call_expression (annotated_lambda (lambda_literal) @scope)) @call (#set! role "decl.builder"))
((call_expression (value_arguments (value_argument . (lambda_literal) @scope .)) @args) @call (#set! role "decl.builder"))
((for_statement (variable_declaration . (identifier) @name) . (_) @iter) (#set! role "decl.local"))
((when_subject (variable_declaration . (identifier) @name) . (_) @value) (#set! role "decl.local"))
((catch_block (identifier) @name . (_) @type) (#set! role "decl.param"))
((type_parameter . (identifier) @name) (#set! role "decl.typeparam"))
((type_parameter . (identifier) @name . (_) @type) (#set! role "decl.typeparam"))

; `if (x is T) x.m()`: x is a T in the branch (`!is` is the same node with another token: no narrowing)
((if_expression condition: (is_expression left: (identifier) @name "is" right: (_) @type) . (_) @scope) (#set! role "decl.narrow"))
; a `when` branch of one type test: its body sees the subject (or the tested name) as that type; in a branch of several
; conditions the next is no body, and the body is not narrowed (no end anchor: a comment may follow the body)
((when_expression (when_subject (identifier) @name) (when_entry . condition: (type_test "is" (_) @type) . (_) @scope)) (#set! role "decl.narrow"))
((when_entry . condition: (is_expression left: (identifier) @name "is" right: (_) @type) . (_) @scope) (#set! role "decl.narrow"))

([(block) (for_statement) (while_statement) (do_while_statement) (catch_block) (lambda_literal) (when_entry)
  (if_expression) (class_body) (function_body)] @scope (#set! role "scope"))

; ---------------------------------------------------------------- expressions
((identifier) @id (#set! role "id"))
; `f(a) { … }` is a call of f(a) whose trailing lambda the grammar hangs on an outer call_expression: the inner
; call is the call (one argument more), the outer one no call of its own
((call_expression (call_expression . (_) @callee (value_arguments) @args) @expr (annotated_lambda) @trailing) (#set! role "expr.call:trailing"))
((call_expression . (_) @callee (value_arguments) @args) @expr (#set! role "expr.call"))
; `f { … }`: the lambda is the one argument (it picks `f(block)` over `f()`)
((call_expression . [(identifier) (navigation_expression)] @callee (type_arguments)? (annotated_lambda) @args) @expr (#set! role "expr.call"))
; `a eq b`: an infix function's call, `a.eq(b)` with its one argument (@arg)
((infix_expression . (_) @object . (identifier) @name . (_) @arg .) @expr (#set! role "expr.call:infix"))
; (a supertype's constructor; an annotation's arguments, `@Api("x")`, run nothing)
((delegation_specifier (constructor_invocation (user_type) @type (value_arguments) @args) @expr) (#set! role "expr.new"))
((navigation_expression . (_) @object . (identifier) @name .) @expr (#set! role "expr.member"))
; an arithmetic operator calls its left operand's operator function (`a / b` is `a.div(b)`): the value is its result
((binary_expression left: (_) @object "+" right: (_) @arg) @expr (#set! role "expr.op:plus"))
((binary_expression left: (_) @object "-" right: (_) @arg) @expr (#set! role "expr.op:minus"))
((binary_expression left: (_) @object "*" right: (_) @arg) @expr (#set! role "expr.op:times"))
((binary_expression left: (_) @object "/" right: (_) @arg) @expr (#set! role "expr.op:div"))
((binary_expression left: (_) @object "%" right: (_) @arg) @expr (#set! role "expr.op:rem"))
; a range of a project type is its `rangeTo`/`rangeUntil` operator's result (`(a..b).step(2, unit)`)
((range_expression (_) @object ".." (_) @arg) @expr (#set! role "expr.op:rangeTo"))
((range_expression (_) @object "..<" (_) @arg) @expr (#set! role "expr.op:rangeUntil"))
; an object expression is an instance of its (first) supertype
((object_literal (delegation_specifiers . (delegation_specifier [(user_type) @type (constructor_invocation (user_type) @type)]))) @expr (#set! role "expr.cast"))
((this_expression) @expr (#set! role "expr.this"))
((super_expression) @expr (#set! role "expr.super"))
((super_expression (user_type) @type) @expr (#set! role "expr.super"))
((as_expression right: (_) @type) @expr (#set! role "expr.cast"))
((parenthesized_expression (_) @inner) @expr (#set! role "expr.wrap"))
; `if (c) a else b` as a value: either branch's; a block's value is its last expression's
((if_expression condition: (_) . (_) @a . (_) @b) @expr (#set! role "expr.either"))
((block (_) @inner .) @expr (#set! role "expr.wrap"))
; `a ?: b` is an a when it is one
((binary_expression left: (_) @inner "?:") @expr (#set! role "expr.wrap"))
((unary_expression argument: (_) @inner) @expr (#set! role "expr.wrap"))
; an array spread into a variadic parameter (`f(*xs)`): the array, whose elements are the arguments
((spread_expression (_) @inner) @expr (#set! role "expr.wrap"))
((index_expression . (_) @object) @expr (#set! role "expr.index"))
([(string_literal) (multiline_string_literal)] @expr (#set! role "expr.lit:String"))
((number_literal) @expr (#set! role "expr.lit:Int"))
; (`5L`: a Long; after the Int pattern, so its kind is the one kept)
((number_literal) @expr (#match? @expr "[lL]$") (#set! role "expr.lit:Long"))
((float_literal) @expr (#set! role "expr.lit:Double"))
((character_literal) @expr (#set! role "expr.lit:Char"))
([(lambda_literal) (anonymous_function) (callable_reference)] @expr (#set! role "expr.fn"))

; ---------------------------------------------------------------- types
((user_type . (identifier) @name . (type_arguments) @args) @type (#set! role "type.generic"))
((user_type (identifier) @qualifier . (identifier) @name . (type_arguments) @args .) @type (#set! role "type.generic"))
((user_type (identifier) @qualifier . (identifier) @name .) @type (#set! role "type.qualified"))
((user_type . (identifier) @inner .) @type (#set! role "type.wrap"))
((user_type (identifier) @type) (#set! role "type.name"))
((type_projection (_) @inner) @type (#set! role "type.wrap"))
((nullable_type (_) @inner) @type (#set! role "type.wrap"))
((non_nullable_type . (_) @inner) @type (#set! role "type.wrap"))
((parenthesized_type (_) @inner) @type (#set! role "type.wrap"))
; `T.() -> R`: a function type with a receiver (a lambda of it runs with a T)
((function_type . (_) @recv . (function_type_parameters) @params . (_) @returns) @type (#set! role "type.fn"))
((function_type (function_type_parameters) @params . (_) @returns) @type (#set! role "type.fn"))
