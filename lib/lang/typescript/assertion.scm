; `<T>expr` type assertions exist only in .ts (in .tsx the syntax is JSX).
((type_assertion (type_arguments (_) @type) (_) @inner) @wrap (#set! role "expr.as"))
