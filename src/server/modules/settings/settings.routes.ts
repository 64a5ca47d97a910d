import { updateBusinessIdentityInput } from "@shared/schemas/settings";
import { Hono } from "hono";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import { pdfResponse } from "../../http/pdf";
import { uploadGuard } from "../../http/upload-guard";
import { uploadedFile } from "../../http/uploads";
import { valid } from "../../http/validate";
import {
  getRegistrationInvoice,
  getRegistrationInvoicePdf,
  registrationInvoiceDto,
} from "../../payments/registration-invoice";
import {
  getIdentitySettings,
  readLogo,
  removeLogo,
  replaceLogo,
  updateIdentitySettings,
} from "./settings.service";

export const LOGO_UPLOAD_PATH = "/api/settings/logo";

/**
 * Mounted under /api/settings behind the 401/402 guard (app.ts `businessModules`); `env` names the operator
 * who invoices the registration (issue 31 item 23).
 */
export function settingsRoutes(db: Db, env: Parameters<typeof getRegistrationInvoice>[1]["env"]) {
  return new Hono<{ Variables: AuthVariables }>()
    .get("/registration-invoice", async (c) =>
      c.json(registrationInvoiceDto(await getRegistrationInvoice(db, { userId: c.get("user").id, env }))),
    )
    .get("/registration-invoice/pdf", async (c) =>
      pdfResponse(c, await getRegistrationInvoicePdf(db, { userId: c.get("user").id, env })),
    )
    .get("/identity", async (c) => c.json(await getIdentitySettings(db, { userId: c.get("user").id })))
    .put("/identity", valid(updateBusinessIdentityInput), async (c) =>
      c.json(await updateIdentitySettings(db, { userId: c.get("user").id, input: c.req.valid("json") })),
    )
    .post("/logo", uploadGuard(db), async (c) => {
      const userId = c.get("user").id;
      const { file } = await uploadedFile(c, userId);
      const settings = await replaceLogo(db, {
        userId,
        name: file.name,
        mimeType: file.type,
        bytes: file.bytes,
      });
      return c.json(settings, 201);
    })
    .get("/logo", async (c) => {
      const logo = await readLogo(db, { userId: c.get("user").id });
      // Private: the logo belongs to a signed-in user; revalidated by its content hash on every use.
      const headers = {
        "cache-control": "private, no-cache",
        etag: `"${logo.sha256}"`,
        "content-disposition": "inline",
      };
      if (c.req.header("if-none-match") === headers.etag) return c.body(null, 304, headers);
      return c.body(logo.bytes as Uint8Array<ArrayBuffer>, 200, {
        ...headers,
        "content-type": logo.mimeType,
        "content-length": String(logo.sizeBytes),
      });
    })
    .delete("/logo", async (c) => c.json(await removeLogo(db, { userId: c.get("user").id })));
}
