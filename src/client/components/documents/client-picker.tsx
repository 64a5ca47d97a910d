import { useDebouncedValue } from "@client/components/data-list/use-debounced-value";
import { cn } from "@client/lib/cn";
import { Building2, Check, UserRound } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { useClientSearch } from "./use-client-search";

type ClientPickerProps = {
  clientId: string;
  clientName: string;
  onChange: (value: { clientId: string; clientName: string }) => void;
  onBlur?: () => void;
  error?: string;
  /** Completes "ses coordonnées figureront sur …". */
  documentLabel?: string;
};

const SEARCH_DEBOUNCE_MS = 250;

/**
 * A combobox over the user's clients (GET /api/clients?search=). Picking one links the document to it; a
 * name that matches no client is kept as typed, as a free client name.
 */
export function ClientPicker({
  clientId,
  clientName,
  onChange,
  onBlur,
  error,
  documentLabel = "la facture",
}: ClientPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [isOpen, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const search = useDebouncedValue(clientName.trim(), SEARCH_DEBOUNCE_MS);
  const { data, isFetching } = useClientSearch(search, isOpen);
  const clients = data?.items ?? [];
  const showList = isOpen && clients.length > 0;

  const pick = (index: number) => {
    const client = clients[index];
    if (!client) return;
    onChange({ clientId: client.id, clientName: client.name });
    setOpen(false);
    setActiveIndex(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      setActiveIndex((index) => Math.min(clients.length - 1, index + 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActiveIndex((index) => Math.max(0, index - 1));
    } else if (event.key === "Enter" && showList && activeIndex >= 0) {
      event.preventDefault();
      pick(activeIndex);
    } else if (event.key === "Escape") {
      setOpen(false);
    }
  };

  const hint = clientId
    ? `Client de votre fichier : ses coordonnées figureront sur ${documentLabel}.`
    : clientName.trim()
      ? "Nom libre : ce client n'est pas dans votre fichier clients."
      : "Recherchez un client existant ou saisissez un nom.";

  return (
    <div className="relative space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        Client
      </label>
      <div className="relative">
        {clientId ? (
          <Building2
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-primary"
            aria-hidden="true"
          />
        ) : (
          <UserRound
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
        )}
        <input
          id={id}
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          autoComplete="off"
          value={clientName}
          placeholder="Nom du client"
          onChange={(event) => {
            onChange({ clientId: "", clientName: event.target.value });
            setOpen(true);
            setActiveIndex(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            onBlur?.();
          }}
          onKeyDown={onKeyDown}
          className="h-11 w-full rounded-lg border bg-surface pr-3 pl-9 text-base text-foreground shadow-sm outline-none transition-colors placeholder:text-muted-foreground focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/30 aria-[invalid=true]:border-danger sm:text-sm"
        />
      </div>
      {showList ? (
        <div
          id={listId}
          role="listbox"
          aria-label="Clients"
          aria-busy={isFetching}
          className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-lg border bg-surface p-1 shadow-lg"
        >
          {clients.map((client, index) => (
            <div
              key={client.id}
              tabIndex={-1}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={client.id === clientId}
              // mousedown, not click: it runs before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(index);
              }}
              onKeyDown={() => undefined}
              className={cn(
                "flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm",
                index === activeIndex ? "bg-accent text-accent-foreground" : "hover:bg-muted",
              )}
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{client.name}</span>
                {client.company || client.city ? (
                  <span className="block truncate text-xs text-muted-foreground">
                    {[client.company, client.city].filter(Boolean).join(" · ")}
                  </span>
                ) : null}
              </span>
              {client.id === clientId ? <Check className="size-4 shrink-0" aria-hidden="true" /> : null}
            </div>
          ))}
        </div>
      ) : null}
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
