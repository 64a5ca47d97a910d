import { useDocumentTitle } from "@client/lib/use-document-title";
import { paths } from "@shared/paths";
import { ArrowLeft } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { useCreateProject } from "../api/create-project";
import { ProjectForm } from "./project-form";

export function NewProject() {
  useDocumentTitle("Nouveau projet");
  const create = useCreateProject();
  const navigate = useNavigate();
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <Link
        to={paths.app.projects.list}
        className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Projets
      </Link>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Nouveau projet</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Seul le nom est obligatoire ; vous ajouterez les tâches depuis la fiche du projet.
        </p>
      </div>
      <ProjectForm
        submitLabel="Créer le projet"
        isPending={create.isPending}
        onCancel={() => navigate(paths.app.projects.list)}
        onSubmit={async (input) => {
          const project = await create.mutateAsync(input);
          toast.success("Projet créé");
          navigate(paths.app.projects.detail(project.id));
        }}
      />
    </div>
  );
}
