; Fish outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed: `function name` at any depth (functions, one defined in another's body nested in it, one
; in an `if` listed as if written outside it), named as written (`__fish_git_prompt`,
; `fish_right_prompt`); `alias name '…'`, which defines a function of that name (a function);
; `abbr -a name …` and `abbr --add name …` (macros: an abbreviation is text the shell expands).
; Not listed: `set` variables (`set -g`, `set -U`), `complete` lines, the `alias name=…` form (its
; name is one word with the `=` to the grammar), an alias or abbreviation named by a variable or a
; quoted word, or one given options before its name.

(function_definition name: (_) @function.name) @function

((command name: (word) @_alias . argument: (word) @function.name) @function
  (#eq? @_alias "alias") (#not-match? @function.name "^-|="))

((command name: (word) @_abbr . argument: (word) @_add . argument: (word) @macro.name) @macro
  (#eq? @_abbr "abbr") (#any-of? @_add "-a" "--add") (#not-match? @macro.name "^-"))
