; Plain-JavaScript parameters, class members and heritage (TypeScript has its own node names for these).
(class_body (field_definition property: [(property_identifier) (private_property_identifier)] @name value: (_)? @value) @def (#set! role "def.field"))
((class_heritage (_) @extends) (#set! role "heritage.extends"))
(formal_parameters (identifier) @name @param (#set! role "decl.param"))
(formal_parameters (assignment_pattern left: (identifier) @name right: (_) @value) @param (#set! role "decl.param"))
