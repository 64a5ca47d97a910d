import { z } from "zod";

/**
 * The user's calendar feed (ICS subscription URL), or null when none is active. Only the SHA-256 of the
 * feed's token is stored: `url` is in the answer that made the feed, never again (« Nouvelle adresse »).
 */
export const calendarFeedDto = z.object({
  feed: z
    .object({
      url: z.string().optional(),
      createdAt: z.string(),
      /** When a calendar app last read it: tells the user the subscription works. */
      lastReadAt: z.string().nullable(),
    })
    .nullable(),
});
export type CalendarFeedDto = z.infer<typeof calendarFeedDto>;
