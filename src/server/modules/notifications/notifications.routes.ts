import { Hono } from "hono";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import { getNotifications } from "./notifications.service";

export function notificationRoutes(db: Db) {
  return new Hono<{ Variables: AuthVariables }>().get("/", async (c) =>
    c.json(await getNotifications(db, { userId: c.get("user").id })),
  );
}
