import { cn } from "@client/lib/cn";
import { LoaderCircle, SendHorizontal } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef } from "react";

/** Spec §5: the counter shows n/500; nothing stops a longer message. */
export const INPUT_COUNTER_LIMIT = 500;

type ChatInputProps = {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  isProcessing: boolean;
};

/** The message box: Enter sends, Shift+Enter starts a new line; disabled while the answer is coming. */
export function ChatInput({ value, onChange, onSubmit, isProcessing }: ChatInputProps) {
  const inputId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const hadFocus = useRef(false);
  const isBlank = value.trim() === "";

  // The box is disabled while waiting, which drops the focus: it comes back if the user was typing.
  useEffect(() => {
    if (!isProcessing && hadFocus.current) {
      hadFocus.current = false;
      textarea.current?.focus();
    }
  }, [isProcessing]);

  const submit = () => {
    hadFocus.current = document.activeElement === textarea.current;
    onSubmit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // isComposing: Enter that validates an accented character in an input method is not a send.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!isBlank && !isProcessing) submit();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!isBlank && !isProcessing) submit();
      }}
      className="border-t bg-surface px-3 pt-3 pb-2 sm:px-5"
    >
      <label htmlFor={inputId} className="sr-only">
        Votre message à l'assistant
      </label>
      <div className="flex items-end gap-2 rounded-xl border bg-surface p-1.5 shadow-sm focus-within:border-primary focus-within:ring-2 focus-within:ring-ring/30">
        <textarea
          ref={textarea}
          id={inputId}
          rows={1}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={isProcessing}
          aria-describedby={`${inputId}-counter`}
          placeholder="Écrivez votre demande…"
          className="field-sizing-content max-h-40 min-h-10 flex-1 resize-none bg-transparent px-2 py-2 text-base outline-none placeholder:text-muted-foreground disabled:opacity-60 sm:text-sm"
        />
        <button
          type="submit"
          disabled={isBlank || isProcessing}
          aria-label="Envoyer"
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover disabled:pointer-events-none disabled:opacity-50"
        >
          {isProcessing ? (
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          ) : (
            <SendHorizontal className="size-4" aria-hidden="true" />
          )}
        </button>
      </div>
      <div className="mt-1.5 flex items-center justify-between gap-3 px-1 text-xs text-muted-foreground">
        <span className="hidden sm:inline">Entrée pour envoyer · Maj+Entrée pour aller à la ligne</span>
        <span
          id={`${inputId}-counter`}
          className={cn(
            "ml-auto tabular-nums",
            value.length > INPUT_COUNTER_LIMIT && "font-medium text-danger",
          )}
        >
          <span className="sr-only">Caractères : </span>
          {value.length}/{INPUT_COUNTER_LIMIT}
        </span>
      </div>
    </form>
  );
}
