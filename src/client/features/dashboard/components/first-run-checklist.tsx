import { cn } from "@client/lib/cn";
import type { DashboardDto } from "@shared/schemas/dashboard";
import type { IdentitySettingsDto } from "@shared/schemas/settings";
import { ChevronRight, Circle, CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { firstRunSteps } from "./first-run-steps";

/**
 * Shown until every first step is done; each step links to where it is done and is checked from data.
 * Without the settings (they failed to load) nothing is shown rather than a step wrongly « à faire ».
 */
export function FirstRunChecklist({
  counts,
  settings,
}: {
  counts: DashboardDto["counts"];
  settings: IdentitySettingsDto | undefined;
}) {
  if (!settings) return null;
  const steps = firstRunSteps(counts, settings);
  const doneCount = steps.filter((step) => step.isDone).length;
  if (doneCount === steps.length) return null;
  return (
    <section
      aria-labelledby="first-run-title"
      className="rounded-xl border border-primary/30 bg-accent/40 p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="first-run-title" className="text-lg font-semibold">
          Bien démarrer avec Ardoise
        </h2>
        <p className="text-sm text-muted-foreground tabular-nums">
          {doneCount} sur {steps.length} fait{doneCount > 1 ? "s" : ""}
        </p>
      </div>
      <ol className="mt-4 space-y-2">
        {steps.map((step) => (
          <li key={step.id}>
            <Link
              to={step.to}
              className={cn(
                "flex items-center gap-3 rounded-lg border bg-surface p-3 transition-colors hover:bg-muted/60",
                step.isDone && "bg-surface/60",
              )}
            >
              {step.isDone ? (
                <CircleCheck className="size-5 shrink-0 text-primary" aria-hidden="true" />
              ) : (
                <Circle className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              )}
              <span className="min-w-0 flex-1">
                <span
                  className={cn(
                    "block text-sm font-medium",
                    step.isDone && "text-muted-foreground line-through",
                  )}
                >
                  {step.label}
                  <span className="sr-only">{step.isDone ? " (fait)" : " (à faire)"}</span>
                </span>
                <span className="block text-xs text-muted-foreground">{step.detail}</span>
              </span>
              <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
