; Names an expression may read, write or take the address of: plain identifiers and the member of a
; `.`/`->` access. extract-variable-refs.ts drops declarators, callees and attributes and decides the access.
(identifier) @use
(field_expression field: (field_identifier) @member)
