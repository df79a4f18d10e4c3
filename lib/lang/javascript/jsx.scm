; JSX element names (JavaScript and TSX grammars). Lower-case names are intrinsic elements and never bind.
((jsx_opening_element name: (_) @name) (#set! role "jsx"))
((jsx_closing_element name: (_) @name) (#set! role "jsx"))
((jsx_self_closing_element name: (_) @name) (#set! role "jsx"))
