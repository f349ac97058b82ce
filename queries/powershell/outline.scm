; PowerShell outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Lists function, filter and workflow (functions, at any depth: nested ones nest), class with its
; methods and constructors (a constructor is the method named as its class), and enum. A name keeps
; its scope modifier as written (`global:Set-Prompt`). Left out: class properties, enum members,
; variables, param blocks, DSC `configuration` (a command to this grammar) and Pester's
; Describe/Context/It blocks (calls of commands).

(function_statement (function_name) @function.name) @function
(class_statement . (simple_name) @class.name) @class
(class_method_definition (simple_name) @function.name) @function
(enum_statement . (simple_name) @enum.name) @enum
