import { updateBusinessIdentityInput } from "@shared/schemas/settings";
import { FILE_ERROR_MESSAGES, MAX_FILE_SIZE_BYTES } from "@shared/security/file-validation";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AuthVariables } from "../../auth/session";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { valid } from "../../http/validate";
import {
  getIdentitySettings,
  readLogo,
  removeLogo,
  replaceLogo,
  updateIdentitySettings,
} from "./settings.service";

/** A 10 MB file plus the multipart envelope (boundaries, part headers, the file name). */
export const MAX_UPLOAD_BODY_BYTES = MAX_FILE_SIZE_BYTES + 64 * 1024;
export const LOGO_UPLOAD_PATH = "/api/settings/logo";

const uploadLimit = bodyLimit({
  maxSize: MAX_UPLOAD_BODY_BYTES,
  onError: () => {
    throw new AppError("payload_too_large", FILE_ERROR_MESSAGES.tooLarge, [
      { path: "file", message: FILE_ERROR_MESSAGES.tooLarge },
    ]);
  },
});

const NO_FILE_MESSAGE = "Choisissez un fichier à envoyer.";

/** Mounted under /api/settings behind the 401/402 guard (app.ts `businessModules`). */
export function settingsRoutes(db: Db) {
  return new Hono<{ Variables: AuthVariables }>()
    .get("/identity", async (c) => c.json(await getIdentitySettings(db, { userId: c.get("user").id })))
    .put("/identity", valid(updateBusinessIdentityInput), async (c) =>
      c.json(await updateIdentitySettings(db, { userId: c.get("user").id, input: c.req.valid("json") })),
    )
    .post("/logo", uploadLimit, async (c) => {
      const body = await c.req.parseBody().catch(() => {
        throw new AppError("bad_request", NO_FILE_MESSAGE);
      });
      const file = body.file;
      if (!(file instanceof File)) {
        throw new AppError("validation_failed", NO_FILE_MESSAGE, [
          { path: "file", message: NO_FILE_MESSAGE },
        ]);
      }
      const settings = await replaceLogo(db, {
        userId: c.get("user").id,
        name: file.name,
        mimeType: file.type,
        bytes: new Uint8Array(await file.arrayBuffer()),
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
