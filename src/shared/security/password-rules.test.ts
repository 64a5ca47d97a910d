import { describe, expect, it } from "vitest";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MIN_SCORE,
  PASSWORD_STRENGTH_LABELS,
  passwordSchema,
} from "./password-rules";

function messagesOf(result: { error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe("password rules", () => {
  it("accepts 8 to 128 characters from score 2", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
    expect(PASSWORD_MIN_SCORE).toBe(2);
  });

  it("words its messages and labels in French", () => {
    expect(PASSWORD_MESSAGES).toEqual({
      tooShort: "Au moins 8 caractères",
      tooLong: "128 caractères au maximum",
      containsUserInput: "Ne réutilisez pas votre nom ou votre adresse e-mail",
    });
    expect(PASSWORD_STRENGTH_LABELS).toEqual(["Très faible", "Faible", "Moyen", "Fort", "Très fort"]);
  });
});

describe("passwordSchema", () => {
  it("accepts 8 to 128 characters without judging strength", () => {
    expect(passwordSchema.safeParse("password").success).toBe(true);
    expect(passwordSchema.safeParse("a".repeat(8)).success).toBe(true);
    expect(passwordSchema.safeParse("a".repeat(128)).success).toBe(true);
  });

  it("refuses other lengths with the French messages", () => {
    expect(messagesOf(passwordSchema.safeParse(""))).toEqual(["Au moins 8 caractères"]);
    expect(messagesOf(passwordSchema.safeParse("1234567"))).toEqual(["Au moins 8 caractères"]);
    expect(messagesOf(passwordSchema.safeParse("a".repeat(129)))).toEqual(["128 caractères au maximum"]);
  });
});
