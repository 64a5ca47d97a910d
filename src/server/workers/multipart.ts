/** One uploaded file as the worker hands it back: plain data, so it crosses threads by structured clone. */
export type UploadedFile = { name: string; type: string; bytes: Uint8Array };

export type ParsedUpload = {
  /** The body's first part carrying a file under the field `file`, if any. */
  file: UploadedFile | null;
  /** The other text fields (the import's confirmation carries its expense fields as one JSON text). */
  fields: Record<string, string>;
};

/**
 * Parses a multipart/form-data body (issue 26): undici's form parser copies and scans the whole body, about
 * 100 ms for a 10 MB file, which on the main thread every other user would wait for. A body that is not
 * multipart, or a malformed one, yields no file: the route then says which file to send.
 */
export async function parseMultipartUpload({
  body,
  contentType,
}: {
  body: ArrayBuffer;
  contentType: string;
}): Promise<ParsedUpload> {
  const form = await new Response(body, { headers: { "content-type": contentType } })
    .formData()
    .catch(() => null);
  const parsed: ParsedUpload = { file: null, fields: {} };
  for (const [key, value] of form ?? []) {
    if (typeof value === "string") parsed.fields[key] ??= value;
    else if (key === "file" && !parsed.file)
      parsed.file = { name: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) };
  }
  return parsed;
}
