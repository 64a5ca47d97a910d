import {
  cycleThemeWithToast,
  modifierLabel,
  navigationShortcuts,
  newItemTargets,
  showShortcutHelp,
} from "@client/lib/shortcuts";
import { Command } from "cmdk";
import {
  FilePenLine,
  FileText,
  FolderKanban,
  Keyboard,
  type LucideIcon,
  ReceiptEuro,
  Search,
  SunMoon,
  UserPlus,
} from "lucide-react";
import { Dialog } from "radix-ui";
import { useNavigate } from "react-router";
import { footerNavItems, mainNavItems, otherPages } from "./nav-items";
import { paletteScore } from "./palette-filter";

type PaletteProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};

type PaletteEntry = {
  id: string;
  label: string;
  icon: LucideIcon;
  keywords?: string[];
  hint?: string;
  onRun: () => void;
};

const pageItems = [...mainNavItems, ...footerNavItems, ...otherPages];

const createOrder = ["clients", "projects", "quotes", "invoices", "contracts"] as const;
const createIcons: Record<(typeof createOrder)[number], LucideIcon> = {
  clients: UserPlus,
  projects: FolderKanban,
  quotes: FileText,
  invoices: ReceiptEuro,
  contracts: FilePenLine,
};

/**
 * Ctrl/Cmd+K: jump to any page or run an action. Records (clients, invoices…) join as a group here once
 * their list APIs exist.
 */
export function CommandPalette({ isOpen, onOpenChange }: PaletteProps) {
  const navigate = useNavigate();
  const mod = modifierLabel();

  const run = (action: () => void) => {
    onOpenChange(false);
    action();
  };

  const pages: PaletteEntry[] = pageItems.map((item) => {
    const shortcut = navigationShortcuts.findIndex((entry) => entry.to === item.to);
    return {
      id: `page:${item.to}`,
      label: item.label,
      icon: item.icon,
      keywords: item.keywords,
      hint: shortcut >= 0 ? `${mod} ${shortcut + 1}` : undefined,
      onRun: () => navigate(item.to),
    };
  });

  const creations: PaletteEntry[] = createOrder.flatMap((section) => {
    const target = newItemTargets[section];
    if (!target) return [];
    return [
      {
        id: `new:${section}`,
        label: target.label,
        icon: createIcons[section],
        keywords: ["créer", "ajouter", "nouveau", "nouvelle"],
        onRun: () => navigate(target.to),
      },
    ];
  });

  const actions: PaletteEntry[] = [
    {
      id: "action:theme",
      label: "Changer de thème",
      icon: SunMoon,
      keywords: ["mode", "sombre", "clair", "système", "dark", "light"],
      hint: `${mod} Maj T`,
      onRun: cycleThemeWithToast,
    },
    {
      id: "action:help",
      label: "Raccourcis clavier",
      icon: Keyboard,
      keywords: ["aide", "help", "touches"],
      hint: "?",
      onRun: showShortcutHelp,
    },
  ];

  const groups = [
    { heading: "Pages", entries: pages },
    { heading: "Créer", entries: creations },
    { heading: "Actions", entries: actions },
  ];

  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="shell-overlay fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px]" />
        <Dialog.Content
          aria-describedby={undefined}
          className="shell-pop fixed top-[12dvh] left-1/2 z-50 w-[calc(100%-1.5rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-2xl border bg-surface shadow-2xl outline-none"
        >
          <Dialog.Title className="sr-only">Rechercher une page ou une action</Dialog.Title>
          <Command label="Palette de commandes" filter={paletteScore} loop>
            <div className="flex items-center gap-3 border-b px-4">
              <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <Command.Input
                autoFocus
                placeholder="Rechercher une page ou une action…"
                className="h-13 w-full bg-transparent text-base outline-none placeholder:text-muted-foreground sm:text-sm"
              />
              <kbd className="hidden shrink-0 rounded border bg-muted px-1.5 py-0.5 font-sans text-[11px] text-muted-foreground sm:inline">
                Échap
              </kbd>
            </div>
            <Command.List className="max-h-[min(26rem,60dvh)] scroll-py-2 overflow-y-auto overscroll-contain p-2">
              <Command.Empty className="py-10 text-center text-sm text-muted-foreground">
                Aucun résultat.
              </Command.Empty>
              {groups.map((group) => (
                <Command.Group
                  key={group.heading}
                  heading={group.heading}
                  className="[&_[cmdk-group-heading]]:px-2.5 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground"
                >
                  {group.entries.map((entry) => (
                    <Command.Item
                      key={entry.id}
                      value={entry.label}
                      keywords={entry.keywords}
                      onSelect={() => run(entry.onRun)}
                      className="flex cursor-default items-center gap-3 rounded-lg px-2.5 py-2 text-sm select-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground"
                    >
                      <entry.icon className="size-4 shrink-0 opacity-80" aria-hidden="true" />
                      <span className="flex-1 truncate">{entry.label}</span>
                      {entry.hint && (
                        <kbd className="hidden shrink-0 font-sans text-xs text-muted-foreground sm:inline">
                          {entry.hint}
                        </kbd>
                      )}
                    </Command.Item>
                  ))}
                </Command.Group>
              ))}
            </Command.List>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
