/** An icon-only button of the header; give it an aria-label. */
export const iconButtonStyles =
  "relative inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-muted hover:text-foreground data-[state=open]:bg-muted data-[state=open]:text-foreground [&_svg]:size-[18px]";

/** Floating panels (menus, popovers, tooltips) share one surface. */
export const floatingPanelStyles = "shell-pop z-50 rounded-xl border bg-surface text-foreground shadow-lg";

export const menuItemStyles =
  "flex cursor-default select-none items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm outline-none transition-colors data-[disabled]:pointer-events-none data-[highlighted]:bg-muted data-[disabled]:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground";
