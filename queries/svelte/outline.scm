; A Svelte component lists no entries of its own markup: the code of its <script> blocks is
; outlined as their language, at the file's own lines (injections.scm).
