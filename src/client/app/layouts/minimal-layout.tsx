import { Logo } from "@client/components/logo";
import { paths } from "@shared/paths";
import { Link, Outlet } from "react-router";

/** Focused pages (sign-in, payment return, developer tools): the brand and nothing to wander off to. */
export function Component() {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <header className="px-6 py-5">
        <Link to={paths.home} aria-label="Ardoise, retour à l'accueil" className="inline-flex rounded-lg">
          <Logo />
        </Link>
      </header>
      <main className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
