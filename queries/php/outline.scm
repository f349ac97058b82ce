; PHP outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Attributes (`#[Route(…)]`) sit inside the declaration node; the line is the name's. Properties,
; enum cases, closures and arrow functions held by variables are not listed.

; `namespace App\Http;` (an entry of one line: the declarations after it are not inside its node)
; and `namespace App\Http { … }`, named as written.
(namespace_definition name: (_) @module.name) @module

(class_declaration name: (name) @class.name) @class
(interface_declaration name: (name) @interface.name) @interface
(trait_declaration name: (name) @trait.name) @trait
(enum_declaration name: (name) @enum.name) @enum

; Methods are methods wherever they stand (an anonymous class `new class { … }` too); a function is
; a function (one declared inside a method or function nests there).
(method_declaration name: (name) @method.name) @method
(function_definition name: (name) @function.name) @function

; Class, interface and enum constants and top-level `const`: each name its own entry.
(const_declaration (const_element (name) @const.name) @const)

; define('NAME', …) and define("NAME", …): a global constant, wherever the call stands (the guard
; `if (!defined('X')) define('X', …)` too). A name built at run time is not listed.
((function_call_expression
  function: (name) @_define
  arguments: (arguments . (argument [(string (string_content) @const.name) (encapsed_string . (string_content) @const.name .)])))
  @const
  (#eq? @_define "define"))
