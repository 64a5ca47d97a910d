import { Field } from "@client/components/ui/field";
import { SubmitButton } from "@client/components/ui/submit-button";
import type { AuthApiError } from "@client/lib/api-client";
import { zodResolver } from "@client/lib/form";
import { type ChangePasswordInput, changePasswordInput } from "@shared/schemas/auth";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { useAccountCredentials, useChangePassword } from "../api/account-api";
import { CredentialsList, hasCredentials } from "./credentials-list";
import { SectionCard } from "./section-card";

/**
 * Changing the password ends every other session and revokes the API tokens and calendar feeds (whoever
 * knew the old password may hold one): the card lists them before the user confirms.
 */
export function PasswordFormCard() {
  const change = useChangePassword();
  const credentials = useAccountCredentials();
  const isListed = hasCredentials(credentials.data);
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordInput),
    defaultValues: { currentPassword: "", password: "", confirmation: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ currentPassword, password }) =>
    change.mutate(
      { currentPassword, newPassword: password },
      {
        onSuccess: () => {
          toast.success("Mot de passe modifié", {
            description: isListed
              ? "Vos autres sessions ont été fermées, vos jetons d'API et flux de calendrier révoqués."
              : "Vos autres sessions ont été fermées.",
          });
          form.reset();
        },
        onError: (error) => {
          const reasons = (error as AuthApiError).reasons ?? [];
          toast.error("Une erreur est survenue", { description: [error.message, ...reasons].join(" ") });
        },
      },
    ),
  );
  return (
    <SectionCard
      title="Mot de passe"
      description="Votre mot de passe actuel est demandé. Les autres appareils connectés seront déconnectés, et vos jetons d'API et flux de calendrier révoqués."
    >
      {isListed && credentials.data ? (
        <div className="mb-4 space-y-2 rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">
          <p>Seront révoqués (à recréer ensuite dans Intégrations) :</p>
          <CredentialsList credentials={credentials.data} />
        </div>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-3">
        <Field
          label="Mot de passe actuel"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register("currentPassword")}
        />
        <Field
          label="Nouveau mot de passe"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register("password")}
        />
        <Field
          label="Confirmation"
          type="password"
          autoComplete="new-password"
          error={errors.confirmation?.message}
          {...form.register("confirmation")}
        />
        <div className="sm:col-span-3">
          <SubmitButton isPending={change.isPending} variant="secondary">
            Changer le mot de passe
          </SubmitButton>
        </div>
      </form>
    </SectionCard>
  );
}
