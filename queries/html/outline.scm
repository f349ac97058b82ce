; HTML outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed, as Universal Ctags's HTML parser lists them: elements with an `id` (keys, named by the id:
; `<main id="content">` → `content`), anchors `<a name="…">` (keys, named by their name), and the
; headings h1, h2 and h3 (headings, named by their text, with the text of the elements inside them:
; `<h1>Get <em>started</em></h1>` → `Get started`, entities as written). Each holds the entries of the elements inside
; it, as the document nests them (ctags scopes nothing): a section's id holds its headings and the
; ids within. A heading with an id is listed twice, as ctags does: the heading, holding its id
; (on the start tag). Not listed: classes, elements without an id, h4 to h6. The code of `<script>`
; and `<style>` blocks is outlined as JavaScript and CSS (injections.scm).

; A heading is named by its text: the element's, with its tags and comments taken out.
((element (start_tag (tag_name) @_tag)) @heading @heading.name
  (#any-of? @_tag "h1" "h2" "h3" "H1" "H2" "H3")
  (#strip! @heading.name "<!--[^]*?-->|<[^>]*>"))

; A heading's id, on its start tag (the element is the heading's entry).
((element
  (start_tag (tag_name) @_tag
    (attribute (attribute_name) @_id [(attribute_value) @key.name (quoted_attribute_value (attribute_value) @key.name)])) @key)
  (#any-of? @_tag "h1" "h2" "h3" "H1" "H2" "H3")
  (#any-of? @_id "id" "ID" "Id"))

([
  (element (start_tag (attribute (attribute_name) @_id [(attribute_value) @key.name (quoted_attribute_value (attribute_value) @key.name)])))
  (element (self_closing_tag (attribute (attribute_name) @_id [(attribute_value) @key.name (quoted_attribute_value (attribute_value) @key.name)])))
  (script_element (start_tag (attribute (attribute_name) @_id [(attribute_value) @key.name (quoted_attribute_value (attribute_value) @key.name)])))
  (style_element (start_tag (attribute (attribute_name) @_id [(attribute_value) @key.name (quoted_attribute_value (attribute_value) @key.name)])))
 ] @key
  (#any-of? @_id "id" "ID" "Id"))

; `<a name="…">`, an anchor of the days before ids.
((element
  (start_tag (tag_name) @_tag
    (attribute (attribute_name) @_name [(attribute_value) @key.name (quoted_attribute_value (attribute_value) @key.name)]))) @key
  (#any-of? @_tag "a" "A")
  (#any-of? @_name "name" "NAME"))

; Being typed: a start tag left unfinished (`<div id="pager" class=`) is an error holding its id.
((ERROR (tag_name) (attribute (attribute_name) @_id [(attribute_value) @key.name (quoted_attribute_value (attribute_value) @key.name)])) @key
  (#any-of? @_id "id" "ID" "Id"))
