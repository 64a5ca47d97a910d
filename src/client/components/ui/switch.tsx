import { Switch as SwitchPrimitive } from "radix-ui";
import type { ComponentProps } from "react";

/** An on/off switch (radix, keyboard and screen-reader ready), labelled by a <label htmlFor> or aria-label. */
export function Switch(props: Omit<ComponentProps<typeof SwitchPrimitive.Root>, "className" | "children">) {
  return (
    <SwitchPrimitive.Root
      {...props}
      className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent bg-border transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring/40 disabled:opacity-50 data-[state=checked]:bg-primary"
    >
      <SwitchPrimitive.Thumb className="block size-5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
    </SwitchPrimitive.Root>
  );
}
