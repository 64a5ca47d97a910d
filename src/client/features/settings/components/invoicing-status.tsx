import { CircleAlert, CircleCheck } from "lucide-react";

/** Live: what the identity being typed still lacks (`missingForSetup`, the dashboard's rule too). */
export function InvoicingStatus({ missing }: { missing: string[] }) {
  if (missing.length === 0) {
    return (
      <div
        role="status"
        className="flex items-start gap-3 rounded-2xl border border-emerald-600/25 bg-emerald-50 p-4 text-sm text-emerald-900 dark:border-emerald-400/25 dark:bg-emerald-400/10 dark:text-emerald-100"
      >
        <CircleCheck
          className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-300"
          aria-hidden="true"
        />
        <p>
          <span className="font-medium">Votre identité est complète.</span> Vos factures porteront toutes les
          mentions obligatoires.
        </p>
      </div>
    );
  }
  return (
    <div
      role="status"
      aria-label="Pour compléter votre identité, il manque"
      className="flex items-start gap-3 rounded-2xl border border-amber-600/30 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-400/25 dark:bg-amber-400/10 dark:text-amber-50"
    >
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-300" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-medium">Pour compléter votre identité, il manque :</p>
        <ul className="mt-2 flex flex-wrap gap-1.5">
          {missing.map((label) => (
            <li
              key={label}
              className="rounded-full border border-amber-600/25 bg-white/70 px-2.5 py-0.5 text-xs font-medium dark:border-amber-300/25 dark:bg-amber-300/10"
            >
              {label}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
