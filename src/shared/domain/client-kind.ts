import { fold } from "@shared/fold";
import { isTrade, LEGAL_FORMS } from "./interpreter/names";

/**
 * Whether a client the assistant is about to create is a consumer or a business (issue 31 item 14). A
 * business client is invoiced with its SIREN, a consumer with its address only: guessing wrong makes the
 * invoice impossible to issue, so the assistant asks when the words do not say it.
 */
export const clientKinds = ["particulier", "entreprise"] as const;
export type ClientKind = (typeof clientKinds)[number];

export const isBusinessKind = (kind: ClientKind | undefined) => kind !== "particulier";

/** Ends the assistant's question, so that the next message can be read as its answer. */
export const CLIENT_KIND_QUESTION_END = "est-ce un particulier ou une entreprise ?";

export const clientKindQuestion = (name: string) =>
  `« ${name} » n'est pas encore parmi vos clients : ${CLIENT_KIND_QUESTION_END} Répondez « particulier » ou « entreprise ».`;

const PERSON_WORDS = /\b(particuliers?|personne physique|personne privee|consommateur|consommatrice)\b/;
const BUSINESS_WORDS =
  /\b(entreprises?|societes?|ste|professionnels?|professionnelle|pro|boite|association|collectivite|administration|auto-?entrepreneur|micro-?entreprise|freelance|independant|independante)\b/;
// Civilities of a person (« Maître » and « Docteur » are often a practice, a business).
const PERSON_CIVILITY = /(?:^|[^a-z])(?:m|mr|mme|mlle|monsieur|madame|mademoiselle)\.?\s*$/;

/** A business by its name alone: a legal form or a trade in it (« Dupont SARL », « Menuiserie Girard »). */
export function clientKindOfName(name: string): ClientKind | undefined {
  const words = fold(name)
    .split(/[^a-z0-9-]+/)
    .filter(Boolean);
  return words.some((word) => LEGAL_FORMS.has(word) || isTrade(word)) ? "entreprise" : undefined;
}

/** The kind the words of a request say, for the client named `name` in it; undefined when they do not. */
export function clientKindSaid(text: string, name: string): ClientKind | undefined {
  if (clientKindOfName(name)) return "entreprise";
  const folded = fold(text);
  const at = folded.indexOf(fold(name));
  if (at > 0 && PERSON_CIVILITY.test(folded.slice(0, at))) return "particulier";
  return kindWords(folded);
}

/** « Particulier », « c'est une entreprise », « une société » : a short answer to the question above. */
export function clientKindAnswer(text: string): ClientKind | undefined {
  const folded = fold(text).trim();
  if (folded.split(/\s+/).length > 8) return undefined;
  return kindWords(folded);
}

function kindWords(folded: string): ClientKind | undefined {
  const isPerson = PERSON_WORDS.test(folded);
  const isBusiness = BUSINESS_WORDS.test(folded);
  if (isPerson === isBusiness) return undefined;
  return isPerson ? "particulier" : "entreprise";
}
