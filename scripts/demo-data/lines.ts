import type { LineInput } from "@shared/schemas/invoices";
import { between, pick } from "./calendar";

/** The seller charges VAT (see account.ts): every service is at the standard 20 %. */
export const line = (
  description: string,
  quantity: number,
  unit: string,
  unitPriceCents: number,
): LineInput => ({
  description,
  quantity,
  unit,
  unitPriceCents,
  vatRateBp: 2000,
});

/** Small jobs between projects: what a web freelancer bills most weeks. */
const ODD_JOBS: readonly (() => LineInput)[] = [
  () => line("Assistance et dépannage du site", between(1, 6), "heure", 6500),
  () => line("Mise à jour des contenus et des actualités", 1, "forfait", 15000),
  () => line("Rédaction d'une page optimisée pour le référencement", between(1, 4), "page", 12000),
  () => line("Formation WordPress (demi-journée)", 1, "forfait", 32000),
  () => line("Création de visuels pour les réseaux sociaux", between(3, 10), "visuel", 4000),
  () => line("Mise à jour des extensions et sauvegarde complète", 1, "forfait", 9000),
  () => line("Conception d'une page d'atterrissage", 1, "forfait", 65000),
  () => line("Audit de performance et correctifs", between(1, 2), "jour", 45000),
  () => line("Intégration d'une newsletter (Brevo)", 1, "forfait", 38000),
  () => line("Retouche et optimisation de photos produits", between(10, 40), "photo", 600),
  () => line("Création d'une bannière et d'un flyer", 1, "forfait", 24000),
];

/** One or two odd jobs, as one quote or one invoice. */
export const oddJobLines = (): LineInput[] => Array.from({ length: between(1, 2) }, () => pick(ODD_JOBS)());
