; Names C expressions read, write or take the address of. @use/@member: every identifier and every
; `.`/`->` member; the patterns below refine a capture (the strongest wins: skip > write > address):
; @skip for declared names, callees and enumerator names; @write for assignment targets and ++/--,
; through `.` members and subscripts (s.x = 1 and a[i] = 1 change s and a); @address for &x, &s.x, &a[i].
(identifier) @use
(field_expression field: (field_identifier) @member)

(call_expression function: (identifier) @skip)
(init_declarator declarator: (identifier) @skip)
(declaration declarator: (identifier) @skip)
(pointer_declarator declarator: (identifier) @skip)
(array_declarator declarator: (identifier) @skip)
(function_declarator declarator: (identifier) @skip)
(parameter_declaration declarator: (identifier) @skip)
(attributed_declarator (identifier) @skip)
(parenthesized_declarator (identifier) @skip)
(enumerator name: (identifier) @skip)
(attribute_specifier (argument_list (identifier) @skip))
(ERROR (identifier) @skip)

(assignment_expression left: (identifier) @write)
(update_expression argument: (identifier) @write)
(assignment_expression left: (field_expression argument: (identifier) @write operator: "."))
(update_expression argument: (field_expression argument: (identifier) @write operator: "."))
(assignment_expression left: (subscript_expression argument: (identifier) @write))
(update_expression argument: (subscript_expression argument: (identifier) @write))
(assignment_expression left: (subscript_expression argument: (field_expression argument: (identifier) @write operator: ".")))
(assignment_expression left: (field_expression argument: (subscript_expression argument: (identifier) @write) operator: "."))
(pointer_expression operator: "&" argument: (identifier) @address)
(pointer_expression operator: "&" argument: (field_expression argument: (identifier) @address operator: "."))
(pointer_expression operator: "&" argument: (subscript_expression argument: (identifier) @address))

(assignment_expression left: (field_expression field: (field_identifier) @member.write))
(update_expression argument: (field_expression field: (field_identifier) @member.write))
(assignment_expression left: (subscript_expression argument: (field_expression field: (field_identifier) @member.write)))
(update_expression argument: (subscript_expression argument: (field_expression field: (field_identifier) @member.write)))
(assignment_expression left: (field_expression argument: (field_expression field: (field_identifier) @member.write) operator: "."))
(pointer_expression operator: "&" argument: (field_expression field: (field_identifier) @member.address))
(pointer_expression operator: "&" argument: (subscript_expression argument: (field_expression field: (field_identifier) @member.address)))
