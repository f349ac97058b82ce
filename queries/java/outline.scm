; Java outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Annotations (`@Override`, `@Test`) and modifiers sit inside the declaration node, in `modifiers`:
; the reported line is the name's.

; --- types ---------------------------------------------------------------------------------------
; At any depth: top level, nested, inner, and local classes declared in a method body.

(class_declaration name: (identifier) @class.name) @class
; A record is a class; its components are not listed.
(record_declaration name: (identifier) @class.name) @class
(interface_declaration name: (identifier) @interface.name) @interface
; `@interface Name` (an annotation type) is an interface; its elements are its methods.
(annotation_type_declaration name: (identifier) @interface.name) @interface
; Enum constants are not listed.
(enum_declaration name: (identifier) @enum.name) @enum

; --- methods and constructors --------------------------------------------------------------------
; Java has no free functions: these are captured as methods. Members of a named type only: the
; methods of an anonymous class (`new Runnable() { … }`) and of an enum constant's body
; (`RED { … }`) belong to an expression, as a lambda's body would, and are not listed. A
; constructor is named by its class, as written; a record's compact constructor (`Point { … }`)
; likewise.

(class_declaration body: (class_body [
  (method_declaration name: (identifier) @method.name)
  (constructor_declaration name: (identifier) @method.name)
] @method))
(record_declaration body: (class_body [
  (method_declaration name: (identifier) @method.name)
  (constructor_declaration name: (identifier) @method.name)
  (compact_constructor_declaration name: (identifier) @method.name)
] @method))
(enum_declaration body: (enum_body (enum_body_declarations [
  (method_declaration name: (identifier) @method.name)
  (constructor_declaration name: (identifier) @method.name)
] @method)))
(interface_declaration body: (interface_body
  (method_declaration name: (identifier) @method.name) @method))
(annotation_type_declaration body: (annotation_type_body
  (annotation_type_element_declaration name: (identifier) @method.name) @method))

; --- constants -----------------------------------------------------------------------------------
; `static final` fields, and the fields of an interface or annotation type (implicitly static
; final), whose name is ALL_CAPS (`MAX_VALUE`, `DEFAULT_CAPACITY`): the constants by Java naming.
; `serialVersionUID`, loggers and cached instances are left out. Each declarator is its own entry
; (`static final int MIN = 0, MAX = 9;`). The modifiers may come in either order.

((field_declaration
  (modifiers "static" "final")
  declarator: (variable_declarator name: (identifier) @const.name) @const)
  (#match? @const.name "^[A-Z][A-Z0-9_]*$"))
((field_declaration
  (modifiers "final" "static")
  declarator: (variable_declarator name: (identifier) @const.name) @const)
  (#match? @const.name "^[A-Z][A-Z0-9_]*$"))
((constant_declaration
  declarator: (variable_declarator name: (identifier) @const.name) @const)
  (#match? @const.name "^[A-Z][A-Z0-9_]*$"))
