import { boolean, index, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { checkIn, timestamps } from "./columns";
import { tenantPolicy, tenantUserId } from "./tenancy";

export const clientStatuses = ["prospect", "actif", "inactif"] as const;
export type ClientStatus = (typeof clientStatuses)[number];

export const clients = pgTable(
  "clients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    /** Display name: the company name for a business, the person's name otherwise. */
    name: text("name").notNull(),
    company: text("company"),
    contactName: text("contact_name"),
    email: text("email"),
    phone: text("phone"),
    siren: text("siren"),
    siret: text("siret"),
    vatNumber: text("vat_number"),
    addressLine1: text("address_line1"),
    addressLine2: text("address_line2"),
    postalCode: text("postal_code"),
    city: text("city"),
    country: text("country").notNull().default("FR"),
    /** B2B or consumer: changes the mandatory mentions (40 € recovery indemnity only for businesses). */
    isBusiness: boolean("is_business").notNull().default(true),
    /** Overrides the seller's default payment terms for this client. */
    paymentTermsDays: integer("payment_terms_days"),
    status: text("status", { enum: clientStatuses }).notNull().default("prospect"),
    notes: text("notes"),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy(t.userId),
    checkIn("clients_status_check", t.status, clientStatuses),
    unique("clients_id_user_id_key").on(t.id, t.userId),
    index("clients_user_id_created_at_idx").on(t.userId, t.createdAt),
    index("clients_user_id_status_idx").on(t.userId, t.status),
    index("clients_user_id_name_idx").on(t.userId, t.name),
    // The global search's generated column search_text (migration 0023 search-text) is left out of
    // drizzle on purpose, so that no other query reads it: see src/server/modules/search.
  ],
).enableRLS();
