import { index, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { bytea, checkIn, createdAt, day } from "./columns";
import { tenantPolicy, tenantUserId } from "./tenancy";

export const fileKinds = ["receipt", "logo", "pdf", "attachment"] as const;
export type FileKind = (typeof fileKinds)[number];

/**
 * Uploaded and generated files (receipts, logos, PDFs), stored in the database behind the storage
 * interface. `content` can weigh up to 10 MB: list queries must select the metadata columns only.
 */
export const files = pgTable(
  "files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    name: text("name").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** Hex SHA-256 of `content`, for integrity checks and de-duplication. */
    sha256: text("sha256").notNull(),
    kind: text("kind", { enum: fileKinds }).notNull(),
    content: bytea("content").notNull(),
    /** The legal retention: the file is an accounting document to keep until this day (a received invoice: 10 years). */
    retainUntil: day("retain_until"),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPolicy(t.userId),
    checkIn("files_kind_check", t.kind, fileKinds),
    unique("files_id_user_id_key").on(t.id, t.userId),
    index("files_user_id_created_at_idx").on(t.userId, t.createdAt),
    index("files_user_id_sha256_idx").on(t.userId, t.sha256),
  ],
).enableRLS();
