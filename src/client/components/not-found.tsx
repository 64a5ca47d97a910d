import { useDocumentTitle } from "@client/lib/use-document-title";
import { paths } from "@shared/paths";
import { ArrowLeft, Compass } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "./ui/button-styles";

type NotFoundProps = {
  backTo?: string;
  backLabel?: string;
};

export function NotFound({ backTo = paths.home, backLabel = "Retour à l'accueil" }: NotFoundProps) {
  useDocumentTitle("Page introuvable");
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center px-6 py-24 text-center sm:py-32">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Compass className="size-7" aria-hidden="true" />
      </span>
      <p className="mt-6 text-sm font-semibold text-primary">Erreur 404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight sm:text-4xl">Page introuvable</h1>
      <p className="mt-4 text-muted-foreground">
        L'adresse demandée n'existe pas ou a été déplacée. Vérifiez le lien, ou repartez de l'accueil.
      </p>
      <Link to={backTo} className={buttonStyles({ className: "mt-8" })}>
        <ArrowLeft aria-hidden="true" />
        {backLabel}
      </Link>
    </div>
  );
}
