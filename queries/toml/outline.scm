; TOML outline: `[table]` and `[a.b]` headers, each `[[array.of.tables]]` (every occurrence an
; entry), named as written; the keys of each table nested under it; dotted keys (`a.b = 1`) named
; as written; the keys of an inline table (`x = { a = 1 }`, also in an array: `x = [{ a = 1 }]`)
; nested under its key. A key written in quotes is named by what they hold (the engine's rule for
; `@key`: `"quoted key"` is `quoted key`). Values and array elements are not listed.
(table [(bare_key) (quoted_key) (dotted_key)] @key.name) @key
(table_array_element [(bare_key) (quoted_key) (dotted_key)] @key.name) @key
(pair . [(bare_key) (quoted_key) (dotted_key)] @key.name) @key
; Being typed: a key followed by `=` in an ERROR (its value missing, or an unclosed `{` or `[`
; swallowing the lines after it) is still a key, without its nesting.
(ERROR [(bare_key) (quoted_key) (dotted_key)] @key.name @key . "=")
