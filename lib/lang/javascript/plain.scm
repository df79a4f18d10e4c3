; Plain-JavaScript parameters, class members and heritage (TypeScript has its own node names for these).
(class_body (field_definition property: [(property_identifier) (private_property_identifier) (computed_property_name)] @name value: (_)? @value) @def (#set! role "def.field"))
((class_heritage (_) @extends) (#set! role "heritage.extends"))
(formal_parameters (identifier) @name @param (#set! role "decl.param"))
(formal_parameters (assignment_pattern left: (identifier) @name right: (_) @value) @param (#set! role "decl.param"))
; `this.name = value` statements of a constructor's body: the class's properties (JavaScript declares no fields)
(class_body (method_definition name: (property_identifier) @ctor body: (statement_block (expression_statement (assignment_expression left: (member_expression object: (this) property: (property_identifier) @name) right: (_) @value) @def))) (#set! role "def.this.field"))
; … and anywhere else in a class's methods (`_patch(data) { if (…) this.flags = … }`: the checker reads every assignment
; to `this` in the class body as declaring the property; the collector keeps those in methods, outside nested functions)
((assignment_expression left: (member_expression object: (this) property: (property_identifier) @name) right: (_) @value) @def (#set! role "def.this.later"))
; (a symbol key too, `this[kQueue] = new FixedQueue()`: the property `[kQueue]`, as a method `[kQueue] () {…}` is named)
((assignment_expression left: (subscript_expression object: (this) index: (identifier) @name) right: (_) @value) @def (#set! role "def.this.key"))
; `self.x = …` as a statement of a block, with `var self = this` (the collector checks the alias and that both are
; statements of one function's body: the checker reads such an assignment as `this.x = …`)
(statement_block (expression_statement (assignment_expression left: (member_expression object: (identifier) @type property: (property_identifier) @name) right: (_) @value) @def) (#set! role "def.this.alias"))
; `Agent.prototype[name] = function (…) {…}` (members made in a loop): `this` inside is an instance of the owner, as
; the checker reads it (the collector checks the word `prototype` and the owner)
((assignment_expression left: (subscript_expression object: (member_expression object: (identifier) @type property: (property_identifier) @p1)) right: (function_expression) @value) @def (#set! role "def.prototype.computed"))
; an object literal a declaration gives methods or function-valued keys: inside a function the collector makes the
; declaration a Variable of that function for them (fastify's `const instance = { get() {…} }; return instance`)
(variable_declarator name: (identifier) value: (object [(method_definition) (pair value: [(arrow_function) (function_expression)])]) @object (#set! role "object.methods"))
; a constructor function's base, as Node code sets it (the collector checks the names): `X.prototype =
; Object.create(Y.prototype)`, `Object.setPrototypeOf(X.prototype, Y.prototype)`, `util.inherits(X, Y)`
; (statements only: the shapes are common inside expressions, the statements rare)
(expression_statement (assignment_expression left: (member_expression object: (identifier) @name property: (property_identifier) @p1) right: (call_expression function: (member_expression object: (identifier) @obj property: (property_identifier) @fn) arguments: (arguments . (member_expression object: (_) @base property: (property_identifier) @p2) .))) (#set! role "heritage.proto"))
(expression_statement (call_expression function: (member_expression object: (identifier) @obj property: (property_identifier) @fn) arguments: (arguments . (member_expression object: (identifier) @name property: (property_identifier) @p1) . (member_expression object: (_) @base property: (property_identifier) @p2) .)) (#set! role "heritage.proto"))
(expression_statement (call_expression function: [(identifier) @fn (member_expression property: (property_identifier) @fn)] arguments: (arguments . (identifier) @name . (identifier) @base .)) (#set! role "heritage.proto"))
; the same in a top-level function's body (the collector keeps constructor functions: `F.prototype.m = …` in the file)
(function_declaration body: (statement_block (expression_statement (assignment_expression left: (member_expression object: (this) property: (property_identifier) @name) right: (_) @value) @def)) (#set! role "def.this.fnfield"))
; doc comments (`/** … */`): JSDoc types, read by the collector as the annotations TypeScript code would carry
((comment) @comment (#set! role "doc.comment"))
; a destructured parameter: its names are members of what the parameter receives (TypeScript: types.scm)
(formal_parameters (object_pattern) @pattern @param (#set! role "pattern.param"))
(formal_parameters (array_pattern) @pattern @param (#set! role "pattern.param"))
(formal_parameters (assignment_pattern left: (object_pattern) @pattern) @param (#set! role "pattern.param"))
; tree-sitter-javascript keeps no node for the word `default` in a specifier: `import { default as x }`,
; `export { default } from`, `export { default as X } from` (TypeScript's grammar names it as an identifier: core.scm's patterns)
((import_statement (import_clause (named_imports (import_specifier name: "default" alias: (_) @alias))) source: (string (string_fragment) @source)) (#set! role "import.named.default"))
((export_statement (export_clause (export_specifier name: "default" alias: (_)? @alias) @spec) source: (string (string_fragment) @source)) @export (#set! role "export.from.default"))
; (a field declared with a number, regular expression or template literal: see core.scm)
(field_definition value: [(number) (regex) (template_string)] @literal (#set! role "expr.literal"))
