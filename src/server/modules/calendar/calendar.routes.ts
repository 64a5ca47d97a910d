import { Hono } from "hono";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import {
  connectCalendar,
  disconnectCalendarFeed,
  feedDto,
  getCalendarFeed,
  readCalendarFeedStatus,
  regenerateCalendarFeed,
} from "./calendar.service";

/**
 * /api/calendar/:token(.ics): the iCalendar feed a calendar app subscribes to. No session and no payment
 * check: the caller is Google's server, and the secret token in the URL is the only credential.
 */
export function calendarRoutes({ db, appUrl }: { db: Db; appUrl: string }) {
  return new Hono().get("/:token", async (c) => {
    const feed = await getCalendarFeed(db, { token: c.req.param("token"), appUrl });
    c.header("content-type", "text/calendar; charset=utf-8");
    c.header("content-disposition", 'inline; filename="ardoise.ics"');
    // Private dates behind a secret URL: no shared cache may keep a copy.
    c.header("cache-control", "private, no-store");
    c.header("x-robots-tag", "noindex");
    return c.body(feed);
  });
}

/**
 * Mounted under /api/integrations behind the 401/402 guard: the user's calendar feed, to show, turn on,
 * give a new secret URL (the old one answers 404 at once) or stop. The URL is in the answer that made it
 * only (the token is stored as its SHA-256).
 */
export function integrationRoutes({ db, appUrl }: { db: Db; appUrl: string }) {
  return new Hono<{ Variables: AuthVariables }>()
    .get("/calendar", async (c) => c.json(await readCalendarFeedStatus(db, c.get("user").id)))
    .post("/calendar", async (c) => c.json(feedDto(await connectCalendar(db, c.get("user").id, appUrl))))
    .post("/calendar/regenerate", async (c) =>
      c.json(feedDto(await regenerateCalendarFeed(db, c.get("user").id, appUrl))),
    )
    .delete("/calendar", async (c) => c.json(await disconnectCalendarFeed(db, c.get("user").id)));
}
