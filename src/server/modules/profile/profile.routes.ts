import { type SignOutAnswer, signOutEverywhereInput } from "@shared/schemas/auth";
import { updateProfileInput } from "@shared/schemas/profile";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { Auth } from "../../auth/auth";
import { type AuthVariables, requireUser } from "../../auth/session";
import type { Db } from "../../db/client";
import { session as sessionTable } from "../../db/schema/index";
import { valid } from "../../http/validate";
import type { Logger } from "../../logger";
import { logSecurityEvent } from "../audit/audit.service";
import { listAccountCredentials, revokeAccountCredentials } from "./account-credentials.service";
import { getProfile, updateProfile } from "./profile.service";

type Deps = { auth: Auth; db: Db; logger: Logger };

/** The profile and account routes: open to signed-in users whether or not they have paid. */
export function profileRoutes({ auth, db, logger }: Deps) {
  return (
    new Hono<{ Variables: AuthVariables }>()
      .use("/profile", requireUser(auth, db))
      .use("/account/*", requireUser(auth, db))
      .get("/profile", async (c) => {
        const user = c.get("user");
        return c.json(await getProfile(db, { userId: user.id, email: user.email, name: user.name }));
      })
      .patch("/profile", valid(updateProfileInput), async (c) => {
        const user = c.get("user");
        await getProfile(db, { userId: user.id, email: user.email, name: user.name });
        return c.json(await updateProfile(db, { userId: user.id, input: c.req.valid("json") }));
      })
      // What a global sign-out offers to revoke besides the sessions (its dialog lists them).
      .get("/account/credentials", async (c) =>
        c.json(await listAccountCredentials(db, { userId: c.get("user").id })),
      )
      // Spec: sign-out is global (scope=global): every session of the user ends, on every device. With
      // `revokeCredentials`, the API tokens and calendar feeds too, first: a failure there signs no one out.
      .post("/account/sign-out", valid(signOutEverywhereInput), async (c) => {
        const user = c.get("user");
        const userAgent = c.req.header("user-agent");
        const revoked = c.req.valid("json").revokeCredentials
          ? await revokeAccountCredentials(db, logger, { userId: user.id, reason: "sign_out", userAgent })
          : null;
        const { headers } = await auth.api.signOut({ headers: c.req.raw.headers, returnHeaders: true });
        await db.delete(sessionTable).where(eq(sessionTable.userId, user.id));
        await logSecurityEvent(db, logger, {
          userId: user.id,
          eventType: "sign_out",
          description: "Déconnexion de toutes les sessions",
          userAgent,
        });
        for (const cookie of headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
        return c.json({ success: true, revoked } satisfies SignOutAnswer);
      })
  );
}
