; Python: tree-sitter-python 0.25.0's own queries/tags.scm conventions (definitions, calls), with a role set on each
; pattern, and the nodes whose text and position the Python collector reads (lib/lang/python/collect.ts walks the
; tree for scopes; these patterns say which nodes it reads, so the flat tree keeps their offsets).

((class_definition
   name: (identifier) @name) @def
  (#set! role "def.class"))

((function_definition
   name: (identifier) @name) @def
  (#set! role "def.function"))

((call
   function: [
       (identifier) @name
       (attribute
         attribute: (identifier) @name)
   ]) @call
  (#set! role "call"))

((decorator) @decorator
  (#set! role "py.decorator"))

((lambda) @fn
  (#set! role "py.lambda"))

((identifier) @id
  (#set! role "py.id"))

((attribute) @member
  (#set! role "py.attribute"))

((string) @string
  (#set! role "py.string"))

((string_content) @text
  (#set! role "py.string-content"))

((comment) @comment
  (#set! role "py.comment"))

((decorated_definition) @def
  (#set! role "py.decorated"))

((dotted_name) @name
  (#set! role "py.dotted"))

((relative_import) @source
  (#set! role "py.relative"))

((wildcard_import) @star
  (#set! role "py.star"))

((import_prefix) @dots
  (#set! role "py.dots"))

((parameters) @params
  (#set! role "py.parameters"))

((type) @type
  (#set! role "py.type"))

((block) @body
  (#set! role "py.block"))

((expression_statement) @statement
  (#set! role "py.statement"))

((if_statement) @if
  (#set! role "py.if"))

((comparison_operator) @compare
  (#set! role "py.compare"))

((print_statement) @py2
  (#set! role "py.python2"))

((exec_statement) @py2
  (#set! role "py.python2"))

((keyword_argument) @arg
  (#set! role "py.keyword"))

((type_alias_statement) @def
  (#set! role "py.type-alias"))

((assignment) @stmt (#set! role "py.assignment"))

((augmented_assignment) @stmt (#set! role "py.assignment"))

((for_statement) @stmt (#set! role "py.for"))

((for_in_clause) @stmt (#set! role "py.for"))

((named_expression) @stmt (#set! role "py.walrus"))

((with_item) @stmt (#set! role "py.with"))

((except_clause) @stmt (#set! role "py.except"))

((class_definition superclasses: (argument_list) @bases) (#set! role "py.bases"))
