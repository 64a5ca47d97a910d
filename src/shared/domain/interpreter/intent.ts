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
  INVOICE_REMINDERS,
  MARK_AS_PAID,
  OWN_FIGURE_QUESTION,
  PAID_QUESTION,
  PAYMENT_REPORT,
  POSSESSIVE_BEFORE,
  PROJECT_ASIDE,
  QUESTION,
  STATUS_WORDS,
  SUBJECTS,
  type Subject,
  TASK_IDIOM,
} from "./lexicon";
import { foldedOutsideNames, freeMatches, groupOf, isFree, type Scan, type Span, take } from "./scan";

export type CreatableSubject = Exclude<Subject, "payment">;

export type Intent =
  | { action: "general" }
  | { action: "create_automation"; integration?: AssistantIntegration }
  | { action: "use_integration"; integration: AssistantIntegration }
  /**
   * `span` is the invoice word, when one is said ("marque la facture Dupont comme payée"); `report` the words
   * that told the payment ("paiement reçu", "j'ai reçu"), which the payer's name may follow.
   */
  | { action: "record_payment"; integration?: AssistantIntegration; span?: Span; report?: Span }
  /** No data type when only a figure says what is asked ("combien j'ai gagné ?"). */
  | { action: "view_data"; dataType?: ViewDataType }
  /** `span` is the record word; none for "25 € de taxi hier", an expense said without the word. */
  | { action: "create"; subject: CreatableSubject; span?: Span; integration?: AssistantIntegration };

export type Signs = {
  hasAmount: boolean;
  hasSpendingWord: boolean;
  hasMetric: boolean;
  isAboutOtherAccount: boolean;
};

type Found<T> = Span & { value: T };

/** The actions a command can score for; "create" is made precise by the record chosen (`subjectToCreate`). */
export type Candidate =
  | "general"
  | "create_automation"
  | "use_integration"
  | "record_payment"
  | "view_data"
  | "create";

/** Everything read from the command before deciding: words, where they are, and what the extractors found. */
export type Evidence = Signs & {
  advice: boolean;
  ownFigureQuestion: boolean;
  isQuestion: boolean;
  automation?: Span;
  /** The verb before the rule word asks to see ("montre mes automatisations"). */
  automationAsked: boolean;
  taskIdiom?: Span;
  invoiceReminders: boolean;
  payment?: Span & { taken: Span[] };
  /** The payment phrase is asked about or shown ("affiche les paiements reçus"), not told. */
  paymentAsked: boolean;
  collecting: boolean;
  integration?: AssistantIntegration;
  subject?: Found<Subject>;
  /** What the verb before the record word asks for, or what the sentence's form says without one. */
  kind?: CueKind;
  /** A verb stands before the record word (else `kind` comes from the sentence's form). */
  hasVerb: boolean;
  /** A plural, a question, "mes …" or a status: the form of a question about one's records. */
  askingForm: boolean;
  projectAside: boolean;
  paidQuestion: boolean;
};

type Weights = Partial<Record<Candidate, number>>;

/**
 * The evidence and what it weighs for each action: the action with the highest total wins, "general" on a
 * tie or when nothing speaks. Decisive signs weigh 10 to 30 (advice, a rule, a task idiom), a verb before
 * the record word 5, the sentence's form without a verb 1 to 3.5. Negative evidence is a weight for the
 * action the misleading word would otherwise lose to ("taxi pour la mission à Lille" is an expense).
 */
export const EVIDENCE: { says: string; when: (evidence: Evidence) => boolean; weights: Weights }[] = [
  { says: "nothing else speaks: a general answer", when: () => true, weights: { general: 0.5 } },
  {
    says: "advice or a how-to (« comment fixer mon TJM ? »), answered in words",
    when: (e) => e.advice,
    weights: { general: 25 },
  },
  {
    says: "« c'est quoi mon CA ce mois-ci » asks for one's own figure, not a definition",
    when: (e) => e.ownFigureQuestion && e.hasMetric,
    weights: { view_data: 30 },
  },
  {
    says: "a rule word (« chaque mois », « automatiquement », « dès qu'un devis est signé »)",
    when: (e) => e.automation !== undefined && !e.automationAsked,
    weights: { create_automation: 18 },
  },
  {
    says: "« montre mes automatisations »: the planner lists rules, not the assistant",
    when: (e) => e.automation !== undefined && e.automationAsked,
    weights: { general: 20 },
  },
  {
    says: "a note to oneself (« note-moi de », « à faire : », « rappel : », « n'oublie pas de »)",
    when: (e) => e.taskIdiom !== undefined,
    weights: { create: 11 },
  },
  {
    says: "a task named as such: its verbs are its title, even « relancer Dupont pour sa facture »",
    when: (e) => e.subject?.value === "task" && e.kind !== "view" && (e.hasVerb || !e.askingForm),
    weights: { create: 9 },
  },
  {
    says: "the reminders of invoices (« programme les relances de la facture … »), never a new invoice",
    when: (e) => e.invoiceReminders,
    weights: { general: 9 },
  },
  {
    says: "a payment told as a fact (« Dupont a payé 1 800 € ce matin », « j'ai reçu un chèque »)",
    when: (e) => e.payment !== undefined && !e.paymentAsked,
    weights: { record_payment: 8 },
  },
  {
    says: "« encaisse la facture … via Stripe » collects through the service",
    when: (e) => e.payment !== undefined && !e.paymentAsked && e.collecting && e.integration !== undefined,
    weights: { use_integration: 10 },
  },
  {
    says: "a service named (Stripe, Zapier…) about something else than a new document for it",
    when: (e) =>
      e.integration !== undefined &&
      (e.subject === undefined || e.collecting || !(e.kind === "create" && isDocument(e.subject.value))),
    weights: { use_integration: 7 },
  },
  {
    says: "a creation verb or « nouveau » before the record word (« crée une facture »)",
    when: (e) => e.subject !== undefined && e.kind === "create" && e.hasVerb,
    weights: { create: 5 },
  },
  {
    says: "a verb asking to see before the record word (« montre mes devis »)",
    when: (e) => e.subject !== undefined && e.kind === "view" && e.hasVerb,
    weights: { view_data: 5 },
  },
  {
    says: "a verb that is neither (« relance », « envoie », « supprime »): the planner's business",
    when: (e) => e.kind === "other",
    weights: { general: 6 },
  },
  {
    says: "contracts are not a list the assistant shows",
    when: (e) => e.subject?.value === "contract" && e.kind === "view",
    weights: { general: 7 },
  },
  {
    says: "someone else's account asked about (answered with one's own data only)",
    when: (e) => e.isAboutOtherAccount && e.kind !== "other",
    weights: { view_data: 6.5 },
  },
  {
    says: "« enregistre un paiement de 500 € »: a payment is recorded, not created",
    when: (e) => e.subject?.value === "payment" && e.kind !== "view" && (e.hasVerb || !e.askingForm),
    weights: { record_payment: 6 },
  },
  {
    says: "without a verb, a figure word asks for it (« total facturé l'an dernier »)",
    when: (e) => e.subject !== undefined && !e.hasVerb && e.hasMetric,
    weights: { view_data: 3.5 },
  },
  {
    says: "without a verb, an amount makes a record (« facture dupont 500 euros »)",
    when: (e) => e.subject !== undefined && !e.hasVerb && e.hasAmount,
    weights: { create: 3 },
  },
  {
    says: "without a verb, a plural, a question, « mes … » or a status asks (« factures de dupont »)",
    when: (e) => e.subject !== undefined && !e.hasVerb && e.askingForm,
    weights: { view_data: 2 },
  },
  {
    says: "without a verb, a lone record word makes one (« facture dupont »)",
    when: (e) => e.subject !== undefined && !e.hasVerb,
    weights: { create: 1 },
  },
  {
    says: "« est-ce que Dupont a payé ? », with no record word: a question about invoices",
    when: (e) => e.subject === undefined && e.isQuestion && e.paidQuestion,
    weights: { view_data: 6 },
  },
  {
    says: "a figure asked for without a record word (« combien j'ai gagné ce mois-ci ? »)",
    when: (e) =>
      e.subject === undefined &&
      (e.hasMetric || e.isAboutOtherAccount) &&
      !(e.hasAmount && e.hasSpendingWord) &&
      e.kind !== "create" &&
      e.kind !== "other",
    weights: { view_data: 4 },
  },
  {
    says: "something bought and its price (« 25 € de taxi hier »): an expense",
    when: (e) => e.hasAmount && e.hasSpendingWord && (e.subject === undefined || e.kind !== "view"),
    weights: { create: 4.5 },
  },
];

/** Each action's total over the evidence that holds. Exported for the table tests. */
export function scoreActions(evidence: Evidence): Record<Candidate, number> {
  const scores: Record<Candidate, number> = {
    general: 0,
    create_automation: 0,
    use_integration: 0,
    record_payment: 0,
    view_data: 0,
    create: 0,
  };
  for (const item of EVIDENCE)
    if (item.when(evidence))
      for (const [candidate, weight] of Object.entries(item.weights) as [Candidate, number][])
        scores[candidate] += weight;
  return scores;
}

function bestAction(evidence: Evidence): Candidate {
  const scores = scoreActions(evidence);
  let best: Candidate = "general";
  for (const candidate of Object.keys(scores) as Candidate[])
    if (scores[candidate] > scores[best]) best = candidate;
  return best;
}

/**
 * Which action a command asks for, scored from all the evidence (`EVIDENCE`), then the words that said it
 * taken from the scan so that they are neither a name nor a title.
 */
export function detectIntent(scan: Scan, signs: Signs): Intent {
  const evidence = readEvidence(scan, signs);
  const action = bestAction(evidence);
  switch (action) {
    case "general":
      return { action: "general" };
    case "use_integration":
      return { action: "use_integration", integration: evidence.integration as AssistantIntegration };
    case "create_automation": {
      if (evidence.automation) take(scan, evidence.automation);
      takeCreationVerbs(scan, evidence.cues, evidence.automation?.start ?? scan.folded.length);
      return { action: "create_automation", integration: evidence.integration };
    }
    case "record_payment":
      return recordPayment(scan, evidence);
    case "view_data": {
      const subject = evidence.subject;
      if (!subject || subject.value === "contract") return { action: "view_data" };
      take(scan, subject);
      return { action: "view_data", dataType: DATA_TYPES[subject.value] };
    }
    case "create":
      return create(scan, evidence);
  }
}

type Reading = Evidence & { cues: Found<CueKind>[]; subjects: Found<Subject>[] };

function readEvidence(scan: Scan, signs: Signs): Reading {
  const subjects = findSubjects(scan);
  const cues = findCues(scan, subjects);
  const integration = findIntegration(scan);
  const isQuestion = QUESTION.test(scan.folded);
  const automation =
    firstMatch(scan, AUTOMATION) ?? (isQuestion ? undefined : firstMatch(scan, AUTOMATION_TRIGGER));
  const taskIdiom = firstMatch(scan, TASK_IDIOM);
  const payment = findPaymentReport(scan);
  const subject = chooseSubject(subjects, cues);
  const verbKind = subject && kindBefore(cues, subject.start);
  return {
    ...signs,
    cues,
    subjects,
    advice: ADVICE.test(foldedOutsideNames(scan)),
    ownFigureQuestion: OWN_FIGURE_QUESTION.test(scan.folded),
    isQuestion,
    automation,
    automationAsked: automation !== undefined && kindBefore(cues, automation.start) === "view",
    taskIdiom,
    invoiceReminders: INVOICE_REMINDERS.test(scan.folded),
    payment,
    paymentAsked: payment !== undefined && (isQuestion || kindBefore(cues, payment.start) === "view"),
    collecting: ENCASH.test(scan.folded),
    integration,
    subject,
    kind: subject ? (verbKind ?? kindWithoutVerb(signs)) : kindBefore(cues, scan.folded.length),
    hasVerb: verbKind !== undefined,
    askingForm: subject !== undefined && isAskingForm(scan, subject),
    projectAside: PROJECT_ASIDE.test(scan.folded),
    paidQuestion: PAID_QUESTION.test(scan.folded),
  };
}

function isDocument(subject: Subject): boolean {
  return subject === "invoice" || subject === "quote";
}

function recordPayment(scan: Scan, evidence: Reading): Intent {
  const { payment, cues, subjects, integration } = evidence;
  if (payment) {
    takeCuesBefore(scan, cues, payment.end);
    for (const span of payment.taken) take(scan, span);
  } else if (evidence.subject) take(scan, evidence.subject);
  if (evidence.subject) takeCreationVerbs(scan, cues, evidence.subject.start);
  // "marque la facture Dupont comme payée": the invoice word, next to the client's name.
  const invoice = subjects.find((found) => found.value === "invoice" && isFree(scan, found));
  if (invoice) take(scan, invoice);
  if (!payment) return { action: "record_payment" };
  return { action: "record_payment", integration, span: invoice, report: payment };
}

/** The record to create: a task for a note to oneself, an expense for something bought, else the word said. */
function create(scan: Scan, evidence: Reading): Intent {
  const { subject, cues, taskIdiom } = evidence;
  if (taskIdiom) {
    take(scan, taskIdiom);
    return { action: "create", subject: "task" };
  }
  const isSpending = evidence.hasAmount && evidence.hasSpendingWord;
  // "Ajoute 45 € de déjeuner client", "taxi 35 € pour la mission à Lille": what was bought, not a record.
  const isBought =
    isSpending &&
    (!subject || subject.value === "client" || (subject.value === "project" && evidence.projectAside));
  if (!subject || isBought) {
    takeCreationVerbs(scan, cues, scan.folded.length);
    return { action: "create", subject: "expense" };
  }
  take(scan, subject);
  takeCreationVerbs(scan, cues, subject.start);
  if (subject.value === "payment") return { action: "record_payment" };
  // "… et envoie-la": a verb of its own, not the document's title; a task's verbs are its title.
  if (subject.value !== "task")
    for (const cue of cues) if (cue.value === "other" && cue.start > subject.start) take(scan, cue);
  if (subject.value === "contract")
    return { action: "create", subject: "contract", span: withParty(scan, subject) };
  return { action: "create", subject: subject.value, span: subject, integration: evidence.integration };
}

// "un contrat avec Bati-Ouest", "un contrat de maintenance avec …": the other party follows "avec", typed in
// lower case as often as not; the kind of contract between them stays for the title.
const CONTRACT_PARTY = /^((?:\s+d(?:e|')\s*\p{L}+)?)\s+avec\s+/u;

/** The contract word and its "avec", taken, so that the name after them is read as the client's. */
function withParty(scan: Scan, subject: Span): Span {
  const party = CONTRACT_PARTY.exec(scan.folded.slice(subject.end));
  if (!party) return subject;
  const end = subject.end + party[0].length;
  take(scan, { start: subject.end + (party[1] as string).length, end });
  return { start: subject.start, end };
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

/** Without a verb the evidence weighs the form (`EVIDENCE`); the kind only says it is neither "other" nor a verb. */
function kindWithoutVerb({ hasMetric }: Signs): CueKind | undefined {
  return hasMetric ? "view" : undefined;
}

// Words that end in "s" in the singular too.
const INVARIABLE_WORDS = new Set(["devis", "deviss", "dvis", "deivs", "frais"]);

/** "factures de dupont" lists them, "mes devis", "factures en retard ?" too; "facture dupont" makes one. */
function isAskingForm(scan: Scan, subject: Span): boolean {
  const word = /^\p{L}+/u.exec(scan.folded.slice(subject.start, subject.end))?.[0] ?? "";
  const isPlural = word.endsWith("s") && !INVARIABLE_WORDS.has(word);
  return (
    isPlural ||
    QUESTION.test(scan.folded) ||
    POSSESSIVE_BEFORE.test(scan.folded.slice(0, subject.start)) ||
    STATUS_WORDS.test(scan.folded)
  );
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
