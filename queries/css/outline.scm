; CSS outline: rule sets named by their selector list as written (`a, b` is one entry), at-rules with
; a block named by their keyword and prelude (`@media (min-width: 576px)`, `@supports …`,
; `@keyframes spin`, `@font-face`, `@layer base`, `@container …`, `@page :first`), the rules inside
; them nested, a nested rule (`& > .child`) under its rule, and keyframe steps (`from`, `50%`) under
; their `@keyframes`. Left out: declarations and custom properties, and the at-rules without a block
; (`@import`, `@charset`, `@layer a, b;`, `@apply …;`). Where the grammar cannot read part of a
; selector or prelude, the ERROR holding it is still part of the name. A prelude's parts are named
; by their types, not `_`: a wildcard repeated before the block also matches the block, and the match
; it leaves open for every rule nested in it made a query over deeply nested rules quadratic.
(rule_set (selectors) @rule.name (ERROR)? @rule.name . (block)) @rule
; A keyframe step named by its selectors (`from, 20%`); a grammar without lists there leaves the
; first ones in an ERROR just before the step.
(keyframe_block_list (ERROR) @rule.name . (keyframe_block [(from) (to) (integer_value) "," (ERROR)]* @rule.name . (block)) @rule)
(keyframe_block [(from) (to) (integer_value) "," (ERROR)]* @rule.name . (block)) @rule
(media_statement . "@media" @rule.name [(keyword_query) (feature_query) (binary_query) (unary_query) (selector_query) (parenthesized_query) "," (ERROR)]* @rule.name . (block)) @rule
(supports_statement . "@supports" @rule.name [(keyword_query) (feature_query) (binary_query) (unary_query) (selector_query) (parenthesized_query) "," (ERROR)]* @rule.name . (block)) @rule
(keyframes_statement . _ @rule.name . (keyframes_name) @rule.name) @rule
(at_rule . (at_keyword) @rule.name [(keyword_query) (feature_query) (binary_query) (unary_query) (selector_query) (parenthesized_query) "," (ERROR)]* @rule.name . (block)) @rule
