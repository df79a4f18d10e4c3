; C++ (tree-sitter-cpp 0.23.4): C's patterns (../c/c.scm, read first) and these. Namespaces qualify the names
; declared in them; classes (and structs) with their bases, methods defined in the class body or outside it
; (`void A::f() {…}`, a method of A), pure virtual methods, `using` aliases, templates by their name; qualified
; names (`a::b::f`) are paths the resolver walks from the outermost name.

; ---------------------------------------------------------------- namespaces and definitions
((namespace_definition name: (_) @name body: (declaration_list) @body) @def (#set! role "namespace"))

((class_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @def (#set! role "def.class"))
((class_specifier (base_class_clause [(type_identifier) (qualified_identifier) (template_type)] @type)) @def (#set! role "heritage.extends"))
((struct_specifier (base_class_clause [(type_identifier) (qualified_identifier) (template_type)] @type)) @def (#set! role "heritage.extends"))
((enum_specifier "class" name: (type_identifier) @name body: (enumerator_list) @body) @def (#set! role "def.enum:enum_class"))
((enum_specifier "struct" name: (type_identifier) @name body: (enumerator_list) @body) @def (#set! role "def.enum:enum_class"))
((alias_declaration name: (type_identifier) @name @def type: (type_descriptor) @type) (#set! role "def.type:alias"))

; methods defined in the class body
((function_definition declarator: (function_declarator declarator: (field_identifier) @name) body: (_) @body) @def (#set! role "def.method"))
((function_definition type: (_) @returns declarator: (function_declarator declarator: (field_identifier) @name) body: (_) @body) @def (#set! role "def.method"))
((function_definition type: (_) @returns declarator: [(pointer_declarator declarator: (function_declarator declarator: (field_identifier) @name)) (reference_declarator (function_declarator declarator: (field_identifier) @name))] body: (_) @body) @def (#set! role "def.method"))
; a function returning a reference (`const std::string& name(…)`)
((function_definition type: (_) @returns declarator: (reference_declarator (function_declarator declarator: (identifier) @name)) body: (_) @body) @def (#set! role "def.function"))
; a pure virtual method: declared, never defined (the interface its overrides implement)
((field_declaration type: (_) @returns declarator: (function_declarator declarator: (field_identifier) @name) default_value: (number_literal)) @def (#set! role "def.method:pure_virtual"))
; a method defined outside its class (`int A::f(int x) {…}`): a method of A
((function_definition type: (_)? @returns declarator: (function_declarator declarator: (qualified_identifier scope: (_) @recv name: (identifier) @name)) body: (_) @body) @def (#set! role "def.method"))
((function_definition type: (_) @returns declarator: [(pointer_declarator declarator: (function_declarator declarator: (qualified_identifier scope: (_) @recv name: (identifier) @name))) (reference_declarator (function_declarator declarator: (qualified_identifier scope: (_) @recv name: (identifier) @name)))] body: (_) @body) @def (#set! role "def.method"))
; a constructor: a method named as its class, defined in the class body (also as a template) or outside it
; (`A::A(int x) {…}`); what a construction of the class runs, by its argument count
((class_specifier name: (_) @cls body: (field_declaration_list (function_definition !type declarator: (function_declarator declarator: (identifier) @name) body: (_) @body) @def)) (#eq? @cls @name) (#set! role "def.method:constructor"))
((struct_specifier name: (_) @cls body: (field_declaration_list (function_definition !type declarator: (function_declarator declarator: (identifier) @name) body: (_) @body) @def)) (#eq? @cls @name) (#set! role "def.method:constructor"))
((class_specifier name: (_) @cls body: (field_declaration_list (template_declaration (function_definition !type declarator: (function_declarator declarator: (identifier) @name) body: (_) @body) @def))) (#eq? @cls @name) (#set! role "def.method:constructor"))
((struct_specifier name: (_) @cls body: (field_declaration_list (template_declaration (function_definition !type declarator: (function_declarator declarator: (identifier) @name) body: (_) @body) @def))) (#eq? @cls @name) (#set! role "def.method:constructor"))
((function_definition !type declarator: (function_declarator declarator: (qualified_identifier scope: (_) @recv name: (identifier) @name)) body: (_) @body) @def (#eq? @recv @name) (#set! role "def.method:constructor"))
((function_definition !type declarator: (function_declarator declarator: (qualified_identifier scope: (template_type name: (_) @cls) name: (identifier) @name)) body: (_) @body) @def (#eq? @cls @name) (#set! role "def.method:constructor"))

; variables, parameters and fields declared by reference (`Foo& x`, `const Foo& p`, a member `Scanner& m_scanner;`)
((field_declaration type: (_) @type declarator: (reference_declarator (field_identifier) @name @def)) (#set! role "def.field"))
((declaration type: (_) @type declarator: (init_declarator declarator: (reference_declarator (identifier) @name) value: (_) @value)) (#set! role "decl.var:var"))
((parameter_declaration type: (_) @type declarator: (reference_declarator (identifier) @name)) (#set! role "decl.param"))
((optional_parameter_declaration type: (_) @type declarator: [(identifier) @name (reference_declarator (identifier) @name) (pointer_declarator declarator: (identifier) @name)] default_value: (_) @value) (#set! role "decl.param"))
((for_range_loop type: (_) @type declarator: [(identifier) @name (reference_declarator (identifier) @name) (pointer_declarator declarator: (identifier) @name)] right: (_) @iter) (#set! role "decl.local"))
; `A a(x);` in a body: a variable, though the grammar reads a function's declaration (the most vexing parse)
((compound_statement (declaration type: (_) @type declarator: (function_declarator declarator: (identifier) @name parameters: (parameter_list . (parameter_declaration type: (type_identifier) !declarator))))) (#set! role "decl.var:var"))
((type_parameter_declaration (type_identifier) @name) (#set! role "decl.typeparam"))
((field_declaration declarator: (function_declarator parameters: (_) @scope)) (#set! role "scope"))
([(for_range_loop) (lambda_expression) (try_statement) (catch_clause)] @scope (#set! role "scope"))

; ---------------------------------------------------------------- expressions
((new_expression type: (_) @type arguments: (_)? @args) @expr (#set! role "expr.new"))
; `new A` without parentheses passes no argument (the default constructor)
((new_expression type: (_) @type !arguments) @expr (#set! role "expr.new:bare"))
; a variable of a class type runs the constructor its initialiser's arguments pick (`A a(1);`, `A a{1, 2};`,
; `A a = {1};`, `A a;`: none); only a constructor the class declares (no edge for an aggregate or a library type).
; `A a(x);` in a body is a variable too, though the grammar reads a declaration of a function taking an `x` (the
; most vexing parse: a parameter without a name)
((declaration type: (_) @type declarator: (init_declarator value: [(argument_list) (initializer_list)] @args) @expr) (#set! role "expr.new:declared"))
((declaration type: (_) @type declarator: (identifier)) @expr (#set! role "expr.new:declared"))
((compound_statement (declaration type: (_) @type declarator: (function_declarator declarator: (identifier) parameters: (parameter_list . (parameter_declaration type: (type_identifier) !declarator)) @args) @expr)) (#set! role "expr.new:declared"))
((this) @expr (#set! role "expr.this"))
; the casts written like calls (`static_cast<Derived*>(this)->f()`): a value of the type named, no call
((call_expression function: (template_function name: (identifier) @op arguments: (template_argument_list (type_descriptor type: (_) @type))) arguments: (argument_list)) @expr (#any-of? @op "static_cast" "dynamic_cast" "const_cast" "reinterpret_cast") (#set! role "expr.cast"))
((qualified_identifier scope: (_) @qualifier name: (_) @name) @expr (#set! role "expr.path"))
((template_function name: (_) @inner) @expr (#set! role "expr.wrap"))
; a member template called with explicit type arguments (`box.get<int>()`, `b.template get<T>()`, `T::template
; make<U>()`): the member or path segment is its name, the arguments and the `template` keyword apart
((field_expression argument: (_) @object field: (template_method name: (field_identifier) @name)) @expr (#set! role "expr.member"))
((field_expression argument: (_) @object field: (dependent_name (template_method name: (field_identifier) @name))) @expr (#set! role "expr.member"))
((dependent_name (template_function name: (identifier) @inner)) @expr (#set! role "expr.wrap"))
((lambda_expression) @expr (#set! role "expr.fn"))
([(raw_string_literal) (user_defined_literal)] @expr (#set! role "expr.lit"))

; ---------------------------------------------------------------- types
((qualified_identifier scope: (_) @qualifier name: (_) @name) @type (#set! role "type.path"))
((template_type name: (_) @name arguments: (template_argument_list) @args) @type (#set! role "type.generic"))
((namespace_identifier) @type (#set! role "type.name"))
; a parameter's builtin type is a type of its name (overrides told apart by `int` against `double`; builtinTypes
; record no reference to it); elsewhere it stays no type (`size_t()` is a conversion, no call)
([(parameter_declaration type: (primitive_type) @type) (optional_parameter_declaration type: (primitive_type) @type)] (#set! role "type.name"))
((reference_declarator (_) @inner) @type (#set! role "type.wrap"))

; ---------------------------------------------------------------- `using namespace a::b;`: its names are the file's
((using_declaration "namespace" (_) @path) @def (#set! role "import:all"))
