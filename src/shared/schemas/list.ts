import { z } from "zod";
import { LIST_MAX_PAGE_SIZE, LIST_PAGE_SIZE } from "../list-size";

/** Query string of every list endpoint: newest first, server-side search and status filter. */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1, "La page commence à 1.").default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIST_MAX_PAGE_SIZE, `${LIST_MAX_PAGE_SIZE} lignes par page au maximum.`)
    .default(LIST_PAGE_SIZE),
  search: z.string().trim().max(100, "Recherche trop longue (100 caractères au maximum).").optional(),
  status: z.string().trim().max(40).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** A filter of a list's query string where an empty value (the "Tous" filter) means no filter. */
export const emptyIsAll = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal(""), schema])
    .optional()
    .transform((value) => (value === "" ? undefined : (value as z.output<T> | undefined)));

export type ListResult<Item> = { items: Item[]; total: number; page: number; pageSize: number };

export const listResult = <Item extends z.ZodType>(item: Item) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

// The invoices and quotes a detail page (client, project) lists beside its record, newest first.
export const relatedInvoice = z.object({
  id: z.string(),
  kind: z.string(),
  number: z.string().nullable(),
  date: z.string(),
  status: z.string(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
});

export const relatedQuote = z.object({
  id: z.string(),
  number: z.string().nullable(),
  date: z.string(),
  status: z.string(),
  totalCents: z.number().int(),
});
