import { formatDate, formatMoney } from "@shared/format";
import type { FigureAnswer } from "@shared/schemas/figures";
import type { InvoiceDto } from "@shared/schemas/invoices";
import { type InvoiceStatus, invoiceStatusLabels } from "@shared/schemas/invoices";
import { type InvoiceListSummary, summarizeInvoices } from "../invoices/invoices.service";
import { FEMININE, NOUNS } from "./list-words";
import type { ReadFilter, RecordList } from "./reads";
import type { Turn } from "./turn";

/** The invoice statuses as said after « factures » (agreed in number where French agrees them). */
const SPOKEN_STATUS: Record<InvoiceStatus, [string, string]> = {
  brouillon: ["en brouillon", "en brouillon"],
  "en-attente": ["en attente de paiement", "en attente de paiement"],
  payée: ["payée", "payées"],
  "en-retard": ["en retard", "en retard"],
  annulée: ["annulée", "annulées"],
};

const SHOWN = "La liste complète est affichée à l'écran.";
const OFFER_DETAIL = "Voulez-vous que je les détaille ?";
const OFFER_REMINDERS = "Voulez-vous que je prépare les relances ?";

/*
 * What the voice agent says for a list that the chat and the transcript show in full (issue 27: reading
 * the overdue invoices took 89 s): how many, what they add up to, the one that matters most, then an
 * offer. Built from the records' figures, never from the written answer, and sent as a `speech` event
 * before the text, on the voice channel only. A short answer (no record, or one) is read as written.
 */

/** A list of records (readRecords), summed up aloud. */
export async function sayListAloud(turn: Turn, list: RecordList, filter: ReadFilter, periodLabel?: string) {
  if (turn.channel !== "voice" || list.total <= 1) return;
  if (list.dataType === "invoices") {
    const status =
      filter.status && filter.status in invoiceStatusLabels ? (filter.status as InvoiceStatus) : undefined;
    const summary = await summarizeInvoices(turn.db, {
      userId: turn.userId,
      now: turn.now,
      query: { search: filter.search, status, from: filter.period?.from, to: filter.period?.to },
    });
    const kind = [
      status ? SPOKEN_STATUS[status][summary.count > 1 ? 1 : 0] : "",
      filter.search ? `pour ${filter.search}` : "",
      periodLabel ? `émises ${periodLabel}` : "",
    ];
    const figure =
      summary.dueCents > 0
        ? `${formatMoney(summary.dueCents)} restent à encaisser`
        : `${formatMoney(summary.totalCents)} au total`;
    return say(turn, speakInvoices(summary.count, kind, figure, summary));
  }
  const [, many] = NOUNS[list.dataType];
  const first = list.items[0];
  say(turn, [
    `Vous avez ${list.total} ${many}.`,
    first ? `${FEMININE.has(list.dataType) ? "La première" : "Le premier"} : ${first.label}.` : "",
    SHOWN,
    OFFER_DETAIL,
  ]);
}

/** A figure's answer (answerFigures): the overdue invoices are a list, summed up with the figure's own total. */
export async function sayFiguresAloud(turn: Turn, answer: FigureAnswer) {
  const count = Number(answer.figures.enRetard ?? 0);
  if (turn.channel !== "voice" || answer.metric !== "overdue" || count <= 1) return;
  const summary = await summarizeInvoices(turn.db, {
    userId: turn.userId,
    now: turn.now,
    query: { status: "en-retard" },
  });
  const figure = `${formatMoney(Number(answer.figures.enRetardCents ?? 0))} restent à encaisser`;
  say(turn, speakInvoices(count, [SPOKEN_STATUS["en-retard"][1]], figure, summary));
}

function speakInvoices(
  count: number,
  kind: string[],
  figure: string,
  { oldestDue, largestDue }: Pick<InvoiceListSummary, "oldestDue" | "largestDue">,
): string[] {
  const what = kind.filter(Boolean).join(" ");
  const isOverdue = oldestDue?.status === "en-retard";
  const dueOn = (invoice: InvoiceDto) => formatDate(invoice.dueDate ?? invoice.date);
  return [
    `Vous avez ${count} factures${what ? ` ${what}` : ""}, ${figure}.`,
    oldestDue
      ? isOverdue
        ? `La plus ancienne : ${owed(oldestDue)}, échue depuis le ${dueOn(oldestDue)}.`
        : `La prochaine échéance : ${owed(oldestDue)}, le ${dueOn(oldestDue)}.`
      : "",
    largestDue && largestDue.id !== oldestDue?.id ? `La plus importante : ${owed(largestDue)}.` : "",
    SHOWN,
    isOverdue ? OFFER_REMINDERS : OFFER_DETAIL,
  ];
}

/** « Boulangerie Dupont, 1 200,00 € » : who owes it and what is left to pay. */
const owed = (invoice: InvoiceDto) => `${invoice.clientName}, ${formatMoney(invoice.dueCents)}`;

const say = (turn: Turn, sentences: string[]) =>
  turn.emit({ type: "speech", text: sentences.filter(Boolean).join(" ") });
