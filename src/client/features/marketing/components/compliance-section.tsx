import { CircleCheck } from "lucide-react";

const mentions = [
  "Numéro unique, dans une série chronologique et continue, attribué à l'émission",
  "Dates d'émission, de prestation et d'échéance, conditions de paiement",
  "Votre identité avec la mention « EI », votre SIREN ou SIRET et votre adresse",
  "TVA par taux, ou « TVA non applicable, art. 293 B du CGI » en franchise",
  "Taux des pénalités de retard et indemnité forfaitaire de 40 € pour frais de recouvrement",
  "Facture électronique Factur-X (PDF/A-3 et données EN 16931), validée par les règles officielles",
  "PDF prêt à envoyer, par e-mail depuis Ardoise ou téléchargé",
];

export function ComplianceSection() {
  return (
    <section aria-labelledby="compliance-title">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:items-center">
        <div>
          <p className="text-sm font-semibold text-primary">Factures conformes</p>
          <h2
            id="compliance-title"
            className="mt-3 text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
          >
            Des factures qui respectent les règles françaises, sans y penser
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Vous renseignez une fois vos informations légales ; Ardoise les reporte sur chaque document. Une
            facture émise n'est plus modifiable : une erreur se corrige par un avoir, comme la loi le demande.
          </p>
        </div>
        <ul className="space-y-3">
          {mentions.map((mention) => (
            <li key={mention} className="flex gap-3 rounded-xl border bg-surface p-4">
              <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span className="text-sm leading-relaxed">{mention}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
