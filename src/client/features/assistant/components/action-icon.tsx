import type { ActionIconName } from "@shared/ai/suggestions";
import {
  ArrowUpDown,
  BellRing,
  ChartColumn,
  FilePlus,
  FolderPlus,
  ListChecks,
  type LucideIcon,
  PiggyBank,
  Receipt,
  Send,
  Sunrise,
  Sunset,
  TrendingUp,
} from "lucide-react";

// An explicit map rather than lucide's dynamic import: only these icons reach the bundle, and the type
// makes a new icon name in the catalogue fail to compile until it is mapped here.
const icons: Record<ActionIconName, LucideIcon> = {
  ArrowUpDown,
  BellRing,
  ChartColumn,
  FilePlus,
  FolderPlus,
  ListChecks,
  PiggyBank,
  Receipt,
  Send,
  Sunrise,
  Sunset,
  TrendingUp,
};

/** A suggestion's icon in its tinted square, as in the notifications list. */
export function ActionIcon({ name }: { name: ActionIconName }) {
  const Icon = icons[name];
  return (
    <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
      <Icon className="size-4" aria-hidden="true" />
    </span>
  );
}
