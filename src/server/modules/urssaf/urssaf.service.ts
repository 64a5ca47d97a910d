import { addDays, parisToday, yearOf } from "@shared/domain/dates";
import type { UrssafActivity } from "@shared/domain/urssaf";
import {
  type DeclarationPeriod,
  declarationPeriodOf,
  declarationToRemind,
  isAcrePeriod,
  upcomingDeclaration,
} from "@shared/domain/urssaf-calendar";
import { thresholdStatuses } from "@shared/domain/urssaf-thresholds";
import { DEFAULT_VAT_REGIME } from "@shared/domain/vat-regime";
import { formatDate, formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import type { NotificationItem } from "@shared/schemas/notifications";
import type { DeclarationDto, UrssafOverviewDto, UrssafSettingsInput } from "@shared/schemas/urssaf";
import { and, between, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { businessIdentities, invoices, microSettings, payments } from "../../db/schema/index";
import { type Tx, withTenant } from "../../db/tenant";
import type { CalendarEvent } from "../calendar/ical";
import { computeDeclaration } from "./urssaf-engine";

type Settings = UrssafSettingsInput;

const settingsColumns = {
  activity: microSettings.activity,
  frequency: microSettings.frequency,
  creationDate: microSettings.creationDate,
  hasAcre: microSettings.hasAcre,
  hasVersementLiberatoire: microSettings.hasVersementLiberatoire,
};

export async function readUrssafSettings(tx: Tx, userId: string): Promise<Settings | null> {
  const [row] = await tx.select(settingsColumns).from(microSettings).where(eq(microSettings.userId, userId));
  return row ?? null;
}

export async function saveUrssafSettings(db: Db, { userId, input }: { userId: string; input: Settings }) {
  return withTenant(db, userId, async (tx) => {
    await tx
      .insert(microSettings)
      .values({ userId, ...input })
      .onConflictDoUpdate({ target: microSettings.userId, set: input });
    return input;
  });
}

/** A payment's share of its invoice's excluding-VAT total, summed (see receivedTurnover). */
const receivedExclVat = sql<number>`coalesce(sum(case when ${invoices.totalCents} = 0 then ${payments.amountCents}
        else round(${payments.amountCents}::numeric * ${invoices.subtotalCents} / ${invoices.totalCents}) end), 0)::int`;

/**
 * Cash received between two days (both included), VAT excluded: URSSAF's turnover is what was collected, not
 * invoiced, before VAT. A payment counts for its share of the invoice's excluding-VAT total (all of it under
 * the VAT franchise); refunds on credit notes, negative, come off.
 */
export async function receivedTurnover(tx: Tx, userId: string, from: string, to: string) {
  const [row] = await tx
    .select({ cents: receivedExclVat, count: sql<number>`count(*)::int` })
    .from(payments)
    .innerJoin(invoices, and(eq(invoices.id, payments.invoiceId), eq(invoices.userId, payments.userId)))
    .where(and(eq(payments.userId, userId), between(payments.paidOn, from, to)));
  return { cents: row?.cents ?? 0, count: row?.count ?? 0 };
}

/** The same turnover, one sum per day of receipt, in date order: when a threshold was crossed. */
export async function receivedTurnoverByDay(tx: Tx, userId: string, from: string, to: string) {
  return tx
    .select({ day: payments.paidOn, cents: receivedExclVat })
    .from(payments)
    .innerJoin(invoices, and(eq(invoices.id, payments.invoiceId), eq(invoices.userId, payments.userId)))
    .where(and(eq(payments.userId, userId), between(payments.paidOn, from, to)))
    .groupBy(payments.paidOn)
    .orderBy(payments.paidOn);
}

/** The identity's broader category, as the settings form's first guess. */
const suggestionOf: Record<string, UrssafActivity> = {
  vente: "vente",
  "services-bic": "services-bic",
  bnc: "bnc-ssi",
};

/**
 * The URSSAF page and the dashboard card: the settings, the declaration of the period `day` falls in (by
 * default the one to make next) with its figures from the official rules, and the year's thresholds.
 */
export async function getUrssafOverview(
  db: Db,
  { userId, day, now = new Date() }: { userId: string; day?: string; now?: Date },
): Promise<UrssafOverviewDto> {
  const today = parisToday(now);
  return withTenant(db, userId, async (tx) => {
    const settings = await readUrssafSettings(tx, userId);
    if (!settings) {
      const [identity] = await tx
        .select({
          activity: businessIdentities.activityCategory,
          registration: businessIdentities.registrationMention,
        })
        .from(businessIdentities)
        .where(eq(businessIdentities.userId, userId));
      // Services registered at the Répertoire des métiers are an artisan's.
      const isArtisan = identity?.activity === "services-bic" && /^RM\b/i.test(identity.registration ?? "");
      const suggested = isArtisan
        ? "services-artisanales"
        : identity?.activity
          ? suggestionOf[identity.activity]
          : undefined;
      return { settings: null, suggestedActivity: suggested ?? null, declaration: null, year: null };
    }
    const period = day ? declarationPeriodOf(day, settings) : upcomingDeclaration(today, settings);
    const declaration = await declarationFor(tx, userId, settings, period, today);
    const year = yearOf(period.to);
    const { cents } = await receivedTurnover(tx, userId, `${year}-01-01`, `${year}-12-31`);
    const [identity] = await tx
      .select({ vatRegime: businessIdentities.vatRegime })
      .from(businessIdentities)
      .where(eq(businessIdentities.userId, userId));
    return {
      settings,
      suggestedActivity: null,
      declaration,
      year: {
        year,
        receivedCents: cents,
        thresholds: thresholdStatuses({
          activity: settings.activity,
          vatRegime: identity?.vatRegime ?? DEFAULT_VAT_REGIME,
          year,
          turnoverCents: cents,
        }),
      },
    };
  });
}

async function declarationFor(
  tx: Tx,
  userId: string,
  settings: Settings,
  period: DeclarationPeriod,
  today: string,
): Promise<DeclarationDto> {
  const received = await receivedTurnover(tx, userId, period.from, period.to);
  const hasAcre = settings.hasAcre && isAcrePeriod(period, settings.creationDate);
  const next = addDays(period.to, 1);
  return {
    period,
    isInProgress: today <= period.to,
    isOverdue: today > period.deadline,
    hasAcre,
    receivedCents: received.cents,
    paymentCount: received.count,
    figures: computeDeclaration({
      activity: settings.activity,
      periodStart: period.from,
      creationDate: settings.creationDate,
      hasAcre,
      hasVersementLiberatoire: settings.hasVersementLiberatoire,
      turnoverCents: received.cents,
    }),
    previousDay: addDays(period.from, -1),
    nextDay: next <= today ? next : null,
  };
}

/**
 * The next declaration's deadline as an all-day event of the calendar feed, with the turnover received so
 * far (no engine: the feed is read by Google every few hours and must stay cheap). Its uid is the period's,
 * so a calendar updates the same event as payments come in.
 */
export async function urssafDeadlineEvents(
  tx: Tx,
  { userId, today, url }: { userId: string; today: string; url: string },
): Promise<CalendarEvent[]> {
  const settings = await readUrssafSettings(tx, userId);
  if (!settings) return [];
  const period = upcomingDeclaration(today, settings);
  const { cents } = await receivedTurnover(tx, userId, period.from, period.to);
  return [
    {
      uid: `${userId}-urssaf-${period.from}@ardoise`,
      day: period.deadline,
      stamp: new Date(`${period.from}T00:00:00Z`),
      summary: `Déclaration URSSAF — ${period.label} — dernier jour`,
      description: [
        `Déclarez et payez vos cotisations de la période ${period.isFirst ? period.label : `de ${period.label}`} au plus tard aujourd'hui.`,
        `Chiffre d'affaires encaissé à déclarer${today <= period.to ? " (période en cours)" : ""} : ${formatMoney(cents)}`,
        url,
      ].join("\n"),
      url,
    },
  ];
}

/**
 * The bell's item in the last days before a deadline (the rule the deadline e-mail follows too), with the
 * turnover to declare as it stands: a payment recorded late for the period shows at once. No engine here:
 * the bell is read on every page.
 */
export async function urssafDeadlineNotification(
  tx: Tx,
  { userId, today }: { userId: string; today: string },
): Promise<NotificationItem | null> {
  const settings = await readUrssafSettings(tx, userId);
  const period = settings && declarationToRemind(today, settings);
  if (!period) return null;
  const { cents } = await receivedTurnover(tx, userId, period.from, period.to);
  return {
    id: `urssaf:${period.from}`,
    kind: "urssaf_deadline",
    title: `Déclaration URSSAF à faire avant le ${formatDate(period.deadline)}`,
    description: `${period.label} · ${formatMoney(cents)} de chiffre d'affaires à déclarer`,
    href: paths.app.urssaf,
    date: period.deadline,
  };
}
