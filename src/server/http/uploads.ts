import type { Context } from "hono";
import { AppError } from "../errors";
import { workerPool } from "../workers/pool";

const NO_FILE_MESSAGE = "Choisissez un fichier à envoyer.";

/**
 * The `file` of an upload route's multipart body and its other fields, parsed in the worker pool under the
 * user's fair queue (decision 018): the main thread only gathers the bytes and moves them to the worker.
 * A French 400 when there is no file. The routes' `uploadGuard` has already bounded the body's size.
 */
export async function uploadedFile(c: Context, owner: string) {
  const body = await c.req.arrayBuffer();
  const { file, fields } = await workerPool().run(
    "parseMultipartUpload",
    { body, contentType: c.req.header("content-type") ?? "" },
    { owner, transfer: [body] },
  );
  if (!file)
    throw new AppError("validation_failed", NO_FILE_MESSAGE, [{ path: "file", message: NO_FILE_MESSAGE }]);
  return { file, fields };
}
