import { DownloadButton } from "@client/components/ui/download-button";
import { SectionCard } from "@client/components/ui/section-card";
import { FileSpreadsheet } from "lucide-react";
import { CalendarFeedCard } from "./calendar-feed-card";
import { MailchimpCard } from "./mailchimp-card";
import { PublicApiCard } from "./public-api-card";
import { StripeCard } from "./stripe-card";

/** Every list's full export: the same files as the "Exporter CSV" buttons, without filters. */
const EXPORTS = [
  { label: "Factures", href: "/api/invoices/export.csv", file: "factures.csv" },
  { label: "Devis", href: "/api/quotes/export.csv", file: "devis.csv" },
  { label: "Clients", href: "/api/clients/export.csv", file: "clients.csv" },
  { label: "Dépenses", href: "/api/expenses/export.csv", file: "depenses.csv" },
  { label: "Projets", href: "/api/projects/export.csv", file: "projets.csv" },
  { label: "Contrats", href: "/api/contracts/export.csv", file: "contrats.csv" },
] as const;

export function IntegrationsPage() {
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Intégrations</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Vos échéances dans votre agenda et vos données dans votre tableur ou chez votre comptable.
        </p>
      </div>
      <CalendarFeedCard />
      <MailchimpCard />
      <StripeCard />
      <PublicApiCard />
      <SectionCard
        id="exports"
        icon={FileSpreadsheet}
        title="Exports CSV"
        description="Tous vos enregistrements, lisibles par Excel, LibreOffice ou votre expert-comptable (séparateur « ; », montants à la française)."
      >
        <ul className="grid gap-2 sm:grid-cols-3">
          {EXPORTS.map(({ label, href, file }) => (
            <li key={href} className="grid">
              <DownloadButton href={href} fallbackFilename={file} label={label} />
            </li>
          ))}
        </ul>
      </SectionCard>
    </div>
  );
}
