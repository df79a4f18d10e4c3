; JSX element names (JavaScript and TSX grammars). Lower-case names are intrinsic elements and never bind.
((jsx_opening_element name: (_) @name) (#set! role "jsx"))
((jsx_closing_element name: (_) @name) (#set! role "jsx"))
((jsx_self_closing_element name: (_) @name) (#set! role "jsx"))
; an attribute of a component's element names a member of its props, the type of the component's first parameter
((jsx_opening_element name: (_) @name (jsx_attribute (property_identifier) @key (string)? @value)) (#set! role "jsx.attr"))
((jsx_self_closing_element name: (_) @name (jsx_attribute (property_identifier) @key (string)? @value)) (#set! role "jsx.attr"))
((jsx_opening_element name: (_) @name (jsx_attribute (property_identifier) @key (jsx_expression [(arrow_function) (function_expression)] @fn))) (#set! role "jsx.attr"))
((jsx_self_closing_element name: (_) @name (jsx_attribute (property_identifier) @key (jsx_expression [(arrow_function) (function_expression)] @fn))) (#set! role "jsx.attr"))
