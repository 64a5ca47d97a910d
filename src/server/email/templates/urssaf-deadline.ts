import type { DeclarationFrequency } from "@shared/domain/urssaf";
import { type DeclarationPeriod, periodPhrase } from "@shared/domain/urssaf-calendar";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import type { DeclarationDto } from "@shared/schemas/urssaf";
import { type RenderedEmail, renderEmail } from "../layout";

/**
 * The reminder a micro-entrepreneur gets a few days before a URSSAF deadline (issue 13 §3): what to declare
 * (the turnover received) and what it will cost, from the official rules, so the declaration takes a minute.
 */
export function urssafDeadlineEmail({
  name,
  appUrl,
  frequency,
  declaration,
}: {
  name?: string | null;
  appUrl: string;
  frequency: DeclarationFrequency;
  declaration: Pick<DeclarationDto, "figures"> & { period: DeclarationPeriod };
}): RenderedEmail {
  const { period, figures } = declaration;
  const deadline = formatDate(period.deadline);
  const turnover = formatMoney(figures.declaredTurnoverCents);
  const optional = [
    { label: "Taxe pour frais de chambre consulaire", cents: figures.chamberTaxCents },
    { label: "Versement libératoire de l'impôt", cents: figures.versementLiberatoireCents },
  ].filter(({ cents }) => cents > 0);
  return renderEmail({
    subject: `Déclaration URSSAF à faire avant le ${deadline} : ${turnover} à déclarer`,
    preheader: `${turnover} de chiffre d'affaires à déclarer, ${formatMoney(figures.totalCents)} à payer au plus tard le ${deadline}.`,
    heading: "Votre déclaration URSSAF approche",
    name,
    intro: [
      `Votre déclaration de chiffre d'affaires pour ${periodPhrase(period, frequency)} est à faire, et les cotisations à payer, au plus tard le ${deadline} sur autoentrepreneur.urssaf.fr.`,
      "Voici ce qu'Ardoise a calculé à partir de vos encaissements et des règles officielles :",
    ],
    details: [
      { label: "Chiffre d'affaires encaissé à déclarer", value: turnover },
      { label: "Cotisations sociales", value: formatMoney(figures.contributionsCents) },
      { label: "Contribution à la formation professionnelle", value: formatMoney(figures.cfpCents) },
      ...optional.map(({ label, cents }) => ({ label, value: formatMoney(cents) })),
      { label: "Total à payer", value: formatMoney(figures.totalCents) },
      { label: "Date limite", value: deadline },
    ],
    action: { label: "Voir le détail", url: `${appUrl}${paths.app.urssaf}` },
    outro: ["Si vous avez déjà déclaré cette période, ne tenez pas compte de ce message."],
    reason:
      "Vous recevez cet e-mail car vous avez renseigné vos paramètres URSSAF dans Ardoise : un rappel part quelques jours avant chaque échéance.",
  });
}
