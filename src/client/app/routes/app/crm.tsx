import { buttonStyles } from "@client/components/ui/button-styles";
import { CrmBoard } from "@client/features/clients/components/crm-board";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { paths } from "@shared/paths";
import { List } from "lucide-react";
import { Link } from "react-router";

export function Component() {
  useDocumentTitle("CRM");
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">CRM</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Faites avancer vos prospects : glissez une carte ou utilisez son menu pour changer son statut.
          </p>
        </div>
        <Link to={paths.app.clients.list} className={buttonStyles({ variant: "secondary" })}>
          <List aria-hidden="true" />
          Liste des clients
        </Link>
      </div>
      <CrmBoard />
    </div>
  );
}
