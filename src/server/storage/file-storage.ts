import { createHash } from "node:crypto";
import { type AllowedFileType, FILE_ERROR_MESSAGES } from "@shared/security/file-validation";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { type FileKind, files } from "../db/schema/index";
import { withTenant } from "../db/tenant";
import { AppError } from "../errors";
import { CONTENT_MISMATCH_MESSAGE, checkFileContent } from "../security/file-content";

/**
 * The storage interface: every uploaded or generated file goes through these three functions, and nothing
 * else touches `files.content`. Files live in the database (bytea) so the server stays stateless and a
 * backup holds everything; this is the single place to add object storage (S3, R2…) later, keeping the
 * `files` row as the metadata and the tenant check.
 */

export type StoredFile = { id: string; name: string; mimeType: string; sizeBytes: number; sha256: string };

export type SaveFileInput = {
  userId: string;
  name: string;
  /** The type the client declared; the stored type is the one the content was verified against. */
  mimeType: string;
  bytes: Uint8Array;
  kind: FileKind;
  /** A narrower set of types for this use (a logo is an image), with the message shown otherwise. */
  accept?: { types: readonly AllowedFileType[]; message: string };
  /** The day until which the law requires keeping the file (an invoice: 10 years), noted on its row. */
  retainUntil?: string;
};

export const FILE_NOT_FOUND_MESSAGE = "Fichier introuvable.";

// A malformed id would make PostgreSQL raise an error: it is simply a file that does not exist.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const metadata = {
  id: files.id,
  name: files.name,
  mimeType: files.mimeType,
  sizeBytes: files.sizeBytes,
  sha256: files.sha256,
};

/** Spec §5 rules, then content sniffing; a refused file throws the rule's exact French message. */
export async function saveFile(db: Db, input: SaveFileInput): Promise<StoredFile> {
  const { userId, name, bytes, kind, accept, retainUntil } = input;
  const checked = await checkFileContent({ bytes, declaredType: input.mimeType, name });
  if (!checked.valid) {
    const isWrongType = checked.error === FILE_ERROR_MESSAGES.typeNotAllowed;
    throw fileRefused(accept && isWrongType ? accept.message : checked.error);
  }
  if (accept && !accept.types.includes(checked.detectedType)) throw fileRefused(accept.message);

  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const [row] = await withTenant(db, userId, (tx) =>
    tx
      .insert(files)
      .values({
        userId,
        name,
        mimeType: checked.detectedType,
        sizeBytes: bytes.byteLength,
        sha256,
        kind,
        content: bytes,
        retainUntil,
      })
      .returning(metadata),
  );
  if (!row) throw new Error("file insert returned no row");
  return row;
}

/** A file of the user with its bytes; another user's id answers the same 404 as an unknown one. */
export async function readFile(
  db: Db,
  { userId, id }: { userId: string; id: string },
): Promise<StoredFile & { bytes: Uint8Array }> {
  if (!UUID.test(id)) throw new AppError("not_found", FILE_NOT_FOUND_MESSAGE);
  const [row] = await withTenant(db, userId, (tx) =>
    tx
      .select({ ...metadata, content: files.content })
      .from(files)
      .where(and(eq(files.id, id), eq(files.userId, userId))),
  );
  if (!row) throw new AppError("not_found", FILE_NOT_FOUND_MESSAGE);
  const { content, ...file } = row;
  return { ...file, bytes: content };
}

/** Deletes a file of the user; false when there was none (already gone, or someone else's). */
export async function deleteFile(db: Db, { userId, id }: { userId: string; id: string }): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const deleted = await withTenant(db, userId, (tx) =>
    tx
      .delete(files)
      .where(and(eq(files.id, id), eq(files.userId, userId)))
      .returning({ id: files.id }),
  );
  return deleted.length > 0;
}

/** Too large is a 413, a wrong or disguised type a 415, any other rule (empty, name) a 400. */
function fileRefused(message: string): AppError {
  const issues = [{ path: "file", message }];
  if (message === FILE_ERROR_MESSAGES.tooLarge) return new AppError("payload_too_large", message, issues);
  const isTypeProblem =
    message === FILE_ERROR_MESSAGES.typeNotAllowed ||
    message === CONTENT_MISMATCH_MESSAGE ||
    !Object.values(FILE_ERROR_MESSAGES).includes(message as never);
  return new AppError(isTypeProblem ? "unsupported_media_type" : "validation_failed", message, issues);
}
