import { buttonStyles } from "@client/components/ui/button-styles";
import { FaqList } from "@client/features/marketing/components/faq-list";
import { PageIntro } from "@client/features/marketing/components/page-intro";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { paths } from "@shared/paths";
import { Link } from "react-router";

export function Component() {
  useDocumentTitle("Questions fréquentes");
  return (
    <>
      <PageIntro eyebrow="FAQ" title="Questions fréquentes">
        <p>
          Le paiement, vos factures, la TVA, vos données et l'assistant IA : les réponses courtes et précises.
        </p>
      </PageIntro>
      <div className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
        <FaqList />
      </div>
      <section aria-labelledby="faq-cta-title" className="border-t bg-muted/40">
        <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
          <h2 id="faq-cta-title" className="text-2xl font-semibold tracking-tight">
            Vous avez fait le tour ?
          </h2>
          <p className="mt-3 text-muted-foreground">
            Créez votre compte et commencez par votre premier devis.
          </p>
          <Link to={paths.auth.register} className={buttonStyles({ size: "lg", className: "mt-8" })}>
            Créer mon compte
          </Link>
        </div>
      </section>
    </>
  );
}
