import { cn } from "@client/lib/cn";
import type { NotificationItem } from "@shared/schemas/notifications";
import {
  Bell,
  BellRing,
  CircleCheck,
  FileExclamationPoint,
  Hourglass,
  Landmark,
  type LucideIcon,
  RefreshCw,
  Undo2,
  Webhook,
} from "lucide-react";
import { Popover } from "radix-ui";
import { useId, useState } from "react";
import { Link } from "react-router";
import { badgeLabel, useNotifications } from "./notifications-query";
import { floatingPanelStyles, iconButtonStyles } from "./shell-styles";

const kindStyles: Record<NotificationItem["kind"], { icon: LucideIcon; className: string }> = {
  invoice_overdue: { icon: FileExclamationPoint, className: "bg-danger/10 text-danger" },
  reminder_due: { icon: BellRing, className: "bg-amber-500/15 text-amber-700 dark:text-amber-300" },
  quote_expiring: { icon: Hourglass, className: "bg-accent text-accent-foreground" },
  webhook_paused: { icon: Webhook, className: "bg-danger/10 text-danger" },
  quote_decided: { icon: CircleCheck, className: "bg-emerald-500/15 text-emerald-700 dark:text-emerald-300" },
  urssaf_deadline: { icon: Landmark, className: "bg-amber-500/15 text-amber-700 dark:text-amber-300" },
  payment_surplus: { icon: Undo2, className: "bg-amber-500/15 text-amber-700 dark:text-amber-300" },
  vat_franchise: { icon: Landmark, className: "bg-danger/10 text-danger" },
};

export function NotificationBell() {
  const [isOpen, setIsOpen] = useState(false);
  const titleId = useId();
  const { data, isPending, isError, refetch, isRefetching } = useNotifications();
  const count = data?.count ?? 0;
  const badge = badgeLabel(count);

  return (
    <Popover.Root open={isOpen} onOpenChange={setIsOpen}>
      <Popover.Trigger
        className={iconButtonStyles}
        aria-label={count > 0 ? `Notifications : ${count} à traiter` : "Notifications : rien à traiter"}
      >
        <Bell aria-hidden="true" />
        {badge && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-danger px-1 text-[10px] leading-none font-semibold text-background ring-2 ring-surface"
          >
            {badge}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          // A popover is a dialog to assistive technologies: its heading names it.
          aria-labelledby={titleId}
          className={cn(
            floatingPanelStyles,
            "flex w-[22rem] max-w-[calc(100vw-1.5rem)] flex-col overflow-hidden",
          )}
        >
          <div className="flex items-center justify-between gap-3 border-b px-4 py-3">
            <h2 id={titleId} className="text-sm font-semibold">
              Notifications
            </h2>
            {count > 0 && (
              <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
                {count} à traiter
              </span>
            )}
          </div>

          {isPending ? (
            <ul aria-label="Chargement des notifications" className="flex flex-col gap-1 p-2">
              {[0, 1, 2].map((row) => (
                <li key={row} className="flex items-start gap-3 px-2 py-2">
                  <span className="size-8 shrink-0 animate-pulse rounded-lg bg-muted" />
                  <span className="flex flex-1 flex-col gap-2 pt-1">
                    <span className="h-3 w-3/4 animate-pulse rounded bg-muted" />
                    <span className="h-3 w-1/2 animate-pulse rounded bg-muted" />
                  </span>
                </li>
              ))}
            </ul>
          ) : isError ? (
            <div role="alert" className="flex flex-col items-center gap-3 px-6 py-8 text-center">
              <p className="text-sm text-muted-foreground">Impossible de charger les notifications.</p>
              <button
                type="button"
                onClick={() => void refetch()}
                disabled={isRefetching}
                className="inline-flex items-center gap-2 rounded-lg border px-3 py-1.5 text-sm font-medium hover:bg-muted disabled:opacity-50"
              >
                <RefreshCw className={cn("size-4", isRefetching && "animate-spin")} aria-hidden="true" />
                Réessayer
              </button>
            </div>
          ) : data.items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
              <span className="mb-1 flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <CircleCheck className="size-5" aria-hidden="true" />
              </span>
              <p className="text-sm font-medium">Aucune notification</p>
              <p className="text-sm text-muted-foreground">Tout est à jour.</p>
            </div>
          ) : (
            <>
              <ul className="max-h-[min(24rem,60dvh)] overflow-y-auto p-1.5">
                {data.items.map((item) => (
                  <li key={item.id}>
                    <NotificationRow item={item} onSelect={() => setIsOpen(false)} />
                  </li>
                ))}
              </ul>
              {count > data.items.length && (
                <p className="border-t px-4 py-2.5 text-xs text-muted-foreground">
                  Les {data.items.length} plus urgentes sur {count} sont affichées.
                </p>
              )}
            </>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function NotificationRow({ item, onSelect }: { item: NotificationItem; onSelect: () => void }) {
  // A kind this page does not know yet (the server was updated while the tab stayed open): a plain bell.
  const { icon: Icon, className } = kindStyles[item.kind] ?? { icon: Bell, className: "bg-muted" };
  return (
    <Link
      to={item.href}
      onClick={onSelect}
      className="flex items-start gap-3 rounded-lg px-2.5 py-2.5 transition-colors hover:bg-muted focus-visible:bg-muted"
    >
      <span className={cn("flex size-8 shrink-0 items-center justify-center rounded-lg", className)}>
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className="text-sm leading-snug font-medium">{item.title}</span>
        <span className="text-xs leading-snug text-muted-foreground">{item.description}</span>
      </span>
    </Link>
  );
}
