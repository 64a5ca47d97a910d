import type { ProfileDto, UpdateProfileInput } from "@shared/schemas/profile";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles, user } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";

type NewUser = { id: string; email: string; name?: string | null; provider?: string };

/**
 * Spec §4: the profile's name is the provider's full name for Google, otherwise the part of the e-mail
 * before the @ ('Utilisateur' when empty). The name typed at registration counts as that full name: it
 * is what the user asked to be called.
 */
export function defaultProfileName(user: NewUser): string {
  const given = user.name?.trim();
  if (given) return given;
  return user.email.split("@")[0]?.trim() || "Utilisateur";
}

/** Creates the profile on first sign-in if missing (idempotent, safe under concurrent sign-ins). */
export async function ensureProfile(db: Db, user: NewUser): Promise<void> {
  await db
    .insert(profiles)
    .values({ id: user.id, email: user.email, name: defaultProfileName(user), role: "freelancer", bio: "" })
    .onConflictDoNothing({ target: profiles.id });
}

function toDto(row: typeof profiles.$inferSelect): ProfileDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    bio: row.bio,
    jobTitle: row.jobTitle,
    skills: Array.isArray(row.skills) ? row.skills : [],
    subscriptionStatus: row.subscriptionStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getProfile(
  db: Db,
  { userId, email, name }: { userId: string; email: string; name?: string | null },
): Promise<ProfileDto> {
  await ensureProfile(db, { id: userId, email, name });
  const row = await withTenant(db, userId, async (tx) => {
    const [current] = await tx.select().from(profiles).where(eq(profiles.id, userId));
    // A confirmed e-mail change lands on the auth user first; the profile follows it.
    if (current && current.email !== email) {
      const [synced] = await tx.update(profiles).set({ email }).where(eq(profiles.id, userId)).returning();
      return synced;
    }
    return current;
  });
  if (!row) throw new Error("profile missing right after ensureProfile");
  return toDto(row);
}

export async function updateProfile(
  db: Db,
  { userId, input }: { userId: string; input: UpdateProfileInput },
): Promise<ProfileDto> {
  const [row] = await withTenant(db, userId, (tx) =>
    tx.update(profiles).set(input).where(eq(profiles.id, userId)).returning(),
  );
  if (!row) throw new Error("profile not found for the session's user");
  // The auth user's name is the one e-mails greet: it follows the profile (owner role: `user` has no RLS).
  if (input.name) await db.update(user).set({ name: input.name }).where(eq(user.id, userId));
  return toDto(row);
}

/** Paid means subscription_status 'active' (spec §4). Read as the owner: it gates every business route. */
export async function hasPaid(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: profiles.subscriptionStatus })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.status === "active";
}
