import { randomBytes } from "node:crypto";
import type { CalendarFeedDto } from "@shared/schemas/integrations";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { integrations } from "../../db/schema/index";
import { type Tx, withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { hashToken } from "../../security/token-hash";
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

/**
 * The active feed as the Intégrations page and the assistant show it, with its row id. Only the SHA-256 of
 * its token is stored, so `url` is there only in the answer that made the feed: shown once, like an API token.
 */
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
  createdAt: integrations.createdAt,
  lastUsedAt: integrations.lastUsedAt,
};
type FeedRow = { id: string; createdAt: Date; lastUsedAt: Date | null };

const connectionOf = (feed: FeedRow, url?: string): CalendarConnection => ({
  id: feed.id,
  ...(url ? { url } : {}),
  createdAt: feed.createdAt.toISOString(),
  lastReadAt: feed.lastUsedAt?.toISOString() ?? null,
});

/** The user's active feeds, oldest first (two exist only if two were turned on at the same moment). */
export function listCalendarFeeds(tx: Tx, userId: string): Promise<FeedRow[]> {
  return tx
    .select(feedFields)
    .from(integrations)
    .where(activeFeed(userId))
    .orderBy(asc(integrations.createdAt), asc(integrations.id));
}

/** A new feed; its URL (with the token) exists only in this answer. */
async function createFeed(tx: Tx, userId: string, appUrl: string): Promise<CalendarConnection> {
  const token = newToken();
  const [created] = await tx
    .insert(integrations)
    .values({ userId, kind: "ics", name: "Google Calendar", publicToken: hashToken(token) })
    .returning(feedFields);
  if (!created) throw new Error("integration insert returned nothing");
  return connectionOf(created, calendarFeedUrl(appUrl, token));
}

/** Every active feed of the user stops: its URL answers 404 and its token's hash is forgotten. */
export async function stopCalendarFeeds(tx: Tx, userId: string): Promise<number> {
  const stopped = await tx
    .update(integrations)
    .set({ isActive: false, publicToken: null })
    .where(activeFeed(userId))
    .returning({ id: integrations.id });
  return stopped.length;
}

/**
 * Turns the calendar feed on. An active feed is kept as it is (the URL already pasted in Google Calendar
 * goes on working) and answered without its URL, which cannot be read back: « Nouvelle adresse » makes
 * another. Otherwise a new feed with a fresh secret token, whose URL is in this answer only.
 */
export async function connectCalendar(db: Db, userId: string, appUrl: string): Promise<CalendarConnection> {
  return withTenant(db, userId, async (tx) => {
    const [active] = await listCalendarFeeds(tx, userId);
    return active ? connectionOf(active) : createFeed(tx, userId, appUrl);
  });
}

/** The page's shape: the feed without its row id. */
export const feedDto = ({ id: _id, ...feed }: CalendarConnection): CalendarFeedDto => ({ feed });

/** What the Intégrations page shows: whether a feed is active, when it was made and last read (no URL). */
export async function readCalendarFeedStatus(db: Db, userId: string): Promise<CalendarFeedDto> {
  const [feed] = await withTenant(db, userId, (tx) => listCalendarFeeds(tx, userId));
  return feed ? feedDto(connectionOf(feed)) : { feed: null };
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
  return withTenant(db, userId, async (tx) => {
    await stopCalendarFeeds(tx, userId);
    return createFeed(tx, userId, appUrl);
  });
}

/** Stops the feed: its URL answers 404 and the token is forgotten. */
export async function disconnectCalendarFeed(db: Db, userId: string): Promise<CalendarFeedDto> {
  await withTenant(db, userId, (tx) => stopCalendarFeeds(tx, userId));
  return { feed: null };
}

/**
 * The iCalendar feed behind a token, fetched without a session (by Google's servers). The token's hash is
 * looked up as the owner role, the only way to find a row whose user is not known yet; everything after runs
 * as that user under row-level security. An unknown, malformed or deactivated token is a 404.
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
      and(
        eq(integrations.publicToken, hashToken(bare)),
        eq(integrations.kind, "ics"),
        eq(integrations.isActive, true),
      ),
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
