import { type AllowedFileType, normalizeMimeType, validateFile } from "@shared/security/file-validation";
import { fileTypeFromBuffer } from "file-type";

export const CONTENT_MISMATCH_MESSAGE = "Le contenu du fichier ne correspond pas à son type";

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** For each allowed binary type, the types file-type may report for a genuine file of that type. */
const ACCEPTED_DETECTIONS: Record<Exclude<AllowedFileType, "text/plain" | "text/csv">, readonly string[]> = {
  "image/jpeg": ["image/jpeg"],
  // An animated PNG is still a PNG: browsers declare it image/png.
  "image/png": ["image/png", "image/apng"],
  "image/gif": ["image/gif"],
  "image/webp": ["image/webp"],
  "application/pdf": ["application/pdf"],
  [DOCX]: [DOCX],
  [XLSX]: [XLSX],
};

export type FileContentInput = { bytes: Uint8Array; declaredType: string; name: string };

export type FileContentResult =
  | { valid: true; detectedType: AllowedFileType }
  | { valid: false; error: string };

/**
 * Every file arriving on the server: the spec §5 rules on the name, the real size and the declared type,
 * then the bytes must be what the declared type says. `detectedType` is the verified type to store and
 * serve the file with, never the client's raw header.
 */
export async function checkFileContent({
  bytes,
  declaredType,
  name,
}: FileContentInput): Promise<FileContentResult> {
  // The real byte count, not a size the client announced.
  const rules = validateFile({ name, size: bytes.byteLength, type: declaredType });
  if (!rules.valid) return rules;

  const type = normalizeMimeType(declaredType) as AllowedFileType;
  if (type === "text/plain" || type === "text/csv") {
    return isUtf8TextWithoutNul(bytes) ? { valid: true, detectedType: type } : mismatch();
  }

  const detected = await fileTypeFromBuffer(bytes);
  if (detected === undefined) return mismatch();
  if (ACCEPTED_DETECTIONS[type].includes(detected.mime)) return { valid: true, detectedType: type };
  if (detected.mime === "application/zip" && (type === DOCX || type === XLSX) && isOpenXmlPackage(bytes)) {
    return { valid: true, detectedType: type };
  }
  return mismatch();
}

function mismatch(): FileContentResult {
  return { valid: false, error: CONTENT_MISMATCH_MESSAGE };
}

/**
 * Text is recognised by its bytes, not by file-type: its magic numbers misread ordinary text ("BMW;120" is a
 * BMP, "MZ Immobilier" an executable, "ID3 …" an MP3). Any real binary format has NUL bytes or invalid UTF-8
 * within its first bytes, so this alone refuses them; a textual format (XML, RTF) passes and is harmless when
 * stored and served as text/plain.
 */
function isUtf8TextWithoutNul(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * file-type recognises docx and xlsx from their `[Content_Types].xml`; when it cannot (an entry it cannot
 * read, an unusual writer), it answers a plain zip. We then accept the zip only if it names that entry, which
 * every Office Open XML package has: zip entry names are stored uncompressed, so a byte search finds it.
 * This cannot tell a docx from an xlsx: file-type has already said it could not either.
 */
function isOpenXmlPackage(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes("[Content_Types].xml");
}
