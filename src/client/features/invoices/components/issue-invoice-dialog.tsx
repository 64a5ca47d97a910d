import { buttonStyles } from "@client/components/ui/button-styles";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { errorMessage } from "@client/lib/api-error";
import { withReturn } from "@client/lib/return-to";
import { formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import type { InvoiceDto, IssueProblemDto } from "@shared/schemas/invoices";
import { CircleAlert, LoaderCircle, RotateCw } from "lucide-react";
import { Link } from "react-router";
import { toast } from "sonner";
import { useIssueInvoice, useIssueReadiness } from "../api/issue-invoice";

/**
 * « Émettre la facture ? »: before the number is taken, the dialog asks the server's issue rule what is
 * still missing (issue 31 §21) and lists it here, each with a link to where it is fixed, which comes back
 * to this invoice once saved; the issue button waits until nothing is missing.
 */
export function IssueInvoiceDialog({
  invoice,
  isOpen,
  onOpenChange,
  onEdit,
}: {
  invoice: InvoiceDto;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onEdit: () => void;
}) {
  const readiness = useIssueReadiness(invoice.id, isOpen);
  const issue = useIssueInvoice();
  // A fresh answer only: the fixes are made on other pages, so an earlier list may be out of date.
  const isChecking = readiness.isFetching;
  const problems = isChecking ? [] : (readiness.data?.problems ?? []);

  const onIssue = () =>
    issue.mutate(invoice.id, {
      onSuccess: (issued) => {
        toast.success(`Facture ${issued.invoiceNumber} émise`);
        onOpenChange(false);
      },
      // The refusal's reasons are the readiness' own: asking again lists them in the dialog.
      onSettled: () => readiness.refetch(),
    });

  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={(next) => {
        if (!next) issue.reset();
        onOpenChange(next);
      }}
      title="Émettre la facture ?"
      confirmLabel="Émettre la facture"
      onConfirm={onIssue}
      isPending={issue.isPending}
      isConfirmDisabled={isChecking || problems.length > 0 || readiness.isError}
    >
      <p>
        La facture reçoit son numéro définitif (série continue, sans trou) et elle est figée : elle ne pourra
        plus être modifiée ni supprimée, seulement annulée par un avoir.
      </p>
      <p>
        Montant : <strong className="text-foreground tabular-nums">{formatMoney(invoice.totalCents)}</strong>{" "}
        pour <strong className="text-foreground">{invoice.clientName}</strong>.
      </p>
      {isChecking ? (
        <p role="status" className="flex items-center gap-2">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          Vérification des mentions obligatoires…
        </p>
      ) : null}
      {readiness.isError && !isChecking ? (
        <div role="alert" className="rounded-lg border border-danger/30 bg-danger/10 p-3 text-danger">
          <p className="flex gap-2 font-medium">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {errorMessage(readiness.error)}
          </p>
          <button
            type="button"
            onClick={() => readiness.refetch()}
            className={buttonStyles({ variant: "secondary", size: "sm", className: "mt-2" })}
          >
            <RotateCw aria-hidden="true" />
            Réessayer
          </button>
        </div>
      ) : null}
      {issue.error && problems.length === 0 && !isChecking ? (
        <p
          role="alert"
          className="flex gap-2 rounded-lg border border-danger/30 bg-danger/10 p-3 text-danger"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {errorMessage(issue.error)}
        </p>
      ) : null}
      {problems.length > 0 ? (
        <section
          aria-labelledby="issue-missing-title"
          className="rounded-lg border border-danger/30 bg-danger/10 p-3 text-danger"
        >
          <h3 id="issue-missing-title" className="flex gap-2 font-medium">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {problems.length === 1
              ? "Il manque une mention obligatoire :"
              : `Il manque ${problems.length} mentions obligatoires :`}
          </h3>
          <ul className="mt-2 space-y-3">
            {problems.map((problem) => (
              <li key={problem.message} className="text-foreground">
                <p>{problem.message}</p>
                <ProblemFix
                  problem={problem}
                  invoiceId={invoice.id}
                  onEdit={() => {
                    onOpenChange(false);
                    onEdit();
                  }}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </ConfirmDialog>
  );
}

const fixLinkClass = "mt-1 inline-block font-medium text-primary underline underline-offset-2";

/** Where a problem is fixed: the settings or the client's record (both come back here), or this draft. */
function ProblemFix({
  problem,
  invoiceId,
  onEdit,
}: {
  problem: IssueProblemDto;
  invoiceId: string;
  onEdit: () => void;
}) {
  const back = paths.app.invoices.detail(invoiceId);
  if (problem.fix === "identity")
    return (
      <Link to={withReturn(`${paths.app.settings}#identite`, back)} className={fixLinkClass}>
        Compléter mon identité
      </Link>
    );
  if (problem.fix === "client" && problem.clientId)
    return (
      <Link
        to={withReturn(`${paths.app.clients.detail(problem.clientId)}?modifier=1`, back)}
        className={fixLinkClass}
      >
        Compléter la fiche client
      </Link>
    );
  return (
    <button type="button" onClick={onEdit} className={fixLinkClass}>
      Modifier la facture
    </button>
  );
}
