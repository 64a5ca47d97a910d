import { addDays, yearOf } from "@shared/domain/dates";
import type { UrssafActivity } from "@shared/domain/urssaf";
import {
  type FranchiseEnd,
  franchiseEndExplanation,
  franchiseEndLimit,
  franchiseEndOf,
  thresholdStatuses,
} from "@shared/domain/urssaf-thresholds";
import { formatMoney } from "@shared/format";
import { paths } from "@shared/paths";
import type { NotificationItem } from "@shared/schemas/notifications";
import { and, eq } from "drizzle-orm";
import { businessIdentities } from "../../db/schema/index";
import type { Tx } from "../../db/tenant";
import { readUrssafSettings, receivedTurnover, receivedTurnoverByDay } from "./urssaf.service";

// The VAT franchise en base watched against the year's cashed turnover (issue 28 §6): the bell warns at
// 80 % and 95 % of a threshold, and the regime switches to VAT on the day the law says (franchiseEndOf).

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** How long after the switch the bell still says it happened. */
const SWITCH_NOTICE_DAYS = 30;

/** The activity whose thresholds apply: the URSSAF settings', else the identity's category; services by default. */
async function thresholdActivity(tx: Tx, userId: string, category: string | null): Promise<UrssafActivity> {
  const settings = await readUrssafSettings(tx, userId);
  if (settings) return settings.activity;
  return category === "vente" ? "vente" : "services-bic";
}

const identityOf = async (tx: Tx, userId: string) => {
  const [identity] = await tx
    .select({
      vatRegime: businessIdentities.vatRegime,
      activityCategory: businessIdentities.activityCategory,
      endedOn: businessIdentities.vatFranchiseEndedOn,
      endReason: businessIdentities.vatFranchiseEndReason,
    })
    .from(businessIdentities)
    .where(eq(businessIdentities.userId, userId));
  return identity;
};

/**
 * Ends the franchise of a seller still under it when the thresholds say so by `today`: the regime becomes
 * 'assujetti' from that day, with the date and the reason kept for the settings, the bell and the e-mail
 * (sent once by the job, vat-franchise-job.ts). Runs in the caller's transaction: after a payment is
 * recorded, and before an invoice is issued, so the first invoice after the switch carries VAT.
 */
export async function endFranchiseIfDue(tx: Tx, userId: string, today: string): Promise<FranchiseEnd | null> {
  const identity = await identityOf(tx, userId);
  if (identity?.vatRegime !== "franchise") return null;
  const year = yearOf(today);
  const activity = await thresholdActivity(tx, userId, identity.activityCategory);
  const [receiptsByDay, lastYear] = await Promise.all([
    receivedTurnoverByDay(tx, userId, `${year}-01-01`, today),
    receivedTurnover(tx, userId, `${year - 1}-01-01`, `${year - 1}-12-31`),
  ]);
  const end = franchiseEndOf({ activity, year, receiptsByDay, lastYearCents: lastYear.cents });
  if (!end) return null;
  await tx
    .update(businessIdentities)
    .set({
      vatRegime: "assujetti",
      vatFranchiseEndedOn: end.on,
      vatFranchiseEndReason: end.reason,
      vatFranchiseEmailedAt: null,
    })
    .where(and(eq(businessIdentities.userId, userId), eq(businessIdentities.vatRegime, "franchise")));
  return end;
}

/**
 * The bell's word on the franchise: the switch during the month after it, else the most urgent warning of a
 * seller under the franchise (a threshold passed, or 95 % / 80 % of one reached), or null.
 */
export async function franchiseNotification(
  tx: Tx,
  { userId, today }: { userId: string; today: string },
): Promise<NotificationItem | null> {
  const identity = await identityOf(tx, userId);
  if (!identity) return null;
  if (identity.vatRegime === "assujetti") {
    const { endedOn, endReason } = identity;
    if (!endedOn || !endReason || addDays(endedOn, SWITCH_NOTICE_DAYS) < today) return null;
    const activity = await thresholdActivity(tx, userId, identity.activityCategory);
    const limitCents = franchiseEndLimit(activity, endedOn, endReason);
    return {
      id: `vat-franchise:end:${endedOn}`,
      kind: "vat_franchise",
      title: "Fin de la franchise en base de TVA : vos factures portent la TVA",
      description: franchiseEndExplanation({ reason: endReason, limitCents }, endedOn),
      href: paths.app.settings,
      date: endedOn,
    };
  }
  const year = yearOf(today);
  const activity = await thresholdActivity(tx, userId, identity.activityCategory);
  const { cents } = await receivedTurnover(tx, userId, `${year}-01-01`, today);
  const statuses = thresholdStatuses({ activity, vatRegime: "franchise", year, turnoverCents: cents });
  const base = statuses.find((status) => status.kind === "vatBase");
  const major = statuses.find((status) => status.kind === "vatMajor");
  // Past the seuil de base, the next step is the seuil majoré; before it, the seuil de base itself.
  const watched = base?.level === "dépassé" ? major : base;
  if (!watched || (watched.level === "ok" && base?.level !== "dépassé")) return null;
  const reached = watched.warningPercent
    ? `${watched.warningPercent} % du ${lowerFirst(watched.label)} (${formatMoney(watched.limitCents)})`
    : null;
  return {
    id: `vat-franchise:${year}:${base?.level === "dépassé" ? "base" : "warning"}:${watched.warningPercent ?? 0}`,
    kind: "vat_franchise",
    title: reached ? `Franchise de TVA : ${reached} atteints` : (base?.label ?? ""),
    description: `${formatMoney(cents)} encaissés cette année. ${base?.level === "dépassé" ? (base.message ?? "") : (watched.message ?? "")}`,
    href: paths.app.urssaf,
    date: today,
  };
}
