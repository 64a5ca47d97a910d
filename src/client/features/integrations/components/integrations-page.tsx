import { ExportButton } from "@client/components/data-list/export-button";
import { SectionCard } from "@client/components/ui/section-card";
import { Clock, FileSpreadsheet } from "lucide-react";
import { CalendarFeedCard } from "./calendar-feed-card";
import { MailchimpCard } from "./mailchimp-card";
import { PublicApiCard } from "./public-api-card";

/** Every list's full export: the same files as the "Exporter CSV" buttons, without filters. */
const EXPORTS = [
  { label: "Factures", href: "/api/invoices/export.csv", file: "factures.csv" },
  { label: "Devis", href: "/api/quotes/export.csv", file: "devis.csv" },
  { label: "Clients", href: "/api/clients/export.csv", file: "clients.csv" },
  { label: "Dépenses", href: "/api/expenses/export.csv", file: "depenses.csv" },
  { label: "Projets", href: "/api/projects/export.csv", file: "projets.csv" },
  { label: "Contrats", href: "/api/contracts/export.csv", file: "contrats.csv" },
] as const;

/** What the assistant knows by name but Ardoise does not connect to yet: said plainly, not faked. */
const NOT_YET = [{ name: "Stripe", purpose: "faire régler vos factures en ligne par carte" }] as const;

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
              <ExportButton href={href} fallbackFilename={file} label={label} />
            </li>
          ))}
        </ul>
      </SectionCard>
      <SectionCard
        id="a-venir"
        icon={Clock}
        title="Pas encore disponibles"
        description="Ces connexions ne sont pas encore proposées ; l'assistant vous le dira aussi si vous les lui demandez."
      >
        <ul className="divide-y rounded-xl border text-sm">
          {NOT_YET.map(({ name, purpose }) => (
            <li key={name} className="flex items-center justify-between gap-3 px-3 py-2.5">
              <span>
                <span className="font-medium text-foreground">{name}</span>
                <span className="text-muted-foreground"> — {purpose}</span>
              </span>
              <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">
                À venir
              </span>
            </li>
          ))}
        </ul>
      </SectionCard>
    </div>
  );
}
