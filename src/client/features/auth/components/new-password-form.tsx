import { Field } from "@client/components/ui/field";
import { SubmitButton } from "@client/components/ui/submit-button";
import { errorMessage } from "@client/lib/api-error";
import { zodResolver } from "@client/lib/form";
import { type NewPasswordInput, newPasswordInput } from "@shared/schemas/auth";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { resetPassword } from "../api/auth-api";
import { PasswordStrength } from "./password-strength";

export function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const form = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordInput),
    defaultValues: { password: "", confirmation: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const password = form.watch("password");

  const onSubmit = form.handleSubmit(async ({ password: newPassword }) => {
    try {
      await resetPassword(token, newPassword);
      toast.success("Mot de passe modifié", {
        description: "Connectez-vous avec votre nouveau mot de passe.",
      });
      onDone();
    } catch (error) {
      toast.error("Échec de la réinitialisation", { description: errorMessage(error) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field
        label="Nouveau mot de passe"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        hint={
          password ? (
            <PasswordStrength password={password} userInputs={[]} />
          ) : (
            "8 caractères minimum, 128 au maximum."
          )
        }
        {...form.register("password")}
      />
      <Field
        label="Confirmez le mot de passe"
        type="password"
        autoComplete="new-password"
        error={errors.confirmation?.message}
        {...form.register("confirmation")}
      />
      <SubmitButton isPending={isSubmitting} size="lg" className="w-full">
        Enregistrer le mot de passe
      </SubmitButton>
    </form>
  );
}
