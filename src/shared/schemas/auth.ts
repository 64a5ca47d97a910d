import { z } from "zod";
import { passwordSchema } from "../security/password-rules";
import { emailSchema } from "../security/validators";

// The forms' schemas. The server checks the same rules itself (better-auth: e-mail, length; our hook:
// strength), so a client that skips these still gets the French errors.

export const signInInput = z.object({
  email: emailSchema,
  password: z.string().min(1, "Saisissez votre mot de passe."),
});
export type SignInInput = z.infer<typeof signInInput>;

export const signUpInput = z.object({
  name: z.string().trim().min(1, "Indiquez votre nom.").max(120, "120 caractères au maximum."),
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpInput = z.infer<typeof signUpInput>;

export const passwordResetRequestInput = z.object({ email: emailSchema });
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestInput>;

export const newPasswordInput = z
  .object({ password: passwordSchema, confirmation: z.string() })
  .refine((value) => value.password === value.confirmation, {
    path: ["confirmation"],
    message: "Les deux mots de passe ne correspondent pas.",
  });
export type NewPasswordInput = z.infer<typeof newPasswordInput>;

export const changeEmailInput = z.object({ newEmail: emailSchema });
export type ChangeEmailInput = z.infer<typeof changeEmailInput>;

export const changePasswordInput = z
  .object({
    currentPassword: z.string().min(1, "Saisissez votre mot de passe actuel."),
    password: passwordSchema,
    confirmation: z.string(),
  })
  .refine((value) => value.password === value.confirmation, {
    path: ["confirmation"],
    message: "Les deux mots de passe ne correspondent pas.",
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/**
 * « Se déconnecter de tous les appareils »: every session ends; with `revokeCredentials`, the API tokens and
 * calendar feeds too, which no session carries and which would otherwise go on working. A plain sign-out
 * (the user menu) sends nothing: sessions only.
 */
export const signOutEverywhereInput = z
  .object({
    revokeCredentials: z.boolean({ error: "Indiquez true ou false pour revokeCredentials." }).default(false),
  })
  .strict();
export type SignOutEverywhereInput = z.infer<typeof signOutEverywhereInput>;

/** What was revoked besides the sessions (null when the caller kept them). */
export const signOutAnswer = z.object({
  success: z.literal(true),
  revoked: z.object({ apiTokens: z.number(), calendarFeeds: z.number() }).nullable(),
});
export type SignOutAnswer = z.infer<typeof signOutAnswer>;

/** The credentials that outlive a session, as the sign-out dialog and the password form list them. */
export const accountCredentialsDto = z.object({
  apiTokens: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** The token's first characters, to tell tokens apart. */
      tokenStart: z.string(),
      createdAt: z.string(),
      lastUsedAt: z.string().nullable(),
    }),
  ),
  calendarFeeds: z.array(
    z.object({ id: z.string(), createdAt: z.string(), lastReadAt: z.string().nullable() }),
  ),
});
export type AccountCredentialsDto = z.infer<typeof accountCredentialsDto>;
