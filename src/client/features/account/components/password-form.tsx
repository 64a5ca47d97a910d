import { Field } from "@client/components/ui/field";
import { SubmitButton } from "@client/components/ui/submit-button";
import type { AuthApiError } from "@client/lib/api-client";
import { zodResolver } from "@client/lib/form";
import { type ChangePasswordInput, changePasswordInput } from "@shared/schemas/auth";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { useChangePassword } from "../api/account-api";
import { SectionCard } from "./section-card";

export function PasswordFormCard() {
  const change = useChangePassword();
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
          toast.success("Mot de passe modifié", { description: "Vos autres sessions ont été fermées." });
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
      description="Votre mot de passe actuel est demandé. Les autres appareils connectés seront déconnectés."
    >
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
