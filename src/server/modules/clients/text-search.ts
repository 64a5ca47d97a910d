import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

// Accent- and case-insensitive search without the unaccent extension, the same on PGlite and on a
// PostgreSQL cluster whatever its locale (lower() leaves "É" alone under the C locale). Shared by the
// clients, projects, contracts and expenses lists.
const ACCENTED = "àâäáãåçéèêëíìîïñóòôöõúùûüýÿÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝŸ";
const PLAIN = "aaaaaaceeeeiiiinooooouuuuyyaaaaaaceeeeiiiinooooouuuuyy";

export const folded = (column: AnyPgColumn): SQL => sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN})`;

const foldText = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** `%term%` for LIKE, with the user's own %, _ and \ taken literally. */
export const likeContaining = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** `%term%` for LIKE against `folded(column)`: the term folded the same way. */
export const containing = (term: string) => likeContaining(foldText(term));
