import { type FranchiseEnd, franchiseEndExplanation } from "@shared/domain/urssaf-thresholds";
import { paths } from "@shared/paths";
import { type RenderedEmail, renderEmail } from "../layout";

/** The e-mail when the app ended a seller's VAT franchise (issue 28 §6): what changed, why, what to do. */
export function vatFranchiseEndEmail({
  name,
  appUrl,
  end,
}: {
  name?: string | null;
  appUrl: string;
  end: Pick<FranchiseEnd, "on" | "reason" | "limitCents">;
}): RenderedEmail {
  const explanation = franchiseEndExplanation(end, end.on);
  return renderEmail({
    subject: "Fin de votre franchise en base de TVA : vos prochaines factures portent la TVA",
    preheader: explanation,
    heading: "Vos factures portent désormais la TVA",
    name,
    intro: [
      explanation,
      "Ardoise a passé votre régime de TVA à « assujetti » à cette date : vos prochaines factures ne porteront plus la mention « TVA non applicable, art. 293 B du CGI ».",
    ],
    action: { label: "Compléter mes paramètres", url: `${appUrl}${paths.app.settings}` },
    outro: ["Pensez à déclarer et reverser la TVA collectée à partir de cette date."],
    reason:
      "Vous recevez cet e-mail car vos encaissements enregistrés dans Ardoise ont dépassé un seuil de la franchise en base de TVA.",
  });
}
