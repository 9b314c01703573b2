; C++ class structure: base-class lists and template uses (types, function calls, explicit instantiations).
(base_class_clause) @bases
(template_type) @template.use
(template_function) @template.call
(template_method) @template.call
(template_instantiation) @template.explicit
