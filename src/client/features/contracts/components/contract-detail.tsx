import { DocumentLoadFailure } from "@client/components/documents/document-page";
import { buttonStyles } from "@client/components/ui/button-styles";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { DownloadButton } from "@client/components/ui/download-button";
import { cn } from "@client/lib/cn";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import { type ContractDto, contractTransitionLabels, NEXT_CONTRACT_STATUS } from "@shared/schemas/contracts";
import { ArrowLeft, ArrowRight, LoaderCircle, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { useChangeContractStatus } from "../api/change-contract-status";
import { useDeleteContract } from "../api/delete-contract";
import { contractPdfHref, useContract } from "../api/get-contract";
import { ContractStatusBadge } from "./contract-status-badge";
import { ContractText } from "./contract-text";

const showError = (error: Error) => toast.error("Une erreur est survenue", { description: error.message });

const transitionHelp: Record<keyof typeof contractTransitionLabels, string> = {
  envoyé:
    "Le contrat est figé : il ne pourra plus être modifié ni supprimé. Envoyez ensuite le PDF à votre client pour signature.",
  signé: "Indiquez que les deux parties ont signé le contrat. La date de signature est enregistrée.",
  terminé: "Le contrat est arrivé à son terme ou a été résilié. Son statut ne changera plus.",
};

/** /app/contracts/:id — the contract, its status and history, its actions and its text. */
export function ContractDetail({ id }: { id: string }) {
  const { data: contract, isPending, error, refetch } = useContract(id);
  useDocumentTitle(contract ? (contract.contractNumber ?? contract.title) : "Contrat");
  if (isPending)
    return (
      <div className="flex justify-center py-24" role="status" aria-label="Chargement du contrat">
        <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
      </div>
    );
  if (error) return <DocumentLoadFailure kind="contract" error={error} onRetry={() => refetch()} />;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <Link
        to={paths.app.contracts.list}
        className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Contrats
      </Link>
      <header className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight">{contract.title}</h1>
            <ContractStatusBadge status={contract.status} />
          </div>
          <p className="mt-1 text-sm text-muted-foreground">
            {contract.contractNumber}
            {contract.clientId ? (
              <>
                {" · "}
                <Link
                  to={paths.app.clients.detail(contract.clientId)}
                  className="font-medium text-primary hover:underline"
                >
                  {contract.clientName}
                </Link>
              </>
            ) : null}
            {contract.projectId ? (
              <>
                {" · projet "}
                <Link
                  to={paths.app.projects.detail(contract.projectId)}
                  className="font-medium text-primary hover:underline"
                >
                  {contract.projectName}
                </Link>
              </>
            ) : null}
          </p>
        </div>
        <ContractActions contract={contract} />
      </header>

      <dl className="grid divide-y rounded-2xl border bg-surface shadow-sm sm:grid-cols-3 sm:divide-x sm:divide-y-0">
        {[
          {
            label: "Montant HT",
            value: contract.amountCents === null ? "—" : formatMoney(contract.amountCents),
          },
          { label: "Début", value: contract.startDate ? formatDate(contract.startDate) : "—" },
          { label: "Fin", value: contract.endDate ? formatDate(contract.endDate) : "—" },
        ].map((item) => (
          <div
            key={item.label}
            className="flex min-w-0 items-baseline justify-between gap-3 px-4 py-2.5 sm:block sm:px-5 sm:py-4"
          >
            <dt className="truncate text-sm text-muted-foreground">{item.label}</dt>
            <dd className="truncate font-semibold tabular-nums sm:mt-1 sm:text-lg">{item.value}</dd>
          </div>
        ))}
      </dl>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <article aria-label="Texte du contrat" className="rounded-2xl border bg-surface p-5 shadow-sm sm:p-8">
          <ContractText content={contract.content} />
        </article>
        <History contract={contract} />
      </div>
    </div>
  );
}

function ContractActions({ contract }: { contract: ContractDto }) {
  const [dialog, setDialog] = useState<"next" | "delete" | null>(null);
  const change = useChangeContractStatus();
  const remove = useDeleteContract();
  const navigate = useNavigate();
  const next = NEXT_CONTRACT_STATUS[contract.status];
  const isDraft = contract.status === "brouillon";
  return (
    <div className="flex flex-wrap gap-2">
      {isDraft ? (
        <Link to={paths.app.contracts.edit(contract.id)} className={buttonStyles({ variant: "secondary" })}>
          <Pencil aria-hidden="true" />
          Modifier
        </Link>
      ) : null}
      <DownloadButton
        href={contractPdfHref(contract.id)}
        fallbackFilename={`Contrat-${contract.contractNumber ?? "brouillon"}.pdf`}
        label="Télécharger le PDF"
      />
      {next ? (
        <button type="button" onClick={() => setDialog("next")} className={buttonStyles()}>
          <ArrowRight aria-hidden="true" />
          {contractTransitionLabels[next]}
        </button>
      ) : null}
      {isDraft ? (
        <button
          type="button"
          onClick={() => setDialog("delete")}
          className={buttonStyles({ variant: "ghost", className: "text-danger hover:bg-danger/10" })}
        >
          <Trash2 aria-hidden="true" />
          Supprimer
        </button>
      ) : null}

      {next ? (
        <ConfirmDialog
          isOpen={dialog === "next"}
          onOpenChange={(isOpen) => setDialog(isOpen ? "next" : null)}
          title={`${contractTransitionLabels[next]} ?`}
          confirmLabel={contractTransitionLabels[next]}
          isPending={change.isPending}
          onConfirm={() =>
            change.mutate(
              { id: contract.id, status: next },
              {
                onSuccess: () => {
                  toast.success("Statut du contrat mis à jour");
                  setDialog(null);
                },
                onError: (error) => {
                  setDialog(null);
                  showError(error);
                },
              },
            )
          }
        >
          <p>{transitionHelp[next]}</p>
        </ConfirmDialog>
      ) : null}
      <ConfirmDialog
        isOpen={dialog === "delete"}
        onOpenChange={(isOpen) => setDialog(isOpen ? "delete" : null)}
        title="Supprimer ce brouillon ?"
        confirmLabel="Supprimer"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(contract.id, {
            onSuccess: () => {
              toast.success("Contrat supprimé");
              navigate(paths.app.contracts.list);
            },
            onError: (error) => {
              setDialog(null);
              showError(error);
            },
          })
        }
      >
        <p>Le brouillon {contract.contractNumber} est supprimé définitivement.</p>
      </ConfirmDialog>
    </div>
  );
}

function History({ contract }: { contract: ContractDto }) {
  const steps = [
    { label: "Créé", at: contract.createdAt },
    { label: "Envoyé", at: contract.sentAt },
    { label: "Signé", at: contract.signedAt },
    { label: "Terminé", at: contract.endedAt },
  ];
  return (
    <aside aria-label="Historique" className="h-fit rounded-2xl border bg-surface p-5 shadow-sm">
      <h2 className="text-base font-semibold">Historique</h2>
      <ol className="mt-4 space-y-3">
        {steps.map((step) => (
          <li key={step.label} className="flex items-start gap-3 text-sm">
            <span
              className={cn(
                "mt-1.5 size-2 shrink-0 rounded-full",
                step.at ? "bg-primary" : "border border-muted-foreground/40",
              )}
              aria-hidden="true"
            />
            <span className={cn(!step.at && "text-muted-foreground")}>
              <span className="font-medium">{step.label}</span>
              <br />
              <span className="text-xs text-muted-foreground">
                {step.at ? formatDate(step.at) : "À venir"}
              </span>
            </span>
          </li>
        ))}
      </ol>
    </aside>
  );
}
