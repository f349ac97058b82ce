; Makefile outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed: variables (consts: `CC ?= cc`, `X := …`, `X = …`, `override X = …`, `export X := …`, in a
; conditional too), named as written (`$(PKG)_VERSION`); `define NAME … endef` (macros); targets of
; rules (functions), pattern rules by their pattern (`%.o`), but for a name that white space outside
; parentheses splits (what a misread computed name leaves). A rule of one target is its entry; each
; target of `a b: deps` is an entry of its own, its name's line long. Not listed: special targets
; (`.PHONY`, `.SUFFIXES`: a dot and capitals), appends (`X += …`; `X+=…` the grammar names `X+`),
; includes. A target-specific assignment (`32bit: CFLAGS = -m32`) lists its targets, and its
; variable (but for an append), its name's line long.
; The text is given the grammar as `src/languages/make/makeText.ts` rewrites it.

((variable_assignment !target_or_pattern name: (_) @const.name operator: _ @_operator) @const
  (#not-eq? @_operator "+=")
  (#not-match? @const.name "[+]$"))
(define_directive name: (_) @macro.name) @macro

; A variable whose name is computed (`$(PKG)_FILE := …`), which the grammar reads as a rule that fails at the `=`.
(rule (targets . (_) @const.name .) ":" . (ERROR "=")) @const

((rule (targets . (_) @function.name .)) @function
  (#not-match? @function.name "^[.][A-Z_]+$|^([^()\\s]|[(][^()]*[)])*\\s"))
((targets (_) @function @function.name . (_))
  (#not-match? @function.name "^[.][A-Z_]+$|^([^()\\s]|[(][^()]*[)])*\\s"))
((targets (_) (_) @function @function.name)
  (#not-match? @function.name "^[.][A-Z_]+$|^([^()\\s]|[(][^()]*[)])*\\s"))
(variable_assignment target_or_pattern: (list (_) @function @function.name))
((variable_assignment target_or_pattern: (_) name: (_) @const @const.name operator: _ @_operator)
  (#not-eq? @_operator "+="))

; Being typed: a rule whose prerequisites do not parse yet (`build: $(SRC`).
(ERROR (list . (_) @function.name .) @function . ":")
