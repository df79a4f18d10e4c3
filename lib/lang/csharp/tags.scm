; C# (tree-sitter-c-sharp 0.23.5) in the nominal roles (lib/extract/nominal/roles.ts; docs/indexing.md, "Nominal
; languages"). Definitions follow the grammar's queries/tags.scm; a type is written as an identifier like any name,
; so the fields that hold types say where one is.

; ---------------------------------------------------------------- namespaces and usings
((namespace_declaration name: (_) @name body: (declaration_list) @body) @def (#set! role "namespace"))
((file_scoped_namespace_declaration name: (_) @name) @def (#set! role "namespace"))
((using_directive !name [(identifier) (qualified_name)] @path) @def (#set! role "import"))
; `using static T;` brings every static member of T (a wildcard of the type's statics)
((using_directive "static" @static !name [(identifier) (qualified_name) (generic_name)] @path) @def (#set! role "import:all"))
((using_directive "global" @global !name [(identifier) (qualified_name)] @path) @def (#set! role "import"))
((using_directive name: (identifier) @alias . [(identifier) (qualified_name) (generic_name)] @path) @def (#set! role "import"))

; ---------------------------------------------------------------- definitions
((class_declaration name: (identifier) @name body: (declaration_list) @body) @def (#set! role "def.class"))
((struct_declaration name: (identifier) @name body: (declaration_list) @body) @def (#set! role "def.class:struct"))
((record_declaration name: (identifier) @name) @def (#set! role "def.class:record"))
((record_declaration name: (identifier) @name body: (declaration_list) @body) @def (#set! role "def.class:record"))
((interface_declaration name: (identifier) @name body: (declaration_list) @body) @def (#set! role "def.interface"))
((enum_declaration name: (identifier) @name body: (enum_member_declaration_list) @body) @def (#set! role "def.enum"))
((enum_member_declaration name: (identifier) @name) @def (#set! role "def.enum.member"))
; a delegate type is a function type (calling a value of it runs no declared function; it gives its result)
((delegate_declaration name: (identifier) @name) @def @type (#set! role "def.type:delegate"))
((delegate_declaration type: (_) @returns) @type (#set! role "type.fn"))

((method_declaration returns: (_) @returns name: (identifier) @name) @def (#set! role "def.method"))
((method_declaration returns: (_) @returns name: (identifier) @name body: (_) @body) @def (#set! role "def.method"))
((constructor_declaration name: (identifier) @name body: (_) @body) @def (#set! role "def.constructor"))
((property_declaration type: (_) @type name: (identifier) @name) @def (#set! role "def.property"))
; an explicit interface implementation (`void IList.Add(…)`): a member only the interface's name reaches
((method_declaration (explicit_interface_specifier) @explicit name: (identifier) @name) @def (#set! role "def.method"))
((property_declaration (explicit_interface_specifier) @explicit name: (identifier) @name) @def (#set! role "def.property"))
((record_declaration (parameter_list (parameter type: (_) @type name: (identifier) @name) @def)) (#set! role "def.property:component"))
((field_declaration (variable_declaration type: (_) @type (variable_declarator name: (identifier) @name))) @def (#set! role "decl.var:field"))
((field_declaration (variable_declaration type: (_) @type (variable_declarator name: (identifier) @name . (_) @value))) @def (#set! role "decl.var:field"))
((event_field_declaration (variable_declaration type: (_) @type (variable_declarator name: (identifier) @name))) @def (#set! role "decl.var:event"))

; base lists do not say which entry is the class: the resolver asks the type found
((class_declaration (base_list [(identifier) (generic_name) (qualified_name)] @type)) @def (#set! role "heritage.base"))
((struct_declaration (base_list [(identifier) (generic_name) (qualified_name)] @type)) @def (#set! role "heritage.base"))
((record_declaration (base_list [(identifier) (generic_name) (qualified_name)] @type)) @def (#set! role "heritage.base"))
((record_declaration (base_list (primary_constructor_base_type type: (_) @type))) @def (#set! role "heritage.base"))
((interface_declaration (base_list [(identifier) (generic_name) (qualified_name)] @type)) @def (#set! role "heritage.base"))

((class_declaration (attribute_list (attribute name: (_) @name))) @def (#set! role "annotation"))
((class_declaration (attribute_list (attribute name: (_) @name (attribute_argument_list . (attribute_argument (string_literal) @arg))))) @def (#set! role "annotation"))
((method_declaration (attribute_list (attribute name: (_) @name))) @def (#set! role "annotation"))
((method_declaration (attribute_list (attribute name: (_) @name (attribute_argument_list . (attribute_argument (string_literal) @arg))))) @def (#set! role "annotation"))

; ---------------------------------------------------------------- locals
((parameter type: (_) @type name: (identifier) @name) (#set! role "decl.param"))
((parameter name: (identifier) @name) (#set! role "decl.param"))
; an optional parameter (`bool b = true`): a call may leave it out
((parameter name: (identifier) @name . (_) @value) (#set! role "decl.param"))
; a `params` array: the grammar keeps it in the list itself
((parameter_list type: (_) @type . name: (identifier) @name) (#set! role "decl.param:rest"))
; the modifier as the kind: `this` marks an extension method's receiver
((parameter (modifier) @kind type: (_) @type name: (identifier) @name) (#set! role "decl.param"))
((local_declaration_statement (variable_declaration type: (_) @type (variable_declarator name: (identifier) @name))) (#set! role "decl.local"))
((local_declaration_statement (variable_declaration type: (_) @type (variable_declarator name: (identifier) @name . (_) @value))) (#set! role "decl.local"))
((using_statement (variable_declaration type: (_) @type (variable_declarator name: (identifier) @name . (_) @value))) (#set! role "decl.local"))
((foreach_statement type: (_) @type left: (identifier) @name right: (_) @iter) (#set! role "decl.local:each"))
((declaration_pattern type: (_) @type name: (identifier) @name) (#set! role "decl.local"))
((catch_declaration type: (_) @type name: (identifier) @name) (#set! role "decl.local"))
; an argument that declares its variable (`out Trigger t`; `out var t`: the type of the callee's parameter there)
((invocation_expression arguments: (argument_list (argument (declaration_expression type: (_) @type name: (identifier) @name)) @arg)) @call (#set! role "decl.local:out"))
((lambda_expression parameters: (implicit_parameter) @name) (#set! role "decl.param"))
; a lambda handed to a method of its receiver: its first parameter is an element of the receiver (LINQ's `Where`,
; `Select`, List's `ForEach`: csharpSyntax's list); of another method, the method's delegate parameter's (the role
; is the parameter patterns' above, whose match at the lambda comes later: so the kind is kept, not the role lost)
((invocation_expression function: (member_access_expression expression: (_) @iter name: (identifier) @method) arguments: (argument_list . (argument (lambda_expression parameters: (implicit_parameter) @name)))) (#set! role "decl.param:callback"))
((invocation_expression function: (member_access_expression expression: (_) @iter name: (identifier) @method) arguments: (argument_list . (argument (lambda_expression parameters: (parameter_list . (parameter name: (identifier) @name)))))) (#set! role "decl.param:callback"))
; a lambda among a call's arguments: its parameters written without a type are the called method's delegate parameter's
((invocation_expression arguments: (argument_list (argument (lambda_expression) @scope)) @args) @call (#set! role "decl.builder"))
; (or a constructor's: `new Policy(x => x.Run())`)
((object_creation_expression arguments: (argument_list (argument (lambda_expression) @scope)) @args) @call (#set! role "decl.builder"))
((type_parameter name: (identifier) @name) (#set! role "decl.typeparam"))

([(block) (for_statement) (foreach_statement) (catch_clause) (lambda_expression) (switch_body) (using_statement)
  (if_statement) (while_statement) (arrow_expression_clause)] @scope (#set! role "scope"))

; ---------------------------------------------------------------- expressions
((identifier) @id (#set! role "id"))
((invocation_expression function: (_) @callee arguments: (argument_list) @args) @expr (#set! role "expr.call"))
((constructor_initializer ["this" "base"] @callee (argument_list) @args) @expr (#set! role "expr.call"))
((constructor_initializer "this" @expr) (#set! role "expr.this"))
((constructor_initializer "base" @expr) (#set! role "expr.super"))
((object_creation_expression type: (_) @type arguments: (argument_list) @args) @expr (#set! role "expr.new"))
; `new T { A = x }`: the parameterless constructor, and the initializer's keys are T's members
((object_creation_expression type: (_) @type !arguments initializer: (initializer_expression)) @expr (#set! role "expr.new"))
((object_creation_expression type: (_) @owner initializer: (initializer_expression (assignment_expression left: (identifier) @key))) (#set! role "expr.key"))
((member_access_expression expression: _ @object name: (identifier) @name) @expr (#set! role "expr.member"))
((member_access_expression expression: _ @object name: (generic_name . (identifier) @name (type_argument_list) @targs)) @expr (#set! role "expr.member"))
((conditional_access_expression condition: (_) @object (member_binding_expression name: (identifier) @name)) @expr (#set! role "expr.member"))
((member_access_expression expression: "this" @expr) (#set! role "expr.this"))
((member_access_expression expression: "base" @expr) (#set! role "expr.super"))
((cast_expression type: (_) @type) @expr (#set! role "expr.cast"))
((as_expression right: (_) @type) @expr (#set! role "expr.cast"))
((parenthesized_expression (_) @inner) @expr (#set! role "expr.wrap"))
((await_expression (_) @inner) @expr (#set! role "expr.wrap"))
((postfix_unary_expression (_) @inner) @expr (#set! role "expr.wrap"))
((element_access_expression expression: (_) @object) @expr (#set! role "expr.index"))
((string_literal) @expr (#set! role "expr.lit:string"))
((interpolated_string_expression) @expr (#set! role "expr.lit:string"))
((integer_literal) @expr (#set! role "expr.lit:int"))
((real_literal) @expr (#set! role "expr.lit:double"))
((character_literal) @expr (#set! role "expr.lit:char"))
((boolean_literal) @expr (#set! role "expr.lit:bool"))
; `typeof(T)` is a System.Type, which picks a `Type` parameter's overload
((typeof_expression) @expr (#set! role "expr.lit:Type"))
; `[a, b]` has no type of its own: it fits arrays and collections, never a method's type parameter
((collection_expression) @expr (#set! role "expr.collection"))
([(lambda_expression) (anonymous_method_expression)] @expr (#set! role "expr.fn"))
; a lambda's parameters: how many picks the overload whose delegate parameter takes as many
((lambda_expression parameters: (parameter_list) @params) @expr (#set! role "expr.fn"))
((lambda_expression parameters: (implicit_parameter)) @expr (#set! role "expr.fn:1"))

; ---------------------------------------------------------------- types (in the fields that hold one)
((generic_name . (identifier) @name (type_argument_list) @args) @type (#set! role "type.generic"))
((qualified_name qualifier: (_) @qualifier name: (_) @name) @type (#set! role "type.qualified"))
((nullable_type type: (_) @inner) @type (#set! role "type.wrap"))
((array_type type: (_) @element) @type (#set! role "type.array"))
((predefined_type) @type (#set! role "type.name"))
((_ type: (identifier) @type) (#set! role "type.name"))
((_ returns: (identifier) @type) (#set! role "type.name"))
((base_list (identifier) @type) (#set! role "type.name"))
((type_argument_list (identifier) @type) (#set! role "type.name"))
((type_parameter_constraint type: (identifier) @type) (#set! role "type.name"))
