import { z } from "zod";

export const notificationKinds = [
  "invoice_overdue",
  "reminder_due",
  "quote_expiring",
  "webhook_paused",
  "quote_decided",
  "urssaf_deadline",
  "payment_surplus",
  "vat_franchise",
] as const;

export const notificationItem = z.object({
  id: z.string(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  description: z.string(),
  href: z.string(),
  date: z.string().nullable(),
});

export const notificationsDto = z.object({ count: z.number().int(), items: z.array(notificationItem) });
export type NotificationsDto = z.infer<typeof notificationsDto>;
export type NotificationItem = z.infer<typeof notificationItem>;
