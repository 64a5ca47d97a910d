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
export const bookHeaders: Record<Book, Record<keyof Omit<BookEntry, "id">, string>> = {
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
