import { useCreateClient } from "@client/features/clients/api/create-client";
import { ClientForm } from "@client/features/clients/components/client-form";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { paths } from "@shared/paths";
import { ArrowLeft } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";

export function Component() {
  useDocumentTitle("Nouveau client");
  const create = useCreateClient();
  const navigate = useNavigate();
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <Link
        to={paths.app.clients.list}
        className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Clients
      </Link>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Nouveau client</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Le nom suffit pour l'enregistrer. Pour lui émettre une facture, il faudra aussi son adresse et, pour
          une entreprise française, son SIREN.
        </p>
      </div>
      <ClientForm
        submitLabel="Créer le client"
        isPending={create.isPending}
        onCancel={() => navigate(paths.app.clients.list)}
        onSubmit={async (input) => {
          const client = await create.mutateAsync(input);
          toast.success("Client créé");
          navigate(paths.app.clients.detail(client.id));
        }}
      />
    </div>
  );
}
