import { Logo } from "@client/components/logo";
import { paths } from "@shared/paths";
import { Link, Outlet } from "react-router";

// Temporary frame: the access guard, sidebar and header of spec §2 replace it.
export function Component() {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <header className="sticky top-0 z-30 flex h-14 items-center border-b bg-surface/90 px-4 backdrop-blur sm:px-6">
        <Link to={paths.app.root} aria-label="Ardoise, tableau de bord" className="inline-flex rounded-lg">
          <Logo />
        </Link>
      </header>
      <main className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
