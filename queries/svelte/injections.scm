; A Svelte component's top-level <script> blocks, outlined as the language their `lang` attribute
; names (`ts`, `tsx`, `typescript`, …), else as JavaScript. Styles and markup are not outlined.
(document
  (script_element
    (start_tag (attribute (attribute_name) @_name [(quoted_attribute_value (attribute_value) @injection.language) (attribute_value) @injection.language]))
    (raw_text) @injection.content)
  (#eq? @_name "lang"))

(document
  (script_element (raw_text) @injection.content)
  (#set! injection.language "javascript"))
