import { buttonStyles } from "@client/components/ui/button-styles";
import { AudienceSection } from "@client/features/marketing/components/audience-section";
import { PageIntro } from "@client/features/marketing/components/page-intro";
import { PrinciplesSection } from "@client/features/marketing/components/principles-section";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { paths } from "@shared/paths";
import { Link } from "react-router";

export function Component() {
  useDocumentTitle("À propos");
  return (
    <>
      <PageIntro eyebrow="À propos" title="Un outil de gestion pensé pour travailler seul, et bien">
        <p>
          Au comptoir, l'ardoise, c'est ce qui reste à régler. Ardoise tient la vôtre : ce que vous avez
          proposé, facturé, encaissé, et ce qu'on vous doit encore. Vous gardez du temps pour votre métier.
        </p>
      </PageIntro>
      <AudienceSection />
      <PrinciplesSection />
      <section aria-labelledby="about-cta-title" className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6">
        <h2 id="about-cta-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          Prêt à tenir votre activité au propre ?
        </h2>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={paths.auth.register} className={buttonStyles({ size: "lg" })}>
            Créer mon compte
          </Link>
          <Link to={paths.pricing} className={buttonStyles({ variant: "secondary", size: "lg" })}>
            Voir le tarif
          </Link>
        </div>
      </section>
    </>
  );
}
