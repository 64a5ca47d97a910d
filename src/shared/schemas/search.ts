import { z } from "zod";
import { contractStatuses } from "../domain/contract-status";
import { projectStatuses } from "../domain/project-status";
import { SEARCH_LIMIT_PER_KIND, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from "../search-limits";

export { SEARCH_LIMIT_PER_KIND, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH };

/** GET /api/search?q=… */
export const searchQuery = z.object({
  q: z
    .string({ error: "Indiquez ce que vous cherchez." })
    .trim()
    .min(SEARCH_MIN_LENGTH, `Saisissez au moins ${SEARCH_MIN_LENGTH} caractères.`)
    .max(SEARCH_MAX_LENGTH, `La recherche est limitée à ${SEARCH_MAX_LENGTH} caractères.`),
});
export type SearchQuery = z.infer<typeof searchQuery>;

const clientHit = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  siren: z.string().nullable(),
});

const invoiceHit = z.object({
  id: z.uuid(),
  /** Null for a draft, which gets its number when issued. */
  number: z.string().nullable(),
  clientName: z.string(),
  isCreditNote: z.boolean(),
  totalCents: z.number().int(),
  date: z.string(),
});

const quoteHit = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  clientName: z.string(),
  totalCents: z.number().int(),
  date: z.string(),
});

const projectHit = z.object({ id: z.uuid(), name: z.string(), status: z.enum(projectStatuses) });

const contractHit = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  title: z.string(),
  status: z.enum(contractStatuses),
});

/** The user's records matching the search, best first, at most SEARCH_LIMIT_PER_KIND per kind. */
export const searchResultsDto = z.object({
  clients: z.array(clientHit),
  /** Invoices and credit notes. */
  invoices: z.array(invoiceHit),
  quotes: z.array(quoteHit),
  projects: z.array(projectHit),
  contracts: z.array(contractHit),
});
export type SearchResultsDto = z.infer<typeof searchResultsDto>;
