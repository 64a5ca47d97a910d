import { and, eq } from "drizzle-orm";
import { clients } from "../../db/schema/index";
import type { Tx } from "../../db/tenant";
import { AppError } from "../../errors";

/**
 * The user's own client of this id (none asked, none returned). The tenant-scoped foreign keys would refuse
 * another user's or an unknown id anyway, but as a 500: checked first, the caller gets the French 400.
 */
export async function ownClient(tx: Tx, userId: string, clientId: string | null | undefined) {
  if (!clientId) return undefined;
  const [client] = await tx
    .select()
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.userId, userId)));
  if (!client)
    throw new AppError("validation_failed", "Client introuvable.", [
      { path: "clientId", message: "Client introuvable." },
    ]);
  return client;
}
