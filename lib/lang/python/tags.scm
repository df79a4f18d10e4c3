; Python: the nodes the Python collector (lib/lang/python/collect.ts) takes from the query rather than from its own
; walk of the tree, each pattern with its role. The collector walks the whole tree itself for definitions, calls,
; scopes and names, so only these patterns are matched: every other one would be matched over every file for nothing
; (most of a cold extraction's cost is V8 compiling the code that runs hot, the matcher's among it).

((comment) @comment
  (#set! role "py.comment"))

((print_statement) @py2
  (#set! role "py.python2"))

((exec_statement) @py2
  (#set! role "py.python2"))
