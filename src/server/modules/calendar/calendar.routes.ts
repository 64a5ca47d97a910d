import { Hono } from "hono";
import type { Db } from "../../db/client";
import { getCalendarFeed } from "./calendar.service";

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
