; Rust (tree-sitter-rust 0.24.0) in the nominal roles (lib/extract/nominal/roles.ts). A module is a package (named
; by its file's place in its crate: rules.ts); inline `mod x {}` blocks are namespaces inside it. An `impl` block is
; a part of its type (kind `impl`): its functions are the type's methods, `impl Trait for T` makes T implement Trait.

; ---------------------------------------------------------------- modules and imports
((mod_item name: (identifier) @name body: (declaration_list) @body) @def (#set! role "namespace"))
((use_declaration argument: [(scoped_identifier) (identifier) (crate) (self) (super)] @path) @def (#set! role "import"))
((use_declaration argument: (use_as_clause path: (_) @path alias: (identifier) @alias)) @def (#set! role "import"))
((use_declaration argument: (use_wildcard [(scoped_identifier) (identifier) (crate) (self) (super)] @path)) @def (#set! role "import:all"))
((use_declaration argument: (scoped_use_list path: (_) @prefix list: (use_list [(identifier) (scoped_identifier)] @path))) @def (#set! role "import"))
; `self` in a group (`use crate::hyperlink::{self, Config}`) imports the group's module under its own name
((use_declaration argument: (scoped_use_list path: (_) @path list: (use_list (self)))) @def (#set! role "import"))
((use_declaration argument: (scoped_use_list path: (_) @prefix list: (use_list (use_as_clause path: [(identifier) (scoped_identifier)] @path alias: (identifier) @alias)))) @def (#set! role "import"))
((use_declaration argument: (scoped_use_list path: (_) @path list: (use_list (use_as_clause path: (self) alias: (identifier) @alias)))) @def (#set! role "import"))
((use_declaration argument: (scoped_use_list path: (_) @prefix list: (use_list (use_wildcard (_) @path)))) @def (#set! role "import:all"))
((use_declaration argument: (use_list [(identifier) (scoped_identifier)] @path)) @def (#set! role "import"))
; a group inside a group (`use crate::{hyperlink::{self, Config}, stats::Stats}`, as rustfmt's crate granularity
; writes them): the inner group's path follows the outer one's
((use_declaration argument: (scoped_use_list path: (_) @prefix list: (use_list (scoped_use_list path: (_) @prefix2 list: (use_list [(identifier) (scoped_identifier)] @path))))) @def (#set! role "import"))
((use_declaration argument: (scoped_use_list path: (_) @prefix list: (use_list (scoped_use_list path: (_) @path list: (use_list (self)))))) @def (#set! role "import"))
((use_declaration argument: (scoped_use_list path: (_) @prefix list: (use_list (scoped_use_list path: (_) @prefix2 list: (use_list (use_as_clause path: (_) @path alias: (identifier) @alias)))))) @def (#set! role "import"))
((use_declaration argument: (scoped_use_list path: (_) @prefix list: (use_list (scoped_use_list path: (_) @prefix2 list: (use_list (use_wildcard (_) @path)))))) @def (#set! role "import:all"))
((use_declaration argument: (use_list (scoped_use_list path: (_) @prefix list: (use_list [(identifier) (scoped_identifier)] @path)))) @def (#set! role "import"))
((use_declaration argument: (use_list (scoped_use_list path: (_) @path list: (use_list (self))))) @def (#set! role "import"))
((use_declaration argument: (use_list (scoped_use_list path: (_) @prefix list: (use_list (use_as_clause path: (_) @path alias: (identifier) @alias))))) @def (#set! role "import"))
((use_declaration argument: (use_list (use_as_clause path: (_) @path alias: (identifier) @alias))) @def (#set! role "import"))

; ---------------------------------------------------------------- definitions
((function_item name: (identifier) @name return_type: (_)? @returns body: (block) @body) @def (#set! role "def.function"))
((function_signature_item name: (identifier) @name return_type: (_)? @returns) @def (#set! role "def.method:method_signature"))
((struct_item name: (type_identifier) @name body: (_)? @body) @def (#set! role "def.class:struct"))
; a tuple struct's fields (`struct Map(Table);`): what `self.0` is at each position
((struct_item name: (type_identifier) @name body: (ordered_field_declaration_list) @body @payload) @def (#set! role "def.class:struct"))
((union_item name: (type_identifier) @name body: (_) @body) @def (#set! role "def.class:union"))
((enum_item name: (type_identifier) @name body: (enum_variant_list) @body) @def (#set! role "def.enum"))
((enum_variant name: (identifier) @name) @def (#set! role "def.enum.member"))
; a variant's payload (`Literal(Span, char)`): what a pattern binds at each position
((enum_variant name: (identifier) @name body: (ordered_field_declaration_list) @payload) @def (#set! role "def.enum.member"))
((trait_item name: (type_identifier) @name body: (declaration_list) @body) @def (#set! role "def.interface:trait"))
((trait_item bounds: (trait_bounds [(type_identifier) (scoped_type_identifier) (generic_type)] @type)) @def (#set! role "heritage.extends"))
; (@tparams: the impl's own type parameters. `impl<T: Named> Named for T` and `… for &T` are blanket impls, no impl
; on a type named T: a type named by one of them declares none, and their functions are no type's)
((impl_item type_parameters: (type_parameters)? @tparams type: [(type_identifier) @name (generic_type type: (type_identifier) @name) @self] body: (declaration_list) @body) @def (#set! role "def.class:impl"))
; `impl Trait for str`: a primitive the project adds to, whose values' calls of the trait's methods run these. Only a
; trait without type arguments: a library trait can be implemented for a primitive only with one of the project's
; types among its arguments (`impl PartialEq<Value> for str`), and which impl an `==` or a `from` runs then depends
; on the other operand, which is not modelled (the library's own impls for the primitive run for all the others)
; (`impl Trait for &str` too: a method probe on a str value takes its reference, so a str's calls run these)
((impl_item trait: [(type_identifier) (scoped_type_identifier)] type: [(primitive_type) @name (reference_type type: (primitive_type) @name)] body: (declaration_list) @body) @def (#set! role "def.class:impl"))
((impl_item trait: (_) @type type: [(type_identifier) (generic_type) (reference_type) (scoped_type_identifier)]) @def (#set! role "heritage.implements"))
; `impl Buf for std::io::Cursor<T>`: a library type by its path, the project adding a trait's impl to it (a type named
; by its last segment, made of impls only, whose `self` calls the impl's own methods; the library's are not seen). A
; path from `crate`, `self` or `super` names a project type, which a `use` would name as well: not this rule's
((impl_item trait: (_) type: [(scoped_type_identifier path: (_) @path name: (type_identifier) @name) (generic_type type: (scoped_type_identifier path: (_) @path name: (type_identifier) @name))] body: (declaration_list) @body) @def (#not-match? @path "^(crate|self|super)($|::)") (#set! role "def.class:impl"))
((impl_item trait: [(type_identifier) (scoped_type_identifier)] @type type: (primitive_type)) @def (#set! role "heritage.implements"))
; `impl Buf for &[u8]`, `impl<T: Named> Named for [T]`: a slice the project adds to (its element a primitive or a
; name), a type named by its slice type (`[u8]`, `[T]`), whose methods a slice value's calls run (rules.ts); only a
; trait without type arguments, as for a primitive
; (an element of a generic or a path type, `[MaybeUninit<u8>]`, is a slice of that one type: no slice of any element)
((impl_item trait: [(type_identifier) (scoped_type_identifier)] type: [(array_type !length element: [(primitive_type) (type_identifier) (generic_type) (scoped_type_identifier)]) @name (reference_type type: (array_type !length element: [(primitive_type) (type_identifier) (generic_type) (scoped_type_identifier)]) @name)] body: (declaration_list) @body) @def (#set! role "def.class:impl"))
((impl_item trait: [(type_identifier) (scoped_type_identifier)] @type type: (array_type !length)) @def (#set! role "heritage.implements"))
; `impl<'a> IntoIterator for &'a S`: its methods are S's (called on a reference to an S)
((impl_item type_parameters: (type_parameters)? @tparams type: (reference_type type: [(type_identifier) @name (generic_type type: (type_identifier) @name)]) body: (declaration_list) @body) @def (#set! role "def.class:impl"))
((type_item name: (type_identifier) @name type: (_) @type) @def (#set! role "def.type:alias"))
((field_declaration name: (field_identifier) @name type: (_) @type) @def (#set! role "def.field"))
((const_item name: (identifier) @name type: (_) @type value: (_)? @value) @def (#set! role "def.var:const"))
((static_item name: (identifier) @name type: (_) @type value: (_)? @value) @def (#set! role "def.var:static"))
((macro_definition name: (identifier) @name) @def (#set! role "def.function:macro"))
; attributes before an item (`#[test]`, `#[get("/")]`)
((_ (attribute_item (attribute [(identifier) (scoped_identifier)] @name)) . (function_item) @def) (#set! role "annotation"))

; ---------------------------------------------------------------- locals
((parameter pattern: (identifier) @name type: (_) @type) (#set! role "decl.param"))
((parameter pattern: (mut_pattern (identifier) @name) type: (_) @type) (#set! role "decl.param"))
((let_declaration pattern: (identifier) @name type: (_)? @type value: (_)? @value) (#set! role "decl.local"))
((let_declaration pattern: (mut_pattern (identifier) @name) type: (_)? @type value: (_)? @value) (#set! role "decl.local"))
((for_expression pattern: (identifier) @name value: (_) @iter) (#set! role "decl.local"))
((for_expression pattern: (tuple_pattern [(identifier) @name (mut_pattern (identifier) @name)]) @items value: (_) @iter) (#set! role "decl.local"))
; `let Self { iter, mut last, f: g, .. } = self;`: each name is the value's field of its name (`g`: of `f`)
((let_declaration pattern: (struct_pattern (field_pattern name: (shorthand_field_identifier) @name)) value: (_) @of) (#set! role "decl.local"))
((let_declaration pattern: (struct_pattern (field_pattern name: (field_identifier) @field pattern: [(identifier) @name (mut_pattern (identifier) @name)])) value: (_) @of) (#set! role "decl.local"))
; `let (a, mut b) = pair;`: each name is the value's element at its position
((let_declaration pattern: (tuple_pattern [(identifier) @name (mut_pattern (identifier) @name)]) @items value: (_) @whole) (#set! role "decl.local"))
; a closure's parameter; handed to a method of its receiver, an element of the receiver by the method (`xs.iter()
; .map(|x| …)`, `opt.map(|v| …)`: rustSyntax.elementCallbacks; same role, so the later match keeps its captures)
((closure_parameters (identifier) @name) (#set! role "decl.local:callback"))
((call_expression function: (field_expression value: (_) @iter field: (field_identifier) @method) arguments: (arguments (closure_expression parameters: (closure_parameters . (identifier) @name)))) (#set! role "decl.local:callback"))
((closure_parameters (parameter pattern: (identifier) @name type: (_)? @type)) (#set! role "decl.local"))
; a type parameter's (first) trait bound is its type: `A::size()` with `A: Array` is Array's `size`; a `where` clause
; bounds a parameter declared without one
((type_parameter name: (type_identifier) @name bounds: (trait_bounds . [(type_identifier) (scoped_type_identifier) (generic_type)] @type)?) (#set! role "decl.typeparam"))
((type_parameter name: (type_identifier) @name bounds: (trait_bounds . [(removed_trait_bound) (lifetime)] . [(type_identifier) (scoped_type_identifier) (generic_type)] @type)) (#set! role "decl.typeparam"))
((_ type_parameters: (type_parameters (type_parameter name: (type_identifier) @name !bounds)) (where_clause (where_predicate left: (type_identifier) @left bounds: (trait_bounds . [(type_identifier) (scoped_type_identifier) (generic_type)] @type)))) (#eq? @name @left) (#set! role "decl.typeparam"))
; a bound for all lifetimes (`I: for<'a> IntoStreamer<'a>`) and one after a lifetime (`S: 'f + Streamer`) bound it alike
((type_parameter name: (type_identifier) @name bounds: (trait_bounds . (higher_ranked_trait_bound type: [(type_identifier) (scoped_type_identifier) (generic_type)] @type))) (#set! role "decl.typeparam"))
((type_parameter name: (type_identifier) @name bounds: (trait_bounds . [(removed_trait_bound) (lifetime)] . (higher_ranked_trait_bound type: [(type_identifier) (scoped_type_identifier) (generic_type)] @type))) (#set! role "decl.typeparam"))
((_ type_parameters: (type_parameters (type_parameter name: (type_identifier) @name !bounds)) (where_clause (where_predicate left: (type_identifier) @left bounds: (trait_bounds . (higher_ranked_trait_bound type: [(type_identifier) (scoped_type_identifier) (generic_type)] @type))))) (#eq? @name @left) (#set! role "decl.typeparam"))
((_ type_parameters: (type_parameters (type_parameter name: (type_identifier) @name !bounds)) (where_clause (where_predicate left: (type_identifier) @left bounds: (trait_bounds . (lifetime) . [(type_identifier) (scoped_type_identifier) (generic_type)] @type)))) (#eq? @name @left) (#set! role "decl.typeparam"))
((_ type_parameters: (type_parameters (type_parameter name: (type_identifier) @name !bounds)) (where_clause (where_predicate left: (type_identifier) @left bounds: (trait_bounds . (lifetime) . (higher_ranked_trait_bound type: [(type_identifier) (scoped_type_identifier) (generic_type)] @type))))) (#eq? @name @left) (#set! role "decl.typeparam"))
; a pattern binds its lower-case names; a path (`Color::Red`) or a capitalised name (`None`, `LIMIT`) names a
; variant or a constant and binds nothing, so the type it names stays visible in the arm
((let_condition pattern: [(tuple_pattern (identifier) @name) (slice_pattern (identifier) @name) (or_pattern (identifier) @name) (ref_pattern (identifier) @name) (mut_pattern (identifier) @name) (reference_pattern (identifier) @name) (captured_pattern (identifier) @name) (field_pattern pattern: (identifier) @name) (tuple_struct_pattern (identifier) @name)]) (#match? @name "^[a-z_]") (#set! role "decl.local"))
((let_condition pattern: (identifier) @name) (#match? @name "^[a-z_]") (#set! role "decl.local"))
((match_arm pattern: (match_pattern [(tuple_pattern (identifier) @name) (slice_pattern (identifier) @name) (or_pattern (identifier) @name) (ref_pattern (identifier) @name) (mut_pattern (identifier) @name) (reference_pattern (identifier) @name) (captured_pattern (identifier) @name) (field_pattern pattern: (identifier) @name) (tuple_struct_pattern (identifier) @name)])) (#match? @name "^[a-z_]") (#set! role "decl.local"))
((match_arm pattern: (match_pattern (identifier) @name)) (#match? @name "^[a-z_]") (#set! role "decl.local"))
; `if let Some(x) = v.get(i)`, `while let Some(&x) = it.next()`, `Ok(x)`, and a `match` arm of them: the value's
; element (an Option's, a Result's; kind `some`); the value itself where a container's element method gave it
((let_condition pattern: (tuple_struct_pattern type: (identifier) @variant . [(identifier) @name (reference_pattern (identifier) @name) (ref_pattern (identifier) @name) (mut_pattern (identifier) @name)] .) value: (_) @iter) (#any-of? @variant "Some" "Ok") (#set! role "decl.local:some"))
((match_expression value: (_) @iter body: (match_block (match_arm pattern: (match_pattern (tuple_struct_pattern type: (identifier) @variant . [(identifier) @name (reference_pattern (identifier) @name) (ref_pattern (identifier) @name) (mut_pattern (identifier) @name)] .))))) (#any-of? @variant "Some" "Ok") (#set! role "decl.local:some"))
; `Ast::Literal(ref x)`, `Self::Group(g)` anywhere in a pattern: each name is the variant's payload at its position
((tuple_struct_pattern type: (_) @whole [(identifier) @name (ref_pattern (identifier) @name) (mut_pattern (identifier) @name) (ref_pattern (mut_pattern (identifier) @name))]) @items (#not-eq? @name @whole) (#set! role "decl.local"))

([(block) (for_expression) (while_expression) (loop_expression) (if_expression) (match_arm) (closure_expression)] @scope (#set! role "scope"))

; ---------------------------------------------------------------- expressions
((identifier) @id (#set! role "id"))
((self) @expr (#set! role "expr.this"))
((call_expression function: (_) @callee arguments: (arguments) @args) @expr (#set! role "expr.call"))
((macro_invocation macro: (identifier) @name) @expr (#set! role "expr.call"))
((field_expression value: (_) @object field: (field_identifier) @name) @expr (#set! role "expr.member"))
; a path (`Type::f`, `module::f`, `Trait::f`): kind `path`, whose call keeps its first argument (`Ord::cmp(a, b)`
; runs a's type's `cmp`)
((scoped_identifier path: (_) @object name: (identifier) @name) @expr (#set! role "expr.member:path"))
((struct_expression name: (_) @type body: (field_initializer_list) @args) @expr (#set! role "expr.new:literal"))
((generic_function function: (_) @inner) @expr (#set! role "expr.wrap"))
; `<T as Trait>::f` and `<T>::f` are T's `f` (a type parameter's: its bound's): the bracketed type as a value of it
((bracketed_type (qualified_type type: (_) @type)) @expr (#set! role "expr.cast"))
((bracketed_type [(type_identifier) (scoped_type_identifier) (generic_type)] @type) @expr (#set! role "expr.cast"))
((reference_expression value: (_) @inner) @expr (#set! role "expr.wrap"))
((parenthesized_expression (_) @inner) @expr (#set! role "expr.wrap"))
; a `match`, an `if` or a block used as a value: its arms agree on one type, so the first arm's (the last expression's);
; an arm that leaves (`None => return None`) has no value, so the next one's
((match_expression body: (match_block . (match_arm value: (_) @inner))) @expr (#not-match? @inner "^(return|break|continue)\\b") (#set! role "expr.wrap"))
((match_expression body: (match_block . (match_arm value: (_) @_leaves) . (match_arm value: (_) @inner))) @expr (#match? @_leaves "^(return|break|continue)\\b") (#set! role "expr.wrap"))
((if_expression consequence: (block (_) @inner .)) @expr (#set! role "expr.wrap"))
((let_declaration value: (block (_) @inner .) @expr) (#set! role "expr.wrap"))
((match_arm value: (block (_) @inner .) @expr) (#set! role "expr.wrap"))
; `*x` is what x points to: an element of a Box or Rc; a project type without a Deref impl is reached through a
; reference to it (one with a Deref impl is left: `*` of the value calls its `deref`, `*` of a reference does not,
; and the two are not told apart)
((unary_expression "*" (_) @object) @expr (#set! role "expr.deref"))
((unary_expression ["-" "!"] (_) @inner) @expr (#set! role "expr.wrap"))
((type_cast_expression type: (_) @type) @expr (#set! role "expr.cast"))
; `&v[1..]`, `&v[..]`: a slice of v's elements, no element (kind `range`)
((index_expression . (_) @object . (range_expression) .) @expr (#set! role "expr.index:range"))
((index_expression . (_) @object) @expr (#set! role "expr.index"))
; `x?` is what an Option or a Result holds (its element), `pair.0` a tuple's first element
((try_expression (_) @object) @expr (#set! role "expr.index"))
((field_expression value: (_) @object field: (integer_literal) @name) @expr (#set! role "expr.member"))
; a byte string (`b"abc"`) is a slice of bytes (an array of them, which a method call unsizes to the slice)
((string_literal) @expr (#match? @expr "^b") (#set! role "expr.lit:[u8]"))
([(string_literal) (raw_string_literal) (char_literal) (integer_literal) (float_literal) (boolean_literal)] @expr (#set! role "expr.lit"))
; an array written out (`[0u8; 128]`, `[a, b]`) is a value of the language's own array type, no project type
((array_expression) @expr (#set! role "expr.lit"))
((closure_expression) @expr (#set! role "expr.fn"))

; ---------------------------------------------------------------- types
((type_identifier) @type (#set! role "type.name"))
; a primitive (`u64`): a library type, whose project trait impls' methods are called on its values
((primitive_type) @type (#set! role "type.name"))
((scoped_type_identifier path: (_) @qualifier name: (type_identifier) @name) @type (#set! role "type.qualified"))
((generic_type type: (_) @name type_arguments: (type_arguments) @args) @type (#set! role "type.generic"))
((reference_type type: (_) @inner) @type (#set! role "type.wrap"))
((pointer_type type: (_) @inner) @type (#set! role "type.wrap"))
((array_type element: (_) @element) @type (#set! role "type.array"))
((tuple_type) @type (#set! role "type.tuple"))
((tuple_type (_) @item) @type (#set! role "type.tuple.item"))
((dynamic_type trait: (_) @inner) @type (#set! role "type.wrap"))
((abstract_type trait: (_) @inner) @type (#set! role "type.wrap"))
; an iterator trait's `Item` binding is its element (`I: IntoIterator<Item = (K, V)>`, `impl Iterator<Item = Slot>`): the
; binding read as the trait's type argument (rules.ts: the iterator traits are containers of it)
((type_binding name: (type_identifier) @_name type: (_) @inner) @type (#eq? @_name "Item") (#set! role "type.wrap"))
; `crate::` and `super::` paths start at a module
([(crate) (super)] @id (#set! role "id"))

; ---------------------------------------------------------------- operators
; what the language runs of an operand's type where no call is written (its impl of the trait, when the project's):
; `**x` of a reference to a Deref type derefs it (one `*` only reads a reference: the two are not told apart, so a
; single one is left out), `v[i]` indexes (or, with no Index impl, derefs to the slice the Deref type gives), a place
; written through (`v[i] = x`, `&mut v[i]`) takes the `_mut` method, `a == b` and `a < b` compare, arithmetic and
; bit operators and their assignments, `-a` and `!a`, and `for x in it` turns `it` into an iterator and steps it
((unary_expression "*" (unary_expression "*" (_) @object)) @site (#set! role "op:Deref.deref"))
((index_expression . (_) @object) @site (#set! role "op:Index.index|Deref.deref"))
((assignment_expression left: (index_expression . (_) @object) @site) (#set! role "op:IndexMut.index_mut|DerefMut.deref_mut"))
((compound_assignment_expr left: (index_expression . (_) @object) @site) (#set! role "op:IndexMut.index_mut|DerefMut.deref_mut"))
((reference_expression (mutable_specifier) value: (index_expression . (_) @object) @site) (#set! role "op:IndexMut.index_mut|DerefMut.deref_mut"))
((binary_expression left: (_) @object operator: ["==" "!="]) @site (#set! role "op:PartialEq.eq"))
((binary_expression left: (_) @object operator: ["<" "<=" ">" ">="]) @site (#set! role "op:PartialOrd.partial_cmp"))
((binary_expression left: (_) @object operator: "+") @site (#set! role "op:Add.add"))
((binary_expression left: (_) @object operator: "-") @site (#set! role "op:Sub.sub"))
((binary_expression left: (_) @object operator: "*") @site (#set! role "op:Mul.mul"))
((binary_expression left: (_) @object operator: "/") @site (#set! role "op:Div.div"))
((binary_expression left: (_) @object operator: "%") @site (#set! role "op:Rem.rem"))
((binary_expression left: (_) @object operator: "&") @site (#set! role "op:BitAnd.bitand"))
((binary_expression left: (_) @object operator: "|") @site (#set! role "op:BitOr.bitor"))
((binary_expression left: (_) @object operator: "^") @site (#set! role "op:BitXor.bitxor"))
((binary_expression left: (_) @object operator: "<<") @site (#set! role "op:Shl.shl"))
((binary_expression left: (_) @object operator: ">>") @site (#set! role "op:Shr.shr"))
((compound_assignment_expr left: (_) @object operator: "+=") @site (#set! role "op:AddAssign.add_assign"))
((compound_assignment_expr left: (_) @object operator: "-=") @site (#set! role "op:SubAssign.sub_assign"))
((compound_assignment_expr left: (_) @object operator: "*=") @site (#set! role "op:MulAssign.mul_assign"))
((compound_assignment_expr left: (_) @object operator: "|=") @site (#set! role "op:BitOrAssign.bitor_assign"))
((compound_assignment_expr left: (_) @object operator: "&=") @site (#set! role "op:BitAndAssign.bitand_assign"))
((unary_expression "-" (_) @object) @site (#set! role "op:Neg.neg"))
((unary_expression "!" (_) @object) @site (#set! role "op:Not.not"))
((for_expression value: (_) @object) @site (#set! role "op:IntoIterator.into_iter>Iterator.next"))
; a struct's derived impls run its fields' impls of the same trait (`#[derive(Clone, PartialEq)]` right before it):
; from the struct, at each field
((_ (attribute_item (attribute (identifier) @_derive arguments: (token_tree (identifier) @_trait))) . (struct_item body: (field_declaration_list (field_declaration type: (_) @type) @site))) (#eq? @_derive "derive") (#eq? @_trait "Clone") (#set! role "op:Clone.clone"))
((_ (attribute_item (attribute (identifier) @_derive arguments: (token_tree (identifier) @_trait))) . (struct_item body: (field_declaration_list (field_declaration type: (_) @type) @site))) (#eq? @_derive "derive") (#eq? @_trait "PartialEq") (#set! role "op:PartialEq.eq"))
((_ (attribute_item (attribute (identifier) @_derive arguments: (token_tree (identifier) @_trait))) . (struct_item body: (field_declaration_list (field_declaration type: (_) @type) @site))) (#eq? @_derive "derive") (#eq? @_trait "PartialOrd") (#set! role "op:PartialOrd.partial_cmp"))
((_ (attribute_item (attribute (identifier) @_derive arguments: (token_tree (identifier) @_trait))) . (struct_item body: (field_declaration_list (field_declaration type: (_) @type) @site))) (#eq? @_derive "derive") (#eq? @_trait "Ord") (#set! role "op:Ord.cmp"))
((_ (attribute_item (attribute (identifier) @_derive arguments: (token_tree (identifier) @_trait))) . (struct_item body: (field_declaration_list (field_declaration type: (_) @type) @site))) (#eq? @_derive "derive") (#eq? @_trait "Hash") (#set! role "op:Hash.hash"))
((_ (attribute_item (attribute (identifier) @_derive arguments: (token_tree (identifier) @_trait))) . (struct_item body: (field_declaration_list (field_declaration type: (_) @type) @site))) (#eq? @_derive "derive") (#eq? @_trait "Default") (#set! role "op:Default.default"))
