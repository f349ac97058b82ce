; JSON outline: every object key (a pair), named by its text without the quotes, nested as written.
; A key of an object that is an element of an array nests under the array's key (the pair holding
; the array contains it). Array elements themselves, and values, are not listed. An escape stays as
; written (`"a\"b"` is `a\"b`); the empty key `""` has no text and is not listed.
(pair key: (string (string_content) @key.name)) @key
