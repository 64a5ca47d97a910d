import { cn } from "@client/lib/cn";
import type { PasswordAssessment } from "@shared/security/password";
import { useEffect, useState } from "react";

type Assess = (password: string, userInputs: string[]) => PasswordAssessment;

const BAR_COLORS = ["bg-danger", "bg-danger", "bg-amber-500", "bg-emerald-500", "bg-emerald-600"];

/**
 * The strength meter of a new password. Its dictionaries are heavy (about 0,5 MB), so they load only
 * once the user starts typing; the server applies the same verdict.
 */
export function PasswordStrength({ password, userInputs }: { password: string; userInputs: string[] }) {
  const [assess, setAssess] = useState<Assess | null>(null);
  useEffect(() => {
    if (!password || assess) return;
    void import("@shared/security/password").then((module) => setAssess(() => module.assessPassword));
  }, [password, assess]);

  if (!password) return null;
  if (!assess) return <p className="text-xs text-muted-foreground">Analyse du mot de passe…</p>;
  const result = assess(password, userInputs);
  return (
    <div className="space-y-2" aria-live="polite">
      <div className="flex items-center gap-3">
        <div className="grid flex-1 grid-cols-4 gap-1" aria-hidden="true">
          {[1, 2, 3, 4].map((step) => (
            <span
              key={step}
              className={cn(
                "h-1.5 rounded-full",
                result.score >= step ? BAR_COLORS[result.score] : "bg-muted",
              )}
            />
          ))}
        </div>
        <span className="text-xs font-medium text-foreground">Robustesse : {result.label}</span>
      </div>
      {result.reasons.length > 0 ? (
        <ul className="list-disc space-y-0.5 pl-5 text-xs text-muted-foreground">
          {result.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
