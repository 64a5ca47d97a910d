import { cn } from "@client/lib/cn";
import type { ComponentProps } from "react";

type ScrollRegionProps = ComponentProps<"section"> & {
  /** What scrolls (« Écritures du livre des recettes »): the region's name, read before its content. */
  label: string;
};

/**
 * A box that scrolls on its own (a wide table, a long preview). The keyboard must reach it to scroll it
 * (WCAG 2.1.1, axe's `scrollable-region-focusable`), so it is a named region in the tab order.
 */
export function ScrollRegion({ label, className, ...props }: ScrollRegionProps) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box is scrolled from the keyboard once focused.
      tabIndex={0}
      className={cn("focus-visible:outline-offset-[-2px]", className)}
      {...props}
    />
  );
}
