import type { OutboxEmailSummary } from "../api/get-outbox-emails";

const dateTime = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeStyle: "short" });
const time = new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit" });
const dayMonth = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "short" });
const decimal = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });

/** "3 juin 2025 à 14:05": when an e-mail was recorded, to the minute. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** The list's short date: the time for today's e-mails, the day otherwise, like a mail client. */
export function formatListDate(iso: string, now = new Date()): string {
  const date = new Date(iso);
  return date.toDateString() === now.toDateString() ? time.format(date) : dayMonth.format(date);
}

/** File sizes the French way: "842 o", "12,4 Ko", "1,2 Mo". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} o`;
  if (bytes < 1024 * 1024) return `${decimal.format(bytes / 1024)} Ko`;
  return `${decimal.format(bytes / 1024 / 1024)} Mo`;
}

export const transportLabel: Record<OutboxEmailSummary["transport"], string> = {
  outbox: "Boîte locale",
  smtp: "SMTP",
};

export const statusLabel: Record<OutboxEmailSummary["status"], string> = {
  pending: "En cours d'envoi",
  sent: "Envoyé",
  failed: "Échec de l'envoi",
};
