; Julia outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Lists modules (and baremodules), struct and mutable struct, abstract and primitive types (as type),
; functions in both forms at any depth (`function f(x) … end`, `f(x) = …`; one inside a struct, an
; inner constructor, is a method), macros and `const`s. A function is named as its call is written:
; `f`, `Base.show`, `Base.:+`, and a callable object's method `(m::Dense)`. Struct fields, variables,
; `using`/`import`/`export`, anonymous functions and definitions made by macros are not listed.

(module_definition name: (_) @module.name) @module

; The type's name, without its parameters or supertype: `Dense{F,M} <: AbstractLayer` is "Dense".
; A type head's parametrized and supertype parts are `_` (see queries/README.md, "Compile cost"):
; named, they made the query take 80 ms to compile; so, 40.
(struct_definition (type_head [
  (identifier) @struct.name
  (_ . (identifier) @struct.name)
  (binary_expression . (_ . (identifier) @struct.name))])) @struct
[
  (abstract_definition (type_head [
    (identifier) @type.name
    (_ . (identifier) @type.name)
    (binary_expression . (_ . (identifier) @type.name))]))
  (primitive_definition (type_head [
    (identifier) @type.name
    (_ . (identifier) @type.name)
    (binary_expression . (_ . (identifier) @type.name))]))
] @type

; The callee of the signature's call, which may stand in `f(x)::T` and `… where T` (or both).
(function_definition (signature [
  (identifier) @function.name
  (call_expression . (_) @function.name)
  (_ . (call_expression . (_) @function.name))
  (_ . (_ . (call_expression . (_) @function.name)))])) @function

; `f(x) = …`, `f(x)::T = …`, `f(x) where T = …`; not `g(x)[i] = …` nor `g(x).a = …`.
((assignment . (call_expression . (_) @function.name) . (operator) @_eq) @function (#eq? @_eq "="))
((assignment
   . [(_ . (call_expression . (_) @function.name) @_call) (_ . (_ . (call_expression . (_) @function.name) @_call))]
   . (operator) @_eq) @function
  (#eq? @_eq "=") (#has-parent? @_call typed_expression where_expression))

(macro_definition (signature (call_expression . (identifier) @macro.name))) @macro

; `const X = …`, `const X::T = …`, `const A3{T} = …` (a type alias, as ctags has it), `const ≅ = isequal`.
(const_statement (assignment . [
  (identifier) @const.name
  (operator) @const.name
  (typed_expression . (identifier) @const.name)
  (parametrized_type_expression . (identifier) @const.name)])) @const
