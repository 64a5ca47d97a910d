import { fold } from "../../fold";
import { commandTypoEdits } from "./command-typos";
import { dictationEdits } from "./dictation";
import { andAHalfEdits, frenchNumberEdits } from "./french-numbers";
import { moneyEdits } from "./money-forms";
import { applyEdits, type NormalizedText, unchanged } from "./normalized-text";

export type { NormalizedText };

/**
 * Stage (a) of the interpreter: the command rewritten in the one form the extractors read, each character
 * still mapped to what the user typed. Order matters: dictation first (« virgule » between two numbers is
 * left to the numbers), then numbers in words, half units, money forms on the digits, and typos last, on
 * words the other passes did not write.
 */
export function normalizeCommand(text: string): NormalizedText {
  let normalized = unchanged(text);
  normalized = applyEdits(normalized, dictationEdits(normalized.text, fold(normalized.text)));
  normalized = applyEdits(normalized, frenchNumberEdits(normalized.text));
  normalized = applyEdits(normalized, andAHalfEdits(fold(normalized.text)));
  normalized = applyEdits(normalized, moneyEdits(normalized.text, fold(normalized.text)));
  return applyEdits(normalized, commandTypoEdits(normalized.text));
}
