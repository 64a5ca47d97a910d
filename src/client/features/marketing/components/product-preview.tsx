import { formatMoney } from "@shared/format";
import { FileText, Sparkles } from "lucide-react";

/** Illustration of the assistant turning a sentence into a draft invoice. Not interactive. */
export function ProductPreview() {
  return (
    <figure className="relative mx-auto w-full max-w-md">
      <div
        aria-hidden="true"
        className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-primary/20 via-accent to-transparent blur-2xl"
      />
      <div aria-hidden="true" className="rounded-2xl border bg-surface p-4 shadow-xl shadow-primary/5 sm:p-5">
        <div className="flex items-center gap-2 border-b pb-3 text-sm font-medium">
          <Sparkles className="size-4 text-primary" />
          Assistant IA
        </div>
        <div className="mt-4 space-y-3 text-sm">
          <p className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-sm bg-primary px-4 py-2.5 text-primary-foreground">
            Crée une facture pour la société Dupont de 500 €
          </p>
          <div className="max-w-[92%] rounded-2xl rounded-bl-sm bg-muted px-4 py-3">
            <p>J'ai préparé un brouillon de facture pour Dupont. Vérifiez-le avant de l'émettre.</p>
            <div className="mt-3 rounded-xl border bg-surface p-3">
              <div className="flex items-center justify-between gap-3">
                <span className="flex items-center gap-2 font-medium">
                  <FileText className="size-4 text-muted-foreground" />
                  Facture · brouillon
                </span>
                <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-accent-foreground">
                  À vérifier
                </span>
              </div>
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-xs">
                <dt className="text-muted-foreground">Client</dt>
                <dd className="text-right">Dupont</dd>
                <dt className="text-muted-foreground">Numéro</dt>
                <dd className="text-right">attribué à l'émission</dd>
                <dt className="text-muted-foreground">Montant</dt>
                <dd className="text-right font-semibold">{formatMoney(50000)}</dd>
              </dl>
            </div>
            <div className="mt-3 flex gap-2 text-xs font-medium">
              <span className="rounded-lg border bg-surface px-3 py-1.5">Ouvrir le brouillon</span>
              <span className="rounded-lg bg-primary px-3 py-1.5 text-primary-foreground">Émettre</span>
            </div>
          </div>
        </div>
      </div>
      <figcaption className="mt-4 text-center text-xs text-muted-foreground">
        Exemple d'échange avec l'assistant : rien n'est émis ni envoyé sans votre accord.
      </figcaption>
    </figure>
  );
}
