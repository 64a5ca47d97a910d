import { formatDate } from "@shared/format";
import { paths } from "@shared/paths";
import { z } from "zod";
import { scheduleReminders as planReminders } from "../../invoices/invoices.service";
import {
  planUnpaidReminders,
  type UnpaidRemindersPlan,
  type UnpaidScope,
} from "../../invoices/unpaid-reminders.service";
import { type ActionContext, type ActionOutcome, defineAction, invoiceNumber } from "./common";
import { payableInvoice } from "./record-payment";

const SCOPE_WORDS: Record<UnpaidScope, string> = {
  impayées: "impayées",
  "en-retard": "en retard",
};

const input = z
  .object({
    invoiceNumber: invoiceNumber.optional(),
    invoices: z
      .enum(["impayées", "en-retard"])
      .optional()
      .describe(
        "Sans numéro : toutes les factures émises non réglées (impayées) ou seulement celles en retard",
      ),
  })
  .refine((value) => value.invoiceNumber || value.invoices, {
    message: "Indiquez le numéro de la facture, ou s'il s'agit de toutes vos factures impayées.",
  });
type Input = z.infer<typeof input>;

const ONE_INVOICE_DETAILS = [{ label: "Rappels", value: "7 et 3 jours avant l'échéance, puis le jour même" }];
const UNPAID_DETAILS = [
  { label: "En retard", value: "relance par e-mail aujourd'hui" },
  { label: "Pas échues", value: "rappels à J-7, J-3 et le jour J" },
];

export const scheduleReminders = defineAction({
  input,
  tool: "Programme les rappels de paiement (J-7, J-3, jour J) d'une facture émise non réglée, ou relance toutes les factures impayées (ou en retard) : relance le jour même pour une facture en retard.",
  // The reminders are e-mailed to the client, asking for money, without the user looking again.
  consent: { always: ["sends-email", "moves-money"] },
  failure: "Erreur lors de la programmation des rappels",
  // Said before proposing: an unknown, unissued or paid invoice, or nothing to remind, gets no proposal to
  // confirm in vain.
  prepare: async ({ db, userId, now }, given: Input) => {
    if (given.invoiceNumber) {
      const found = await payableInvoice(db, userId, given.invoiceNumber);
      return found.invoice ? { input: { invoiceNumber: given.invoiceNumber } } : { question: found.question };
    }
    const scope = given.invoices ?? "impayées";
    const plan = await planUnpaidReminders(db, { userId, scope, apply: false, now });
    return plan.planned.length ? { input: { invoices: scope } } : { question: nothingToRemind(scope, plan) };
  },
  describe: (given: Input) =>
    given.invoiceNumber
      ? {
          summary: `Programmer les rappels de paiement de la facture ${given.invoiceNumber}`,
          details: ONE_INVOICE_DETAILS,
        }
      : {
          summary: `Relancer vos factures ${SCOPE_WORDS[given.invoices ?? "impayées"]}`,
          details: UNPAID_DETAILS,
        },
  run: async (context, given: Input) =>
    given.invoiceNumber ? remindOne(context, given.invoiceNumber) : remindUnpaid(context, given.invoices),
});

async function remindOne({ db, userId, now }: ActionContext, number: string) {
  const { invoice, scheduled } = await planReminders(db, { userId, invoiceNumber: number, now });
  const label = invoice.invoiceNumber ?? "";
  const plural = scheduled.length > 1 ? "s" : "";
  return {
    success: true,
    message: scheduled.length
      ? `${scheduled.length} rappel${plural} programmé${plural} pour la facture ${label} : ${scheduled.map(formatDate).join(", ")}.`
      : `Les rappels de la facture ${label} sont déjà programmés, ou son échéance est passée.`,
    data: { id: invoice.id, label: `Facture ${label}`, link: paths.app.invoices.detail(invoice.id) },
  };
}

async function remindUnpaid(
  { db, userId, now }: ActionContext,
  scope: UnpaidScope = "impayées",
): Promise<ActionOutcome> {
  const plan = await planUnpaidReminders(db, { userId, scope, apply: true, now });
  if (plan.planned.length === 0) return { success: true, message: nothingToRemind(scope, plan) };
  const relances = plan.planned.filter((invoice) => invoice.kind === "relance");
  const upcoming = plan.planned.filter((invoice) => invoice.kind === "rappels");
  const message = [
    relances.length
      ? `Relance envoyée aujourd'hui pour ${countOf(relances.length)} en retard : ${relances.map(named).join(", ")}.`
      : "",
    upcoming.length
      ? `Rappels programmés pour ${countOf(upcoming.length)} pas encore échue${upcoming.length > 1 ? "s" : ""} : ${upcoming.map((invoice) => `${named(invoice)} (${invoice.days.map(formatDate).join(", ")})`).join(", ")}.`
      : "",
    unreachable(plan),
  ];
  return { success: true, message: message.filter(Boolean).join("\n") };
}

const countOf = (count: number) => `${count} facture${count > 1 ? "s" : ""}`;
const named = (invoice: { invoiceNumber: string; clientName: string }) =>
  `${invoice.invoiceNumber} (${invoice.clientName})`;

/** The invoices left out because their client has no address: said, so that the user can add it. */
const unreachable = ({ withoutEmail }: UnpaidRemindersPlan) =>
  withoutEmail.length
    ? `Sans adresse e-mail du client, donc non relancée${withoutEmail.length > 1 ? "s" : ""} : ${withoutEmail.join(", ")}.`
    : "";

function nothingToRemind(scope: UnpaidScope, plan: UnpaidRemindersPlan): string {
  if (plan.alreadyPlanned.length === 0 && plan.withoutEmail.length === 0)
    return `Vous n'avez aucune facture ${SCOPE_WORDS[scope]} à relancer.`;
  return [
    plan.alreadyPlanned.length
      ? `Les relances sont déjà prévues pour ${plan.alreadyPlanned.join(", ")}.`
      : "",
    unreachable(plan),
  ]
    .filter(Boolean)
    .join(" ");
}
