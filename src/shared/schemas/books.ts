import { z } from "zod";
import { isoDay } from "./fields";

/**
 * The micro-entrepreneur's books (issue 13 §3, art. 50-0 and 102 ter du CGI): the livre des recettes, by date
 * received, derived from recorded payments (it changes only through them), and the registre des achats from
 * expenses. One definition of each book's columns serves the page, the CSV and the PDF.
 */
export const books = ["recettes", "achats"] as const;
export type Book = (typeof books)[number];

export const bookQuery = z.object({ from: isoDay, to: isoDay }).refine((query) => query.from <= query.to, {
  message: "La fin de la période précède son début.",
  path: ["to"],
});
export type BookQuery = z.infer<typeof bookQuery>;

export const bookEntry = z.object({
  id: z.string(),
  date: z.string(),
  /** Invoice number (recettes) or the expense's reference (achats). */
  reference: z.string(),
  /** Client (recettes) or supplier (achats). */
  party: z.string(),
  nature: z.string(),
  amountCents: z.number().int(),
  /** A payment method label; null when the expense does not record it. */
  method: z.string().nullable(),
  /** Paid in cash (espèces): the books list these apart, with their own total. */
  isCash: z.boolean(),
});
export type BookEntry = z.infer<typeof bookEntry>;

export const bookDto = z.object({
  book: z.enum(books),
  from: z.string(),
  to: z.string(),
  entries: z.array(bookEntry),
  totalCents: z.number().int(),
});
export type BookDto = z.infer<typeof bookDto>;

export const bookTitles: Record<Book, string> = {
  recettes: "Livre des recettes",
  achats: "Registre des achats",
};

/** Column headers, in order: the same words on screen, in the CSV and in the PDF. */
export const bookHeaders: Record<Book, Record<keyof Omit<BookEntry, "id" | "isCash">, string>> = {
  recettes: {
    date: "Date d'encaissement",
    reference: "N° de facture",
    party: "Client",
    nature: "Nature",
    amountCents: "Montant encaissé",
    method: "Mode de paiement",
  },
  achats: {
    date: "Date",
    reference: "Référence",
    party: "Fournisseur",
    nature: "Nature",
    amountCents: "Montant TTC",
    method: "Mode de paiement",
  },
};

const sectionTitles: Record<Book, { other: string; cash: string }> = {
  recettes: { other: "Encaissements hors espèces", cash: "Encaissements en espèces" },
  achats: { other: "Achats hors espèces", cash: "Achats réglés en espèces" },
};

export type BookSection = { title: string; entries: BookEntry[]; totalCents: number };

/**
 * The entries as the screen, the CSV and the PDF show them: cash apart (espèces, which the tax office
 * checks against the till), each group in date order with its total; a group with no entry is left out.
 */
export function bookSections({ book, entries }: Pick<BookDto, "book" | "entries">): BookSection[] {
  const groups = [
    { title: sectionTitles[book].other, entries: entries.filter((entry) => !entry.isCash) },
    { title: sectionTitles[book].cash, entries: entries.filter((entry) => entry.isCash) },
  ];
  return groups
    .filter((group) => group.entries.length > 0)
    .map((group) => ({
      ...group,
      totalCents: group.entries.reduce((sum, entry) => sum + entry.amountCents, 0),
    }));
}
