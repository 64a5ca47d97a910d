import { z } from "zod";

/**
 * A Mailchimp API key: 32 hexadecimal characters, a dash and the data center (`…-us21`), which names the
 * API host (https://us21.api.mailchimp.com/3.0).
 */
export const MAILCHIMP_KEY_PATTERN = /^[0-9a-f]{32}-([a-z]{2,}[0-9]{1,3})$/;

export const connectMailchimpInput = z.object({
  apiKey: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      MAILCHIMP_KEY_PATTERN,
      "Clé d'API Mailchimp invalide : elle ressemble à « 0123…cdef-us21 » (Profil → Extras → Clés d'API).",
    ),
});
export type ConnectMailchimpInput = z.infer<typeof connectMailchimpInput>;

export const chooseMailchimpAudienceInput = z.object({
  listId: z.string().trim().min(1, "Choisissez une audience.").max(100),
});
export type ChooseMailchimpAudienceInput = z.infer<typeof chooseMailchimpAudienceInput>;

export const mailchimpAudienceDto = z.object({ id: z.string(), name: z.string(), memberCount: z.number() });
export const mailchimpAudiencesDto = z.object({ items: z.array(mailchimpAudienceDto) });
export type MailchimpAudienceDto = z.infer<typeof mailchimpAudienceDto>;

/** The Intégrations card: the connection, where the sync stands and what went wrong last, in French. */
export const mailchimpStatusDto = z.object({
  connection: z
    .object({
      accountName: z.string(),
      dataCenter: z.string(),
      keyEnd: z.string(),
      audience: z.object({ id: z.string(), name: z.string() }).nullable(),
      lastSyncAt: z.string().nullable(),
      lastError: z.string().nullable(),
      lastErrorAt: z.string().nullable(),
      /** Clients with an e-mail address whose latest version is in the audience. */
      syncedCount: z.number(),
      /** Clients with an e-mail address not (or not yet) synced: new, changed, or refused. */
      pendingCount: z.number(),
      /** Members who unsubscribed in Mailchimp: kept unsubscribed, never resubscribed by Ardoise. */
      unsubscribedCount: z.number(),
      /** Clients Mailchimp refused, with its reason in French. */
      refused: z.array(z.object({ clientId: z.string(), clientName: z.string(), error: z.string() })),
    })
    .nullable(),
});
export type MailchimpStatusDto = z.infer<typeof mailchimpStatusDto>;

/** What one sync did. */
export const mailchimpSyncResultDto = z.object({
  synced: z.number(),
  refused: z.number(),
  status: mailchimpStatusDto,
});
export type MailchimpSyncResultDto = z.infer<typeof mailchimpSyncResultDto>;
