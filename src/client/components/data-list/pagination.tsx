import { buttonStyles } from "@client/components/ui/button-styles";
import { ChevronLeft, ChevronRight } from "lucide-react";

type PaginationProps = {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
};

const count = new Intl.NumberFormat("fr-FR");

/** "1–20 sur 134" with previous and next buttons. */
export function Pagination({ page, pageSize, total, onPageChange }: PaginationProps) {
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-3 px-1 pt-4">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        <span className="font-medium text-foreground tabular-nums">
          {count.format(first)}–{count.format(last)}
        </span>{" "}
        sur <span className="font-medium text-foreground tabular-nums">{count.format(total)}</span>
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className={buttonStyles({ variant: "secondary", size: "sm" })}
          onClick={() => onPageChange(page - 1)}
          disabled={page <= 1}
          aria-label="Page précédente"
        >
          <ChevronLeft aria-hidden="true" />
          <span className="hidden sm:inline">Précédent</span>
        </button>
        <button
          type="button"
          className={buttonStyles({ variant: "secondary", size: "sm" })}
          onClick={() => onPageChange(page + 1)}
          disabled={page >= lastPage}
          aria-label="Page suivante"
        >
          <span className="hidden sm:inline">Suivant</span>
          <ChevronRight aria-hidden="true" />
        </button>
      </div>
    </nav>
  );
}
