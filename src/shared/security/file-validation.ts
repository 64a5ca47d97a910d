/** 10 MB (spec §5 and §9). */
export const MAX_FILE_SIZE_BYTES = 10 * 1024 * 1024;
export const MAX_FILE_NAME_LENGTH = 255;

export const ALLOWED_FILE_TYPES = [
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "application/pdf",
  "text/plain",
  "text/csv",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
] as const;

export type AllowedFileType = (typeof ALLOWED_FILE_TYPES)[number];

export const FORBIDDEN_FILE_EXTENSIONS = [
  "exe",
  "bat",
  "cmd",
  "com",
  "pif",
  "scr",
  "vbs",
  "js",
  "jar",
  "app",
  "deb",
  "pkg",
  "dmg",
  "iso",
  "msi",
] as const;

export const FILE_ERROR_MESSAGES = {
  empty: "Fichier vide non autorisé",
  tooLarge: "Fichier trop volumineux (max 10MB)",
  nullCharacter: "Caractères invalides dans le nom de fichier",
  nameTooLong: "Nom de fichier trop long",
  invalidName: "Nom de fichier invalide",
  multipleExtensions: "Extensions multiples non autorisées",
  forbiddenExtension: "Extension de fichier non autorisée",
  typeNotAllowed: "Type de fichier non autorisé",
} as const;

/** What a browser `File` and a server-side upload both have. */
export type FileDescription = { name: string; size: number; type: string };

export type FileValidationResult = { valid: true } | { valid: false; error: string };

const INVALID_NAME_CHARACTERS = /[<>:"/\\|?*]/;
const allowedTypes: ReadonlySet<string> = new Set(ALLOWED_FILE_TYPES);
const forbiddenExtensions: ReadonlySet<string> = new Set(FORBIDDEN_FILE_EXTENSIONS);

/** "Text/CSV; charset=UTF-8" → "text/csv": parameters and case do not change what the file is. */
export function normalizeMimeType(type: string): string {
  return (type.split(";")[0] ?? "").trim().toLowerCase();
}

export function isAllowedFileType(type: string): boolean {
  return allowedTypes.has(normalizeMimeType(type));
}

/**
 * Spec §5 file rules. Cheap checks on the size come first, then the name (from the rule that makes the name
 * unreadable to the most specific one), then the declared type.
 */
export function validateFile(file: FileDescription): FileValidationResult {
  const error = findFileError(file);
  return error === undefined ? { valid: true } : { valid: false, error };
}

function findFileError({ name, size, type }: FileDescription): string | undefined {
  // Written as negations so that NaN (an unreadable size) is refused too.
  if (!(size > 0)) return FILE_ERROR_MESSAGES.empty;
  if (!(size <= MAX_FILE_SIZE_BYTES)) return FILE_ERROR_MESSAGES.tooLarge;
  if (name.includes("\0")) return FILE_ERROR_MESSAGES.nullCharacter;
  if (name.length > MAX_FILE_NAME_LENGTH) return FILE_ERROR_MESSAGES.nameTooLong;
  if (name.trim() === "" || INVALID_NAME_CHARACTERS.test(name)) return FILE_ERROR_MESSAGES.invalidName;

  const parts = name.split(".");
  if (parts.length > 2) return FILE_ERROR_MESSAGES.multipleExtensions;
  const extension = parts.length === 2 ? (parts[1] ?? "").trim().toLowerCase() : "";
  if (forbiddenExtensions.has(extension)) return FILE_ERROR_MESSAGES.forbiddenExtension;

  if (!isAllowedFileType(type)) return FILE_ERROR_MESSAGES.typeNotAllowed;
  return undefined;
}
