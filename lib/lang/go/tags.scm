; Go (tree-sitter-go 0.25.0) in the nominal roles (lib/extract/nominal/roles.ts; docs/indexing.md, "Nominal
; languages"). Definitions follow the grammar's queries/tags.scm; declarations, expressions and types say what the
; collector needs to type receivers.

; ---------------------------------------------------------------- package and imports
((package_clause (package_identifier) @name) @def (#set! role "package"))
((import_spec name: (_)? @alias path: (interpreted_string_literal) @path) @def (#set! role "import"))

; ---------------------------------------------------------------- definitions
((function_declaration
  name: (identifier) @name
  result: (_)? @returns
  body: (block)? @body) @def (#set! role "def.function"))

((method_declaration
  receiver: (parameter_list (parameter_declaration type: (_) @recv))
  name: (field_identifier) @name
  result: (_)? @returns
  body: (block)? @body) @def (#set! role "def.method"))

((type_spec name: (type_identifier) @name type: (struct_type (field_declaration_list) @body)) @def (#set! role "def.class:struct"))
((type_spec name: (type_identifier) @name type: (interface_type) @body) @def (#set! role "def.interface"))
((type_spec name: (type_identifier) @name type: [(type_identifier) (qualified_type) (generic_type) (pointer_type) (slice_type) (array_type) (map_type) (function_type) (channel_type)] @type) @def (#set! role "def.type"))
; an alias of an interface literal (testify's `type tHelper = interface { Helper() }`) is that interface: its
; methods are the literal's, which a value asserted to the alias calls
((type_alias name: (type_identifier) @name type: (interface_type) @body) @def (#set! role "def.interface"))
((type_alias name: (type_identifier) @name type: (_) @type) @def (#not-match? @type "^interface\\s*\\{") (#set! role "def.type:alias"))

; a named struct type's fields, its members. An anonymous structure's (`var cfg struct{ A int }`, a test table's
; `[]struct{…}`, `Inner struct{ A int }` inside a type) are no members of the function, type or package around them:
; go/types makes them fields of that unnamed type alone (gopls lists none in a body); what a field of one holds is
; still read, by the structure's type (`type.object.prop` below)
(type_spec type: (struct_type (field_declaration_list (field_declaration name: (field_identifier) @name type: (_) @type) @def)) (#not-match? @def "^[^\\s,]+\\s*,") (#set! role "def.field"))
; a declaration of several names (`base, dir Style`) declares a field at each name, all of its type
(type_spec type: (struct_type (field_declaration_list (field_declaration name: (field_identifier) @name @def type: (_) @type) @group)) (#match? @group "^[^\\s,]+\\s*,") (#set! role "def.field"))
(type_spec type: (struct_type (field_declaration_list (field_declaration !name type: [
   (type_identifier) @name
   (pointer_type (type_identifier) @name)
   (qualified_type name: (type_identifier) @name)
   (pointer_type (qualified_type name: (type_identifier) @name))
   (generic_type type: (type_identifier) @name)
   (pointer_type (generic_type type: (type_identifier) @name))] @type) @def)) (#set! role "def.field:embedded"))
((method_elem name: (field_identifier) @name result: (_)? @returns) @def (#set! role "def.method:method_signature"))

; embedded fields and embedded interfaces: their members are promoted
((type_spec type: (struct_type (field_declaration_list (field_declaration !name type: (_) @type)))) @def (#set! role "heritage.embed"))
((type_spec type: (interface_type (type_elem (_) @type))) @def (#set! role "heritage.embed"))
((type_alias type: (interface_type (type_elem (_) @type))) @def (#set! role "heritage.embed"))

; package-level vars and consts are symbols, local ones locals (decl.var decides by where it is)
((var_spec name: (identifier) @name type: (_)? @type value: (expression_list)? @values) @def (#set! role "decl.var:var"))
((const_spec name: (identifier) @name type: (_)? @type value: (expression_list)? @values) @def (#set! role "decl.var:const"))
; a const written bare in a group repeats the spec above it (\`const ( A Kind = iota; B; C )\`: B is of A's type, C of
; B's; after \`d = 3\`, an untyped int): its value is read as the one above's
((const_declaration (const_spec name: (identifier) @value) . (const_spec name: (identifier) @name !type !value) @def) (#set! role "decl.var:const"))
; (with one to three comment lines between: a doc comment above each constant)
((const_declaration (const_spec name: (identifier) @value) . (comment) . (const_spec name: (identifier) @name !type !value) @def) (#set! role "decl.var:const"))
((const_declaration (const_spec name: (identifier) @value) . (comment) . (comment) . (const_spec name: (identifier) @name !type !value) @def) (#set! role "decl.var:const"))
((const_declaration (const_spec name: (identifier) @value) . (comment) . (comment) . (comment) . (const_spec name: (identifier) @name !type !value) @def) (#set! role "decl.var:const"))

; ---------------------------------------------------------------- locals
((parameter_declaration name: (identifier) @name type: (_) @type) (#set! role "decl.param"))
((variadic_parameter_declaration name: (identifier) @name type: (_) @type) (#set! role "decl.param:rest"))
((short_var_declaration left: (expression_list (identifier) @name) right: (expression_list) @values) (#set! role "decl.local:redeclare"))
((range_clause left: (expression_list . (identifier) @name) right: (_) @iter) (#set! role "decl.local:key"))
((range_clause left: (expression_list (identifier) (identifier) @name) right: (_) @iter) (#set! role "decl.local"))
; a type switch's variable is the switched value (what the default case and a case of several types see)
((type_switch_statement alias: (expression_list (identifier) @name) value: (_) @value) (#set! role "decl.local"))
((type_parameter_declaration name: (identifier) @name) (#set! role "decl.typeparam"))

([(block) (for_statement) (if_statement) (expression_switch_statement) (type_switch_statement) (select_statement)
 (expression_case) (type_case) (default_case) (communication_case) (func_literal)] @scope (#set! role "scope"))

; ---------------------------------------------------------------- expressions
((identifier) @id (#set! role "id"))
((call_expression function: (_) @callee arguments: (argument_list) @args) @expr (#set! role "expr.call"))
((selector_expression operand: (_) @object field: (field_identifier) @name) @expr (#set! role "expr.member"))
((composite_literal type: (_) @type body: (literal_value) @args) @expr (#set! role "expr.new:literal"))
((composite_literal type: (_) @owner body: (literal_value (keyed_element key: (literal_element (identifier) @key)))) (#set! role "expr.key"))
((type_assertion_expression type: (_) @type) @expr (#set! role "expr.cast"))
; the grammar reads `F[T](x)` as a conversion to a generic type: it is a call of F where F names a function, else a
; conversion (a call of a type's name is its conversion), with its one argument
((type_conversion_expression type: (generic_type) @callee operand: (_) @arg) @expr (#set! role "expr.call:infix"))
((type_conversion_expression type: [(type_identifier) (qualified_type) (pointer_type) (parenthesized_type) (slice_type) (array_type)
  (map_type) (channel_type) (function_type) (interface_type) (struct_type)] @type) @expr (#set! role "expr.cast"))
((unary_expression operator: "&" operand: (_) @inner) @expr (#set! role "expr.wrap"))
((unary_expression operator: "*" operand: (_) @inner) @expr (#set! role "expr.wrap"))
((parenthesized_expression (_) @inner) @expr (#set! role "expr.wrap"))
((index_expression operand: (_) @object) @expr (#set! role "expr.index"))
([(interpreted_string_literal) (raw_string_literal) (int_literal) (float_literal) (imaginary_literal) (rune_literal) (true) (false)] @expr (#set! role "expr.lit"))
((func_literal) @expr (#set! role "expr.fn"))

; ---------------------------------------------------------------- types
((type_identifier) @type (#set! role "type.name"))
((qualified_type package: (package_identifier) @qualifier name: (type_identifier) @name) @type (#set! role "type.qualified"))
((generic_type type: (_) @name type_arguments: (type_arguments) @args) @type (#set! role "type.generic"))
((pointer_type (_) @inner) @type (#set! role "type.wrap"))
((parenthesized_type (_) @inner) @type (#set! role "type.wrap"))
((slice_type element: (_) @element) @type (#set! role "type.array"))
((array_type element: (_) @element) @type (#set! role "type.array"))
((implicit_length_array_type element: (_) @element) @type (#set! role "type.array"))
((map_type key: (_) @key value: (_) @value) @type (#set! role "type.map"))
((channel_type value: (_) @element) @type (#set! role "type.array"))
((parameter_list) @type (#set! role "type.tuple"))
((parameter_list (parameter_declaration type: (_) @item)) @type (#set! role "type.tuple.item"))
((function_type result: (_)? @returns) @type (#set! role "type.fn"))
; an anonymous structure type's fields (`[]struct{ name string; fn func() }`, a test table's element)
((struct_type (field_declaration_list (field_declaration name: (field_identifier) @name type: (_) @item))) @type (#set! role "type.object.prop"))
((slice_expression operand: (_) @inner) @expr (#set! role "expr.wrap"))

; inside a type switch's case of one type, its variable has that type (in a case listing several, the switched value's)
((type_switch_statement alias: (expression_list (identifier) @name) (type_case "case" . type: (_) @type . ":") @scope) (#set! role "decl.narrow"))
