; C (tree-sitter-c 0.24.1) in the nominal roles (lib/extract/nominal/roles.ts; docs/indexing.md, "Nominal
; languages"). Definitions follow the grammar's queries/tags.scm: function definitions (not prototypes), structs,
; unions, enums, typedefs and macros; declarations, expressions and types say what the collector needs to type a
; receiver (`p->next`, `s.x`). C++ (../cpp/cpp.scm) adds its own patterns to these.

; ---------------------------------------------------------------- includes
((preproc_include path: (_) @path) @def (#set! role "import"))
; conditional compilation: each branch is a region compiled where its condition holds (`#ifdef X`: X defined;
; `#ifndef X`, `#if !defined(X)`: not; `#if X`, `#if 1`: X defined, a number not 0), its alternative (`#elif`,
; `#else`) where it does not. An include guard (`#ifndef X_H` then
; `#define X_H`) is none.
((preproc_ifdef "#ifdef" name: (identifier) @name alternative: (_)? @stop) @region (#set! role "cond.defined"))
((preproc_ifdef "#ifdef" name: (identifier) @name alternative: (_) @region) (#set! role "cond.undefined"))
((preproc_ifdef "#ifndef" name: (identifier) @name alternative: (_)? @stop) @region (#set! role "cond.undefined"))
((preproc_ifdef "#ifndef" name: (identifier) @name alternative: (_) @region) (#set! role "cond.defined"))
((preproc_ifdef "#ifndef" name: (identifier) @name . (preproc_def name: (identifier) @guard)) @region (#eq? @name @guard) (#set! role "cond.guard"))
((preproc_if condition: [(preproc_defined (identifier) @name) (identifier) @name (number_literal) @name] alternative: (_)? @stop) @region (#set! role "cond.defined"))
((preproc_if condition: [(preproc_defined (identifier) @name) (identifier) @name (number_literal) @name] alternative: (_) @region) (#set! role "cond.undefined"))
((preproc_if condition: (unary_expression "!" argument: (preproc_defined (identifier) @name)) alternative: (_)? @stop) @region (#set! role "cond.undefined"))
((preproc_if condition: (unary_expression "!" argument: (preproc_defined (identifier) @name)) alternative: (_) @region) (#set! role "cond.defined"))
((preproc_elif condition: [(preproc_defined (identifier) @name) (identifier) @name (number_literal) @name] alternative: (_)? @stop) @region (#set! role "cond.defined"))
((preproc_elif condition: [(preproc_defined (identifier) @name) (identifier) @name (number_literal) @name] alternative: (_) @region) (#set! role "cond.undefined"))
((preproc_elif condition: (unary_expression "!" argument: (preproc_defined (identifier) @name)) alternative: (_)? @stop) @region (#set! role "cond.undefined"))
((preproc_elif condition: (unary_expression "!" argument: (preproc_defined (identifier) @name)) alternative: (_) @region) (#set! role "cond.defined"))
; a compound condition (`defined(A) && !defined(B)`, `(A || B)`, `!(A || B)`): its whole text, which the build's macros
; decide where they can (c/conditions.ts)
((preproc_if condition: [(binary_expression) (parenthesized_expression) (unary_expression argument: (parenthesized_expression))] @name alternative: (_)? @stop) @region (#set! role "cond.defined"))
((preproc_if condition: [(binary_expression) (parenthesized_expression) (unary_expression argument: (parenthesized_expression))] @name alternative: (_) @region) (#set! role "cond.undefined"))
((preproc_elif condition: [(binary_expression) (parenthesized_expression) (unary_expression argument: (parenthesized_expression))] @name alternative: (_)? @stop) @region (#set! role "cond.defined"))
((preproc_elif condition: [(binary_expression) (parenthesized_expression) (unary_expression argument: (parenthesized_expression))] @name alternative: (_) @region) (#set! role "cond.undefined"))

; ---------------------------------------------------------------- definitions
((function_definition type: (_) @returns declarator: (function_declarator declarator: (identifier) @name) body: (_) @body) @def (#set! role "def.function"))
((function_definition type: (_) @returns declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)) body: (_) @body) @def (#set! role "def.function"))
((function_definition type: (_) @returns declarator: (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))) body: (_) @body) @def (#set! role "def.function"))

((struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @def (#set! role "def.class:struct"))
((union_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @def (#set! role "def.class:union"))
((enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @def (#set! role "def.enum"))
((enumerator name: (identifier) @name) @def (#set! role "def.enum.member"))
; `typedef struct { … } point;`: the struct is named by its typedef
((type_definition type: (struct_specifier !name body: (field_declaration_list) @body) declarator: (type_identifier) @name) @def (#set! role "def.class:struct"))
((type_definition type: (union_specifier !name body: (field_declaration_list) @body) declarator: (type_identifier) @name) @def (#set! role "def.class:union"))
((type_definition type: (enum_specifier !name body: (enumerator_list) @body) declarator: (type_identifier) @name) @def (#set! role "def.enum"))
; `typedef struct node node_t;` (and `typedef struct node {…} node_t;`): an alias of the struct, its members the struct's
((type_definition type: [(struct_specifier name: (type_identifier) @type) (union_specifier name: (type_identifier) @type) (enum_specifier name: (type_identifier) @type)] declarator: (type_identifier) @name @def) (#set! role "def.type:typedef"))
((type_definition type: [(type_identifier) (primitive_type) (sized_type_specifier)] @type declarator: (type_identifier) @name @def) (#set! role "def.type:typedef"))
((type_definition type: (_) @type declarator: (pointer_declarator declarator: (type_identifier) @name @def)) (#set! role "def.type:typedef"))
((type_definition declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name @def)))) (#set! role "def.type:typedef"))

; each declarator of `int x, y;` is a field of its own (named at its name)
((field_declaration type: (_) @type declarator: [
   (field_identifier) @name @def
   (pointer_declarator declarator: (field_identifier) @name @def)
   (pointer_declarator declarator: (pointer_declarator declarator: (field_identifier) @name @def))
   (array_declarator declarator: (field_identifier) @name @def)
   (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (field_identifier) @name @def)))]) (#set! role "def.field"))

((preproc_function_def name: (identifier) @name) @def (#set! role "def.function:macro"))
((preproc_def name: (identifier) @name) @def (#set! role "def.var:macro"))

; variables: symbols at file level, locals in a function (decl.var decides by where it is)
((declaration type: (_) @type declarator: [
   (identifier) @name
   (pointer_declarator declarator: (identifier) @name)
   (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @name))
   (array_declarator declarator: (identifier) @name)]) (#set! role "decl.var:var"))
((declaration type: (_) @type declarator: (init_declarator declarator: [
   (identifier) @name
   (pointer_declarator declarator: (identifier) @name)
   (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @name))
   (array_declarator declarator: (identifier) @name)] value: (_) @value)) (#set! role "decl.var:var"))

; ---------------------------------------------------------------- locals
((parameter_declaration type: (_) @type declarator: [
   (identifier) @name
   (pointer_declarator declarator: (identifier) @name)
   (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @name))
   (array_declarator declarator: (identifier) @name)]) (#set! role "decl.param"))
; a prototype's (or a function pointer's) parameters are no one's locals
((declaration declarator: [(function_declarator parameters: (_) @scope) (pointer_declarator declarator: (function_declarator parameters: (_) @scope))]) (#set! role "scope"))
((field_declaration declarator: [(function_declarator parameters: (_) @scope) (pointer_declarator declarator: (function_declarator parameters: (_) @scope))]) (#set! role "scope"))
((type_definition declarator: (function_declarator parameters: (_) @scope)) (#set! role "scope"))
; a function type's parameters (`int (*)(int x)`, in a cast or a parameter) are no one's locals (a C++ lambda's, under
; `lambda_expression`, are its body's)
((abstract_pointer_declarator (abstract_function_declarator parameters: (_) @scope)) (#set! role "scope"))
((abstract_parenthesized_declarator (abstract_function_declarator parameters: (_) @scope)) (#set! role "scope"))
((type_descriptor (abstract_function_declarator parameters: (_) @scope)) (#set! role "scope"))
((parameter_declaration (abstract_function_declarator parameters: (_) @scope)) (#set! role "scope"))
; a macro's parameters
((preproc_params (identifier) @name) (#set! role "decl.param"))

([(compound_statement) (for_statement) (if_statement) (while_statement) (do_statement) (switch_statement)] @scope (#set! role "scope"))

; ---------------------------------------------------------------- expressions
((identifier) @id (#set! role "id"))
; (C++'s casts written like calls are casts: cpp.scm)
((call_expression function: (_) @callee arguments: (argument_list) @args) @expr (#not-match? @callee "^(static|dynamic|const|reinterpret)_cast\\s*<.*>$") (#set! role "expr.call"))
((field_expression argument: (_) @object field: (field_identifier) @name) @expr (#set! role "expr.member"))
((pointer_expression argument: (_) @inner) @expr (#set! role "expr.wrap"))
((parenthesized_expression (_) @inner) @expr (#set! role "expr.wrap"))
((cast_expression type: (type_descriptor type: (_) @type)) @expr (#set! role "expr.cast"))
((compound_literal_expression type: (type_descriptor type: (_) @type)) @expr (#set! role "expr.cast"))
((subscript_expression argument: (_) @object) @expr (#set! role "expr.index"))
([(string_literal) (concatenated_string) (char_literal) (number_literal) (true) (false) (null)] @expr (#set! role "expr.lit"))

; ---------------------------------------------------------------- types
((type_identifier) @type (#set! role "type.name"))
((struct_specifier name: (type_identifier) @inner !body) @type (#set! role "type.wrap"))
((union_specifier name: (type_identifier) @inner !body) @type (#set! role "type.wrap"))
((enum_specifier name: (type_identifier) @inner !body) @type (#set! role "type.wrap"))
((type_descriptor type: (_) @inner) @type (#set! role "type.wrap"))
