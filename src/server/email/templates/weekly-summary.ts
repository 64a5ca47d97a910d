import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import type { DashboardDto } from "@shared/schemas/dashboard";
import { type RenderedEmail, renderEmail } from "../layout";

const invoicesCount = (count: number) => `${count} facture${count > 1 ? "s" : ""}`;

/** The Monday-morning summary an active "Bilan hebdomadaire" rule sends to the freelancer. */
export function weeklySummaryEmail({
  name,
  appUrl,
  dashboard,
}: {
  name?: string | null;
  appUrl: string;
  dashboard: DashboardDto;
}): RenderedEmail {
  const collected = formatMoney(dashboard.revenue.monthCents);
  const { pending, overdue, dueSoon } = dashboard;
  return renderEmail({
    subject: `Votre bilan de la semaine : ${collected} encaissés ce mois-ci`,
    preheader: overdue.count
      ? `${invoicesCount(overdue.count)} en retard (${formatMoney(overdue.amountCents)}) à relancer.`
      : `${invoicesCount(pending.count)} en attente de paiement.`,
    heading: "Votre bilan de la semaine",
    name,
    intro: [`Voici où en est votre activité au ${formatDate(dashboard.today)}.`],
    details: [
      { label: "Encaissé ce mois-ci", value: collected },
      { label: "Résultat net du mois", value: formatMoney(dashboard.net.monthCents) },
      {
        label: "En attente de paiement",
        value: `${invoicesCount(pending.count)} · ${formatMoney(pending.amountCents)}`,
      },
      { label: "En retard", value: `${invoicesCount(overdue.count)} · ${formatMoney(overdue.amountCents)}` },
      ...dueSoon.map((invoice) => ({
        label: `Échéance le ${formatDate(invoice.dueDate)}`,
        value: `${invoice.number ?? ""} · ${invoice.clientName} · ${formatMoney(invoice.remainingCents)}`,
      })),
    ],
    action: { label: "Ouvrir mon tableau de bord", url: `${appUrl.replace(/\/+$/, "")}${paths.app.root}` },
    outro: ["Pour ne plus recevoir ce bilan, mettez l'automatisation en pause dans Ardoise."],
    reason:
      "Vous recevez cet e-mail car vous avez créé l'automatisation « Bilan hebdomadaire » dans Ardoise.",
  });
}
