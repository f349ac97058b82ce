; SCSS outline, as CSS's (queries/css/outline.scm): rule sets named by their selector list as
; written (`&:hover`, `.btn-#{$size}`), placeholders (`%name`) as rules, at-rules with a block by
; keyword and prelude (`@media #{$tablet}`, `@supports …`, `@keyframes spin`, `@font-face`), the rules
; inside them nested, keyframe steps under their `@keyframes`; and Sass's own: `@mixin` (macro) and
; `@function` (function) by name, at any depth, and top-level variables (`$primary`, const), with
; the settings first set `!default` in blocks of control at the top level. Left out: declarations
; and custom properties, variables in other blocks (locals and assignments: the text pass reads
; them as blank), parameters, `@use`, `@forward`, `@import`, `@include` and `@extend` (uses, not
; definitions), and `@if`/`@each`/`@for`/`@while`, whose rules are listed among the rules around
; them. The text pass (src/languages/scss/scssText.ts) reads values, arguments and conditions as
; blank before the parse: the grammar predates Sass's module system.
; A selector that opens with a combinator (`+ .item`, `~ p`; `> a` where the grammar takes it for no
; child of an implicit `&`): the grammar leaves the combinator in
; an ERROR just before the rule. First: of the patterns capturing a node, the first names it.
((ERROR . [">" "+" "~"] @rule.name .) . (rule_set (selectors) @rule.name (ERROR)? @rule.name . (block)) @rule)
(rule_set (selectors) @rule.name (ERROR)? @rule.name . (block)) @rule
(placeholder "%" @rule.name . (name) @rule.name) @rule
(media_statement . "@media" @rule.name [(keyword_query) (feature_query) (binary_query) (unary_query) (selector_query) (parenthesized_query) "," (ERROR)]* @rule.name . (block)) @rule
(supports_statement . "@supports" @rule.name [(keyword_query) (feature_query) (binary_query) (unary_query) (selector_query) (parenthesized_query) "," (ERROR)]* @rule.name . (block)) @rule
(keyframes_statement . _ @rule.name . (keyframes_name) @rule.name) @rule
(keyframe_block [(from) (to) (integer_value) "," (ERROR)]* @rule.name . (block)) @rule
(at_rule . (at_keyword) @rule.name [(keyword_query) (feature_query) (binary_query) (unary_query) (selector_query) (parenthesized_query) "," (ERROR)]* @rule.name . (block)) @rule
(mixin_statement (name) @macro.name) @macro
(function_statement (name) @function.name) @function
; A mixin or function whose body the grammar could not read (a selector's `#{"" + $name}`) is left
; in an ERROR that begins with its keyword and name.
(ERROR . "@mixin" . (identifier) @macro.name) @macro
(ERROR . "@function" . (identifier) @function.name) @function
; Only top-level variables are left to the parse (see above).
(declaration . (variable_name) @const.name) @const
