import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { cents, checkIn, day, optionalFkIndex, timestamps, tstz } from "./columns";
import { files } from "./files";
import { projects } from "./projects";
import { tenantPolicy, tenantUserId } from "./tenancy";

export const contractStatuses = ["brouillon", "envoyé", "signé", "terminé"] as const;
export type ContractStatus = (typeof contractStatuses)[number];

export const contracts = pgTable(
  "contracts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "set null" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
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
    pdfFileId: uuid("pdf_file_id").references(() => files.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy(t.userId),
    checkIn("contracts_status_check", t.status, contractStatuses),
    uniqueIndex("contracts_user_id_contract_number_key").on(t.userId, t.contractNumber),
    index("contracts_user_id_created_at_idx").on(t.userId, t.createdAt),
    index("contracts_user_id_status_idx").on(t.userId, t.status),
    optionalFkIndex("contracts_client_id_idx", t.clientId),
    optionalFkIndex("contracts_project_id_idx", t.projectId),
    optionalFkIndex("contracts_pdf_file_id_idx", t.pdfFileId),
  ],
).enableRLS();
