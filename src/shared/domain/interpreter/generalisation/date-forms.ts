import {
  addDays,
  dayOfMonth,
  endOfMonth,
  HARNESS_TODAY,
  MONTH_NAMES,
  nextWeekday,
  previousWeekday,
} from "./calendar";
import { frenchWords } from "./french-numbers";
import type { Random } from "./random";

/**
 * Days as people say them, each with the ISO day it means from HARNESS_TODAY (Wednesday 18 March 2026).
 * Only expressions with one reading are used: « lundi dernier » (the 16th or the 9th?) or « 30 jours fin de
 * mois » (two legal readings) are left out rather than given a label someone would dispute.
 */
export type RenderedDay = { text: string; iso: string; tags: string[] };
export type RenderedPeriod = { text: string; from: string; to: readonly string[]; tags: string[] };
export type RenderedSpan = { text: string; start: string; end: string; tags: string[] };

const YEAR = 2026;
const FRIDAY = 5;
const MONDAY = 1;
const SATURDAY = 6;
const SUNDAY = 0;

/** « le 1er avril », « le 15 avril », dictated « le premier avril », « le quinze avril ». */
function dayName(day: number, month: number, dictation: boolean, random: Random): string {
  const monthName = MONTH_NAMES[month - 1] as string;
  if (dictation && random.chance(0.6)) return `${day === 1 ? "premier" : frenchWords(day)} ${monthName}`;
  if (!dictation && random.chance(0.25))
    return `${String(day).padStart(2, "0")}/${String(month).padStart(2, "0")}`;
  return `${day === 1 ? "1er" : day} ${monthName}`;
}

function dayCount(count: number, dictation: boolean): string {
  return dictation ? frenchWords(count) : String(count);
}

/** A day gone by: when an expense was paid or a payment received. */
export function renderPastDay(random: Random, dictation: boolean): RenderedDay {
  const forms: (() => RenderedDay)[] = [
    () => ({ text: "hier", iso: addDays(HARNESS_TODAY, -1), tags: ["date:relative"] }),
    () => ({ text: "avant-hier", iso: addDays(HARNESS_TODAY, -2), tags: ["date:relative"] }),
    () => ({ text: random.pick(["aujourd'hui", "ce matin"]), iso: HARNESS_TODAY, tags: ["date:relative"] }),
    () => ({
      text: random.pick(["samedi dernier", "samedi"]),
      iso: previousWeekday(HARNESS_TODAY, SATURDAY),
      tags: ["date:weekday"],
    }),
    () => ({ text: "dimanche dernier", iso: previousWeekday(HARNESS_TODAY, SUNDAY), tags: ["date:weekday"] }),
    () => {
      const day = random.int(1, 16);
      return {
        text: `le ${dayName(day, 3, dictation, random)}`,
        iso: dayOfMonth(YEAR, 3, day),
        tags: ["date:day"],
      };
    },
    () => {
      const day = random.int(2, 27);
      return {
        text: `le ${dayName(day, 2, dictation, random)}`,
        iso: dayOfMonth(YEAR, 2, day),
        tags: ["date:day"],
      };
    },
  ];
  return random.pick(forms)();
}

/** When an invoice falls due. */
export function renderDueDay(random: Random, dictation: boolean): RenderedDay {
  const forms: (() => RenderedDay)[] = [
    () => {
      const month = random.int(4, 6);
      const day = random.int(1, 30);
      const lead = random.pick(["échéance le", "échéance au", "à régler avant le", "à payer pour le"]);
      return {
        text: `${lead} ${dayName(day, month, dictation, random)}`,
        iso: dayOfMonth(YEAR, month, day),
        tags: ["date:day"],
      };
    },
    () => {
      const count = random.pick([15, 30, 45, 60]);
      const lead = random.pick(["à payer sous", "payable sous", "à régler dans", "paiement à", "échéance à"]);
      return {
        text: `${lead} ${dayCount(count, dictation)} jours`,
        iso: addDays(HARNESS_TODAY, count),
        tags: ["date:in-days"],
      };
    },
    () => ({
      text: random.pick(["échéance fin du mois", "payable fin du mois"]),
      iso: endOfMonth(HARNESS_TODAY),
      tags: ["date:end-of-month"],
    }),
    () => ({ text: "échéance fin avril", iso: dayOfMonth(YEAR, 4, 30), tags: ["date:end-of-month"] }),
  ];
  return random.pick(forms)();
}

/** When a task is to be done. */
export function renderTaskDay(random: Random, dictation: boolean): RenderedDay {
  const forms: (() => RenderedDay)[] = [
    () => ({ text: "demain", iso: addDays(HARNESS_TODAY, 1), tags: ["date:relative"] }),
    () => ({ text: "après-demain", iso: addDays(HARNESS_TODAY, 2), tags: ["date:relative"] }),
    () => ({
      text: random.pick(["vendredi", "avant vendredi"]),
      iso: nextWeekday(HARNESS_TODAY, FRIDAY),
      tags: ["date:weekday"],
    }),
    () => ({ text: "lundi prochain", iso: nextWeekday(HARNESS_TODAY, MONDAY), tags: ["date:weekday"] }),
    () => {
      const count = random.int(2, 10);
      return {
        text: `dans ${dayCount(count, dictation)} jours`,
        iso: addDays(HARNESS_TODAY, count),
        tags: ["date:in-days"],
      };
    },
    () => {
      const day = random.int(19, 31);
      return {
        text: `le ${dayName(day, 3, dictation, random)}`,
        iso: dayOfMonth(YEAR, 3, day),
        tags: ["date:day"],
      };
    },
    () => ({ text: "d'ici la fin du mois", iso: endOfMonth(HARNESS_TODAY), tags: ["date:end-of-month"] }),
  ];
  return random.pick(forms)();
}

/** How long a quote holds: the last valid day. */
export function renderValidity(random: Random, dictation: boolean): RenderedDay {
  if (random.chance(0.5)) {
    const count = random.pick([15, 30, 60]);
    return {
      text: `valable ${dayCount(count, dictation)} jours`,
      iso: addDays(HARNESS_TODAY, count),
      tags: ["date:in-days"],
    };
  }
  const day = random.int(10, 30);
  return {
    text: `valable jusqu'au ${dayName(day, 4, dictation, random)}`,
    iso: dayOfMonth(YEAR, 4, day),
    tags: ["date:day"],
  };
}

/** A contract's service period: « du 1er avril au 30 juin ». */
export function renderSpan(random: Random, dictation: boolean): RenderedSpan {
  const startMonth = random.int(4, 7);
  const endMonth = startMonth + random.int(1, 4);
  const endDay = Number(endOfMonth(dayOfMonth(YEAR, endMonth, 1)).slice(8));
  return {
    text: `du ${dayName(1, startMonth, dictation, random)} au ${dayName(endDay, endMonth, dictation, random)}`,
    start: dayOfMonth(YEAR, startMonth, 1),
    end: dayOfMonth(YEAR, endMonth, endDay),
    tags: ["date:span"],
  };
}

/**
 * A period asked about. Where the period holds today, its end may be read as today or as the period's last
 * day: the figure is the same, so both are right.
 */
export function renderPeriod(random: Random): RenderedPeriod {
  const today = HARNESS_TODAY;
  const forms: RenderedPeriod[] = [
    {
      text: random.pick(["ce mois-ci", "ce mois ci"]),
      from: "2026-03-01",
      to: ["2026-03-31", today],
      tags: [],
    },
    { text: "le mois dernier", from: "2026-02-01", to: ["2026-02-28"], tags: [] },
    { text: "en février", from: "2026-02-01", to: ["2026-02-28"], tags: [] },
    { text: "en janvier", from: "2026-01-01", to: ["2026-01-31"], tags: [] },
    { text: "cette année", from: "2026-01-01", to: ["2026-12-31", today], tags: [] },
    {
      text: random.pick(["l'année dernière", "l'an dernier"]),
      from: "2025-01-01",
      to: ["2025-12-31"],
      tags: [],
    },
    { text: "la semaine dernière", from: "2026-03-09", to: ["2026-03-15"], tags: [] },
    { text: "cette semaine", from: "2026-03-16", to: ["2026-03-22", today], tags: [] },
    { text: "depuis le début de l'année", from: "2026-01-01", to: [today, "2026-12-31"], tags: [] },
    { text: "ce trimestre", from: "2026-01-01", to: ["2026-03-31", today], tags: [] },
  ];
  return { ...random.pick(forms), tags: ["period"] };
}
