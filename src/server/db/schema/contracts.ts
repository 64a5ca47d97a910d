import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { cents, checkIn, day, optionalFkIndex, timestamps, tstz } from "./columns";
import { files } from "./files";
import { projects } from "./projects";
import { tenantPolicy, tenantReference, tenantUserId } from "./tenancy";

export const contractStatuses = ["brouillon", "envoyé", "signé", "terminé"] as const;
export type ContractStatus = (typeof contractStatuses)[number];

export const contracts = pgTable(
  "contracts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    clientId: uuid("client_id"),
    projectId: uuid("project_id"),
    /** From the per-user 'contrat' series (numbering_counters); unique per user. */
    contractNumber: text("contract_number"),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    startDate: day("start_date"),
    endDate: day("end_date"),
    amountCents: cents("amount_cents"),
    status: text("status", { enum: contractStatuses }).notNull().default("brouillon"),
    signedAt: tstz("signed_at"),
    sentAt: tstz("sent_at"),
    pdfFileId: uuid("pdf_file_id"),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy(t.userId),
    checkIn("contracts_status_check", t.status, contractStatuses),
    tenantReference("contracts_client_fk", [t.clientId, t.userId], clients, "set null"),
    tenantReference("contracts_project_fk", [t.projectId, t.userId], projects, "set null"),
    tenantReference("contracts_pdf_file_fk", [t.pdfFileId, t.userId], files, "set null"),
    uniqueIndex("contracts_user_id_contract_number_key").on(t.userId, t.contractNumber),
    index("contracts_user_id_created_at_idx").on(t.userId, t.createdAt),
    index("contracts_user_id_status_idx").on(t.userId, t.status),
    // The global search's generated column search_text (migration 0023 search-text) is left out of
    // drizzle on purpose, so that no other query reads it: see src/server/modules/search.
    optionalFkIndex("contracts_client_id_idx", t.clientId),
    optionalFkIndex("contracts_project_id_idx", t.projectId),
    optionalFkIndex("contracts_pdf_file_id_idx", t.pdfFileId),
  ],
).enableRLS();
