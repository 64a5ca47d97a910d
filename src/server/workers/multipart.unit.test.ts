import { describe, expect, it } from "vitest";
import { parseMultipartUpload } from "./multipart";

/** A body as a browser sends it: the form encoded by the platform's own Request. */
async function encoded(form: FormData) {
  const request = new Request("http://127.0.0.1/", { method: "POST", body: form });
  return { body: await request.arrayBuffer(), contentType: request.headers.get("content-type") ?? "" };
}

describe("parseMultipartUpload", () => {
  it("gives the file under `file` with its name, type and bytes, and the text fields", async () => {
    const form = new FormData();
    form.set("expense", '{"category":"materiel"}');
    form.set(
      "file",
      new File([new Uint8Array([37, 80, 68, 70])], "facture.pdf", { type: "application/pdf" }),
    );
    const parsed = await parseMultipartUpload(await encoded(form));
    expect(parsed.fields).toEqual({ expense: '{"category":"materiel"}' });
    expect(parsed.file).toMatchObject({ name: "facture.pdf", type: "application/pdf" });
    expect([...(parsed.file?.bytes ?? [])]).toEqual([37, 80, 68, 70]);
  });

  it("gives no file for a form without one, a file under another name, or a body that is not multipart", async () => {
    const other = new FormData();
    other.set("document", new File(["x"], "a.txt"));
    expect((await parseMultipartUpload(await encoded(other))).file).toBeNull();
    const json = { body: new TextEncoder().encode('{"file":1}').buffer, contentType: "application/json" };
    expect(await parseMultipartUpload(json)).toEqual({ file: null, fields: {} });
    const truncated = await encoded(other);
    const cut = { body: truncated.body.slice(0, 40), contentType: truncated.contentType };
    expect((await parseMultipartUpload(cut)).file).toBeNull();
  });
});
