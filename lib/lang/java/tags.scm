; Java (tree-sitter-java 0.23.5) in the nominal roles (lib/extract/nominal/roles.ts; docs/indexing.md, "Nominal
; languages"). Definitions follow the grammar's queries/tags.scm; declarations, expressions and types say what the
; collector needs to type receivers.

; ---------------------------------------------------------------- package and imports
((package_declaration [(identifier) (scoped_identifier)] @name) @def (#set! role "package"))
((import_declaration "static"? @static [(identifier) (scoped_identifier)] @path (asterisk)? @all) @def (#set! role "import"))

; ---------------------------------------------------------------- definitions
((class_declaration name: (identifier) @name body: (class_body) @body) @def (#set! role "def.class"))
((record_declaration name: (identifier) @name body: (class_body) @body) @def (#set! role "def.class:record"))
((interface_declaration name: (identifier) @name body: (interface_body) @body) @def (#set! role "def.interface"))
((annotation_type_declaration name: (identifier) @name body: (annotation_type_body) @body) @def (#set! role "def.interface:annotation"))
((enum_declaration name: (identifier) @name body: (enum_body) @body) @def (#set! role "def.enum"))
((enum_constant name: (identifier) @name) @def (#set! role "def.enum.member"))
((method_declaration type: (_) @returns name: (identifier) @name body: (block)? @body) @def (#set! role "def.method"))
((constructor_declaration name: (identifier) @name body: (constructor_body) @body) @def (#set! role "def.constructor"))
((compact_constructor_declaration name: (identifier) @name body: (block) @body) @def (#set! role "def.constructor"))
((annotation_type_element_declaration type: (_) @returns name: (identifier) @name) @def (#set! role "def.method"))
((record_declaration parameters: (formal_parameters (formal_parameter type: (_) @type name: (identifier) @name) @def)) (#set! role "def.field:component"))

((field_declaration type: (_) @type declarator: (variable_declarator name: (identifier) @name value: (_)? @value)) @def (#set! role "decl.var:field"))
((constant_declaration type: (_) @type declarator: (variable_declarator name: (identifier) @name value: (_)? @value)) @def (#set! role "decl.var:constant"))

((class_declaration superclass: (superclass (_) @type)) @def (#set! role "heritage.extends"))
((class_declaration interfaces: (super_interfaces (type_list (_) @type))) @def (#set! role "heritage.implements"))
((enum_declaration interfaces: (super_interfaces (type_list (_) @type))) @def (#set! role "heritage.implements"))
((record_declaration interfaces: (super_interfaces (type_list (_) @type))) @def (#set! role "heritage.implements"))
((interface_declaration (extends_interfaces (type_list (_) @type))) @def (#set! role "heritage.extends"))

((class_declaration (modifiers [(annotation name: (_) @name arguments: (annotation_argument_list (string_literal)? @arg)) (marker_annotation name: (_) @name)])) @def (#set! role "annotation"))
((interface_declaration (modifiers [(annotation name: (_) @name arguments: (annotation_argument_list (string_literal)? @arg)) (marker_annotation name: (_) @name)])) @def (#set! role "annotation"))
((method_declaration (modifiers [(annotation name: (_) @name arguments: (annotation_argument_list (string_literal)? @arg)) (marker_annotation name: (_) @name)])) @def (#set! role "annotation"))
((constructor_declaration (modifiers [(annotation name: (_) @name arguments: (annotation_argument_list (string_literal)? @arg)) (marker_annotation name: (_) @name)])) @def (#set! role "annotation"))

; ---------------------------------------------------------------- locals
; (@dims: brackets after the name, `byte b[]`, make it an array of the type)
((formal_parameter type: (_) @type name: (identifier) @name dimensions: (dimensions)? @dims) (#set! role "decl.param"))
((spread_parameter (_) @type (variable_declarator name: (identifier) @name)) (#set! role "decl.param:rest"))
((catch_formal_parameter (catch_type . (_) @type) name: (identifier) @name) (#set! role "decl.param"))
((lambda_expression parameters: (identifier) @name) (#set! role "decl.param"))
((inferred_parameters (identifier) @name) (#set! role "decl.param"))
; a lambda handed to a method of its receiver: its first parameter is an element of the receiver (`forEach`, `map`:
; javaSyntax's list), a lambda of two a map's key and value or two elements (`map.forEach((k, v) -> …)`,
; `list.sort((a, b) -> …)`; @params: the list, which places each); of another method, the method's functional
; interface parameter's (the role is the parameter patterns' above, whose match at the name comes later: with the
; same role the kind is kept, and no other method's lambda parameter is taken for an element)
((method_invocation object: (_) @iter name: (identifier) @method arguments: (argument_list . (lambda_expression parameters: (identifier) @name))) (#set! role "decl.param:callback"))
((method_invocation object: (_) @iter name: (identifier) @method arguments: (argument_list . (lambda_expression parameters: (inferred_parameters (identifier) @name) @params))) (#set! role "decl.param:callback"))
; a lambda among a call's arguments: its parameters written without a type are the called method's functional
; interface parameter's (a constructor's too)
((method_invocation arguments: (argument_list (lambda_expression) @scope) @args) @call (#set! role "decl.builder"))
((object_creation_expression arguments: (argument_list (lambda_expression) @scope) @args) @call (#set! role "decl.builder"))
; a lambda that is a variable's or field's value: its parameters written without a type are the declared functional
; interface's type arguments (javaSyntax.declaredLambdaParam)
((local_variable_declaration type: (_) @declared declarator: (variable_declarator value: (lambda_expression) @scope)) (#set! role "decl.builder"))
((field_declaration type: (_) @declared declarator: (variable_declarator value: (lambda_expression) @scope)) (#set! role "decl.builder"))
; one assigned to a variable or field declared before (`order = (a, b) -> …`, `this.render = custom != null ? custom :
; (o, required) -> …`), whole or as an arm of a conditional: @assigned names it, a local's or else a field's (kind
; `field`: written through `this.`)
((assignment_expression left: (identifier) @assigned right: (lambda_expression) @scope) (#set! role "decl.builder"))
((assignment_expression left: (identifier) @assigned right: (ternary_expression consequence: (lambda_expression) @scope)) (#set! role "decl.builder"))
((assignment_expression left: (identifier) @assigned right: (ternary_expression alternative: (lambda_expression) @scope)) (#set! role "decl.builder"))
((assignment_expression left: (field_access object: (this) field: (identifier) @assigned) right: (lambda_expression) @scope) (#set! role "decl.builder:field"))
((assignment_expression left: (field_access object: (this) field: (identifier) @assigned) right: (ternary_expression consequence: (lambda_expression) @scope)) (#set! role "decl.builder:field"))
((assignment_expression left: (field_access object: (this) field: (identifier) @assigned) right: (ternary_expression alternative: (lambda_expression) @scope)) (#set! role "decl.builder:field"))
((local_variable_declaration type: (_) @type declarator: (variable_declarator name: (identifier) @name value: (_)? @value)) (#set! role "decl.local"))
((enhanced_for_statement type: (_) @type name: (identifier) @name value: (_) @iter) (#set! role "decl.local"))
((resource type: (_) @type name: (identifier) @name value: (_) @value) (#set! role "decl.local"))
((instanceof_expression right: (_) @type name: (identifier) @name) (#set! role "decl.local"))
((type_pattern (_) @type (identifier) @name) (#set! role "decl.local"))
((type_parameter . (type_identifier) @name (type_bound . (_) @type)?) (#set! role "decl.typeparam"))

([(block) (for_statement) (enhanced_for_statement) (catch_clause) (lambda_expression) (switch_block)
  (switch_rule) (try_with_resources_statement) (if_statement) (while_statement)] @scope (#set! role "scope"))

; ---------------------------------------------------------------- expressions
((identifier) @id (#set! role "id"))
((method_invocation object: (_)? @object name: (identifier) @name arguments: (argument_list) @args) @expr (#set! role "expr.call"))
((explicit_constructor_invocation constructor: (_) @callee arguments: (argument_list) @args) @expr (#set! role "expr.call"))
((object_creation_expression type: (_) @type arguments: (argument_list) @args) @expr (#set! role "expr.new"))
((field_access object: (_) @object field: (identifier) @name) @expr (#set! role "expr.member"))
((this) @expr (#set! role "expr.this"))
; `Outer.this` in an inner class: the enclosing instance, a value of the class it names
((field_access object: (_) @type field: (this)) @expr (#set! role "expr.this"))
((super) @expr (#set! role "expr.super"))
((cast_expression type: (_) @type) @expr (#set! role "expr.cast"))
((parenthesized_expression (_) @inner) @expr (#set! role "expr.wrap"))
; `a + b`: a String's concatenation where either operand is a String, else arithmetic like `a - b`, `a * b`, `a / b`,
; `a % b`, whose value is the wider operand's numeric type (jdk-results.ts; no call site, no method is named there)
((binary_expression left: (_) @object "+" right: (_) @arg) @expr (#set! role "expr.op:plus"))
((binary_expression left: (_) @object "-" right: (_) @arg) @expr (#set! role "expr.op:minus"))
((binary_expression left: (_) @object "*" right: (_) @arg) @expr (#set! role "expr.op:times"))
((binary_expression left: (_) @object "/" right: (_) @arg) @expr (#set! role "expr.op:div"))
((binary_expression left: (_) @object "%" right: (_) @arg) @expr (#set! role "expr.op:rem"))
((assignment_expression right: (_) @inner) @expr (#set! role "expr.wrap"))
((ternary_expression consequence: (_) @inner) @expr (#set! role "expr.wrap"))
((array_access array: (_) @object) @expr (#set! role "expr.index"))
; literals with their types (overloads are picked by them): `1L` is a long, `1.5f` a float
((string_literal) @expr (#set! role "expr.lit:String"))
([(decimal_integer_literal) (hex_integer_literal) (octal_integer_literal) (binary_integer_literal)] @expr (#not-match? @expr "[lL]$") (#set! role "expr.lit:int"))
([(decimal_integer_literal) (hex_integer_literal) (octal_integer_literal) (binary_integer_literal)] @expr (#match? @expr "[lL]$") (#set! role "expr.lit:long"))
([(decimal_floating_point_literal) (hex_floating_point_literal)] @expr (#not-match? @expr "[fF]$") (#set! role "expr.lit:double"))
([(decimal_floating_point_literal) (hex_floating_point_literal)] @expr (#match? @expr "[fF]$") (#set! role "expr.lit:float"))
((character_literal) @expr (#set! role "expr.lit:char"))
([(true) (false)] @expr (#set! role "expr.lit:boolean"))
((class_literal) @expr (#set! role "expr.lit"))
; `null`: a value of any type but a primitive (NominalRules.nullLiteral)
((null_literal) @expr (#set! role "expr.lit:null"))
((lambda_expression) @expr (#set! role "expr.fn"))
; a lambda's parameter count (`() -> x`, `(a, b) -> …`, `x -> …`): the functional interfaces it may be a value of
((lambda_expression parameters: [(formal_parameters) (inferred_parameters)] @params) @expr (#set! role "expr.fn"))
((lambda_expression parameters: (identifier)) @expr (#set! role "expr.fn:1"))

; ---------------------------------------------------------------- types
((type_identifier) @type (#set! role "type.name"))
([(integral_type) (floating_point_type) (boolean_type) (void_type)] @type (#set! role "type.name"))
((scoped_type_identifier . (_) @qualifier (type_identifier) @name .) @type (#set! role "type.qualified"))
((generic_type . (_) @name (type_arguments) @args) @type (#set! role "type.generic"))
((array_type element: (_) @element) @type (#set! role "type.array"))
((annotated_type (_) @inner .) @type (#set! role "type.wrap"))
; `? extends T` and `? super T` read as T
((wildcard (_) @inner .) @type (#set! role "type.wrap"))
