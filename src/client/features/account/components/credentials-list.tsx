import { formatDate } from "@shared/format";
import type { AccountCredentialsDto } from "@shared/schemas/auth";
import { CalendarDays, KeyRound } from "lucide-react";

/** How many of each were revoked, as a sentence; null when there was nothing. */
export function revokedSentence(revoked: { apiTokens: number; calendarFeeds: number } | null) {
  if (!revoked || revoked.apiTokens + revoked.calendarFeeds === 0) return null;
  const parts = [
    revoked.apiTokens ? `${revoked.apiTokens} jeton${revoked.apiTokens > 1 ? "s" : ""} d'API` : null,
    revoked.calendarFeeds ? `${revoked.calendarFeeds} flux de calendrier` : null,
  ].filter(Boolean);
  return `${parts.join(" et ")} révoqué${revoked.apiTokens + revoked.calendarFeeds > 1 ? "s" : ""}.`;
}

export const hasCredentials = (credentials: AccountCredentialsDto | undefined) =>
  Boolean(credentials && credentials.apiTokens.length + credentials.calendarFeeds.length > 0);

/** The API tokens and calendar feeds of the account: what outlives a session, with when each was last used. */
export function CredentialsList({ credentials }: { credentials: AccountCredentialsDto }) {
  if (!hasCredentials(credentials))
    return <p>Aucun jeton d'API ni flux de calendrier n'est actif sur votre compte.</p>;
  return (
    <ul className="space-y-2">
      {credentials.apiTokens.map((token) => (
        <li key={token.id} className="flex gap-2">
          <KeyRound className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <span className="font-medium text-foreground">Jeton d'API « {token.name} »</span>{" "}
            <code className="text-xs">{token.tokenStart}…</code> — créé le {formatDate(token.createdAt)},{" "}
            {token.lastUsedAt ? `utilisé le ${formatDate(token.lastUsedAt)}` : "jamais utilisé"}
          </span>
        </li>
      ))}
      {credentials.calendarFeeds.map((feed) => (
        <li key={feed.id} className="flex gap-2">
          <CalendarDays className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <span className="font-medium text-foreground">Flux de calendrier</span> — activé le{" "}
            {formatDate(feed.createdAt)},{" "}
            {feed.lastReadAt
              ? `lu par un agenda le ${formatDate(feed.lastReadAt)}`
              : "pas encore lu par un agenda"}
          </span>
        </li>
      ))}
    </ul>
  );
}
