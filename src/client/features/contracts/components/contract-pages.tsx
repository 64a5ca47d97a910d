import { DocumentLoadFailure } from "@client/components/documents/document-page";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { paths } from "@shared/paths";
import { ArrowLeft, LoaderCircle } from "lucide-react";
import { Link, Navigate, useNavigate } from "react-router";
import { toast } from "sonner";
import { useCreateContract } from "../api/create-contract";
import { useContract } from "../api/get-contract";
import { useUpdateContract } from "../api/update-contract";
import { ContractForm } from "./contract-form";

function Back({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {label}
    </Link>
  );
}

/** /app/contracts/new */
export function NewContract() {
  useDocumentTitle("Nouveau contrat");
  const create = useCreateContract();
  const navigate = useNavigate();
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <Back to={paths.app.contracts.list} label="Contrats" />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Nouveau contrat</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Le contrat reçoit son numéro à la création et reste modifiable tant qu'il n'est pas envoyé.
        </p>
      </div>
      <ContractForm
        submitLabel="Créer le contrat"
        isPending={create.isPending}
        onCancel={() => navigate(paths.app.contracts.list)}
        onSubmit={async (input) => {
          const contract = await create.mutateAsync(input);
          toast.success(`Contrat ${contract.contractNumber} créé`);
          navigate(paths.app.contracts.detail(contract.id));
        }}
      />
    </div>
  );
}

/** /app/contracts/:id/edit — drafts only; a sent contract opens its detail page instead. */
export function EditContract({ id }: { id: string }) {
  const { data: contract, isPending, error, refetch } = useContract(id);
  const update = useUpdateContract();
  const navigate = useNavigate();
  useDocumentTitle(contract ? `Modifier ${contract.contractNumber ?? contract.title}` : "Contrat");
  if (isPending)
    return (
      <div className="flex justify-center py-24" role="status" aria-label="Chargement du contrat">
        <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
      </div>
    );
  if (error) return <DocumentLoadFailure kind="contract" error={error} onRetry={() => refetch()} />;
  if (contract.status !== "brouillon") return <Navigate to={paths.app.contracts.detail(id)} replace />;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <Back to={paths.app.contracts.detail(id)} label={contract.contractNumber ?? "Contrat"} />
      <h1 className="text-2xl font-semibold tracking-tight">Modifier le contrat</h1>
      <ContractForm
        initial={contract}
        submitLabel="Enregistrer"
        isPending={update.isPending}
        onCancel={() => navigate(paths.app.contracts.detail(id))}
        onSubmit={async ({ templateId: _template, ...input }) => {
          // PATCH leaves an omitted field unchanged: emptied fields are sent as null to clear them.
          await update.mutateAsync({
            id,
            input: {
              ...input,
              clientId: input.clientId ?? null,
              projectId: input.projectId ?? null,
              startDate: input.startDate ?? null,
              endDate: input.endDate ?? null,
              amountCents: input.amountCents ?? null,
            },
          });
          toast.success("Contrat enregistré");
          navigate(paths.app.contracts.detail(id));
        }}
      />
    </div>
  );
}
