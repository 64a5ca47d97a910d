import { type Score, ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as frenchDictionary, translations as frenchTranslations } from "@zxcvbn-ts/language-fr";
import { z } from "zod";

import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MIN_SCORE,
  PASSWORD_STRENGTH_LABELS,
  type PasswordStrengthLabel,
} from "./password-rules";

// The rules are re-exported so that the registration page needs one lazy import.
export * from "./password-rules";

export type PasswordAssessment = {
  score: Score;
  label: PasswordStrengthLabel;
  isAcceptable: boolean;
  /** In French, most important first; shown by the meter, and sent back by the server when it refuses. */
  reasons: string[];
};

/** Length and strength: refuses a weak password with the same French reasons the meter shows. */
export const strongPasswordSchema = z.string().superRefine((password, context) => {
  const assessment = assessPassword(password);
  if (assessment.isAcceptable) return;
  for (const reason of assessment.reasons) context.addIssue({ code: "custom", message: reason });
});

let zxcvbn: ZxcvbnFactory | undefined;

// Building the ranked dictionaries takes tens of milliseconds: done on the first assessment, not at import.
function getZxcvbn(): ZxcvbnFactory {
  zxcvbn ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...frenchDictionary },
    graphs: adjacencyGraphs,
    translations: frenchTranslations,
    // Both options bound the cost of one check, which runs on every keystroke and on the server (measured on
    // pathological 128-character inputs: up to 640 ms with the default 100 substitutions, about 80 ms with 10;
    // Levenshtein matching adds about 100 ms to every check for little gain beyond the dictionary matches).
    useLevenshteinDistance: false,
    l33tMaxSubstitutions: 10,
    // Nothing past the accepted maximum is worth analysing.
    maxLength: PASSWORD_MAX_LENGTH,
  });
  return zxcvbn;
}

/**
 * Strength meter and acceptance rule for a new password. `userInputs` are the name and e-mail the user typed:
 * a password built on them is penalised and explained.
 */
export function assessPassword(password: string, userInputs: string[] = []): PasswordAssessment {
  const reasons: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) reasons.push(PASSWORD_MESSAGES.tooShort);
  if (password.length > PASSWORD_MAX_LENGTH) reasons.push(PASSWORD_MESSAGES.tooLong);
  if (password === "") return { score: 0, label: PASSWORD_STRENGTH_LABELS[0], isAcceptable: false, reasons };

  const personalWords = personalWordsOf(userInputs);
  const comparablePassword = normalizeForComparison(password);
  const containsUserInput = personalWords.some((word) => comparablePassword.includes(word));
  // Our own sentence replaces zxcvbn's vaguer "données personnelles ou liées au site".
  if (containsUserInput) reasons.push(PASSWORD_MESSAGES.containsUserInput);

  const { score, feedback } = getZxcvbn().check(password, personalWords);
  if (feedback.warning && feedback.warning !== frenchTranslations.warnings.userInputs) {
    reasons.push(feedback.warning);
  }
  reasons.push(...feedback.suggestions);

  const isLengthValid = password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH;
  return {
    score,
    label: PASSWORD_STRENGTH_LABELS[score],
    isAcceptable: isLengthValid && score >= PASSWORD_MIN_SCORE,
    reasons: [...new Set(reasons)],
  };
}

// Shorter pieces ("jo", "fr") would flag too many unrelated passwords.
const MIN_PERSONAL_WORD_LENGTH = 3;

/** "Jean-Luc Dupré", "jl.dupre@exemple.fr" → "jean-luc dupre", "jean", "luc", "dupre", "jl.dupre", … */
function personalWordsOf(userInputs: string[]): string[] {
  const words = new Set<string>();
  for (const input of userInputs) {
    const normalized = normalizeForComparison(input.trim());
    // For an e-mail, the domain (often a public provider) says nothing about the user: keep the local part.
    const personalPart = normalized.includes("@") ? (normalized.split("@")[0] ?? "") : normalized;
    for (const word of [normalized, personalPart, ...personalPart.split(/[^\p{L}\p{N}]+/u)]) {
      if (word.length >= MIN_PERSONAL_WORD_LENGTH) words.add(word);
    }
  }
  return [...words];
}

function normalizeForComparison(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}
