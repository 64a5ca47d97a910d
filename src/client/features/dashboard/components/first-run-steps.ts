import { paths } from "@shared/paths";
import type { DashboardDto } from "@shared/schemas/dashboard";
import type { IdentitySettingsDto } from "@shared/schemas/settings";

export type FirstRunStep = { id: string; label: string; detail: string; to: string; isDone: boolean };

/**
 * The first-run checklist, each step checked from the account's real data. The legal identity comes first:
 * no invoice can be issued without it, and a quote sent without it would carry an empty seller.
 */
export function firstRunSteps(
  counts: DashboardDto["counts"],
  settings: IdentitySettingsDto | undefined,
): FirstRunStep[] {
  const identity = settings?.identity;
  return [
    {
      id: "identity",
      label: "Compléter votre identité d'entreprise",
      detail:
        "Nom avec la mention EI, SIRET, adresse, régime de TVA et activité : imprimés sur chaque document.",
      to: `${paths.app.settings}#identite`,
      isDone: Boolean(settings && settings.missingForInvoicing.length === 0 && identity?.activityCategory),
    },
    {
      id: "client",
      label: "Ajouter votre premier client",
      detail: "Avec son adresse et son SIRET s'il s'agit d'une entreprise.",
      to: paths.app.clients.new,
      isDone: counts.clients > 0,
    },
    {
      id: "document",
      label: "Préparer un premier devis ou une facture",
      detail: "Enregistré en brouillon : vous le relisez avant de l'envoyer.",
      to: paths.app.quotes.new,
      isDone: counts.quotes > 0 || counts.invoices > 0,
    },
    {
      id: "issue",
      label: "Émettre votre première facture",
      detail: "Elle reçoit son numéro définitif et part avec toutes les mentions légales.",
      to: paths.app.invoices.list,
      isDone: counts.issuedInvoices > 0,
    },
  ];
}
