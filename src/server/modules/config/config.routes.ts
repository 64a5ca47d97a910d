import type { PublicConfig } from "@shared/schemas/config";
import { Hono } from "hono";
import type { Services } from "../../services";

/** What the interface needs to know of the server's modes (never a secret). */
export function configRoutes({ env, payments, mailer }: Pick<Services, "env" | "payments" | "mailer">) {
  const config: PublicConfig = {
    auth: { google: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) },
    payments: { mode: payments.mode },
    email: { mode: mailer.mode, devMailbox: mailer.mode === "outbox" && env.NODE_ENV !== "production" },
  };
  return new Hono().get("/", (c) => c.json(config));
}
