; R outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed: functions given to a name, at any depth (`f <- function(x)`, `f = function`, `f <<- \(x)`),
; named as written (`` `[.my_class` ``, `"f"`); S4 and reference classes (`setClass("Shape", …)`,
; `setRefClass`: classes) and generics (`setGeneric("area", …)`: functions), named by their string;
; R6 classes (`Queue <- R6Class("Queue", public = list(…))`, named by the variable) with the
; functions of their `public`, `private` and `active` lists (methods). Not listed: anonymous
; functions (callbacks, `lapply(x, function(e) …)`), functions given to a list's or a call's
; argument (`list(a = function() 1)`), other variables.

(binary_operator lhs: [(identifier) (string)] @function.name operator: ["<-" "=" "<<-"] rhs: (function_definition)) @function

; Being typed: a function whose body does not parse yet (`f <- function(x) { g(x`), its name left
; before the error.
((identifier) @function @function.name . (ERROR . ["<-" "=" "<<-"] . "function"))

((call function: (identifier) @_call arguments: (arguments . argument: (argument value: (string (string_content) @class.name)))) @class
  (#any-of? @_call "setClass" "setRefClass"))
((call function: (identifier) @_call arguments: (arguments . argument: (argument value: (string (string_content) @function.name)))) @function
  (#eq? @_call "setGeneric"))

; R6 (`R6Class(…)` or `R6::R6Class(…)`): the class, then its methods.
((binary_operator lhs: (identifier) @class.name operator: ["<-" "=" "<<-"] rhs: (call function: [(identifier) @_call (namespace_operator rhs: (identifier) @_call)])) @class
  (#eq? @_call "R6Class"))
((call
  function: [(identifier) @_call (namespace_operator rhs: (identifier) @_call)]
  arguments: (arguments
    argument: (argument
      name: (identifier) @_members
      value: (call arguments: (arguments argument: (argument name: (identifier) @function.name value: (function_definition)) @function)))))
  (#eq? @_call "R6Class")
  (#any-of? @_members "public" "private" "active"))
