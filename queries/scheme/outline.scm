; Scheme outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed: `(define (name …) …)` and a name given a `lambda` or `case-lambda` (functions; a curried
; `(define ((name a) b) …)` by its innermost name), at any depth, so internal definitions nest in
; their function; `(define name value)` of any other value (consts) at the top of the file or of a
; library (R7RS: in its `begin`), or in what the grammar could not read (it knows no `#u8(…)`
; bytevector, and a file holding one is an error); `define-syntax`, `define-syntax-rule` and
; `define-macro` (macros); `define-record-type` (structs, named by the type's name: `<point>` as
; written); `define-library` and R6RS `library` (modules, named by their name list as written:
; `(srfi 1)`), holding their definitions. Not listed: `define-values`, `set!`, local bindings (`let`,
; named `let`), record fields and accessors, a project's own defining forms (`define-logger`).

; Being typed: a `(define (name …)` whose parentheses do not close leaves its words in the file's
; ERROR; the entry is its head.
((ERROR (symbol) @_def . (list . (symbol) @function.name) @function)
  (#any-of? @_def "define" "define*" "define-inline" "define-integrable"))
((list . (symbol) @_def . (list . (symbol) @function.name)) @function
  (#any-of? @_def "define" "define*" "define-inline" "define-integrable"))
((list . (symbol) @_def . (list . (list . (symbol) @function.name))) @function
  (#eq? @_def "define"))
((list . (symbol) @_def . (symbol) @function.name . (list . (symbol) @_lambda)) @function
  (#eq? @_def "define") (#any-of? @_lambda "lambda" "case-lambda" "λ"))

((list . (symbol) @_def . (symbol) @const.name . (_) @_value) @const
  (#eq? @_def "define") (#not-match? @_value "^\\((lambda|case-lambda|λ)[\\s)]") (#has-parent? @const program ERROR))
((list . (symbol) @_def . (symbol) @const.name .) @const
  (#eq? @_def "define") (#has-parent? @const program ERROR))
((list . (symbol) @_library (list . (symbol) @_def . (symbol) @const.name . (_) @_value) @const)
  (#eq? @_library "library") (#eq? @_def "define") (#not-match? @_value "^\\((lambda|case-lambda|λ)[\\s)]"))
((list . (symbol) @_library (list . (symbol) @_begin (list . (symbol) @_def . (symbol) @const.name . (_) @_value) @const))
  (#eq? @_library "define-library") (#eq? @_begin "begin") (#eq? @_def "define")
  (#not-match? @_value "^\\((lambda|case-lambda|λ)[\\s)]"))

((list . (symbol) @_def . [(symbol) @macro.name (list . (symbol) @macro.name)]) @macro
  (#any-of? @_def "define-syntax" "define-macro" "define-syntax-rule"))

((list . (symbol) @_def . [(symbol) @struct.name (list . (symbol) @struct.name)]) @struct
  (#eq? @_def "define-record-type"))

; A library's name is followed by its declarations: `(library (srfi 1))` alone is a feature of `cond-expand`.
((list . (symbol) @_def . (list) @module.name . (list)) @module
  (#any-of? @_def "define-library" "library"))
