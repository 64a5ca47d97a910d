import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import { AppError } from "../../errors";
import { notFoundError } from "../../http/errors";
import { getOutboxAttachment, getOutboxEmail, listOutboxEmails } from "./dev-mailbox.service";

const emailParams = z.object({ id: z.uuid() });
const attachmentParams = z.object({
  id: z.uuid(),
  index: z
    .string()
    .regex(/^\d{1,4}$/)
    .transform(Number),
});
const listQuery = z.object({
  to: z
    .string()
    .trim()
    .max(320)
    .optional()
    .transform((value) => value || undefined),
});

/** A malformed id names no e-mail: answer like an unknown one rather than with a validation error. */
const notFoundWhenInvalid = (result: { success: boolean }, c: Context) => {
  if (!result.success) throw notFoundError(c);
};

const rejectInvalid = (result: { success: true } | { success: false; error: z.core.$ZodError }) => {
  if (!result.success) throw AppError.fromZod(new z.ZodError(result.error.issues));
};

// A content type echoed into a header must be a plain `type/subtype[; params]`; anything else is a download.
const CONTENT_TYPE = /^[\w.+-]+\/[\w.+-]+(\s*;\s*[\w.+-]+=("[^"\r\n]*"|[\w.+-]+))*$/;

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987). */
function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, "_") || "piece-jointe";
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * The local outbox, read by the /dev/mailbox page: every e-mail the server recorded, links and attachments
 * included. A development tool: in production every route answers 404, as if it did not exist, because the
 * outbox holds other people's confirmation and reset links.
 */
export function devMailboxRoutes({ db, env }: { db: Db; env: Pick<Env, "NODE_ENV"> }) {
  const isProduction = env.NODE_ENV === "production";
  return new Hono()
    .use(async (c, next) => {
      if (isProduction) throw notFoundError(c);
      await next();
    })
    .get("/", zValidator("query", listQuery, rejectInvalid), async (c) => {
      const { to } = c.req.valid("query");
      return c.json({ emails: await listOutboxEmails(db, { to }) });
    })
    .get("/:id", zValidator("param", emailParams, notFoundWhenInvalid), async (c) => {
      const email = await getOutboxEmail(db, c.req.valid("param"));
      if (!email) throw notFoundError(c);
      return c.json(email);
    })
    .get("/:id/attachments/:index", zValidator("param", attachmentParams, notFoundWhenInvalid), async (c) => {
      const attachment = await getOutboxAttachment(db, c.req.valid("param"));
      if (!attachment) throw notFoundError(c);
      c.header(
        "Content-Type",
        CONTENT_TYPE.test(attachment.contentType) ? attachment.contentType : "application/octet-stream",
      );
      c.header("Content-Disposition", contentDisposition(attachment.filename));
      c.header("Cache-Control", "no-store");
      return c.body(new Uint8Array(attachment.content));
    });
}
