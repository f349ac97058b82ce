; Clojure outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed: the namespace of `(ns name …)` (a module holding the whole file, or what parses of it, as ctags scopes a file's
; functions in it); `defn` and `defn-` (functions), `defmulti` (function), `defmacro` (macro),
; `def` and `defonce` (const), `defprotocol` (protocol), `definterface` (interface), `defrecord`
; (struct), `deftype` (class), `deftest` (test); at any depth, so a `defn` inside a `let` or a reader
; conditional counts. Names are written without their metadata (`(defn ^:private ^String f …)` → `f`).
; Not listed: `defmethod` (an implementation of a multimethod, named by its dispatch value),
; local functions (`letfn`, `fn`), protocol signatures.

((source (list_lit . value: (sym_lit name: (sym_name) @_ns) . value: (sym_lit name: (sym_name) @module.name))) @module
  (#eq? @_ns "ns"))
((ERROR (list_lit . value: (sym_lit name: (sym_name) @_ns) . value: (sym_lit name: (sym_name) @module.name))) @module
  (#eq? @_ns "ns"))

; Being typed: a `(defn name` whose parentheses do not close leaves its words in the file's ERROR.
((ERROR (sym_lit name: (sym_name) @_def) . (sym_lit name: (sym_name) @function.name) @function)
  (#any-of? @_def "defn" "defn-"))

((list_lit . value: (sym_lit name: (sym_name) @_def) . value: (sym_lit name: (sym_name) @function.name)) @function
  (#any-of? @_def "defn" "defn-" "defmulti"))
((list_lit . value: (sym_lit name: (sym_name) @_def) . value: (sym_lit name: (sym_name) @macro.name)) @macro
  (#eq? @_def "defmacro"))
((list_lit . value: (sym_lit name: (sym_name) @_def) . value: (sym_lit name: (sym_name) @const.name)) @const
  (#any-of? @_def "def" "defonce"))
((list_lit . value: (sym_lit name: (sym_name) @_def) . value: (sym_lit name: (sym_name) @protocol.name)) @protocol
  (#eq? @_def "defprotocol"))
((list_lit . value: (sym_lit name: (sym_name) @_def) . value: (sym_lit name: (sym_name) @interface.name)) @interface
  (#eq? @_def "definterface"))
((list_lit . value: (sym_lit name: (sym_name) @_def) . value: (sym_lit name: (sym_name) @struct.name)) @struct
  (#eq? @_def "defrecord"))
((list_lit . value: (sym_lit name: (sym_name) @_def) . value: (sym_lit name: (sym_name) @class.name)) @class
  (#eq? @_def "deftype"))
((list_lit . value: (sym_lit name: (sym_name) @_def) . value: (sym_lit name: (sym_name) @test.name)) @test
  (#eq? @_def "deftest"))
