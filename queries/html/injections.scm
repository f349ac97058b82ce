; An HTML page's <script> blocks, outlined as JavaScript where they hold code (no `type`, or a
; JavaScript one: `module`, `text/javascript`), and its <style> blocks as CSS.
((script_element (start_tag) @_tag (raw_text) @injection.content)
  (#not-match? @_tag "[tT][yY][pP][eE]\\s*=")
  (#set! injection.language "javascript"))
((script_element (start_tag) @_tag (raw_text) @injection.content)
  (#match? @_tag "[tT][yY][pP][eE]\\s*=\\s*[\"']?(module|text/javascript|application/javascript)[\"' >]")
  (#set! injection.language "javascript"))
((style_element (raw_text) @injection.content)
  (#set! injection.language "css"))
