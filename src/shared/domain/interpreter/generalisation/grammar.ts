import type { ExpenseCategory } from "../../../schemas/expenses";
import type {
  InterpretationAction,
  InterpretationMetric,
  InterpretedPaymentMethod,
  ViewDataType,
} from "../../../schemas/interpretation";
import { documentValue, renderAmount, smallValue } from "./amount-forms";
import { HARNESS_TODAY } from "./calendar";
import {
  renderDueDay,
  renderPastDay,
  renderPeriod,
  renderSpan,
  renderTaskDay,
  renderValidity,
} from "./date-forms";
import {
  type CreationIntent,
  type HarnessIntent,
  harnessIntents,
  type Lexicon,
  type Template,
} from "./lexicon";
import { renderCounted, renderLines } from "./line-forms";
import { fitsAfter, type RenderedName, renderCompany, renderPerson } from "./name-forms";
import { addTypo, dictate, dropAccents, joinSegments, type Segment, smsStyle } from "./noise";
import { Random } from "./random";
import { renderEmail, renderInvoiceNumber, renderPaymentMethod, renderPhone } from "./slot-forms";

/**
 * Composes labelled French commands from independent parts: an intent's template, a verb in a frame, names,
 * amounts, lines, dates, politeness, then dictation noise, typos, missing accents or SMS style. The labels
 * are what a French speaker expects from the sentence, computed from the parts, never from the interpreter.
 */
export type ExpectedLabels = {
  action: InterpretationAction;
  client?: string;
  /** A new client's name (exact), or a new project's name (compared as free text). */
  name?: string;
  amount?: number;
  priceBasis?: "HT" | "TTC";
  date?: string;
  dueDate?: string;
  validUntil?: string;
  serviceStartDate?: string;
  serviceEndDate?: string;
  title?: string;
  category?: ExpenseCategory;
  email?: string;
  phone?: string;
  invoiceNumber?: string;
  paymentMethod?: InterpretedPaymentMethod;
  metric?: InterpretationMetric;
  dataType?: ViewDataType;
  /** A period's first day, and the last days that give the same figure. */
  period?: { from: string; to: readonly string[] };
};

export type GeneratedCase = { text: string; intent: HarnessIntent; expected: ExpectedLabels; tags: string[] };

const ACTIONS: Record<HarnessIntent, InterpretationAction> = {
  invoice: "create_invoice",
  quote: "create_quote",
  client: "create_client",
  expense: "create_expense",
  project: "create_project",
  task: "create_task",
  contract: "create_contract",
  payment: "record_payment",
  figure: "view_data",
};

const POLITE_OPENINGS = ["stp ", "s'il te plaît, ", "bonjour, ", "salut, "];
const POLITE_CLOSINGS = [
  " stp",
  " s'il te plaît",
  " s'il vous plaît",
  " svp",
  ", merci",
  " merci !",
  " merci beaucoup",
];
/** Documents one issues may say their price basis. */
const PRICED: ReadonlySet<HarnessIntent> = new Set(["invoice", "quote", "contract"]);

type Noise = { dictation: boolean; typo: boolean; noAccents: boolean; sms: boolean; polite: boolean };

function frameForm(frame: string): string {
  if (frame.includes("{bare}") || frame.includes("{fresh}") || frame.startsWith("il me faut"))
    return "form:nominal";
  if (frame.startsWith("{imp}")) return "form:imperative";
  if (frame.startsWith("{inf}")) return "form:infinitive";
  return "form:request";
}

class CaseBuilder {
  readonly segments: Segment[] = [];
  readonly expected: ExpectedLabels;
  readonly tags: string[] = [];
  /** Free-text labels (a project's name, a task's title) read back from their piece after the noise. */
  private readonly freeLabels: { segment: Segment; key: "name" | "title" }[] = [];
  private lastName?: { label: string; isPerson: boolean };

  constructor(
    private readonly random: Random,
    private readonly lexicon: Lexicon,
    readonly intent: HarnessIntent,
    private readonly noise: Noise,
    labels: Template["labels"],
  ) {
    this.expected = { action: ACTIONS[intent], ...labels };
  }

  private get preceding(): string {
    return this.segments.map((segment) => segment.text).join("");
  }

  private push(text: string, kind: Segment["kind"], tags: readonly string[] = []): Segment {
    const segment = { text, kind };
    this.segments.push(segment);
    this.tags.push(...tags);
    return segment;
  }

  fixed(text: string): void {
    this.push(text, "fixed");
  }

  private open(): void {
    const intent = this.intent as CreationIntent;
    const frame = this.random.pick(this.lexicon.frames);
    const verb = this.random.pick(this.lexicon.verbs[intent]);
    const noun = this.random.pick(this.lexicon.nouns[intent]);
    const text = frame
      .replace("{imp}", verb.imperative)
      .replace("{inf}", verb.infinitive)
      .replace("{noun}", noun.phrase)
      .replace("{bare}", noun.bare ?? noun.fresh)
      .replace("{fresh}", noun.fresh);
    this.push(text, "open", [frameForm(frame)]);
  }

  private name(existing: boolean): RenderedName & { isPerson: boolean } {
    const context = { preceding: this.preceding, dictation: this.noise.dictation, existing };
    if (this.random.chance(0.3))
      return {
        ...renderPerson(this.random, this.random.pick(this.lexicon.persons), context),
        isPerson: true,
      };
    const companies = this.lexicon.companies.filter((company) => fitsAfter(company, context.preceding));
    return { ...renderCompany(this.random, this.random.pick(companies), context), isPerson: false };
  }

  private amount(): void {
    const casual = this.intent === "expense" || this.intent === "payment";
    const value =
      this.intent === "expense" || (this.intent === "payment" && this.random.chance(0.5))
        ? smallValue(this.random)
        : documentValue(this.random);
    const amount = renderAmount(this.random, value, { dictation: this.noise.dictation, casual });
    let text = amount.text;
    if (PRICED.has(this.intent) && !this.noise.dictation && this.random.chance(0.2)) {
      const basis = this.random.pick(["HT", "TTC"] as const);
      text = `${text} ${basis}`;
      this.expected.priceBasis = basis;
      this.tags.push("amount:basis");
    }
    this.expected.amount = value;
    this.push(text, "amount", amount.tags);
  }

  slot(slot: string): void {
    const { random, lexicon, noise, expected } = this;
    const context = { dictation: noise.dictation, casual: this.intent === "expense" };
    switch (slot) {
      case "open":
        this.open();
        return;
      case "client":
      case "name": {
        const name = this.name(slot === "client");
        this.lastName = { label: name.label, isPerson: name.isPerson };
        expected[slot] = name.label;
        this.push(name.text, "name", name.tags);
        return;
      }
      case "amount":
        this.amount();
        return;
      case "lines": {
        const lines = renderLines(random, lexicon.lineDescriptions, context);
        expected.amount = lines.total;
        this.push(lines.text, "amount", lines.tags);
        return;
      }
      case "counted": {
        const counted = random.pick(lexicon.countedExpenses);
        const lines = renderCounted(random, counted, context);
        expected.amount = lines.total;
        expected.category = counted.category;
        this.push(lines.text, "amount", lines.tags);
        return;
      }
      case "due": {
        const day =
          this.intent === "task"
            ? renderTaskDay(random, noise.dictation)
            : renderDueDay(random, noise.dictation);
        expected.dueDate = day.iso;
        this.push(day.text, "date", day.tags);
        return;
      }
      case "validity": {
        const day = renderValidity(random, noise.dictation);
        expected.validUntil = day.iso;
        this.push(day.text, "date", day.tags);
        return;
      }
      case "date": {
        const day = renderPastDay(random, noise.dictation);
        expected.date = day.iso;
        this.push(day.text, "date", day.tags);
        return;
      }
      case "span": {
        const span = renderSpan(random, noise.dictation);
        expected.serviceStartDate = span.start;
        expected.serviceEndDate = span.end;
        this.push(span.text, "date", span.tags);
        return;
      }
      case "period": {
        const period = renderPeriod(random);
        expected.period = { from: period.from, to: period.to };
        this.push(period.text, "date", period.tags);
        return;
      }
      case "item": {
        const item = random.pick(lexicon.expenseItems);
        expected.category = item.category;
        this.push(item.text, "free");
        return;
      }
      case "project":
        this.freeLabels.push({ segment: this.push(random.pick(lexicon.projectNames), "free"), key: "name" });
        return;
      case "task":
        this.freeLabels.push({ segment: this.push(random.pick(lexicon.taskTitles), "free"), key: "title" });
        return;
      case "email": {
        const email = renderEmail(
          random,
          this.lastName?.label ?? "contact",
          this.lastName?.isPerson ?? false,
        );
        expected.email = email;
        this.push(email, "contact", ["contact:email"]);
        return;
      }
      case "phone": {
        const phone = renderPhone(random);
        expected.phone = phone.label;
        this.push(phone.text, "contact", ["contact:phone"]);
        return;
      }
      case "invoice": {
        const number = renderInvoiceNumber(random);
        expected.invoiceNumber = number.label;
        this.push(number.text, "contact", ["invoice-number"]);
        return;
      }
      case "method": {
        const method = renderPaymentMethod(random);
        expected.paymentMethod = method.label;
        this.push(method.text, "fixed");
        return;
      }
      default:
        throw new Error(`Unknown slot {${slot}}`);
    }
  }

  finish(): GeneratedCase {
    const { random, noise } = this;
    if (noise.polite) {
      if (random.chance(0.4)) this.segments.unshift({ text: random.pick(POLITE_OPENINGS), kind: "fixed" });
      else {
        const closing = random.pick(POLITE_CLOSINGS);
        // After a question mark, « merci » comes without a comma: « … en retard ? merci ».
        const asked = this.segments.at(-1)?.text.trimEnd().endsWith("?");
        this.segments.push({ text: asked ? ` ${closing.replace(/^,\s*/, "")}` : closing, kind: "fixed" });
      }
      this.tags.push("politeness");
    }
    if (noise.typo) {
      const tag = addTypo(random, this.segments);
      if (tag) this.tags.push(tag);
    }
    if (noise.noAccents) {
      dropAccents(this.segments);
      this.tags.push("no-accents");
    }
    if (noise.sms) {
      smsStyle(this.segments);
      this.tags.push("sms");
    }
    const segments = noise.dictation ? dictate(random, this.segments) : this.segments;
    if (noise.dictation) this.tags.push("dictation");
    // The baseline: typed carefully, nothing added, so noise's cost reads as the gap to this class.
    if (!Object.values(noise).some(Boolean)) this.tags.push("noise:none");
    // A name ending in a number followed by a number (« Atelier 42 1 200 € ») needs the comma a person types.
    for (const [index, segment] of segments.entries()) {
      const next = segments[index + 1];
      if (segment.kind === "name" && /\d$/.test(segment.text) && next && /^\s*\d/.test(next.text))
        segment.text += ",";
    }
    for (const { segment, key } of this.freeLabels) this.expected[key] = segment.text.trim();
    if (this.intent === "expense" && this.expected.date === undefined) this.expected.date = HARNESS_TODAY;
    let text = joinSegments(segments);
    if (!noise.dictation && random.chance(0.6)) text = text.charAt(0).toUpperCase() + text.slice(1);
    return { text, intent: this.intent, expected: this.expected, tags: [...new Set(this.tags)] };
  }
}

function generateOne(random: Random, lexicon: Lexicon): GeneratedCase {
  const intent = random.pick(harnessIntents);
  const template = random.pick(lexicon.templates[intent]);
  // An e-mail address is typed, not dictated.
  const dictation = !template.text.includes("{email}") && random.chance(0.15);
  const noise: Noise = {
    dictation,
    typo: !dictation && random.chance(0.15),
    noAccents: !dictation && random.chance(0.12),
    sms: !dictation && random.chance(0.08),
    polite: random.chance(0.25),
  };
  const builder = new CaseBuilder(random, lexicon, intent, noise, template.labels);
  for (const piece of template.text.split(/(\{\w+\})/)) {
    if (piece === "") continue;
    const slot = /^\{(\w+)\}$/.exec(piece)?.[1];
    if (slot) builder.slot(slot);
    else builder.fixed(piece);
  }
  return builder.finish();
}

/** `count` commands from one half of the vocabulary, the same ones for the same seed. */
export function generateCases(lexicon: Lexicon, seed: number, count: number): GeneratedCase[] {
  const random = new Random(seed);
  return Array.from({ length: count }, () => generateOne(random, lexicon));
}
