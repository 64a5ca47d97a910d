import { buttonStyles } from "@client/components/ui/button-styles";
import { Check, Copy } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";

/** The button's and the toasts' words for each kind of value shown once. */
const WORDS = {
  jeton: { copy: "Copier le jeton", copied: "Jeton copié", select: "le jeton" },
  secret: { copy: "Copier le secret", copied: "Secret copié", select: "le secret" },
  lien: { copy: "Copier le lien", copied: "Lien copié", select: "le lien" },
} as const;

type OneTimeSecretProps = {
  /** An API token (jeton), a webhook's signing secret (secret) or a secret URL (lien: the calendar feed). */
  kind: keyof typeof WORDS;
  /** What the value is and that it will not be shown again. */
  label: string;
  value: string;
};

/** A value shown once (a new API token, a signing secret, a feed's URL): selectable, with a copy button. */
export function OneTimeSecret({ kind, label, value }: OneTimeSecretProps) {
  const words = WORDS[kind];
  const inputId = useId();
  const [isCopied, setIsCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setIsCopied(true);
      toast.success(words.copied);
    } catch {
      toast.error(`Copie impossible : sélectionnez ${words.select} et copiez-le.`);
    }
  };
  return (
    <div role="status" className="space-y-2 rounded-xl border border-primary/40 bg-accent/40 p-3">
      <label htmlFor={inputId} className="font-medium text-foreground">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          readOnly
          value={value}
          onFocus={(event) => event.target.select()}
          className="h-10 w-full min-w-0 rounded-lg border bg-background px-3 font-mono text-xs text-foreground sm:flex-1"
        />
        <button type="button" onClick={() => void copy()} className={buttonStyles({ variant: "secondary" })}>
          {isCopied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {isCopied ? "Copié" : words.copy}
        </button>
      </div>
    </div>
  );
}
