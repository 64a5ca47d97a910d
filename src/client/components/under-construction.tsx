import { useDocumentTitle } from "@client/lib/use-document-title";
import { Hammer } from "lucide-react";

type UnderConstructionProps = {
  title: string;
};

/** Placeholder for a screen whose real content comes later; keeps the route, title and layout in place. */
export function UnderConstruction({ title }: UnderConstructionProps) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-3xl px-6 py-16">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      <div className="mt-8 flex items-start gap-4 rounded-xl border border-dashed bg-muted/50 p-6">
        <Hammer className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <p className="text-muted-foreground">Cette page est en construction.</p>
      </div>
    </div>
  );
}
