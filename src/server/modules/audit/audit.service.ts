import type { Db } from "../../db/client";
import { securityAuditLog } from "../../db/schema/index";
import type { Logger } from "../../logger";

export type SecurityEventType =
  | "sign_in"
  | "sign_in_failed"
  | "sign_in_blocked"
  | "sign_out"
  | "sign_up"
  | "email_verified"
  | "password_reset_requested"
  | "password_reset"
  | "password_changed"
  | "credentials_revoked"
  | "email_change_requested"
  | "payment_started"
  | "payment_completed"
  | "payment_rejected"
  | "access_denied";

export type SecurityEvent = {
  userId?: string | null;
  eventType: SecurityEventType;
  description: string;
  resource?: string;
  metadata?: Record<string, unknown>;
  userAgent?: string | null;
};

/**
 * Appends to security_audit_log as the owner role (failed sign-ins have no tenant). Never throws: an audit
 * failure is logged and the request goes on (spec §8: audit-log failures are silent). The spec's record
 * keeps ip_address null; the IP stays in the request log.
 */
export async function logSecurityEvent(db: Db, logger: Logger, event: SecurityEvent): Promise<void> {
  try {
    await db.insert(securityAuditLog).values({
      userId: event.userId ?? null,
      eventType: event.eventType,
      eventDescription: event.description,
      resourceAccessed: event.resource ?? null,
      metadata: event.metadata ?? {},
      ipAddress: null,
      userAgent: event.userAgent?.slice(0, 500) ?? null,
    });
  } catch (error) {
    logger.warn({ err: error, eventType: event.eventType }, "security audit log write failed");
  }
}
