; PHP (tree-sitter-php 0.24.2, its `php` grammar: text around `<?php … ?>` is the grammar's `text`) in the nominal
; roles (lib/extract/nominal/roles.ts; docs/indexing.md, "Nominal languages"). Definitions follow the grammar's
; queries/tags.scm. Variables are `variable_name` nodes whose text keeps its `$` (so a local `$user` never meets a
; function `user`); a member's name is the `name` inside, without the `$`, as `->user` writes it.

; ---------------------------------------------------------------- namespaces, use, require
((namespace_definition name: (namespace_name) @name body: (compound_statement) @body) @def (#set! role "namespace"))
((namespace_definition name: (namespace_name) @name !body) @def (#set! role "namespace"))
((namespace_use_declaration (namespace_use_clause [(qualified_name) (name)] @path alias: (name)? @alias)) @def (#set! role "import"))
((namespace_use_declaration (namespace_name) @prefix body: (namespace_use_group (namespace_use_clause [(qualified_name) (name)] @path alias: (name)? @alias))) @def (#set! role "import"))
; `require`/`include` of a literal path, also after `__DIR__ .` or `dirname(__FILE__) .`
((require_expression [(string) (encapsed_string)] @path) @def (#set! role "import:file"))
((require_once_expression [(string) (encapsed_string)] @path) @def (#set! role "import:file"))
((include_expression [(string) (encapsed_string)] @path) @def (#set! role "import:file"))
((include_once_expression [(string) (encapsed_string)] @path) @def (#set! role "import:file"))
((require_expression (binary_expression right: [(string) (encapsed_string)] @path)) @def (#set! role "import:file"))
((require_once_expression (binary_expression right: [(string) (encapsed_string)] @path)) @def (#set! role "import:file"))
((include_expression (binary_expression right: [(string) (encapsed_string)] @path)) @def (#set! role "import:file"))
((include_once_expression (binary_expression right: [(string) (encapsed_string)] @path)) @def (#set! role "import:file"))

; ---------------------------------------------------------------- definitions
((class_declaration name: (name) @name body: (declaration_list) @body) @def (#set! role "def.class"))
((interface_declaration name: (name) @name body: (declaration_list) @body) @def (#set! role "def.interface"))
((trait_declaration name: (name) @name body: (declaration_list) @body) @def (#set! role "def.class:trait"))
((enum_declaration name: (name) @name body: (enum_declaration_list) @body) @def (#set! role "def.enum"))
((enum_case name: (name) @name) @def (#set! role "def.enum.member"))
((function_definition name: (name) @name body: (compound_statement) @body) @def (#set! role "def.function"))
((function_definition name: (name) @name return_type: (_) @returns body: (compound_statement) @body) @def (#set! role "def.function"))
((method_declaration name: (name) @name) @def (#set! role "def.method"))
((method_declaration name: (name) @name body: (compound_statement) @body) @def (#set! role "def.method"))
((method_declaration name: (name) @name return_type: (_) @returns) @def (#set! role "def.method"))
; after the patterns above, which its match ends with (the last record of a node gives its role)
((method_declaration name: (name) @name body: (compound_statement) @body (#eq? @name "__construct")) @def (#set! role "def.constructor"))
; a promoted constructor parameter (`public function __construct(private Repo $repo)`) is a property of the class
((property_promotion_parameter type: (_) @type name: (variable_name (name) @name)) @def (#set! role "def.property:promoted"))
((property_promotion_parameter name: (variable_name (name) @name)) @def (#set! role "def.property:promoted"))

((property_declaration type: (_) @type (property_element name: (variable_name (name) @name) default_value: (_)? @value)) @def (#set! role "decl.var:property"))
((property_declaration !type (property_element name: (variable_name (name) @name) default_value: (_)? @value)) @def (#set! role "decl.var:property"))
((const_declaration (const_element (name) @name (_) @value)) @def (#set! role "decl.var:constant"))

((class_declaration (base_clause [(name) (qualified_name)] @type)) @def (#set! role "heritage.extends"))
((class_declaration (class_interface_clause [(name) (qualified_name)] @type)) @def (#set! role "heritage.implements"))
((interface_declaration (base_clause [(name) (qualified_name)] @type)) @def (#set! role "heritage.extends"))
((enum_declaration (class_interface_clause [(name) (qualified_name)] @type)) @def (#set! role "heritage.implements"))
; `use T1, T2;` in a class, trait or enum body: the traits' members are the class's own (lib/resolve/nominal/members.ts)
((class_declaration body: (declaration_list (use_declaration [(name) (qualified_name)] @type))) @def (#set! role "heritage.mixin"))
((trait_declaration body: (declaration_list (use_declaration [(name) (qualified_name)] @type))) @def (#set! role "heritage.mixin"))
((enum_declaration body: (enum_declaration_list (use_declaration [(name) (qualified_name)] @type))) @def (#set! role "heritage.mixin"))

((class_declaration attributes: (attribute_list (attribute_group (attribute [(name) (qualified_name)] @name)))) @def (#set! role "annotation"))
((method_declaration attributes: (attribute_list (attribute_group (attribute [(name) (qualified_name)] @name)))) @def (#set! role "annotation"))
((method_declaration attributes: (attribute_list (attribute_group (attribute [(name) (qualified_name)] @name parameters: (arguments . (argument [(string) (encapsed_string)] @arg)))))) @def (#set! role "annotation"))

; ---------------------------------------------------------------- locals
((simple_parameter type: (_) @type name: (variable_name) @name) (#set! role "decl.param"))
((simple_parameter !type name: (variable_name) @name) (#set! role "decl.param"))
((simple_parameter name: (variable_name) @name default_value: (_) @value) (#set! role "decl.param"))
((variadic_parameter type: (_) @type name: (variable_name) @name) (#set! role "decl.param:rest"))
((variadic_parameter !type name: (variable_name) @name) (#set! role "decl.param:rest"))
((property_promotion_parameter type: (_) @type name: (variable_name) @name) (#set! role "decl.param"))
((property_promotion_parameter !type name: (variable_name) @name) (#set! role "decl.param"))
((property_promotion_parameter name: (variable_name) @name default_value: (_) @value) (#set! role "decl.param"))
((assignment_expression left: (variable_name) @name right: (_) @value) (#set! role "decl.local"))
; `[$fs, $path] = f()` and `list($fs, $path) = f()`: each name a local, typed by the statement's `@var T $fs` (an
; array's elements are not known)
((assignment_expression left: (list_literal (variable_name) @name)) (#set! role "decl.local"))
((foreach_statement . (_) @iter . (variable_name) @name) (#set! role "decl.local"))
((foreach_statement . (_) @iter . (pair (_) . (variable_name) @name .)) (#set! role "decl.local"))
((catch_clause type: (type_list . (named_type) @type) name: (variable_name) @name) (#set! role "decl.local"))

; `$this->repo = …` in a method: the value of an untyped property declared without one
((assignment_expression left: (member_access_expression object: (variable_name) @obj name: (name) @name) right: (_) @value) @def (#eq? @obj "$this") (#set! role "member.init"))

([(anonymous_function) (arrow_function)] @scope (#set! role "scope"))
; `if ($x instanceof Foo) { … }`: $x is a Foo in the block (which is a scope of its own only then)
((if_statement condition: (parenthesized_expression (binary_expression left: (variable_name) @name operator: "instanceof" right: [(name) (qualified_name)] @type)) body: (compound_statement) @scope) (#set! role "decl.narrow"))
((if_statement condition: (parenthesized_expression (binary_expression operator: "instanceof")) body: (compound_statement) @scope) (#set! role "scope"))
; the same test first in a chain of `&&` (or `and`): $x is a Foo in what the chain evaluates after the test
; (`$x instanceof Foo && $x->m()`, one or two operands on) and in the `if`'s block
((binary_expression left: (binary_expression left: (variable_name) @name operator: "instanceof" right: [(name) (qualified_name)] @type) operator: ["&&" "and"] right: (_) @scope) (#set! role "decl.narrow"))
((binary_expression left: (binary_expression left: (binary_expression left: (variable_name) @name operator: "instanceof" right: [(name) (qualified_name)] @type) operator: ["&&" "and"]) operator: ["&&" "and"] right: (_) @scope) (#set! role "decl.narrow"))
((if_statement condition: (parenthesized_expression (binary_expression left: (binary_expression left: (variable_name) @name operator: "instanceof" right: [(name) (qualified_name)] @type) operator: ["&&" "and"])) body: (compound_statement) @scope) (#set! role "decl.narrow"))
; `$x instanceof Foo ? $x->m() : …`: in the value the test picks
((conditional_expression condition: [(binary_expression left: (variable_name) @name operator: "instanceof" right: [(name) (qualified_name)] @type) (parenthesized_expression (binary_expression left: (variable_name) @name operator: "instanceof" right: [(name) (qualified_name)] @type))] body: (_) @scope) (#set! role "decl.narrow"))
((if_statement condition: (parenthesized_expression (binary_expression left: (binary_expression left: (binary_expression left: (variable_name) @name operator: "instanceof" right: [(name) (qualified_name)] @type) operator: ["&&" "and"]) operator: ["&&" "and"])) body: (compound_statement) @scope) (#set! role "decl.narrow"))

; ---------------------------------------------------------------- expressions
((variable_name) @expr (#eq? @expr "$this") (#set! role "expr.this"))
((variable_name) @id (#not-eq? @id "$this") (#set! role "id"))
((relative_scope) @expr (#eq? @expr "parent") (#set! role "expr.super"))
((relative_scope) @expr (#set! role "expr.this"))
((function_call_expression function: (name) @name arguments: (arguments) @args) @expr (#set! role "expr.call"))
((function_call_expression function: (qualified_name (name) @name) @callee arguments: (arguments) @args) @expr (#set! role "expr.call"))
((member_call_expression object: (_) @object name: (name) @name arguments: (arguments) @args) @expr (#set! role "expr.call"))
((nullsafe_member_call_expression object: (_) @object name: (name) @name arguments: (arguments) @args) @expr (#set! role "expr.call"))
((scoped_call_expression scope: (_) @object name: (name) @name arguments: (arguments) @args) @expr (#set! role "expr.call"))
((object_creation_expression [(name) (qualified_name)] @type (arguments) @args) @expr (#set! role "expr.new"))
((object_creation_expression [(name) (qualified_name)] @type .) @expr (#set! role "expr.new"))
((member_access_expression object: (_) @object name: (name) @name) @expr (#set! role "expr.member"))
((nullsafe_member_access_expression object: (_) @object name: (name) @name) @expr (#set! role "expr.member"))
((scoped_property_access_expression scope: (_) @object name: (variable_name (name) @name)) @expr (#set! role "expr.member"))
((class_constant_access_expression . (_) @object (name) @name .) @expr (#set! role "expr.member"))
; a class named where a value is read (`Foo::bar()`, `Foo::X`, `$x instanceof Foo`)
((_ scope: (name) @id) (#set! role "id"))
((class_constant_access_expression . (name) @id) (#set! role "id"))
((binary_expression operator: "instanceof" right: (name) @type) (#set! role "type.name"))
((parenthesized_expression (_) @inner) @expr (#set! role "expr.wrap"))
((assignment_expression right: (_) @inner) @expr (#set! role "expr.wrap"))
((clone_expression (_) @inner) @expr (#set! role "expr.wrap"))
((conditional_expression body: (_) @inner) @expr (#set! role "expr.wrap"))
((subscript_expression . (_) @object) @expr (#set! role "expr.index"))
([(string) (encapsed_string) (heredoc) (nowdoc)] @expr (#set! role "expr.lit:string"))
((integer) @expr (#set! role "expr.lit:int"))
((float) @expr (#set! role "expr.lit:float"))
((boolean) @expr (#set! role "expr.lit:bool"))
((null) @expr (#set! role "expr.lit"))
; a callable array `[UserController::class, 'store']` (Laravel's routes): the class's member
((array_creation_expression . (array_element_initializer (class_constant_access_expression . (_) @object (name) @cls .)) . (array_element_initializer (string (string_content) @name)) .) @expr (#eq? @cls "class") (#set! role "expr.member"))
([(anonymous_function) (arrow_function)] @expr (#set! role "expr.fn"))

; ---------------------------------------------------------------- types
((qualified_name prefix: (namespace_name) @qualifier (name) @name) @type (#set! role "type.qualified"))
; a fully qualified name of the global namespace (`\Exception`, `\strlen`): its `\` names the global package
((qualified_name prefix: "\\" @qualifier . (name) @name .) @type (#set! role "type.qualified"))
((qualified_name (name) @inner) @type (#set! role "type.wrap"))
((named_type [(name) (qualified_name)] @inner) @type (#set! role "type.wrap"))
((optional_type (_) @inner) @type (#set! role "type.wrap"))
((union_type . (_) @inner) @type (#set! role "type.wrap"))
((intersection_type . (_) @inner) @type (#set! role "type.wrap"))
((named_type (name) @type) (#set! role "type.name"))
((qualified_name !prefix (name) @type) (#set! role "type.name"))
((qualified_name prefix: "\\" . (name) @type .) (#set! role "type.name"))
((base_clause (name) @type) (#set! role "type.name"))
((class_interface_clause (name) @type) (#set! role "type.name"))
((use_declaration (name) @type) (#set! role "type.name"))
((object_creation_expression (name) @type) (#set! role "type.name"))
((namespace_use_clause . (name) @type) (#set! role "type.name"))
