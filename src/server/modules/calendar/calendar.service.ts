import { randomBytes } from "node:crypto";
import type { CalendarFeedDto } from "@shared/schemas/integrations";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { integrations } from "../../db/schema/index";
import { type Tx, withTenant } from "../../db/tenant";
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

/** The active feed as the Intégrations page and the assistant show it, with its row id. */
export type CalendarConnection = NonNullable<CalendarFeedDto["feed"]> & { id: string };

const activeFeed = (userId: string) =>
  and(
    eq(integrations.userId, userId),
    eq(integrations.kind, "ics"),
    eq(integrations.isActive, true),
    isNotNull(integrations.publicToken),
  );

const feedFields = {
  id: integrations.id,
  token: integrations.publicToken,
  createdAt: integrations.createdAt,
  lastUsedAt: integrations.lastUsedAt,
};
type FeedRow = { id: string; token: string | null; createdAt: Date; lastUsedAt: Date | null };

const connectionOf = (feed: FeedRow, appUrl: string): CalendarConnection => ({
  id: feed.id,
  url: calendarFeedUrl(appUrl, feed.token ?? ""),
  createdAt: feed.createdAt.toISOString(),
  lastReadAt: feed.lastUsedAt?.toISOString() ?? null,
});

async function findActiveFeed(tx: Tx, userId: string): Promise<FeedRow | undefined> {
  const [feed] = await tx
    .select(feedFields)
    .from(integrations)
    .where(activeFeed(userId))
    .orderBy(asc(integrations.createdAt))
    .limit(1);
  return feed;
}

async function createFeed(tx: Tx, userId: string): Promise<FeedRow> {
  const [created] = await tx
    .insert(integrations)
    .values({ userId, kind: "ics", name: "Google Calendar", publicToken: newToken() })
    .returning(feedFields);
  if (!created?.token) throw new Error("integration insert returned nothing");
  return created;
}

const stopFeeds = (tx: Tx, userId: string) =>
  tx.update(integrations).set({ isActive: false, publicToken: null }).where(activeFeed(userId));

/**
 * The user's calendar feed: the active `ics` integration if there is one (so the URL already pasted in
 * Google Calendar keeps working), otherwise a new one with a fresh secret token.
 */
export async function connectCalendar(db: Db, userId: string, appUrl: string): Promise<CalendarConnection> {
  const feed = await withTenant(
    db,
    userId,
    async (tx) => (await findActiveFeed(tx, userId)) ?? createFeed(tx, userId),
  );
  return connectionOf(feed, appUrl);
}

/** What the Intégrations page shows: the active feed's URL, when it was made and last read, or null. */
export async function readCalendarFeedStatus(
  db: Db,
  userId: string,
  appUrl: string,
): Promise<CalendarFeedDto> {
  const feed = await withTenant(db, userId, (tx) => findActiveFeed(tx, userId));
  return { feed: feed ? connectionOf(feed, appUrl) : null };
}

/**
 * A new secret URL for the feed: every active feed of the user is turned off (two could exist if the page
 * and the assistant connected at the same moment) and one new one made, so every URL that leaked answers 404
 * at once; the calendar app must subscribe to the new one.
 */
export async function regenerateCalendarFeed(
  db: Db,
  userId: string,
  appUrl: string,
): Promise<CalendarConnection> {
  const feed = await withTenant(db, userId, async (tx) => {
    await stopFeeds(tx, userId);
    return createFeed(tx, userId);
  });
  return connectionOf(feed, appUrl);
}

/** Stops the feed: its URL answers 404 and the token is forgotten. */
export async function disconnectCalendarFeed(db: Db, userId: string): Promise<CalendarFeedDto> {
  await withTenant(db, userId, (tx) => stopFeeds(tx, userId));
  return { feed: null };
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
