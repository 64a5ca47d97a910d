import type { AssistantIntegration, ViewDataType } from "../../schemas/interpretation";
import {
  ADVICE,
  ASKED_BEFORE,
  AUTOMATION,
  AUTOMATION_TRIGGER,
  CUES,
  type CueKind,
  DATA_TYPES,
  ENCASH,
  INTEGRATIONS,
  MARK_AS_PAID,
  PAID_QUESTION,
  PAYMENT_REPORT,
  POSSESSIVE_BEFORE,
  QUESTION,
  SELF_REMINDER,
  STATUS_WORDS,
  SUBJECTS,
  type Subject,
} from "./lexicon";
import { freeMatches, groupOf, isFree, type Scan, type Span, take } from "./scan";

export type CreatableSubject = Exclude<Subject, "payment">;

export type Intent =
  | { action: "general" }
  | { action: "create_automation"; integration?: AssistantIntegration }
  | { action: "use_integration"; integration: AssistantIntegration }
  /** `span` is the invoice word, when one is said ("marque la facture Dupont comme payée"). */
  | { action: "record_payment"; integration?: AssistantIntegration; span?: Span }
  /** No data type when only a figure says what is asked ("combien j'ai gagné ?"). */
  | { action: "view_data"; dataType?: ViewDataType }
  /** `span` is the record word; none for "25 € de taxi hier", an expense said without the word. */
  | { action: "create"; subject: CreatableSubject; span?: Span; integration?: AssistantIntegration };

type Found<T> = Span & { value: T };

// Words that end in "s" in the singular too.
const INVARIABLE_WORDS = new Set(["devis", "deviss", "dvis", "deivs", "frais"]);

/**
 * Which action a command asks for. The subject is the first word naming a record that has a verb before it
 * ("pour le client Dupont, crée une facture" is an invoice), else the first one; the nearest verb before it
 * decides create, view or neither. Without a verb, a question or "mes …" is a question about one's data,
 * anything else (like "facture dupont 500 euros") a creation.
 */
export function detectIntent(
  scan: Scan,
  signs: { hasAmount: boolean; hasSpendingWord: boolean; hasMetric: boolean; isAboutOtherAccount: boolean },
): Intent {
  // "Des conseils pour trouver des clients", "comment fixer mon TJM ?": words, not data.
  if (ADVICE.test(scan.folded)) return { action: "general" };
  const subjects = findSubjects(scan);
  const cues = findCues(scan, subjects);
  const integration = findIntegration(scan);
  const isQuestion = QUESTION.test(scan.folded);

  const automation =
    firstMatch(scan, AUTOMATION) ??
    (QUESTION.test(scan.folded) ? undefined : firstMatch(scan, AUTOMATION_TRIGGER));
  if (automation) {
    // "Montre mes automatisations" asks about rules; the assistant cannot list them, the planner can.
    if (kindBefore(cues, automation.start) === "view") return { action: "general" };
    take(scan, automation);
    takeCreationVerbs(scan, cues, automation.start);
    return { action: "create_automation", integration };
  }

  const reminder = firstMatch(scan, SELF_REMINDER);
  if (reminder) {
    take(scan, reminder);
    return { action: "create", subject: "task" };
  }

  const payment = findPaymentReport(scan);
  if (payment && !isQuestion && kindBefore(cues, payment.start) !== "view") {
    // "Encaisser la facture … via Stripe" collects through Stripe; "payée hier via Stripe" is a payment.
    if (integration && ENCASH.test(scan.folded.slice(payment.start, payment.end)))
      return { action: "use_integration", integration };
    takeCuesBefore(scan, cues, payment.end);
    for (const span of payment.taken) take(scan, span);
    const invoice = subjects.find((found) => found.value === "invoice" && isFree(scan, found));
    if (invoice) take(scan, invoice);
    return { action: "record_payment", integration, span: invoice };
  }
  const subject = chooseSubject(subjects, cues);
  if (!subject) {
    if (integration) return { action: "use_integration", integration };
    const isSpending = signs.hasAmount && signs.hasSpendingWord;
    const kind = kindBefore(cues, scan.folded.length);
    // "Combien j'ai gagné ce mois-ci ?", "quelle est ma marge ?": a figure, without a record word.
    if (isQuestion && PAID_QUESTION.test(scan.folded)) return { action: "view_data", dataType: "invoices" };
    if (
      !isSpending &&
      (signs.hasMetric || signs.isAboutOtherAccount) &&
      kind !== "create" &&
      kind !== "other"
    )
      return { action: "view_data" };
    takeCreationVerbs(scan, cues, scan.folded.length);
    return isSpending ? { action: "create", subject: "expense" } : { action: "general" };
  }
  take(scan, subject);
  takeCreationVerbs(scan, cues, subject.start);
  // "… et envoie-la": a verb of its own, not the document's title; a task's verbs are its title.
  if (subject.value !== "task")
    for (const cue of cues) if (cue.value === "other" && cue.start > subject.start) take(scan, cue);
  const kind = kindBefore(cues, subject.start) ?? kindWithoutVerb(scan, subject, signs);
  // "Crée une facture payable par Stripe" is still an invoice; any other mention of a service is about it.
  const isDocument = subject.value === "invoice" || subject.value === "quote";
  // "Fais payer la facture … via Stripe" collects an existing invoice through the service.
  const isCollecting = ENCASH.test(scan.folded);
  if (integration && (isCollecting || !(kind === "create" && isDocument)))
    return { action: "use_integration", integration };
  if (kind === "other") return { action: "general" };
  if (subject.value === "contract" && kind === "view") return { action: "general" };
  if (subject.value === "contract") return { action: "create", subject: "contract", span: subject };
  if (kind === "view" || signs.isAboutOtherAccount)
    return { action: "view_data", dataType: DATA_TYPES[subject.value] };
  // "Enregistre un paiement de 500 € pour la facture INV-2026-0042".
  if (subject.value === "payment") return { action: "record_payment" };
  // A new client has no amount: "ajoute 45 € de déjeuner client" is a meal.
  if (subject.value === "client" && signs.hasAmount && signs.hasSpendingWord)
    return { action: "create", subject: "expense" };
  return { action: "create", subject: subject.value, span: subject, integration };
}

/**
 * The creation verbs before the record word are not part of its title; after it they are ("devis pour
 * Durand, création d'un logo"), as is any other verb ("automatisation pour relancer…").
 */
function takeCreationVerbs(scan: Scan, cues: Found<CueKind>[], before: number): void {
  for (const cue of cues)
    if (cue.end <= before && (cue.value === "create" || cue.value === "fresh")) take(scan, cue);
}

/**
 * The first record word with a verb before it, else the first one. A task said first keeps the words after
 * it: in "Tâche : préparer le devis Nexa" the verb and the quote are what the task is about.
 */
function chooseSubject(subjects: Found<Subject>[], cues: Found<CueKind>[]): Found<Subject> | undefined {
  const withVerb = subjects.find((found) => cueBefore(cues, found.start));
  const task = subjects.find((found) => found.value === "task");
  if (task && withVerb && withVerb !== task && (cueBefore(cues, withVerb.start)?.start ?? 0) > task.start)
    return task;
  return withVerb ?? subjects[0];
}

/**
 * A payment said as a fact, and what to take of it: the whole phrase, or for "marque la facture Dupont
 * comme payée" the verb and the state only. "Ce que j'ai encaissé" asks rather than tells.
 */
function findPaymentReport(scan: Scan): (Span & { taken: Span[] }) | undefined {
  const mark = MARK_AS_PAID.exec(scan.folded);
  if (mark) {
    const verb = { start: mark.index, end: mark.index + (mark[1] as string).length };
    const stateStart = mark.index + mark[0].length - (mark[2] as string).length;
    return {
      start: mark.index,
      end: mark.index + mark[0].length,
      taken: [verb, { start: stateStart, end: mark.index + mark[0].length }],
    };
  }
  const report = PAYMENT_REPORT.exec(scan.folded);
  if (!report || ASKED_BEFORE.test(scan.folded.slice(0, report.index))) return undefined;
  const span = { start: report.index, end: report.index + report[0].length };
  return { ...span, taken: [span] };
}

/** Every cue before a position: "marque la facture comme payée" keeps none of its words in the entities. */
function takeCuesBefore(scan: Scan, cues: Found<CueKind>[], before: number): void {
  for (const cue of cues) if (cue.end <= before) take(scan, cue);
}

function findSubjects(scan: Scan): Found<Subject>[] {
  const found: Found<Subject>[] = [];
  for (const match of freeMatches(scan, SUBJECTS))
    found.push({ start: match.index, end: match.index + match[0].length, value: groupOf<Subject>(match) });
  return found;
}

function findCues(scan: Scan, subjects: Span[]): Found<CueKind>[] {
  const found: Found<CueKind>[] = [];
  for (const match of freeMatches(scan, CUES)) {
    const span = { start: match.index, end: match.index + match[0].length };
    // "note" in "note de frais" is the subject, not the verb "noter".
    if (!subjects.some((subject) => span.start < subject.end && subject.start < span.end))
      found.push({ ...span, value: groupOf<CueKind>(match) });
  }
  return found;
}

function cueBefore(cues: Found<CueKind>[], position: number): Found<CueKind> | undefined {
  return cues.findLast((cue) => cue.end <= position);
}

function kindBefore(cues: Found<CueKind>[], position: number): CueKind | undefined {
  const cue = cueBefore(cues, position);
  if (cue?.value !== "fresh") return cue?.value;
  // "Combien de nouveaux clients ?" is a question; "Nouveau devis pour Leroy" a creation.
  return cueBefore(cues, cue.start)?.value === "view" ? "view" : "create";
}

function kindWithoutVerb(
  scan: Scan,
  subject: Span,
  { hasAmount, hasMetric }: { hasAmount: boolean; hasMetric: boolean },
): CueKind {
  // "Total facturé l'an dernier", "mes 3 meilleurs clients": a figure is asked for.
  if (hasMetric) return "view";
  if (hasAmount) return "create";
  // "factures de dupont" lists them; "facture dupont" makes one.
  const word = /^\p{L}+/u.exec(scan.folded.slice(subject.start, subject.end))?.[0] ?? "";
  const isPlural = word.endsWith("s") && !INVARIABLE_WORDS.has(word);
  const isAsking =
    isPlural ||
    QUESTION.test(scan.folded) ||
    POSSESSIVE_BEFORE.test(scan.folded.slice(0, subject.start)) ||
    STATUS_WORDS.test(scan.folded);
  return isAsking ? "view" : "create";
}

function findIntegration(scan: Scan): AssistantIntegration | undefined {
  for (const match of freeMatches(scan, INTEGRATIONS)) {
    take(scan, { start: match.index, end: match.index + match[0].length });
    return groupOf<AssistantIntegration>(match);
  }
  return undefined;
}

function firstMatch(scan: Scan, pattern: RegExp): Span | undefined {
  for (const match of freeMatches(scan, pattern))
    return { start: match.index, end: match.index + match[0].length };
  return undefined;
}
