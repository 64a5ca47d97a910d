import { translations } from "@zxcvbn-ts/language-fr";
import { describe, expect, it } from "vitest";
import * as passwordModule from "./password";
import { assessPassword, PASSWORD_MESSAGES, strongPasswordSchema } from "./password";
import * as rules from "./password-rules";

const user = ["Jérôme Dupont", "jerome.dupont@gmail.com"];

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

it("re-exports the length rules, so the registration page loads one module", () => {
  expect(passwordModule).toMatchObject(rules);
});

describe("assessPassword", () => {
  it.each([
    ["password", 0, "Très faible"],
    ["motdepasse", 1, "Faible"],
    ["Jean2024!", 2, "Moyen"],
    ["kX9#mQ2vLp", 3, "Fort"],
    ["correct horse battery staple", 4, "Très fort"],
  ] as const)("rates %j %i, %s", (password, score, label) => {
    const assessment = assessPassword(password);
    expect(assessment.score).toBe(score);
    expect(assessment.label).toBe(label);
    expect(assessment.isAcceptable).toBe(score >= 2);
  });

  it("gives only the length rule for an empty password", () => {
    expect(assessPassword("")).toEqual({
      score: 0,
      label: "Très faible",
      isAcceptable: false,
      reasons: ["Au moins 8 caractères"],
    });
  });

  it("refuses fewer than 8 characters however strong, with the length rule first", () => {
    const assessment = assessPassword("kX9#mQ2");
    expect(assessment.isAcceptable).toBe(false);
    expect(assessment.reasons[0]).toBe("Au moins 8 caractères");
    expect(assessPassword("kX9#mQ2v").reasons).not.toContain("Au moins 8 caractères");
  });

  it("refuses more than 128 characters however strong, with the length rule first", () => {
    const long = "correct horse battery staple ".repeat(5).slice(0, 129);
    const assessment = assessPassword(long);
    expect(assessment.score).toBe(4);
    expect(assessment.isAcceptable).toBe(false);
    expect(assessment.reasons[0]).toBe("128 caractères au maximum");
    expect(assessPassword(long.slice(0, 128))).toMatchObject({ isAcceptable: true, reasons: [] });
  });

  it("explains a common password with zxcvbn's French warning and suggestion", () => {
    expect(assessPassword("password").reasons).toEqual([
      "Ce mot de passe est très utilisé.",
      "Ajoutez des mots moins courants.",
    ]);
  });

  it("knows French passwords and keyboards", () => {
    expect(assessPassword("motdepasse").reasons).toContain("Ce mot de passe est couramment utilisé.");
    expect(assessPassword("azertyuiop").reasons).toEqual([
      "Les lignes droites de touches de votre clavier sont faciles à deviner",
      "Ajoutez des mots moins courants.",
      "Utilisez des motifs de clavier plus longs et changez de sens de frappe plusieurs fois.",
    ]);
  });

  it("explains dates, sequences, repeats and substitutions in French", () => {
    expect(assessPassword("1990-05-12").reasons).toContain("Les dates sont faciles à deviner.");
    expect(assessPassword("abcdefgh").reasons).toContain(
      "Des séquences de caractères communs comme 'abc' sont faciles à deviner",
    );
    expect(assessPassword("aaaaaaaaaa").reasons).toContain(
      "Les caractères répétés comme 'aaa' sont faciles à deviner",
    );
    expect(assessPassword("P@ssw0rd!").reasons).toContain(
      "Évitez les substitutions de lettres prévisibles comme '@' pour 'a'.",
    );
  });

  it("gives no reason for a strong password", () => {
    expect(assessPassword("correct horse battery staple").reasons).toEqual([]);
  });

  it("tells the user not to reuse their name or e-mail, ignoring case and accents", () => {
    for (const password of ["Dupont75!", "JEROME-velo-88", "jérôme.dupont!1"]) {
      expect(assessPassword(password, user).reasons).toContain(PASSWORD_MESSAGES.containsUserInput);
    }
    expect(assessPassword("Dupont75!", user).reasons[0]).toBe(PASSWORD_MESSAGES.containsUserInput);
    expect(assessPassword("Dupont75!").reasons).not.toContain(PASSWORD_MESSAGES.containsUserInput);
  });

  it("replaces zxcvbn's own personal-data warning by that sentence", () => {
    const reasons = assessPassword("Dupont75!", user).reasons;
    expect(reasons).not.toContain(translations.warnings.userInputs);
  });

  it("lowers the score of a password built on the user's name", () => {
    expect(assessPassword("Dupont75!").score).toBe(2);
    expect(assessPassword("Dupont75!", user)).toMatchObject({ score: 1, isAcceptable: false });
  });

  it("does not flag the e-mail provider or pieces shorter than 3 characters", () => {
    const reasons = assessPassword("gmail-jo-soleil-77", ["Jo Li", "jo@gmail.com"]).reasons;
    expect(reasons).not.toContain(PASSWORD_MESSAGES.containsUserInput);
  });

  it("never repeats a reason", () => {
    for (const password of ["abc", "P@ssw0rd!", "aaaaaaaaaa", "1990-05-12"]) {
      const { reasons } = assessPassword(password, user);
      expect(new Set(reasons).size).toBe(reasons.length);
    }
  });
});

describe("strongPasswordSchema", () => {
  it("accepts what assessPassword accepts", () => {
    expect(strongPasswordSchema.safeParse("correct horse battery staple").success).toBe(true);
    expect(strongPasswordSchema.safeParse("Jean2024!").success).toBe(true);
  });

  it("refuses a weak password with the meter's reasons, one issue each", () => {
    expect(messagesOf(strongPasswordSchema.safeParse("password"))).toEqual(
      assessPassword("password").reasons,
    );
    expect(messagesOf(strongPasswordSchema.safeParse("kX9#mQ2"))[0]).toBe("Au moins 8 caractères");
  });
});
