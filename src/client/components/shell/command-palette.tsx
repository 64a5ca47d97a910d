import { DialogContent } from "@client/components/ui/dialog-content";
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
  LoaderCircle,
  type LucideIcon,
  ReceiptEuro,
  Search,
  SunMoon,
  UserPlus,
  UserRound,
} from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { useNavigate } from "react-router";
import { footerNavItems, mainNavItems, otherPages } from "./nav-items";
import { paletteScore } from "./palette-filter";
import { type RecordKind, recordGroups } from "./palette-records";
import { useRecordSearch } from "./search-query";

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

const recordIcons: Record<RecordKind, LucideIcon> = {
  clients: UserRound,
  invoices: ReceiptEuro,
  quotes: FileText,
  projects: FolderKanban,
  contracts: FilePenLine,
};

/** Records come from the server, which matched them already: the palette's own filter keeps them all. */
const RECORD_VALUE_PREFIX = "record:";
// Below any page or action that matches (paletteScore gives those 0.5 or more): records come after them.
const RECORD_SCORE = 0.1;
const paletteFilter = (value: string, search: string, keywords?: string[]) =>
  value.startsWith(RECORD_VALUE_PREFIX) ? RECORD_SCORE : paletteScore(value, search, keywords);

const groupClassName =
  "[&_[cmdk-group-heading]]:px-2.5 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground";
const itemClassName =
  "flex cursor-default items-center gap-3 rounded-lg px-2.5 py-2 text-sm select-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground";

/**
 * Ctrl/Cmd+K: jump to any page, run an action, or open one of the user's records (clients, invoices and
 * credit notes, quotes, projects, contracts) found by the global search once typing pauses.
 */
export function CommandPalette({ isOpen, onOpenChange }: PaletteProps) {
  const navigate = useNavigate();
  const mod = modifierLabel();
  const [typed, setTyped] = useState("");
  const search = useRecordSearch(typed);
  const records = search.results ? recordGroups(search.results) : [];

  const onOpenChangeClearing = (isNowOpen: boolean) => {
    if (!isNowOpen) setTyped("");
    onOpenChange(isNowOpen);
  };
  const run = (action: () => void) => {
    onOpenChangeClearing(false);
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
    <Dialog.Root open={isOpen} onOpenChange={onOpenChangeClearing}>
      <Dialog.Portal>
        <Dialog.Overlay className="shell-overlay fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px]" />
        <DialogContent
          aria-describedby={undefined}
          className="shell-pop fixed top-[12dvh] left-1/2 z-50 w-[calc(100%-1.5rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-2xl border bg-surface shadow-2xl outline-none"
        >
          <Dialog.Title className="sr-only">Rechercher une page, une action ou un dossier</Dialog.Title>
          <Command label="Palette de commandes" filter={paletteFilter} loop>
            <div className="flex items-center gap-3 border-b px-4">
              <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <Command.Input
                autoFocus
                value={typed}
                onValueChange={setTyped}
                placeholder="Rechercher une page, un client, une facture…"
                className="h-13 w-full bg-transparent text-base outline-none placeholder:text-muted-foreground sm:text-sm"
              />
              <kbd className="hidden shrink-0 rounded border bg-muted px-1.5 py-0.5 font-sans text-[11px] text-muted-foreground sm:inline">
                Échap
              </kbd>
            </div>
            <Command.List className="max-h-[min(26rem,60dvh)] scroll-py-2 overflow-y-auto overscroll-contain p-2">
              {groups.map((group) => (
                <Command.Group key={group.heading} heading={group.heading} className={groupClassName}>
                  {group.entries.map((entry) => (
                    <Command.Item
                      key={entry.id}
                      value={entry.label}
                      keywords={entry.keywords}
                      onSelect={() => run(entry.onRun)}
                      className={itemClassName}
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
              {records.map((group) => {
                const Icon = recordIcons[group.kind];
                return (
                  <Command.Group key={group.kind} heading={group.heading} className={groupClassName}>
                    {group.entries.map((entry) => (
                      <Command.Item
                        key={entry.id}
                        value={`${RECORD_VALUE_PREFIX}${group.kind}:${entry.id}`}
                        onSelect={() => run(() => navigate(entry.to))}
                        className={itemClassName}
                      >
                        <Icon className="size-4 shrink-0 opacity-80" aria-hidden="true" />
                        <span className="flex min-w-0 flex-1 flex-col">
                          <span className="truncate">{entry.label}</span>
                          {entry.detail && (
                            <span className="truncate text-xs text-muted-foreground">{entry.detail}</span>
                          )}
                        </span>
                      </Command.Item>
                    ))}
                  </Command.Group>
                );
              })}
            </Command.List>
            {/* Outside the listbox, which may hold only options; announced as they change. */}
            <div aria-live="polite" className="empty:hidden border-t px-2 py-1.5 text-sm">
              {!search.isLoading && !search.isError && (
                <Command.Empty className="py-8 text-center text-muted-foreground">
                  Aucun résultat.
                </Command.Empty>
              )}
              {search.isLoading && (
                <p className="flex items-center gap-2 px-2.5 py-1.5 text-muted-foreground">
                  <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
                  Recherche dans vos clients, factures, devis, projets et contrats…
                </p>
              )}
              {search.isError && (
                <p role="alert" className="px-2.5 py-1.5 text-danger">
                  La recherche n’a pas abouti. Vérifiez votre connexion et réessayez.
                </p>
              )}
            </div>
          </Command>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
