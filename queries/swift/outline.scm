; Swift outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; This grammar puts class, struct, enum, extension and actor in one `class_declaration` node whose
; `declaration_kind` field holds the keyword. Attributes (`@objc`, `@MainActor`) sit inside the node,
; in its `modifiers`: the reported line is the name's.

(class_declaration declaration_kind: "class" name: (type_identifier) @class.name) @class
(class_declaration declaration_kind: "actor" name: (type_identifier) @class.name) @class
(class_declaration declaration_kind: "struct" name: (type_identifier) @struct.name) @struct
(class_declaration declaration_kind: "enum" name: (type_identifier) @enum.name) @enum
; The extended type as written: `Foo.Bar`, `Array<Int>`, `[String]`.
(class_declaration declaration_kind: "extension" name: (_) @extension.name) @extension
(protocol_declaration name: (type_identifier) @protocol.name) @protocol

; func: a function, or a method directly inside a type (the engine decides). The `name` field also
; holds the return type, which is never a bare identifier; an operator's name is an anonymous token
; (`==`) or a custom_operator, and no return type starts with an operator character.
(function_declaration name: [(simple_identifier) (custom_operator)] @function.name) @function
(function_declaration name: _ @function.name (#match? @function.name "^[-/=+!*%<>&|^~?.]")) @function
(protocol_function_declaration name: [(simple_identifier) (custom_operator)] @function.name) @function
(protocol_function_declaration name: _ @function.name (#match? @function.name "^[-/=+!*%<>&|^~?.]")) @function

; init, init?, init! (also a protocol's init requirement): always a method, named `init`.
(init_declaration name: "init" @method.name) @method

(typealias_declaration name: (type_identifier) @type.name) @type

; Top-level `let` (not `var`, not inside a type or function): one entry per name, whose range is
; the name itself, so that `let a = 1, b = 2` gives two entries. (Richer patterns with anchors cost
; hundreds of milliseconds to compile against this large grammar.)
(source_file
  (property_declaration
    (value_binding_pattern mutability: "let")
    name: (pattern bound_identifier: (simple_identifier) @const.name) @const))
; `let (a, b) = …`: each name of the tuple.
(source_file
  (property_declaration
    (value_binding_pattern mutability: "let")
    name: (pattern (pattern (simple_identifier) @const.name) @const)))
