import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { businessIdentities, clients } from "../../db/schema/index";
import type { Tx } from "../../db/tenant";
import { readFile } from "../../storage/file-storage";

// What an invoice's or a quote's PDF reads beside the document itself.

/** The seller's identity and the document's client (if any), as they are today. */
export async function identityAndClient(tx: Tx, userId: string, clientId: string | null) {
  const [[identity], [client]] = await Promise.all([
    tx.select().from(businessIdentities).where(eq(businessIdentities.userId, userId)),
    clientId
      ? tx
          .select()
          .from(clients)
          .where(and(eq(clients.id, clientId), eq(clients.userId, userId)))
      : Promise.resolve([]),
  ]);
  return { identity, client };
}

const EMBEDDABLE_LOGO_TYPES = new Set(["image/png", "image/jpeg"]);

/** The seller's logo as the PDF renderer can embed it (PNG or JPEG); a missing or unreadable one is left out. */
export async function embeddableLogo(db: Db, userId: string, logoFileId: string | null | undefined) {
  const logo = logoFileId ? await readFile(db, { userId, id: logoFileId }).catch(() => null) : null;
  return logo && EMBEDDABLE_LOGO_TYPES.has(logo.mimeType) ? logo.bytes : null;
}
