import { crc32 } from "node:zlib";
import { FILE_ERROR_MESSAGES, MAX_FILE_SIZE_BYTES } from "@shared/security/file-validation";
import { describe, expect, it } from "vitest";
import { CONTENT_MISMATCH_MESSAGE, checkFileContent } from "./file-content";

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

// Real, complete 1×1 images.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const WEBP = Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64");
// The start of a JFIF file: the markers file-type reads.
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
  0x00, 0x00, 0xff, 0xd9,
]);
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n" +
    "trailer << /Root 1 0 R >>\n%%EOF\n",
);
// A Windows executable: "MZ" header and the PE offset at 0x3c pointing to "PE\0\0".
const EXE = (() => {
  const bytes = Buffer.alloc(128);
  bytes.write("MZ", 0, "latin1");
  bytes.writeUInt32LE(64, 0x3c);
  bytes.write("PE\0\0", 64, "latin1");
  return bytes;
})();

/** A minimal zip with stored (uncompressed) entries, as an Office document is a zip of XML parts. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(content);
    const checksum = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralDirectory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDirectory, end]);
}

function contentTypes(mainPart: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    `<Override PartName="/main.xml" ContentType="${mainPart}"/></Types>`
  );
}

const DOCX_FILE = zip({
  "[Content_Types].xml": contentTypes(`${DOCX}.main+xml`),
  "word/document.xml": "<w:document/>",
});
const XLSX_FILE = zip({
  "[Content_Types].xml": contentTypes(`${XLSX}.main+xml`),
  "xl/workbook.xml": "<workbook/>",
});

const CSV = Buffer.from("Client;Montant HT;Échéance\nDupont SARL;1 250,00 €;30/04/2025\n");

describe("checkFileContent", () => {
  it.each([
    ["photo.png", "image/png", PNG],
    ["photo.gif", "image/gif", GIF],
    ["photo.webp", "image/webp", WEBP],
    ["photo.jpg", "image/jpeg", JPEG],
    ["facture.pdf", "application/pdf", PDF],
    ["contrat.docx", DOCX, DOCX_FILE],
    ["comptes.xlsx", XLSX, XLSX_FILE],
  ])("accepts a real %s declared %s", async (name, declaredType, bytes) => {
    expect(await checkFileContent({ bytes, declaredType, name })).toEqual({
      valid: true,
      detectedType: declaredType,
    });
  });

  it("accepts a UTF-8 CSV and plain text, with or without a byte order mark", async () => {
    expect(await checkFileContent({ bytes: CSV, declaredType: "text/csv", name: "export.csv" })).toEqual({
      valid: true,
      detectedType: "text/csv",
    });
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("Notes de réunion\n")]);
    expect(await checkFileContent({ bytes: withBom, declaredType: "text/plain", name: "notes.txt" })).toEqual(
      {
        valid: true,
        detectedType: "text/plain",
      },
    );
  });

  it("answers the bare type when the declared one has parameters", async () => {
    const result = await checkFileContent({
      bytes: CSV,
      declaredType: "Text/CSV; charset=UTF-8",
      name: "export.csv",
    });
    expect(result).toEqual({ valid: true, detectedType: "text/csv" });
  });

  it("refuses an executable renamed .png", async () => {
    expect(await checkFileContent({ bytes: EXE, declaredType: "image/png", name: "photo.png" })).toEqual({
      valid: false,
      error: "Le contenu du fichier ne correspond pas à son type",
    });
    expect(CONTENT_MISMATCH_MESSAGE).toBe("Le contenu du fichier ne correspond pas à son type");
  });

  it("refuses a PNG declared as a PDF", async () => {
    expect(
      await checkFileContent({ bytes: PNG, declaredType: "application/pdf", name: "facture.pdf" }),
    ).toEqual({
      valid: false,
      error: CONTENT_MISMATCH_MESSAGE,
    });
  });

  it("refuses bytes no format recognises when a binary type is declared", async () => {
    const bytes = Buffer.from("ceci n'est pas une image");
    expect(await checkFileContent({ bytes, declaredType: "image/jpeg", name: "photo.jpg" })).toEqual({
      valid: false,
      error: CONTENT_MISMATCH_MESSAGE,
    });
  });

  it("refuses a CSV with a NUL byte", async () => {
    const bytes = Buffer.concat([CSV, Buffer.from([0x00]), Buffer.from("suite\n")]);
    expect(await checkFileContent({ bytes, declaredType: "text/csv", name: "export.csv" })).toEqual({
      valid: false,
      error: CONTENT_MISMATCH_MESSAGE,
    });
  });

  it("refuses text that is not UTF-8, such as an Excel Windows-1252 export", async () => {
    const bytes = Buffer.from("Client;Échéance\n", "latin1");
    expect(await checkFileContent({ bytes, declaredType: "text/csv", name: "export.csv" })).toEqual({
      valid: false,
      error: CONTENT_MISMATCH_MESSAGE,
    });
  });

  it.each([
    ["an executable", EXE],
    ["a PNG", PNG],
    ["a zip", DOCX_FILE],
  ])("refuses %s declared as text", async (_, bytes) => {
    expect(await checkFileContent({ bytes, declaredType: "text/plain", name: "notes.txt" })).toEqual({
      valid: false,
      error: CONTENT_MISMATCH_MESSAGE,
    });
  });

  it("accepts text whose first letters look like a magic number to file-type", async () => {
    for (const text of ["BMW;Leasing;450,00\n", "MZ Immobilier;Loyer\n", "ID3 : identifiant du devis\n"]) {
      expect(
        await checkFileContent({ bytes: Buffer.from(text), declaredType: "text/csv", name: "export.csv" }),
      ).toEqual({
        valid: true,
        detectedType: "text/csv",
      });
    }
  });

  it("refuses a Word document declared as a spreadsheet", async () => {
    expect(await checkFileContent({ bytes: DOCX_FILE, declaredType: XLSX, name: "comptes.xlsx" })).toEqual({
      valid: false,
      error: CONTENT_MISMATCH_MESSAGE,
    });
  });

  it("refuses a plain zip declared as a Word document", async () => {
    const bytes = zip({ "photos/vacances.txt": "pas un document" });
    expect(await checkFileContent({ bytes, declaredType: DOCX, name: "contrat.docx" })).toEqual({
      valid: false,
      error: CONTENT_MISMATCH_MESSAGE,
    });
  });

  it("accepts a zip file-type cannot classify when it is an Office package declared docx or xlsx", async () => {
    // [Content_Types].xml without a main part: file-type can only say "zip".
    const bytes = zip({
      "[Content_Types].xml": contentTypes("application/xml"),
      "docProps/app.xml": "<Properties/>",
    });
    expect(await checkFileContent({ bytes, declaredType: DOCX, name: "contrat.docx" })).toEqual({
      valid: true,
      detectedType: DOCX,
    });
    expect(await checkFileContent({ bytes, declaredType: "application/pdf", name: "contrat.pdf" })).toEqual({
      valid: false,
      error: CONTENT_MISMATCH_MESSAGE,
    });
  });

  describe("applies the spec §5 rules first", () => {
    it("measures the real bytes, not a declared size", async () => {
      expect(
        await checkFileContent({ bytes: new Uint8Array(), declaredType: "text/plain", name: "vide.txt" }),
      ).toEqual({
        valid: false,
        error: FILE_ERROR_MESSAGES.empty,
      });
      const tooLarge = new Uint8Array(MAX_FILE_SIZE_BYTES + 1);
      expect(
        await checkFileContent({ bytes: tooLarge, declaredType: "text/plain", name: "gros.txt" }),
      ).toEqual({
        valid: false,
        error: FILE_ERROR_MESSAGES.tooLarge,
      });
    });

    it.each([
      ["photo\0.png", "image/png", FILE_ERROR_MESSAGES.nullCharacter],
      [`${"a".repeat(252)}.png`, "image/png", FILE_ERROR_MESSAGES.nameTooLong],
      ["../photo.png", "image/png", FILE_ERROR_MESSAGES.invalidName],
      ["photo.png.exe", "image/png", FILE_ERROR_MESSAGES.multipleExtensions],
      ["photo.exe", "image/png", FILE_ERROR_MESSAGES.forbiddenExtension],
      ["photo.png", "image/svg+xml", FILE_ERROR_MESSAGES.typeNotAllowed],
    ])("refuses %j declared %s", async (name, declaredType, error) => {
      expect(await checkFileContent({ bytes: PNG, declaredType, name })).toEqual({ valid: false, error });
    });
  });
});
