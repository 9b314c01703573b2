// Where a macro row's file is: macros.file holds it only when it is not the file of the row's group (never, for the
// rows the indexer writes: a group holds one file's #defines), so a query reading it joins the group.

/** The group of macro row `m`, joined as `mg`. */
export const MACRO_GROUP = 'JOIN macro_groups mg ON mg.id = m.group_id';

/** SQL: the file of macro row `m` (its group joined as `mg`). */
export const MACRO_FILE = 'coalesce(m.file, mg.file)';

/** The value macros.file stores for a macro of `file` in a group of `groupFile`. */
export const storedMacroFile = (file: string, groupFile: string): string | null => (file === groupFile ? null : file);
