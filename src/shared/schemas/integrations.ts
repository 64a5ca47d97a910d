import { z } from "zod";

/** The user's calendar feed (ICS subscription URL), or null when none is active. */
export const calendarFeedDto = z.object({
  feed: z
    .object({
      url: z.string(),
      createdAt: z.string(),
      /** When a calendar app last read it: tells the user the subscription works. */
      lastReadAt: z.string().nullable(),
    })
    .nullable(),
});
export type CalendarFeedDto = z.infer<typeof calendarFeedDto>;
