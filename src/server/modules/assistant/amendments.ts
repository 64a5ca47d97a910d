import { addDays, parisToday } from "@shared/domain/dates";
import { normalizeCommand } from "@shared/domain/interpreter/normalize";
import { matchByName } from "@shared/domain/name-match";
import { MONTH_NAMES } from "@shared/domain/periods";
import { fold } from "@shared/fold";
import { type ActionRequest, parseActionRequest } from "./actions";

/**
 * A correction of the proposal waiting for consent (« finalement 4 jours », « plutôt pour Dupont », « mets
 * l'échéance au 15 », « non, 600 € », « ajoute 200 € de frais »): read from the message as changes, then
 * applied to the stored proposal's input, which stays the source of truth (nothing is re-read from the
 * assistant's earlier text). The engine then proposes the corrected request in place of the old one.
 */
export type Amendment = {
  quantity?: { value: number; unit?: string };
  /** Euros; `isUnitPrice`: « 600 € par jour », « à 500 € l'heure », « TJM 550 € ». */
  amount?: { euros: number; isUnitPrice: boolean };
  client?: string;
  dueDate?: string;
  extraLine?: { description: string; euros: number };
};

/** Words that say the message corrects what was just proposed. */
const CORRECTION =
  /^(finalement|plutot|non|en fait|enfait|pardon|oups|euh|mets|met|mettez|change|changez|modifie|modifiez|corrige|corrigez|remplace|ajoute|ajoutez|rajoute|ce sera|ca sera|c'est|fais|fait|pas|au lieu)\b|\b(plutot|finalement|au lieu de|je me suis trompe|erreur)\b/;

// Numbers arrive as digits: the message is read through the interpreter's normalisation first (numbers in
// words, « 1,5k€ », « 1.200 € »), as every command is.
const NUMBER = `(\\d{1,3}(?:[ .]\\d{3})+(?:,\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?\\s*k?)`;

/** A number as the normalisation leaves it: « 1 200,50 », « 1.200 », « 1,5k », « 4 ». */
function parseNumber(said: string): number | undefined {
  const text = said.trim();
  const kilo = /^(\d+(?:[.,]\d+)?)\s*k$/.exec(text);
  if (kilo?.[1]) return Number(kilo[1].replace(",", ".")) * 1000;
  if (/^\d{1,3}(?:[ .]\d{3})+(?:,\d{1,2})?$/.test(text))
    return Number(text.replace(/[ .]/g, "").replace(",", "."));
  if (/^\d+(?:[.,]\d{1,2})?$/.test(text)) return Number(text.replace(",", "."));
  return undefined;
}

const UNITS: [RegExp, string][] = [
  [/^(jours?|journees?|j)$/, "jour"],
  [/^(demi-journees?|demi journees?)$/, "demi-journée"],
  [/^(heures?|h)$/, "heure"],
  [/^seances?$/, "séance"],
  [/^semaines?$/, "semaine"],
  [/^mois$/, "mois"],
  [/^pages?$/, "page"],
  [/^nuits?$/, "nuit"],
  [/^(unites?|pieces?)$/, "unité"],
];
const UNIT_WORD =
  "(demi-journees?|demi journees?|journees?|jours?|heures?|seances?|semaines?|mois|pages?|nuits?|unites?|pieces?|h|j)";
const EURO = "(?:€|euros?|eur|balles|e)(?![\\p{L}])";
const PER_UNIT =
  /^\s*(?:par|le|la|l'|de l'|\/)\s*(?:jour|journee|heure|h|j|seance|mois|page|nuit|unite)\b|^\s*(?:ht\s+)?(?:par|le|la|l')\s/;
const UNIT_PRICE_BEFORE = /\b(tjm|taux( journalier| horaire)?|tarif|prix unitaire|a)\s*$/;

const unitOf = (word: string) => UNITS.find(([pattern]) => pattern.test(word))?.[1];

/** The corrections a message makes, or undefined when it is not a correction of a proposal. */
export function readAmendment(
  text: string,
  { now, clientNames }: { now: Date; clientNames: string[] },
): Amendment | undefined {
  const folded = fold(normalizeCommand(text).text)
    .trim()
    .replace(/[?!.\s]+$/, "");
  const amendment: Amendment = {};
  let rest = folded;

  const extra = new RegExp(
    `\\b(?:ajoute[rz]?|rajoute[rz]?|plus|avec)\\s+${NUMBER}\\s*${EURO}\\s*(?:ht\\s+)?(?:de |d'|pour (?:les |le |la )?)?([\\p{L}' -]{2,40})`,
    "u",
  ).exec(rest);
  if (extra?.[1] && extra[2]) {
    const euros = parseNumber(extra[1]);
    if (euros) amendment.extraLine = { description: capitalize(extra[2].trim()), euros };
    rest = rest.replace(extra[0], " ");
  }

  const due =
    /\b(?:echeance|a payer|payable|a regler|date limite)\s+(?:au|le|pour le|a|fixee au)?\s*(\d{1,2}|premier|1er)(?:\s+(janvier|fevrier|mars|avril|mai|juin|juillet|aout|septembre|octobre|novembre|decembre))?/.exec(
      rest,
    );
  const dueIn = /\b(?:echeance|a payer|payable|a regler)\s+(?:a|sous|dans)\s+(\d{1,3})\s+jours\b/.exec(rest);
  if (due?.[1]) {
    amendment.dueDate = nextDayOfMonth(
      parisToday(now),
      due[1] === "premier" || due[1] === "1er" ? 1 : Number(due[1]),
      due[2],
    );
    rest = rest.replace(due[0], " ");
  } else if (dueIn?.[1]) {
    amendment.dueDate = addDays(parisToday(now), Number(dueIn[1]));
    rest = rest.replace(dueIn[0], " ");
  } else if (/\b(?:echeance|a payer)\s+(?:a la |en )?fin (?:du |de )?mois\b/.test(rest)) {
    const today = parisToday(now);
    amendment.dueDate = addDays(`${addDays(`${today.slice(0, 7)}-01`, 40).slice(0, 7)}-01`, -1);
    rest = rest.replace(/\b(?:echeance|a payer)\s+(?:a la |en )?fin (?:du |de )?mois\b/, " ");
  }

  const amount = new RegExp(`${NUMBER}\\s*${EURO}`, "u").exec(rest);
  if (amount?.[1]) {
    const euros = parseNumber(amount[1]);
    const after = rest.slice((amount.index ?? 0) + amount[0].length);
    const before = rest.slice(0, amount.index);
    if (euros)
      amendment.amount = { euros, isUnitPrice: PER_UNIT.test(after) || UNIT_PRICE_BEFORE.test(before) };
    rest = rest.replace(amount[0], " ");
  }

  const quantity = new RegExp(`(?:^|\\s)${NUMBER}\\s*${UNIT_WORD}(?![\\p{L}])`, "u").exec(rest);
  if (quantity?.[1] && quantity[2]) {
    const value = parseNumber(quantity[1]);
    if (value) amendment.quantity = { value, unit: unitOf(quantity[2]) };
    rest = rest.replace(quantity[0], " ");
  }

  const client =
    /\b(?:pour|chez|au nom de|a l'ordre de|a facturer a|adressee? a)\s+(?:le client |la cliente |la societe )?(.{2,60})$/.exec(
      rest.trim(),
    );
  if (client?.[1]) {
    const said = client[1].replace(/\b(plutot|finalement|en fait)\b/g, "").trim();
    const [best] = matchByName(said, clientNames, (name) => name);
    const original = originalSpan(text, said);
    if (best || (original && /^\p{Lu}/u.test(original))) amendment.client = best?.item ?? original;
  }

  const isEmpty = Object.keys(amendment).length === 0;
  // A bare figure (« 600 € », « 4 jours ») corrects too; anything longer needs a correction word.
  const isBare = wordCount(rest) <= 1;
  if (isEmpty || !(CORRECTION.test(folded) || isBare)) return undefined;
  return amendment;
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The words as the user wrote them (with their capitals), found through the folded text. */
function originalSpan(raw: string, foldedPart: string): string | undefined {
  const index = fold(raw).lastIndexOf(foldedPart);
  return index < 0 ? undefined : raw.slice(index, index + foldedPart.length).trim();
}

const MONTHS = MONTH_NAMES.map(fold);

/** « au 15 »: the next 15th from today (this month's if still ahead); « au 15 mai »: the next 15 May. */
function nextDayOfMonth(today: string, day: number, monthWord?: string): string {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const pad = (value: number) => String(value).padStart(2, "0");
  if (monthWord) {
    const wanted = MONTHS.indexOf(monthWord) + 1;
    const date = `${year}-${pad(wanted)}-${pad(day)}`;
    return date >= today ? date : `${year + 1}-${pad(wanted)}-${pad(day)}`;
  }
  const thisMonth = `${year}-${pad(month)}-${pad(day)}`;
  if (thisMonth > today) return thisMonth;
  return month === 12 ? `${year + 1}-01-${pad(day)}` : `${year}-${pad(month + 1)}-${pad(day)}`;
}

type Line = { description?: string; quantity: number; unit?: string; unitPrice: number };

/**
 * The stored request with the corrections applied, parsed again by the action's own schema; or the French
 * question to ask when a correction does not fit it (a quantity for an action without lines).
 */
export function applyAmendment(
  request: ActionRequest,
  amendment: Amendment,
): ActionRequest | { question: string } {
  const input = { ...(request.input as Record<string, unknown>) };
  const hasLines = Array.isArray(input.lines);
  if (amendment.client) {
    if (!("client" in input)) return { question: "Cette proposition ne concerne pas de client." };
    Object.assign(input, {
      client: amendment.client,
      clientId: undefined,
      project: undefined,
      projectId: undefined,
    });
  }
  if (amendment.dueDate) {
    if (request.type === "create_quote") input.validUntil = amendment.dueDate;
    else if (request.type === "create_invoice" || request.type === "create_task")
      input.dueDate = amendment.dueDate;
    else return { question: "Cette proposition n'a pas d'échéance à changer." };
  }
  if (hasLines) {
    const lines = (input.lines as Line[]).map((line) => ({ ...line }));
    const target = (unit?: string) =>
      lines.find((line) => unit && line.unit === unit) ?? (lines.length === 1 ? lines[0] : undefined);
    if (amendment.quantity) {
      const line = target(amendment.quantity.unit);
      if (!line) return { question: "Quelle ligne faut-il changer ?" };
      line.quantity = amendment.quantity.value;
      if (amendment.quantity.unit) line.unit = amendment.quantity.unit;
    }
    if (amendment.amount) {
      const line = target(amendment.quantity?.unit);
      if (!line) return { question: "Quelle ligne faut-il changer ?" };
      line.unitPrice = amendment.amount.euros;
    }
    if (amendment.extraLine)
      lines.push({
        description: amendment.extraLine.description,
        quantity: 1,
        unitPrice: amendment.extraLine.euros,
      });
    input.lines = lines;
  } else {
    if (amendment.quantity || amendment.extraLine)
      return { question: "Cette proposition n'a pas de lignes à changer." };
    if (amendment.amount) {
      if (!("amount" in input) && request.type !== "create_contract")
        return { question: "Cette proposition n'a pas de montant à changer." };
      input.amount = amendment.amount.euros;
    }
  }
  return parseActionRequest(request.type, input);
}
