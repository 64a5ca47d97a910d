import { cn } from "@client/lib/cn";
import { useSession, useSignOut } from "@client/lib/session";
import { setTheme, type ThemeMode, useThemeConfig } from "@client/lib/theme";
import { paths } from "@shared/paths";
import { Check, LogOut, Monitor, Moon, Settings, Sun, User } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { floatingPanelStyles, menuItemStyles } from "./shell-styles";

const themeChoices: { value: ThemeMode; label: string; icon: typeof Sun }[] = [
  { value: "light", label: "Clair", icon: Sun },
  { value: "dark", label: "Sombre", icon: Moon },
  { value: "system", label: "Système", icon: Monitor },
];

function initialsOf(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  // Whole characters, not UTF-16 halves: half an emoji would print as a replacement character.
  const letters = words.length > 0 ? words.slice(0, 2).map((word) => Array.from(word)[0]) : [email[0] ?? "?"];
  return letters.join("").toUpperCase();
}

export function UserMenu() {
  const { user } = useSession();
  const { theme } = useThemeConfig();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const name = user?.name || "Mon compte";
  const email = user?.email ?? "";
  const initials = initialsOf(name, email);

  const onSignOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        toast.success("Déconnexion réussie");
        navigate(paths.auth.signIn, { replace: true });
      },
      onError: () => toast.error("Échec de déconnexion"),
    });

  return (
    // Not modal: a modal menu hides the rest of the page from assistive technologies with aria-hidden
    // while its links and buttons stay focusable (axe's aria-hidden-focus); a menu needs no focus trap.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        // The initials are the button's visible text: its name says them too (WCAG 2.5.3, label in name).
        aria-label={`Menu du compte : ${name} (${initials})`}
        className="flex size-9 shrink-0 items-center justify-center rounded-full transition-shadow hover:ring-2 hover:ring-border data-[state=open]:ring-2 data-[state=open]:ring-ring/40"
      >
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
        >
          {initials}
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className={cn(floatingPanelStyles, "w-64 p-1.5")}
        >
          <div className="px-2.5 pt-1.5 pb-2">
            <p className="truncate text-sm font-semibold">{name}</p>
            {email && <p className="truncate text-xs text-muted-foreground">{email}</p>}
          </div>
          <DropdownMenu.Separator className="-mx-1.5 my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={menuItemStyles}>
            <Link to={paths.app.profile}>
              <User aria-hidden="true" />
              Profil
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={menuItemStyles}>
            <Link to={paths.app.settings}>
              <Settings aria-hidden="true" />
              Paramètres
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="-mx-1.5 my-1 h-px bg-border" />
          <DropdownMenu.Label className="px-2.5 pt-1.5 pb-1 text-xs font-medium text-muted-foreground">
            Thème
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={theme} onValueChange={(value) => setTheme(value as ThemeMode)}>
            {themeChoices.map(({ value, label, icon: Icon }) => (
              <DropdownMenu.RadioItem
                key={value}
                value={value}
                // The menu stays open so the user sees the new theme applied around it.
                onSelect={(event) => event.preventDefault()}
                className={menuItemStyles}
              >
                <Icon aria-hidden="true" />
                <span className="flex-1">{label}</span>
                <DropdownMenu.ItemIndicator>
                  <Check className="text-primary!" aria-hidden="true" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="-mx-1.5 my-1 h-px bg-border" />
          <DropdownMenu.Item
            disabled={signOut.isPending}
            onSelect={onSignOut}
            className={cn(menuItemStyles, "text-danger data-[highlighted]:bg-danger/10 [&_svg]:text-danger")}
          >
            <LogOut aria-hidden="true" />
            {signOut.isPending ? "Déconnexion…" : "Se déconnecter"}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
