; Nix outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed, in `let` blocks and attribute sets at any depth, named by their attribute path as written
; (`passthru.tests`): a binding of a function (`mkHelper = name: …`: a function) and a binding of an
; attribute set (`meta = { … }`, `rec { … }`, `with lib; { … }`: a module holding its own bindings).
; Not listed: bindings of other values (strings, lists, calls such as `fetchurl { … }`), `inherit`.

(binding attrpath: (attrpath) @function.name expression: (function_expression)) @function
(binding attrpath: (attrpath) @module.name expression: [(attrset_expression) (rec_attrset_expression)]) @module
(binding attrpath: (attrpath) @module.name expression: (with_expression body: [(attrset_expression) (rec_attrset_expression)])) @module
