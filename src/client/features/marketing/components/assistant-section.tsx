import { MessageSquareText, ShieldCheck } from "lucide-react";

const examples = [
  "Crée une facture pour Dupont de 500 €",
  "Quelles factures sont en retard de paiement ?",
  "Combien ai-je encaissé ce trimestre ?",
  "Prépare un devis pour la refonte du site de Martin",
];

export function AssistantSection() {
  return (
    <section aria-labelledby="assistant-title" className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:items-center">
        <div className="lg:order-2">
          <p className="text-sm font-semibold text-primary">Assistant IA</p>
          <h2
            id="assistant-title"
            className="mt-3 text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
          >
            Demandez, en français, comme à un assistant
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            L'assistant connaît vos clients, vos devis, vos factures et vos dépenses. Il répond à vos
            questions sur votre activité et prépare les documents que vous lui décrivez.
          </p>
          <p className="mt-6 flex gap-3 rounded-xl border bg-surface p-4 text-sm">
            <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <span>
              Il crée des brouillons, jamais plus : rien n'est envoyé, supprimé ni payé sans votre
              confirmation.
            </span>
          </p>
        </div>
        <ul className="space-y-3 lg:order-1" aria-label="Exemples de demandes">
          {examples.map((example) => (
            <li
              key={example}
              className="flex items-center gap-3 rounded-2xl border bg-surface px-5 py-4 shadow-sm"
            >
              <MessageSquareText className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span>« {example} »</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
