; Ruby (tree-sitter-ruby 0.23.1): definitions and calls in the role vocabulary. Ruby's collector (collect.ts) walks
; the tree itself; these patterns name what a reader of the roles expects.
((method name: (_) @name) @def (#set! role "def.method"))
((singleton_method name: (_) @name) @def (#set! role "def.method"))
((class name: (constant) @name) @def (#set! role "def.class"))
((module name: (constant) @name) @def (#set! role "def.namespace"))
((call method: (identifier) @name) @call (#set! role "call"))
