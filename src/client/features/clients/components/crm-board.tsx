import { LoadError } from "@client/components/load-error";
import { cn } from "@client/lib/cn";
import { formatDate } from "@shared/format";
import { paths } from "@shared/paths";
import {
  type ClientStatus,
  clientStatuses,
  clientStatusLabels,
  type PipelineCard,
} from "@shared/schemas/clients";
import { ArrowRightLeft, Plus } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { type DragEvent, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { usePipeline } from "../api/get-pipeline";
import { useMoveClient } from "../api/update-client";
import { showError } from "./show-error";

const columnAccent: Record<ClientStatus, string> = {
  prospect: "bg-sky-500",
  actif: "bg-emerald-500",
  inactif: "bg-slate-400",
};

const DRAG_TYPE = "application/x-ardoise-client";

/** The CRM pipeline: one column per status; drag a card, or use its menu, to change the status. */
export function CrmBoard() {
  const query = usePipeline();
  const move = useMoveClient();
  const [dropTarget, setDropTarget] = useState<ClientStatus | null>(null);

  const onMove = (card: PipelineCard, status: ClientStatus) => {
    if (card.status === status) return;
    move.mutate(
      { id: card.id, status },
      {
        onSuccess: () => toast.success(`${card.name} → ${clientStatusLabels[status]}`),
        onError: showError,
      },
    );
  };

  if (query.isPending)
    return (
      <div role="status" aria-label="Chargement du pipeline" className="grid gap-4 md:grid-cols-3">
        {clientStatuses.map((status) => (
          <div key={status} className="h-72 animate-pulse rounded-2xl bg-muted" />
        ))}
      </div>
    );
  if (query.isError)
    return (
      <LoadError
        title="Impossible de charger le pipeline"
        message={query.error.message}
        onRetry={() => query.refetch()}
      />
    );

  const cards = query.data.columns.flatMap((column) => column.clients);
  const onDrop = (event: DragEvent, status: ClientStatus) => {
    event.preventDefault();
    setDropTarget(null);
    const card = cards.find((candidate) => candidate.id === event.dataTransfer.getData(DRAG_TYPE));
    if (card) onMove(card, status);
  };

  return (
    <div className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 md:mx-0 md:grid md:grid-cols-3 md:overflow-visible md:px-0">
      {query.data.columns.map((column) => (
        <section
          key={column.status}
          aria-label={`${clientStatusLabels[column.status]} (${column.count})`}
          onDragOver={(event) => {
            if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
            event.preventDefault();
            setDropTarget(column.status);
          }}
          onDragLeave={() => setDropTarget(null)}
          onDrop={(event) => onDrop(event, column.status)}
          className={cn(
            "flex w-[85vw] max-w-sm shrink-0 snap-start flex-col rounded-2xl border bg-muted/60 p-3 transition-colors md:w-auto md:max-w-none",
            dropTarget === column.status && "border-primary bg-accent/60",
          )}
        >
          <header className="flex items-center justify-between px-1 pb-3">
            <h2 className="flex items-center gap-2 text-sm font-semibold">
              <span className={cn("size-2 rounded-full", columnAccent[column.status])} aria-hidden="true" />
              {clientStatusLabels[column.status]}
            </h2>
            <span className="rounded-full bg-surface px-2 py-0.5 text-xs font-medium tabular-nums ring-1 ring-border">
              {column.count}
            </span>
          </header>
          {column.clients.length === 0 ? (
            <p className="rounded-xl border border-dashed px-3 py-8 text-center text-sm text-muted-foreground">
              Aucun client
            </p>
          ) : (
            <ul className="space-y-2">
              {column.clients.map((card) => (
                <li
                  key={card.id}
                  draggable
                  onDragStart={(event) => {
                    event.dataTransfer.setData(DRAG_TYPE, card.id);
                    event.dataTransfer.effectAllowed = "move";
                  }}
                  className="group relative cursor-grab rounded-xl border bg-surface p-3 shadow-sm transition-shadow hover:shadow-md active:cursor-grabbing"
                >
                  <div className="flex items-start justify-between gap-2">
                    <Link
                      to={paths.app.clients.detail(card.id)}
                      className="min-w-0 text-sm font-medium outline-none after:absolute after:inset-0 focus-visible:underline"
                    >
                      <span className="block truncate">{card.name}</span>
                    </Link>
                    <MoveMenu card={card} onMove={onMove} />
                  </div>
                  {card.company ? (
                    <p className="truncate text-xs text-muted-foreground">{card.company}</p>
                  ) : null}
                  <p className="mt-2 truncate text-xs text-muted-foreground">
                    {card.email ?? `Ajouté le ${formatDate(card.createdAt)}`}
                  </p>
                </li>
              ))}
            </ul>
          )}
          {column.count > column.clients.length ? (
            <Link
              to={`${paths.app.clients.list}?statut=${column.status}`}
              className="mt-3 px-1 text-xs font-medium text-primary hover:underline"
            >
              Voir les {column.count} clients
            </Link>
          ) : null}
          {column.status === "prospect" ? (
            <Link
              to={paths.app.clients.new}
              className="mt-3 flex items-center justify-center gap-1.5 rounded-lg px-2 py-2 text-sm text-muted-foreground hover:bg-surface hover:text-foreground"
            >
              <Plus className="size-4" aria-hidden="true" />
              Ajouter un prospect
            </Link>
          ) : null}
        </section>
      ))}
    </div>
  );
}

function MoveMenu({
  card,
  onMove,
}: {
  card: PipelineCard;
  onMove: (card: PipelineCard, status: ClientStatus) => void;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Changer le statut de ${card.name}`}
        className="relative z-10 flex size-7 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
      >
        <ArrowRightLeft className="size-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-44 rounded-xl border bg-surface p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs text-muted-foreground">
            Déplacer vers
          </DropdownMenu.Label>
          {clientStatuses
            .filter((status) => status !== card.status)
            .map((status) => (
              <DropdownMenu.Item
                key={status}
                onSelect={() => onMove(card, status)}
                className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-muted"
              >
                <span className={cn("size-2 rounded-full", columnAccent[status])} aria-hidden="true" />
                {clientStatusLabels[status]}
              </DropdownMenu.Item>
            ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
