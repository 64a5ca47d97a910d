import { randomBytes } from "node:crypto";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { integrations } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { readCalendarEvents } from "./calendar-events";
import { serializeCalendar } from "./ical";

export const CALENDAR_NOT_FOUND = "Flux de calendrier introuvable.";
const calendarNotFound = () => new AppError("not_found", CALENDAR_NOT_FOUND);

/** 24 random bytes in base64url: 32 URL-safe characters, 192 bits that nobody guesses. */
const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const newToken = () => randomBytes(24).toString("base64url");

/** Google Calendar re-reads a subscription every few hours whatever we say; other clients follow this. */
const REFRESH_HOURS = 4;

export const calendarFeedUrl = (appUrl: string, token: string) => `${appUrl}/api/calendar/${token}.ics`;

export type CalendarConnection = { id: string; url: string };

/**
 * The user's calendar feed: the active `ics` integration if there is one (so the URL already pasted in
 * Google Calendar keeps working), otherwise a new one with a fresh secret token.
 */
export async function connectCalendar(db: Db, userId: string, appUrl: string): Promise<CalendarConnection> {
  const { id, token } = await withTenant(db, userId, async (tx) => {
    const [existing] = await tx
      .select({ id: integrations.id, token: integrations.publicToken })
      .from(integrations)
      .where(
        and(
          eq(integrations.userId, userId),
          eq(integrations.kind, "ics"),
          eq(integrations.isActive, true),
          isNotNull(integrations.publicToken),
        ),
      )
      .orderBy(asc(integrations.createdAt))
      .limit(1);
    if (existing?.token) return { id: existing.id, token: existing.token };
    const [created] = await tx
      .insert(integrations)
      .values({ userId, kind: "ics", name: "Google Calendar", publicToken: newToken() })
      .returning({ id: integrations.id, token: integrations.publicToken });
    if (!created?.token) throw new Error("integration insert returned nothing");
    return { id: created.id, token: created.token };
  });
  return { id, url: calendarFeedUrl(appUrl, token) };
}

/**
 * The iCalendar feed behind a token, fetched without a session (by Google's servers). The token is looked up
 * as the owner role, the only way to find a row whose user is not known yet; everything after runs as that
 * user under row-level security. An unknown, malformed or deactivated token is a 404.
 */
export async function getCalendarFeed(
  db: Db,
  { token, appUrl, now = new Date() }: { token: string; appUrl: string; now?: Date },
): Promise<string> {
  const bare = token.endsWith(".ics") ? token.slice(0, -".ics".length) : token;
  if (!TOKEN.test(bare)) throw calendarNotFound();
  const [owner] = await db
    .select({ id: integrations.id, userId: integrations.userId })
    .from(integrations)
    .where(
      and(eq(integrations.publicToken, bare), eq(integrations.kind, "ics"), eq(integrations.isActive, true)),
    );
  if (!owner) throw calendarNotFound();
  const events = await withTenant(db, owner.userId, async (tx) => {
    await tx
      .update(integrations)
      .set({ lastUsedAt: now })
      .where(and(eq(integrations.id, owner.id), eq(integrations.userId, owner.userId)));
    return readCalendarEvents(tx, { userId: owner.userId, appUrl, now });
  });
  return serializeCalendar({ name: "Ardoise — échéances", refreshHours: REFRESH_HOURS, events });
}
