import { describe, expect, it } from "vitest";
import {
  ALLOWED_FILE_TYPES,
  FILE_ERROR_MESSAGES,
  type FileDescription,
  FORBIDDEN_FILE_EXTENSIONS,
  isAllowedFileType,
  MAX_FILE_NAME_LENGTH,
  MAX_FILE_SIZE_BYTES,
  normalizeMimeType,
  validateFile,
} from "./file-validation";

const pdf: FileDescription = { name: "devis-2025.pdf", size: 2048, type: "application/pdf" };

function errorOf(file: Partial<FileDescription>): string | undefined {
  const result = validateFile({ ...pdf, ...file });
  return result.valid ? undefined : result.error;
}

describe("validateFile", () => {
  it("accepts a file that follows every rule", () => {
    expect(validateFile(pdf)).toEqual({ valid: true });
  });

  it("uses the exact spec messages", () => {
    expect(FILE_ERROR_MESSAGES).toEqual({
      empty: "Fichier vide non autorisé",
      tooLarge: "Fichier trop volumineux (max 10MB)",
      nullCharacter: "Caractères invalides dans le nom de fichier",
      nameTooLong: "Nom de fichier trop long",
      invalidName: "Nom de fichier invalide",
      multipleExtensions: "Extensions multiples non autorisées",
      forbiddenExtension: "Extension de fichier non autorisée",
      typeNotAllowed: "Type de fichier non autorisé",
    });
  });

  describe("size", () => {
    it("refuses an empty file", () => {
      expect(errorOf({ size: 0 })).toBe("Fichier vide non autorisé");
      expect(errorOf({ size: Number.NaN })).toBe("Fichier vide non autorisé");
    });

    it("accepts exactly 10 MB and refuses one byte more", () => {
      expect(MAX_FILE_SIZE_BYTES).toBe(10 * 1024 * 1024);
      expect(errorOf({ size: MAX_FILE_SIZE_BYTES })).toBeUndefined();
      expect(errorOf({ size: MAX_FILE_SIZE_BYTES + 1 })).toBe("Fichier trop volumineux (max 10MB)");
    });
  });

  describe("name", () => {
    it("refuses a null character", () => {
      expect(errorOf({ name: "devis\0.pdf" })).toBe("Caractères invalides dans le nom de fichier");
    });

    it("accepts 255 characters and refuses 256", () => {
      expect(MAX_FILE_NAME_LENGTH).toBe(255);
      expect(errorOf({ name: `${"a".repeat(251)}.pdf` })).toBeUndefined();
      expect(errorOf({ name: `${"a".repeat(252)}.pdf` })).toBe("Nom de fichier trop long");
    });

    it.each(["<", ">", ":", '"', "/", "\\", "|", "?", "*"])("refuses %s in the name", (character) => {
      expect(errorOf({ name: `devis${character}2025.pdf` })).toBe("Nom de fichier invalide");
    });

    it("refuses a name made only of spaces", () => {
      expect(errorOf({ name: "   " })).toBe("Nom de fichier invalide");
    });

    it("refuses a path such as ../secret", () => {
      expect(errorOf({ name: "../secret.pdf" })).toBe("Nom de fichier invalide");
    });

    it("accepts accents, spaces and a name without extension", () => {
      expect(errorOf({ name: "Relevé d'activité mars.pdf" })).toBeUndefined();
      expect(errorOf({ name: "LISEZMOI", type: "text/plain" })).toBeUndefined();
    });

    it("refuses more than one dot", () => {
      expect(errorOf({ name: "facture.pdf.exe" })).toBe("Extensions multiples non autorisées");
      expect(errorOf({ name: "facture.v2.pdf" })).toBe("Extensions multiples non autorisées");
    });
  });

  describe("extension", () => {
    it("lists the spec's forbidden extensions", () => {
      expect([...FORBIDDEN_FILE_EXTENSIONS]).toEqual([
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
      ]);
    });

    it.each(FORBIDDEN_FILE_EXTENSIONS)("refuses .%s even with an allowed type", (extension) => {
      expect(errorOf({ name: `outil.${extension}` })).toBe("Extension de fichier non autorisée");
    });

    it("refuses a forbidden extension in capitals or followed by spaces", () => {
      expect(errorOf({ name: "OUTIL.EXE" })).toBe("Extension de fichier non autorisée");
      expect(errorOf({ name: "outil.exe  " })).toBe("Extension de fichier non autorisée");
    });
  });

  describe("type", () => {
    it("lists the spec's allowed types", () => {
      expect([...ALLOWED_FILE_TYPES]).toEqual([
        "image/jpeg",
        "image/png",
        "image/gif",
        "image/webp",
        "application/pdf",
        "text/plain",
        "text/csv",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      ]);
    });

    it.each(ALLOWED_FILE_TYPES)("accepts %s", (type) => {
      expect(errorOf({ name: "piece", type })).toBeUndefined();
    });

    it.each([
      "",
      "text/html",
      "image/svg+xml",
      "application/zip",
      "application/msword",
      "application/x-msdownload",
    ])("refuses %j", (type) => {
      expect(errorOf({ name: "piece", type })).toBe("Type de fichier non autorisé");
    });

    it("ignores the case and parameters of the type", () => {
      expect(normalizeMimeType(" Text/CSV; charset=UTF-8")).toBe("text/csv");
      expect(isAllowedFileType("Text/CSV; charset=UTF-8")).toBe(true);
      expect(errorOf({ name: "export.csv", type: "text/csv;charset=utf-8" })).toBeUndefined();
    });
  });

  describe("order of the rules", () => {
    it("reports the size before the name and the name before the type", () => {
      expect(errorOf({ size: 0, name: "a<b.exe", type: "" })).toBe("Fichier vide non autorisé");
      expect(errorOf({ size: MAX_FILE_SIZE_BYTES + 1, name: "a\0.exe" })).toBe(
        "Fichier trop volumineux (max 10MB)",
      );
      expect(errorOf({ name: `${"a".repeat(300)}\0` })).toBe("Caractères invalides dans le nom de fichier");
      expect(errorOf({ name: `${"<".repeat(300)}` })).toBe("Nom de fichier trop long");
      expect(errorOf({ name: "a<b.c.exe" })).toBe("Nom de fichier invalide");
      expect(errorOf({ name: "a.b.exe", type: "" })).toBe("Extensions multiples non autorisées");
      expect(errorOf({ name: "a.exe", type: "" })).toBe("Extension de fichier non autorisée");
    });
  });

  it("takes a browser File as it is", () => {
    const file = new File(["Nom;Montant\nDupont;120\n"], "export.csv", { type: "text/csv" });
    expect(validateFile(file)).toEqual({ valid: true });
    expect(validateFile(new File([], "vide.csv", { type: "text/csv" }))).toEqual({
      valid: false,
      error: "Fichier vide non autorisé",
    });
  });
});
