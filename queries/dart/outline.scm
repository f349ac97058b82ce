; Dart outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Lists classes (also `mixin class`, and extension types), mixins (trait), extensions (an unnamed
; one as `on Type`), enums, typedefs (type), functions at any depth, methods, getters, setters,
; operators and constructors (a named one as `Class.name`), and constants: `const` and `final` at
; the top of the file, `static const` in a type. Left out: fields and other variables, enum values,
; imports, parts and the library name.
;
; The grammar gives a function's signature and its body as siblings: the entry is the body (its
; range, holding what is declared inside), named from the signature just before it (comments may
; stand between). A signature without a body (abstract, external, redirecting, `;`) is the entry
; itself.

(class_definition name: (identifier) @class.name) @class
(extension_type_declaration name: (identifier) @class.name) @class
(mixin_declaration (identifier) @trait.name) @trait
(extension_declaration name: (identifier) @extension.name) @extension
(extension_declaration !name "on" @extension.name class: (_) @extension.name) @extension
(enum_declaration name: (identifier) @enum.name) @enum
(type_alias (type_identifier) @type.name . [(type_parameters) (formal_parameter_list) "="]) @type

; Functions, getters and setters at the top of the file and in a function (a local function is a
; lambda_expression holding both), then members of a type.
([(function_signature name: (identifier) @function.name)
  (getter_signature name: (identifier) @function.name)
  (setter_signature name: (identifier) @function.name)]
  . (comment)* .
  (function_body) @function)

((method_signature
  [(function_signature name: (identifier) @function.name)
   (getter_signature name: (identifier) @function.name)
   (setter_signature name: (identifier) @function.name)
   (operator_signature "operator" @function.name . _ @function.name)
   (constructor_signature . name: (identifier) @function.name . parameters: (_))
   (constructor_signature . name: (identifier) @function.scope . name: (identifier) @function.name)
   (factory_constructor_signature . (identifier) @function.name . (formal_parameter_list))
   (factory_constructor_signature . (identifier) @function.scope . (identifier) @function.name)])
  . (comment)* .
  (function_body) @function)

(declaration
  [(function_signature name: (identifier) @function.name)
   (getter_signature name: (identifier) @function.name)
   (setter_signature name: (identifier) @function.name)
   (operator_signature "operator" @function.name . _ @function.name)
   (constructor_signature . name: (identifier) @function.name . parameters: (_))
   (constructor_signature . name: (identifier) @function.scope . name: (identifier) @function.name)
   (constant_constructor_signature . (const_builtin) . (identifier) @function.name . (formal_parameter_list))
   (constant_constructor_signature . (const_builtin) . (identifier) @function.scope . (identifier) @function.name)
   (factory_constructor_signature . (identifier) @function.name . (formal_parameter_list))
   (factory_constructor_signature . (identifier) @function.scope . (identifier) @function.name)
   (redirecting_factory_constructor_signature . (identifier) @function.name . (formal_parameter_list))
   (redirecting_factory_constructor_signature . (identifier) @function.scope . (identifier) @function.name)]) @function

; Top-level `external` functions have no declaration node around them.
((function_signature name: (identifier) @function.name) @function . ";")

; Constants: `const` and `final` at the top of the file, `static const` in a type (one entry a name).
((static_final_declaration_list (static_final_declaration . (identifier) @const.name) @const) @_list
  (#has-parent? @_list program))
(declaration "static" (const_builtin) (static_final_declaration_list (static_final_declaration . (identifier) @const.name) @const))

; package:test and flutter_test: `group('…', () {…})` is a suite, `test('…', …)` and
; `testWidgets('…', …)` tests, named by their string, holding what their function declares.
(expression_statement
  (identifier) @_call
  .
  (selector (argument_part (arguments . (argument (string_literal) @suite.name) (argument (function_expression)))))
  (#eq? @_call "group")) @suite
(expression_statement
  (identifier) @_call
  .
  (selector (argument_part (arguments . (argument (string_literal) @test.name) (argument (function_expression)))))
  (#any-of? @_call "test" "testWidgets")) @test
