; Ruby (tree-sitter-ruby 0.23.1): the grammar's tags conventions for definitions and calls. Ruby's collector
; (collect.ts) walks the tree itself; these patterns name what a tags reader expects.
(method name: (_) @name) @definition.method
(singleton_method name: (_) @name) @definition.method
(class name: (constant) @name) @definition.class
(module name: (constant) @name) @definition.module
(call method: (identifier) @name) @reference.call
