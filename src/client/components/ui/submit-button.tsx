import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { buttonStyles } from "./button-styles";

type Props = {
  isPending: boolean;
  children: ReactNode;
  variant?: Parameters<typeof buttonStyles>[0] extends infer Options
    ? Options extends { variant?: infer V }
      ? V
      : never
    : never;
  size?: "sm" | "md" | "lg";
  className?: string;
  icon?: ReactNode;
  disabled?: boolean;
};

/** A form's submit button: disabled and spinning while the request runs. */
export function SubmitButton({ isPending, children, variant, size, className, icon, disabled }: Props) {
  return (
    <button
      type="submit"
      disabled={isPending || disabled}
      className={buttonStyles({ variant, size, className })}
    >
      {isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}
