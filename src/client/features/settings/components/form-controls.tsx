import { cn } from "@client/lib/cn";
import { type ComponentProps, type ReactNode, useId } from "react";

const controlClass =
  "w-full rounded-lg border bg-surface px-3 text-base text-foreground shadow-sm outline-none transition-colors placeholder:text-muted-foreground focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/30 aria-[invalid=true]:border-danger sm:text-sm";

type WrapperProps = { id: string; label: string; error?: string; hint?: ReactNode; className?: string };

function Labelled({ id, label, error, hint, className, children }: WrapperProps & { children: ReactNode }) {
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-foreground">
        {label}
      </label>
      {children}
      {hint ? (
        <div id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;

type SelectFieldProps = ComponentProps<"select"> & Omit<WrapperProps, "id"> & { children: ReactNode };

export function SelectField({ label, error, hint, className, children, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <Labelled id={id} label={label} error={error} hint={hint} className={className}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={cn(controlClass, "h-11 pr-8")}
        {...select}
      >
        {children}
      </select>
    </Labelled>
  );
}

type TextareaFieldProps = ComponentProps<"textarea"> & Omit<WrapperProps, "id">;

export function TextareaField({ label, error, hint, className, ...textarea }: TextareaFieldProps) {
  const id = useId();
  return (
    <Labelled id={id} label={label} error={error} hint={hint} className={className}>
      <textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={cn(controlClass, "py-2")}
        {...textarea}
      />
    </Labelled>
  );
}
