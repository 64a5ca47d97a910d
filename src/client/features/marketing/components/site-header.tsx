import { Logo } from "@client/components/logo";
import { buttonStyles } from "@client/components/ui/button-styles";
import { cn } from "@client/lib/cn";
import { paths } from "@shared/paths";
import { Menu, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, NavLink } from "react-router";

const navItems = [
  { to: paths.pricing, label: "Tarif" },
  { to: paths.about, label: "À propos" },
  { to: paths.faq, label: "FAQ" },
];

const navLinkStyles =
  "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground aria-[current=page]:bg-muted aria-[current=page]:text-foreground";

export function SiteHeader() {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuId = useId();
  const closeMenu = () => setIsMenuOpen(false);

  useEffect(() => {
    if (!isMenuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setIsMenuOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [isMenuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to={paths.home} aria-label="Ardoise, accueil" className="rounded-lg" onClick={closeMenu}>
          <Logo />
        </Link>

        <nav aria-label="Navigation principale" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={navLinkStyles}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="hidden items-center gap-2 md:flex">
          <Link to={paths.auth.signIn} className={buttonStyles({ variant: "ghost", size: "sm" })}>
            Se connecter
          </Link>
          <Link to={paths.auth.register} className={buttonStyles({ size: "sm" })}>
            Créer mon compte
          </Link>
        </div>

        <button
          type="button"
          className={buttonStyles({ variant: "ghost", size: "sm", className: "md:hidden" })}
          aria-expanded={isMenuOpen}
          aria-controls={menuId}
          onClick={() => setIsMenuOpen((isOpen) => !isOpen)}
        >
          {isMenuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          <span>Menu</span>
        </button>
      </div>

      <div id={menuId} hidden={!isMenuOpen} className={cn("border-t bg-background md:hidden")}>
        <nav aria-label="Navigation mobile" className="mx-auto max-w-6xl px-4 pt-2 pb-4">
          <ul className="flex flex-col">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  onClick={closeMenu}
                  className={cn(navLinkStyles, "block py-3 text-base")}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-3 grid gap-2 border-t pt-4">
            <Link
              to={paths.auth.signIn}
              onClick={closeMenu}
              className={buttonStyles({ variant: "secondary", size: "lg" })}
            >
              Se connecter
            </Link>
            <Link to={paths.auth.register} onClick={closeMenu} className={buttonStyles({ size: "lg" })}>
              Créer mon compte
            </Link>
          </div>
        </nav>
      </div>
    </header>
  );
}
