import { addDays } from "@shared/domain/dates";

/**
 * The part of iCalendar (RFC 5545) an all-day deadline feed needs. Written here rather than taken from the
 * `ics` package, whose folding counts characters instead of octets (an "Échéance … €" line overflows 75
 * octets) and which brings a validation library along; these rules are short and tested in ical.unit.test.ts.
 */

export type CalendarEvent = {
  /** Unique and stable across fetches, so a subscribed calendar updates the event instead of duplicating it. */
  uid: string;
  /** The day (YYYY-MM-DD) of an all-day event. */
  day: string;
  /** When the record last changed: DTSTAMP of a calendar without METHOD means LAST-MODIFIED (§3.8.7.2). */
  stamp: Date;
  summary: string;
  description?: string;
  url?: string;
};

export type Calendar = {
  name: string;
  /** How often a client should fetch again (RFC 7986 REFRESH-INTERVAL); Google keeps its own pace. */
  refreshHours: number;
  events: CalendarEvent[];
};

const MAX_LINE_OCTETS = 75;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** TEXT values (§3.3.11): backslash, semicolon and comma escaped, newlines as \n, other controls dropped. */
export function escapeText(text: string): string {
  return text
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(/(?!\t)\p{Cc}/gu, "");
}

const utf8Length = (codePoint: number) =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/**
 * Folds a content line (§3.1): at most 75 octets per physical line, the continuation starting with a space
 * (which counts). Splits between code points only, so a multi-octet UTF-8 sequence is never cut.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let size = 0;
  let limit = MAX_LINE_OCTETS;
  for (const character of line) {
    const octets = utf8Length(character.codePointAt(0) ?? 0);
    if (size + octets > limit) {
      parts.push(current);
      current = "";
      size = 0;
      limit = MAX_LINE_OCTETS - 1;
    }
    current += character;
    size += octets;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function dateValue(day: string): string {
  const match = DAY.exec(day);
  if (!match) throw new Error(`not a calendar day: ${day}`);
  return `${match[1]}${match[2]}${match[3]}`;
}

/** UTC date-time, form #2 of §3.3.5: 20260315T093000Z. */
const utcDateTime = (date: Date) => `${date.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;

function eventLines(event: CalendarEvent): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${utcDateTime(event.stamp)}`,
    `DTSTART;VALUE=DATE:${dateValue(event.day)}`,
    // DTEND is exclusive; some clients (Outlook) mis-size an all-day event without it.
    `DTEND;VALUE=DATE:${dateValue(addDays(event.day, 1))}`,
    // A title is one line: a line break inside a name (a client's address pasted in) becomes a space.
    `SUMMARY:${escapeText(event.summary.replace(/\s*[\r\n]+\s*/g, " "))}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    // A URI value is not TEXT: no backslash escaping (§3.3.13).
    ...(event.url ? [`URL;VALUE=URI:${event.url}`] : []),
    // Deadlines are reminders, not meetings: they must not mark the day as busy.
    "TRANSP:TRANSPARENT",
    "END:VEVENT",
  ];
}

/** The whole stream: CRLF after every line, the last one included (§3.4). */
export function serializeCalendar(calendar: Calendar): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Ardoise//Calendrier Ardoise//FR",
    "CALSCALE:GREGORIAN",
    `NAME:${escapeText(calendar.name)}`,
    // The name Google Calendar and Apple Calendar show for a subscription.
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshHours}H`,
    `X-PUBLISHED-TTL:PT${calendar.refreshHours}H`,
    ...calendar.events.flatMap(eventLines),
    "END:VCALENDAR",
  ];
  return lines.map((line) => `${foldLine(line)}\r\n`).join("");
}
