; Zig outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Lists the types a declaration holds as its value (struct, enum, union; an opaque type as a struct;
; an error set as a type), at any depth; functions at any depth (methods inside a type); a function
; returning `type` whose body returns a struct literal (a generic type, `fn List(comptime T: type)
; type`) as that struct, its functions as its methods; and the other constants of a file or a type.
; Left out: imports and aliases (`const std = @import("std")`, `const Allocator = std.mem.Allocator`,
; `const Self = @This()`), `var`s (also one typed with an anonymous `enum {…}`), fields, enum
; values, error names, local constants, and `comptime` and `usingnamespace` blocks. A `test "…" {…}`
; block is a test, named by its string (or the declaration it tests, `test add {…}`).

(test_declaration [(string) (identifier)] @test.name) @test

(variable_declaration (identifier) @struct.name [(struct_declaration) (opaque_declaration)] .) @struct
(variable_declaration (identifier) @enum.name (enum_declaration) .) @enum
(variable_declaration (identifier) @union.name (union_declaration) .) @union
(variable_declaration (identifier) @type.name (error_set_declaration) .) @type

(function_declaration
  name: (identifier) @struct.name
  type: (builtin_type) @_type
  body: (block (expression_statement (return_expression (struct_declaration))))
  (#eq? @_type "type")) @struct
(function_declaration name: (identifier) @function.name) @function

((variable_declaration "const" (identifier) @const.name (_) @_value .) @const
  (#not-match? @_value "^(@(c?[Ii]mport|This)\\(|[A-Za-z_][A-Za-z0-9_.]*$)")
  (#has-parent? @const source_file struct_declaration enum_declaration union_declaration opaque_declaration))
