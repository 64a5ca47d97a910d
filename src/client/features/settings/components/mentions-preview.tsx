import { ScrollText } from "lucide-react";

/** The footer an invoice will carry with the values being typed, before they are saved. */
export function MentionsPreview({ mentions, footer }: { mentions: string[]; footer: string }) {
  return (
    <figure className="rounded-xl border border-dashed bg-muted/50 p-4">
      <figcaption className="flex items-center gap-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        <ScrollText className="size-3.5" aria-hidden="true" />
        Aperçu des mentions imprimées sur vos factures
      </figcaption>
      <ul aria-label="Mentions légales" className="mt-3 space-y-1 text-sm text-foreground">
        {mentions.map((mention) => (
          <li key={mention} className="flex gap-2">
            <span aria-hidden="true" className="text-muted-foreground">
              ·
            </span>
            {mention}
          </li>
        ))}
      </ul>
      {footer.trim() ? (
        <p className="mt-3 border-t pt-3 text-xs whitespace-pre-line text-muted-foreground">
          {footer.trim()}
        </p>
      ) : null}
    </figure>
  );
}
