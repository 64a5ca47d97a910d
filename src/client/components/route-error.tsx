import { RefreshCw, TriangleExclamationPoint } from "lucide-react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { NotFound } from "./not-found";
import { buttonStyles } from "./ui/button-styles";

/** Error element of every route (spec §2): stays until the user reloads the page. */
export function RouteError() {
  return (
    <div className="flex min-h-[60dvh] items-center justify-center px-6 py-16">
      <RouteErrorContent />
    </div>
  );
}

/** For the root and layout routes: nothing is around them, so it brings its own page and main landmark. */
export function FullPageRouteError() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-6 py-16">
      <RouteErrorContent />
    </main>
  );
}

function RouteErrorContent() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (import.meta.env.DEV) console.error(error);

  return (
    <div role="alert" className="w-full max-w-md rounded-2xl border bg-surface p-8 text-center shadow-sm">
      <span className="mx-auto mb-5 flex size-12 items-center justify-center rounded-full bg-danger/10 text-danger">
        <TriangleExclamationPoint className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-xl font-semibold">Une erreur s'est produite</h1>
      <p className="mt-3 text-muted-foreground">
        Veuillez rafraîchir la page. Si le problème persiste, contactez le support.
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className={buttonStyles({ className: "mt-6" })}
      >
        <RefreshCw aria-hidden="true" />
        Rafraîchir la page
      </button>
    </div>
  );
}
