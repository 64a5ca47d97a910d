import type { ExpenseCategory } from "../../../schemas/expenses";
import type {
  InterpretationMetric,
  InterpretedPaymentMethod,
  ViewDataType,
} from "../../../schemas/interpretation";

/**
 * The shape of one half of the harness's vocabulary. Two halves exist: `lexicon-tuning.ts`, which the people
 * improving the interpreter may read and test on, and `lexicon-heldout.ts`, which they must never read, so
 * that its score says how the interpreter copes with French nobody tuned it for.
 */

/** The commands the harness composes; its report counts accuracy for each. */
export const harnessIntents = [
  "invoice",
  "quote",
  "client",
  "expense",
  "project",
  "task",
  "contract",
  "payment",
  "figure",
] as const;
export type HarnessIntent = (typeof harnessIntents)[number];

/** The intents opened by a verb and a noun: « crée une facture », « ajoute un client ». */
export type CreationIntent = Exclude<HarnessIntent, "payment" | "figure">;

export type Verb = { imperative: string; infinitive: string };

export type Noun = {
  /** With its article: « une facture », « un devis ». */
  phrase: string;
  /** Alone, as a note-taking heading: « facture », « dépense » (absent where bare it would be ambiguous). */
  bare?: string;
  /** « nouvelle facture », « nouveau client ». */
  fresh: string;
};

/** A person, as a client: first name, last name, grammatical gender (for the civility). */
export type Person = readonly [first: string, last: string, gender: "f" | "m"];

export type ExpenseItem = {
  /** As said after « de » or « pour »: « taxi », « billet de train ». */
  text: string;
  category: ExpenseCategory;
};

/** A repeated expense, « 2 nuits d'hôtel à 85 € »: the plural of what is counted (always two or more). */
export type CountedExpense = { plural: string; category: ExpenseCategory };

/** What the template's own words mean, beyond its slots: a figure question's metric, a cheque said in passing. */
export type TemplateLabels = {
  metric?: InterpretationMetric;
  dataType?: ViewDataType;
  paymentMethod?: InterpretedPaymentMethod;
};

/**
 * A sentence skeleton. Slots in braces are filled by the grammar and carry their own labels:
 * {open} the verb and noun, {client} a client name, {name} a new client's name, {amount} an amount,
 * {lines} quantity × unit-price lines, {due} a due date, {validity} a quote's validity, {date} a past day,
 * {item} what an expense was for, {counted} a repeated expense, {project} a project name, {task} a task,
 * {email}, {phone}, {invoice} an invoice number, {method} a payment method, {span} a service period,
 * {period} a period asked about.
 */
export type Template = { text: string; labels?: TemplateLabels };

export type Lexicon = {
  part: "tuning" | "held-out";
  companies: readonly string[];
  persons: readonly Person[];
  lineDescriptions: readonly string[];
  expenseItems: readonly ExpenseItem[];
  countedExpenses: readonly CountedExpense[];
  projectNames: readonly string[];
  taskTitles: readonly string[];
  verbs: Readonly<Record<CreationIntent, readonly Verb[]>>;
  nouns: Readonly<Record<CreationIntent, readonly Noun[]>>;
  /** How a request is framed around a verb and a noun: {imp}, {inf}, {noun}, {bare}, {fresh}. */
  frames: readonly string[];
  templates: Readonly<Record<HarnessIntent, readonly Template[]>>;
};
