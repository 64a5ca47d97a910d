import { cn } from "@client/lib/cn";

type StatusFilterProps<Status extends string> = {
  statuses: readonly Status[];
  labels: Record<Status, string>;
  value: Status | undefined;
  onChange: (value: Status | undefined) => void;
  allLabel?: string;
};

/** Status chips above a list ("Tous" clears the filter); they scroll sideways on a phone. */
export function StatusFilter<Status extends string>({
  statuses,
  labels,
  value,
  onChange,
  allLabel = "Tous",
}: StatusFilterProps<Status>) {
  const options: { value: Status | undefined; label: string }[] = [
    { value: undefined, label: allLabel },
    ...statuses.map((status) => ({ value: status, label: labels[status] })),
  ];
  return (
    <fieldset className="-mx-4 min-w-0 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <legend className="sr-only">Filtrer par statut</legend>
      <div className="flex w-max gap-1 rounded-lg border bg-surface p-1 shadow-sm">
        {options.map((option) => {
          const isActive = option.value === value;
          return (
            <button
              key={option.value ?? "all"}
              type="button"
              aria-pressed={isActive}
              onClick={() => onChange(option.value)}
              className={cn(
                "h-8 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors",
                isActive
                  ? "bg-accent text-accent-foreground shadow-sm"
                  : "text-muted-foreground hover:bg-muted hover:text-foreground",
              )}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
