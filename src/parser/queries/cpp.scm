; Declarations tree-sitter-cpp reports for C++: the C set plus classes, namespaces, aliases and
; templates. The extractor turns categories into kinds (method, constructor, destructor, ...).
(function_definition) @definition.function
(declaration) @definition.declaration
(field_declaration) @definition.field
(struct_specifier body: (field_declaration_list)) @definition.struct
(union_specifier body: (field_declaration_list)) @definition.union
(class_specifier body: (field_declaration_list)) @definition.class
(enum_specifier body: (enumerator_list)) @definition.enum
(enumerator name: (identifier) @name) @definition.enum_constant
(type_definition) @definition.typedef
; `T (*name)(...);` with T a typedef name, read as a call (a declaration at file scope: see pointer-declarations.ts).
(expression_statement (call_expression function: (call_expression arguments: (argument_list (pointer_expression))))) @definition.pointer
(expression_statement (assignment_expression left: (call_expression function: (call_expression arguments: (argument_list (pointer_expression)))))) @definition.pointer
(alias_declaration) @definition.alias
(namespace_definition) @definition.namespace
