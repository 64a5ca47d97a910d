import { NotFound } from "@client/components/not-found";
import { buttonStyles } from "@client/components/ui/button-styles";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { VAT_RATE_LABELS, type VatRateBp } from "@shared/domain/money";
import { totalsWording } from "@shared/domain/totals-wording";
import { formatDate, formatMoney, formatParisDateTime, formatQuantity } from "@shared/format";
import { ACCEPTANCE_CONSENT_TEXT, type PublicDocumentDto } from "@shared/schemas/client-links";
import { useQuery } from "@tanstack/react-query";
import { CircleCheck, CircleX, Download, FileCheck2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import {
  publicCertificateUrl,
  publicDocumentQuery,
  publicPdfUrl,
  useDecideQuote,
} from "../api/client-links-api";
import { InvoicePayment } from "./invoice-payment";

const vatLabelOf = (rate: number) => VAT_RATE_LABELS[rate as VatRateBp] ?? `${rate / 100} %`;

/** /d/<token>: the client's view of a quote or invoice, without an account; never indexed. */
export function PublicDocumentPage({ token }: { token: string }) {
  const query = useQuery(publicDocumentQuery(token));
  useDocumentTitle(query.data?.title ?? "Document");
  const robots = <meta name="robots" content="noindex, nofollow" />;
  if (query.isPending) {
    return (
      <p role="status" className="py-24 text-center text-sm text-muted-foreground">
        {robots}
        Chargement du document…
      </p>
    );
  }
  if (query.isError) {
    return (
      <>
        {robots}
        <LinkNotFound />
      </>
    );
  }
  const document = query.data;
  return (
    <main className="mx-auto w-full max-w-3xl space-y-5 px-4 py-6 sm:px-6 sm:py-10">
      {robots}
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{document.seller.name}</p>
          <h1 className="text-2xl font-semibold tracking-tight">{document.title}</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Du {formatDate(document.date)}
            {document.deadline
              ? document.kind === "quote"
                ? ` · valable jusqu'au ${formatDate(document.deadline)}`
                : ` · échéance le ${formatDate(document.deadline)}`
              : ""}
          </p>
        </div>
        <span className="rounded-full bg-accent px-3 py-1 text-sm font-medium text-accent-foreground">
          {document.statusLabel}
        </span>
      </header>

      <div className="grid gap-4 rounded-2xl border bg-surface p-5 shadow-sm sm:grid-cols-2">
        <Party heading="Émis par" name={document.seller.name} lines={document.seller.lines} />
        <Party heading="Adressé à" name={document.buyer.name} lines={document.buyer.lines} />
      </div>

      <Lines document={document} />

      <div className="flex flex-wrap gap-2">
        <a href={publicPdfUrl(token)} className={buttonStyles({ variant: "secondary" })}>
          <Download aria-hidden="true" />
          Télécharger le PDF
        </a>
        {document.decision?.decision === "accepted" ? (
          <a href={publicCertificateUrl(token)} className={buttonStyles({ variant: "secondary" })}>
            <FileCheck2 aria-hidden="true" />
            Certificat d'acceptation
          </a>
        ) : null}
      </div>

      {document.kind === "quote" ? (
        <QuoteAnswer token={token} document={document} />
      ) : (
        <InvoicePayment token={token} document={document} />
      )}

      <footer className="pt-4 text-center text-xs text-muted-foreground">
        Lien personnel valable jusqu'au {formatDate(document.expiresAt)} · envoyé avec Ardoise
      </footer>
    </main>
  );
}

function LinkNotFound() {
  return (
    <div className="mx-auto max-w-xl">
      <NotFound backTo="/" backLabel="Aller à l'accueil" />
      <p className="-mt-16 px-6 pb-16 text-center text-sm text-muted-foreground">
        Ce lien n'existe pas ou n'est plus valide : il a peut-être expiré ou été révoqué. Demandez un nouveau
        lien à votre prestataire.
      </p>
    </div>
  );
}

function Party({ heading, name, lines }: { heading: string; name: string; lines: string[] }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{heading}</p>
      <p className="mt-1 font-semibold">{name}</p>
      {lines.map((line) => (
        <p key={line} className="text-sm break-words text-muted-foreground">
          {line}
        </p>
      ))}
    </div>
  );
}

function Lines({ document }: { document: PublicDocumentDto }) {
  const wording = totalsWording(document.isFranchise);
  return (
    <div className="rounded-2xl border bg-surface shadow-sm">
      <ul className="divide-y">
        {document.lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-4 p-4 text-sm">
            <div className="min-w-0">
              <p className="font-medium break-words">{line.description}</p>
              <p className="text-muted-foreground">
                {formatQuantity(line.quantity, line.unit)} × {formatMoney(line.unitPriceCents)} HT · TVA{" "}
                {vatLabelOf(line.vatRateBp)}
              </p>
            </div>
            <p className="shrink-0 font-medium tabular-nums">{formatMoney(line.totalCents)}</p>
          </li>
        ))}
      </ul>
      <dl className="space-y-1 border-t p-4 text-sm">
        {wording.showsVat ? (
          <>
            <Row label="Total HT" value={formatMoney(document.subtotalCents)} />
            {document.byRate
              .filter((rate) => rate.vatCents > 0)
              .map((rate) => (
                <Row
                  key={rate.vatRateBp}
                  label={`TVA ${vatLabelOf(rate.vatRateBp)}`}
                  value={formatMoney(rate.vatCents)}
                />
              ))}
          </>
        ) : null}
        <Row label={wording.total} value={formatMoney(document.totalCents)} isStrong />
        {document.dueCents !== null && document.dueCents !== document.totalCents ? (
          <Row label="Reste à payer" value={formatMoney(document.dueCents)} isStrong />
        ) : null}
      </dl>
      {document.mentions.length || document.notes ? (
        <div className="space-y-1 border-t p-4 text-xs whitespace-pre-line text-muted-foreground">
          {document.notes ? <p>{document.notes}</p> : null}
          {document.mentions.map((mention) => (
            <p key={mention}>{mention}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function Row({ label, value, isStrong = false }: { label: string; value: string; isStrong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${isStrong ? "text-base font-semibold" : ""}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

function QuoteAnswer({ token, document }: { token: string; document: PublicDocumentDto }) {
  const decide = useDecideQuote(token);
  const [mode, setMode] = useState<"accept" | "refuse">("accept");
  const [signerName, setSignerName] = useState("");
  const [hasConsented, setConsented] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);

  if (document.decision) {
    const isAccepted = document.decision.decision === "accepted";
    const Icon = isAccepted ? CircleCheck : CircleX;
    return (
      <div role="status" className="flex gap-3 rounded-2xl border bg-surface p-5 shadow-sm">
        <Icon className="size-6 shrink-0 text-primary" aria-hidden="true" />
        <p className="text-sm">
          {isAccepted ? "Devis accepté" : "Devis refusé"} par {document.decision.signerName} le{" "}
          {formatParisDateTime(document.decision.decidedAt)}.
          {isAccepted ? " Merci ! Votre prestataire en est informé." : ""}
        </p>
      </div>
    );
  }
  if (!document.canDecide) return null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const pdfSha256 = document.pdfSha256 ?? "";
    const choice =
      mode === "accept"
        ? { decision: "accept" as const, input: { signerName, consent: hasConsented as true, pdfSha256 } }
        : { decision: "refuse" as const, input: { signerName, reason, pdfSha256 } };
    decide.mutate(choice, {
      onError: (failure) => {
        const issues = (failure as { issues?: { message: string }[] }).issues;
        setError(issues?.[0]?.message ?? (failure as Error).message);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4 rounded-2xl border bg-surface p-5 shadow-sm" noValidate>
      <fieldset className="flex gap-2">
        <legend className="sr-only">Votre réponse</legend>
        <button
          type="button"
          aria-pressed={mode === "accept"}
          onClick={() => setMode("accept")}
          className={buttonStyles({ variant: mode === "accept" ? "primary" : "secondary", size: "sm" })}
        >
          Accepter
        </button>
        <button
          type="button"
          aria-pressed={mode === "refuse"}
          onClick={() => setMode("refuse")}
          className={buttonStyles({ variant: mode === "refuse" ? "primary" : "secondary", size: "sm" })}
        >
          Refuser
        </button>
      </fieldset>
      <h2 className="text-lg font-semibold">{mode === "accept" ? "Bon pour accord" : "Refuser le devis"}</h2>
      <label className="block text-sm font-medium">
        Vos nom et prénom
        <input
          value={signerName}
          onChange={(event) => setSignerName(event.target.value)}
          autoComplete="name"
          className="mt-1 h-11 w-full rounded-lg border bg-background px-3 text-base"
        />
      </label>
      {mode === "accept" ? (
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            checked={hasConsented}
            onChange={(event) => setConsented(event.target.checked)}
            className="mt-0.5 size-5 shrink-0"
          />
          <span>{ACCEPTANCE_CONSENT_TEXT}</span>
        </label>
      ) : (
        <label className="block text-sm font-medium">
          Raison du refus
          <textarea
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={3}
            className="mt-1 w-full rounded-lg border bg-background px-3 py-2 text-base"
          />
        </label>
      )}
      <p className="text-xs text-muted-foreground">
        Empreinte SHA-256 du devis présenté :{" "}
        <span className="font-mono break-all">{document.pdfSha256}</span>. La date, l'heure, votre adresse IP
        et votre navigateur sont enregistrés avec votre réponse ; seul votre prestataire voit les deux
        derniers.
      </p>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={decide.isPending}
        className={buttonStyles({ size: "lg", className: "w-full" })}
      >
        {mode === "accept" ? "Accepter le devis" : "Envoyer mon refus"}
      </button>
    </form>
  );
}
