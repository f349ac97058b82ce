; YAML outline: the keys of block and flow mappings, nested as written, in every document of the
; stream (`---`). A mapping that is an item of a sequence has its keys nested under the key holding
; the sequence (`containers:` → `- name: x` gives `name` under `containers`). A key is named by its
; scalar, an anchor or tag before it left out (`&base defaults:` is `defaults`); a quoted key by
; what its quotes hold (the engine's rule for `@key`: `"app.kubernetes.io/name"` is `app.kubernetes.io/name`).
; A complex key (`? [a, b]`) is named as written. Values, sequence items, anchors and aliases are
; not listed, nor what a block scalar (`|`, `>`) holds.
(block_mapping_pair key: (flow_node [(plain_scalar) (double_quote_scalar) (single_quote_scalar)] @key.name)) @key
(flow_pair key: (flow_node [(plain_scalar) (double_quote_scalar) (single_quote_scalar)] @key.name)) @key
(block_mapping_pair key: (_) @key.name) @key
(flow_pair key: (_) @key.name) @key
; Being typed: where the parse gives up (an unclosed `{` or `[` at the end), a scalar followed by
; `:` in the ERROR is still a key, without its nesting.
(ERROR (flow_node [(plain_scalar) (double_quote_scalar) (single_quote_scalar)] @key.name) @key . ":")
