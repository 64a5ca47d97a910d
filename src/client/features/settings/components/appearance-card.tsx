import { SectionCard } from "@client/components/ui/section-card";
import { cn } from "@client/lib/cn";
import { setTheme, type ThemeMode, useThemeConfig } from "@client/lib/theme";
import { Monitor, Moon, Palette, Sun } from "lucide-react";

const OPTIONS: { mode: ThemeMode; label: string; icon: typeof Sun }[] = [
  { mode: "light", label: "Clair", icon: Sun },
  { mode: "dark", label: "Sombre", icon: Moon },
  { mode: "system", label: "Système", icon: Monitor },
];

/** The theme choice, saved on this device (the same store as the header's switch and Ctrl+Maj+T). */
export function AppearanceCard() {
  const { theme } = useThemeConfig();
  return (
    <SectionCard
      id="apparence"
      icon={Palette}
      title="Apparence"
      description="Le thème de l'application sur cet appareil. « Système » suit le réglage de votre appareil."
    >
      <div role="radiogroup" aria-label="Thème" className="grid grid-cols-3 gap-2 sm:gap-3">
        {OPTIONS.map(({ mode, label, icon: Icon }) => {
          const isSelected = theme === mode;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a row of large buttons reads better than radio inputs here
            <button
              key={mode}
              type="button"
              role="radio"
              aria-checked={isSelected}
              onClick={() => setTheme(mode)}
              className={cn(
                "flex flex-col items-center gap-2 rounded-xl border p-3 text-sm font-medium transition-colors hover:bg-muted/60 sm:p-4",
                isSelected &&
                  "border-primary bg-accent/60 text-accent-foreground ring-1 ring-primary hover:bg-accent/60",
              )}
            >
              <Icon className="size-5" aria-hidden="true" />
              {label}
            </button>
          );
        })}
      </div>
    </SectionCard>
  );
}
