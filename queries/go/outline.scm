; Go outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Function literals have no name and are not listed; nor are variables or struct fields. The blank
; identifier declares nothing (`func _()`, `const _ = …` are compile-time checks): not listed.

((function_declaration name: (identifier) @function.name) @function
  (#not-eq? @function.name "_"))

; Methods are "Type.Method": the receiver's type without `*`, its type arguments or parentheses,
; whether or not the receiver is named (`func (l *List[T]) Push`, `func (*T) M`). The first
; pattern that matches a method wins; the last one, without a receiver type, is a backstop for a
; receiver the others do not recognise.
((method_declaration
  receiver: (parameter_list
    (parameter_declaration
      type: [
        (type_identifier) @method.scope
        (generic_type type: (type_identifier) @method.scope)
        (pointer_type (type_identifier) @method.scope)
        (pointer_type (generic_type type: (type_identifier) @method.scope))
      ]))
  name: (field_identifier) @method.name) @method
  (#not-eq? @method.name "_"))
((method_declaration
  receiver: (parameter_list
    (parameter_declaration
      type: [
        (parenthesized_type (type_identifier) @method.scope)
        (parenthesized_type (pointer_type (type_identifier) @method.scope))
        (pointer_type (parenthesized_type (type_identifier) @method.scope))
      ]))
  name: (field_identifier) @method.name) @method
  (#not-eq? @method.name "_"))
((method_declaration name: (field_identifier) @method.name) @method
  (#not-eq? @method.name "_"))

; Type declarations, each spec its own entry (grouped `type ( … )` included), so that an
; interface's range holds its own methods only.
((type_spec name: (type_identifier) @struct.name type: (struct_type)) @struct
  (#not-eq? @struct.name "_"))
((type_spec name: (type_identifier) @interface.name type: (interface_type)) @interface
  (#not-eq? @interface.name "_"))
((type_spec name: (type_identifier) @type.name) @type
  (#not-eq? @type.name "_"))
((type_alias name: (type_identifier) @type.name) @type
  (#not-eq? @type.name "_"))

; The methods of a named interface, nested in it. Those of an anonymous interface (a parameter's
; or a field's type, a constraint) are not listed.
((type_spec
  name: (type_identifier) @_interface
  type: (interface_type
    (method_spec name: (field_identifier) @method.name) @method))
  (#not-eq? @_interface "_"))

; Each name of a const declaration: `const ( A = iota; B )`, `const a, b = 1, 2`. A spec can name
; several constants and has no node per name, so the name is also the entry's range (nothing
; nests inside a constant). The names are the spec's only direct identifiers (its type and values
; sit in their own nodes); `name: (identifier)` would match the first name only, as `name` is
; repeated on the spec.
((const_spec (identifier) @const @const.name)
  (#not-eq? @const.name "_"))

; Subtests: `t.Run("…", func(t *testing.T) {…})` in a test (whose body the parse reads: goBodies.ts),
; named by its first argument (a string's contents, or the expression as written: `tc.name`).
(call_expression
  function: (selector_expression field: (field_identifier) @_run)
  arguments: (argument_list . (_) @test.name . (func_literal))
  (#eq? @_run "Run")) @test
