import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { clientPortalSettings } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";

/** Whether a quote accepted through its link becomes an invoice draft at once (off until chosen). */
export async function isAutoConvertOnAcceptance(db: Db, { userId }: { userId: string }): Promise<boolean> {
  const [row] = await withTenant(db, userId, (tx) =>
    tx
      .select({ value: clientPortalSettings.isAutoConvertOnAcceptance })
      .from(clientPortalSettings)
      .where(eq(clientPortalSettings.userId, userId)),
  );
  return row?.value ?? false;
}

export async function setAutoConvertOnAcceptance(
  db: Db,
  { userId, value }: { userId: string; value: boolean },
): Promise<boolean> {
  await withTenant(db, userId, (tx) =>
    tx
      .insert(clientPortalSettings)
      .values({ userId, isAutoConvertOnAcceptance: value })
      .onConflictDoUpdate({ target: clientPortalSettings.userId, set: { isAutoConvertOnAcceptance: value } }),
  );
  return value;
}
