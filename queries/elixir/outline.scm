; Elixir outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Everything is a `call`: what it declares is told by its target (`defmodule`, `def`, `@type`, …).
; Listed: modules (named as written, `Ecto.Query.API`), protocols, impls, def/defp/defdelegate/defn
; (functions; each clause is an entry, as in the source), defmacro/defmacrop/defguard/defguardp
; (macros), @type/@typep/@opaque (types), @callback (functions) and @macrocallback (macros).
; Not listed: defstruct and defexception (the module is the type), @spec (it precedes its def),
; module attributes, ExUnit's `test` and `describe`, and what `quote` builds beyond the defs in it.

(call
  target: (identifier) @_def
  (arguments . (_) @module.name)
  (#eq? @_def "defmodule")) @module

(call
  target: (identifier) @_def
  (arguments . (_) @protocol.name)
  (#eq? @_def "defprotocol")) @protocol

; `defimpl Inspect, for: Foo` reads "Inspect for: Foo"; `defimpl Inspect do` in a module, "Inspect".
(call
  target: (identifier) @_def
  (arguments . (_) @impl.name (keywords . (pair key: (keyword) @_for) @impl.name))
  (#eq? @_def "defimpl")
  (#match? @_for "^for:")) @impl
(call
  target: (identifier) @_def
  (arguments . (_) @impl.name)
  (#eq? @_def "defimpl")) @impl

; def f(x), def f (no parentheses), def f(x) when guard, and an operator (`def left + right`, `def not x`).
(call
  target: (identifier) @_def
  (arguments .
    [
      (identifier) @function.name
      (call target: (identifier) @function.name)
      (binary_operator left: [(call target: (identifier) @function.name) (identifier) @function.name] operator: "when")
    ])
  (#any-of? @_def "def" "defp" "defdelegate" "defn" "defnp")) @function
(call
  target: (identifier) @_def
  (arguments .
    [
      (identifier) @macro.name
      (call target: (identifier) @macro.name)
      (binary_operator left: [(call target: (identifier) @macro.name) (identifier) @macro.name] operator: "when")
    ])
  (#any-of? @_def "defmacro" "defmacrop" "defguard" "defguardp")) @macro
(call
  target: (identifier) @_def
  (arguments . [
    (binary_operator left: (identifier) operator: _ @function.name right: (identifier))
    (unary_operator operator: _ @function.name operand: (identifier))])
  (#not-eq? @function.name "when")
  (#any-of? @_def "def" "defp")) @function
(call
  target: (identifier) @_def
  (arguments . [
    (binary_operator left: (identifier) operator: _ @macro.name right: (identifier))
    (unary_operator operator: _ @macro.name operand: (identifier))])
  (#not-eq? @macro.name "when")
  (#any-of? @_def "defmacro" "defmacrop")) @macro

; @type t :: …, @typep t(a) :: …, @opaque t; @callback f(x) :: …, @macrocallback m(x) :: ….
(unary_operator
  operator: "@"
  operand: (call
    target: (identifier) @_attr
    (arguments . [
      (identifier) @type.name
      (call target: (identifier) @type.name)
      (binary_operator left: [(identifier) @type.name (call target: (identifier) @type.name)] operator: "::")]))
  (#any-of? @_attr "type" "typep" "opaque")) @type
(unary_operator
  operator: "@"
  operand: (call
    target: (identifier) @_attr
    (arguments . [
      (call target: (identifier) @function.name)
      (binary_operator left: [(identifier) @function.name (call target: (identifier) @function.name)] operator: "::")
      (binary_operator left: (binary_operator left: [(identifier) @function.name (call target: (identifier) @function.name)] operator: "::") operator: "when")]))
  (#eq? @_attr "callback")) @function
(unary_operator
  operator: "@"
  operand: (call
    target: (identifier) @_attr
    (arguments . [
      (call target: (identifier) @macro.name)
      (binary_operator left: [(identifier) @macro.name (call target: (identifier) @macro.name)] operator: "::")
      (binary_operator left: (binary_operator left: [(identifier) @macro.name (call target: (identifier) @macro.name)] operator: "::") operator: "when")]))
  (#eq? @_attr "macrocallback")) @macro
