import { buttonStyles } from "@client/components/ui/button-styles";
import { formatDate, formatParisDateTime } from "@shared/format";
import { useQuery } from "@tanstack/react-query";
import { Check, Copy, FileCheck2, Link2, Link2Off } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import {
  certificateUrl,
  type SharedDocument,
  shareStateQuery,
  useCreateShareLink,
  useRevokeShareLink,
} from "../api/client-links-api";

/**
 * "Partager le lien" on a quote or invoice page: the client opens the document, accepts the quote or pays
 * without an account. The URL is shown once (only its hash is kept); after that the state is shown.
 */
export function ShareLinkPanel({ document }: { document: SharedDocument }) {
  const state = useQuery(shareStateQuery(document));
  const create = useCreateShareLink(document);
  const revoke = useRevokeShareLink(document);
  const [isCopied, setCopied] = useState(false);
  const link = state.data?.link;
  const decision = state.data?.decision;
  const freshUrl = create.data?.url;
  const isQuote = "quoteId" in document;

  const onCreate = () =>
    create.mutate(undefined, { onError: (error) => toast.error((error as Error).message) });
  const onCopy = async () => {
    if (!freshUrl) return;
    await navigator.clipboard.writeText(freshUrl).catch(() => undefined);
    setCopied(true);
    toast.success("Lien copié.");
  };

  return (
    <section aria-labelledby="share-link-title" className="mx-auto w-full max-w-6xl px-4 pb-8 sm:px-6">
      <div className="rounded-2xl border bg-surface p-5 shadow-sm">
        <h2 id="share-link-title" className="flex items-center gap-2 text-base font-semibold">
          <Link2 className="size-4" aria-hidden="true" />
          Lien client
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {isQuote
            ? "Votre client consulte le devis, le télécharge et donne son « Bon pour accord » en ligne, sans compte."
            : "Votre client consulte la facture, la télécharge et la règle en ligne, sans compte."}
        </p>

        {freshUrl ? (
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            <input
              readOnly
              aria-label="Lien à envoyer au client"
              value={freshUrl}
              onFocus={(event) => event.currentTarget.select()}
              className="h-10 min-w-0 flex-1 rounded-lg border bg-muted/40 px-3 font-mono text-xs"
            />
            <button type="button" onClick={onCopy} className={buttonStyles()}>
              {isCopied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {isCopied ? "Copié" : "Copier le lien"}
            </button>
          </div>
        ) : null}
        {freshUrl ? (
          <p className="mt-2 text-xs text-muted-foreground">
            Copiez-le maintenant : pour votre sécurité, il ne sera plus affiché.
          </p>
        ) : null}

        <p className="mt-4 text-sm" role="status">
          {state.isPending
            ? "Chargement…"
            : !link
              ? "Aucun lien partagé pour l'instant."
              : link.isActive
                ? `Lien actif jusqu'au ${formatDate(link.expiresAt)}${link.lastViewedAt ? ` · consulté le ${formatParisDateTime(link.lastViewedAt)}` : " · pas encore consulté"}.`
                : link.revokedAt
                  ? `Lien révoqué le ${formatDate(link.revokedAt)}.`
                  : `Lien expiré le ${formatDate(link.expiresAt)}.`}
        </p>
        {decision ? (
          <p className="mt-2 text-sm font-medium">
            {decision.decision === "accepted"
              ? `Accepté en ligne par ${decision.signerName} le ${formatParisDateTime(decision.decidedAt)}.`
              : `Refusé en ligne par ${decision.signerName} le ${formatParisDateTime(decision.decidedAt)} : « ${decision.reason ?? ""} »`}
          </p>
        ) : null}

        <div className="mt-4 flex flex-wrap gap-2">
          <button
            type="button"
            onClick={onCreate}
            disabled={create.isPending}
            className={buttonStyles({ variant: link?.isActive ? "secondary" : "primary" })}
          >
            <Link2 aria-hidden="true" />
            {link?.isActive ? "Nouveau lien" : "Partager le lien"}
          </button>
          {link?.isActive ? (
            <button
              type="button"
              disabled={revoke.isPending}
              onClick={() =>
                revoke.mutate(link.id, {
                  onSuccess: () => toast.success("Lien révoqué : il n'ouvre plus le document."),
                  onError: (error) => toast.error((error as Error).message),
                })
              }
              className={buttonStyles({ variant: "secondary" })}
            >
              <Link2Off aria-hidden="true" />
              Révoquer le lien
            </button>
          ) : null}
          {isQuote && decision?.decision === "accepted" ? (
            <a href={certificateUrl(document.quoteId)} className={buttonStyles({ variant: "secondary" })}>
              <FileCheck2 aria-hidden="true" />
              Certificat d'acceptation
            </a>
          ) : null}
        </div>
      </div>
    </section>
  );
}
