import { cn } from "@client/lib/cn";
import { ChevronDown } from "lucide-react";
import { type ComponentProps, useId } from "react";

type SelectFieldProps = ComponentProps<"select"> & {
  label: string;
  error?: string;
  isLabelHidden?: boolean;
  /** 40 px from `sm` up instead of 44, to sit in a row of compact filters. */
  isCompact?: boolean;
};

/** A labelled native select, styled like Field (native: the best picker on phones). */
export function SelectField({
  label,
  error,
  isLabelHidden = false,
  isCompact = false,
  className,
  id,
  children,
  ...select
}: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <div className={cn("space-y-1.5", className)}>
      <label
        htmlFor={selectId}
        className={cn("text-sm font-medium text-foreground", isLabelHidden && "sr-only")}
      >
        {label}
      </label>
      <div className="relative">
        <select
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${selectId}-error` : undefined}
          className={cn(
            "h-11 w-full appearance-none rounded-lg border bg-surface pr-9 pl-3 text-base text-foreground shadow-sm outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/30 aria-[invalid=true]:border-danger sm:text-sm",
            isCompact && "sm:h-10",
          )}
          {...select}
        >
          {children}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
      </div>
      {error ? (
        <p id={`${selectId}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
