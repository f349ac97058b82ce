; Elixir outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Everything is a `call`: what it declares is told by its target (`defmodule`, `def`, `@type`, …).
; Listed: modules (named as written, `Ecto.Query.API`), protocols, impls, def/defp/defdelegate/defn
; (functions; each clause is an entry, as in the source), defmacro/defmacrop/defguard/defguardp
; (macros), @type/@typep/@opaque (types), @callback (functions) and @macrocallback (macros).
; Not listed: defstruct and defexception (the module is the type), @spec (it precedes its def),
; module attributes, and what `quote` builds beyond the defs in it. ExUnit's `describe "…" do` is a
; suite and its `test "…" do` a test, named by their string.
;
; Nodes are written `_` where their fields tell them (see queries/README.md, "Compile cost"): a
; `target:` with `(arguments)` is a call, an `operand:` a unary operator, an `operator: "when"` or
; `"::"` a binary one. Named, `call` and the operators made this query take 160 ms to compile; so, 30.

(_
  target: (identifier) @_def
  (arguments . (_) @module.name)
  (#eq? @_def "defmodule")) @module

(_
  target: (identifier) @_def
  (arguments . (_) @protocol.name)
  (#eq? @_def "defprotocol")) @protocol

; `defimpl Inspect, for: Foo` reads "Inspect for: Foo"; `defimpl Inspect do` in a module, "Inspect".
(_
  target: (identifier) @_def
  (arguments . (_) @impl.name (keywords . (pair key: (keyword) @_for) @impl.name))
  (#eq? @_def "defimpl")
  (#match? @_for "^for:")) @impl
(_
  target: (identifier) @_def
  (arguments . (_) @impl.name)
  (#eq? @_def "defimpl")) @impl

; def f(x), def f (no parentheses), def f(x) when guard, and an operator (`def left + right`, `def not x`).
(_
  target: (identifier) @_def
  (arguments .
    [
      (identifier) @function.name
      (_ target: (identifier) @function.name)
      (_ left: [(_ target: (identifier) @function.name) (identifier) @function.name] operator: "when")
    ])
  (#any-of? @_def "def" "defp" "defdelegate" "defn" "defnp")) @function
(_
  target: (identifier) @_def
  (arguments .
    [
      (identifier) @macro.name
      (_ target: (identifier) @macro.name)
      (_ left: [(_ target: (identifier) @macro.name) (identifier) @macro.name] operator: "when")
    ])
  (#any-of? @_def "defmacro" "defmacrop" "defguard" "defguardp")) @macro
(_
  target: (identifier) @_def
  (arguments . [
    (_ left: (identifier) operator: _ @function.name right: (identifier))
    (_ operator: _ @function.name operand: (identifier))])
  (#not-eq? @function.name "when")
  (#any-of? @_def "def" "defp")) @function
(_
  target: (identifier) @_def
  (arguments . [
    (_ left: (identifier) operator: _ @macro.name right: (identifier))
    (_ operator: _ @macro.name operand: (identifier))])
  (#not-eq? @macro.name "when")
  (#any-of? @_def "defmacro" "defmacrop")) @macro

; @type t :: …, @typep t(a) :: …, @opaque t; @callback f(x) :: …, @macrocallback m(x) :: ….
(_
  operator: "@"
  operand: (_
    target: (identifier) @_attr
    (arguments . [
      (identifier) @type.name
      (_ target: (identifier) @type.name)
      (_ left: [(identifier) @type.name (_ target: (identifier) @type.name)] operator: "::")]))
  (#any-of? @_attr "type" "typep" "opaque")) @type
(_
  operator: "@"
  operand: (_
    target: (identifier) @_attr
    (arguments . [
      (_ target: (identifier) @function.name)
      (_ left: [(identifier) @function.name (_ target: (identifier) @function.name)] operator: "::")
      (_ left: (_ left: [(identifier) @function.name (_ target: (identifier) @function.name)] operator: "::") operator: "when")]))
  (#eq? @_attr "callback")) @function
(_
  operator: "@"
  operand: (_
    target: (identifier) @_attr
    (arguments . [
      (_ target: (identifier) @macro.name)
      (_ left: [(identifier) @macro.name (_ target: (identifier) @macro.name)] operator: "::")
      (_ left: (_ left: [(identifier) @macro.name (_ target: (identifier) @macro.name)] operator: "::") operator: "when")]))
  (#eq? @_attr "macrocallback")) @macro

; ExUnit: `describe "…" do` and `test "…", context do`. A `test "…"` without a block is pending: not listed.
(_
  target: (identifier) @_call
  (arguments . (string) @suite.name)
  (do_block)
  (#eq? @_call "describe")) @suite
(_
  target: (identifier) @_call
  (arguments . (string) @test.name)
  (do_block)
  (#eq? @_call "test")) @test
