import { buttonStyles } from "@client/components/ui/button-styles";
import { Field } from "@client/components/ui/field";
import { SubmitButton } from "@client/components/ui/submit-button";
import { errorMessage } from "@client/lib/api-error";
import { lazyZodResolver } from "@client/lib/lazy-resolver";
import type { PasswordResetRequestInput } from "@shared/schemas/auth";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { requestPasswordReset } from "../api/auth-api";

/** "Mot de passe oublié" → an e-mail with a reset link; the answer never says whether the account exists. */
export function ResetRequestForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<PasswordResetRequestInput>({
    resolver: lazyZodResolver(() =>
      import("@shared/schemas/auth").then((schemas) => schemas.passwordResetRequestInput),
    ),
    defaultValues: { email: initialEmail },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email);
      setSentTo(email.trim());
      toast.success("Email envoyé", {
        description: "Si un compte existe pour cette adresse, vous recevrez un lien.",
      });
    } catch (error) {
      toast.error("Échec de la réinitialisation", { description: errorMessage(error) });
    }
  });

  if (sentTo) {
    return (
      <div className="space-y-4 text-sm">
        <div className="flex gap-3 rounded-xl bg-accent p-4 text-accent-foreground">
          <MailCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p>
            Si un compte existe pour <strong>{sentTo}</strong>, un lien pour choisir un nouveau mot de passe
            vient d'être envoyé. Il est valable une heure.
          </p>
        </div>
        <button
          type="button"
          onClick={onBack}
          className={buttonStyles({ variant: "secondary", className: "w-full" })}
        >
          Retour à la connexion
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field
        label="Adresse e-mail"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register("email")}
      />
      <SubmitButton isPending={isSubmitting} size="lg" className="w-full">
        Recevoir le lien
      </SubmitButton>
      <button
        type="button"
        onClick={onBack}
        className={buttonStyles({ variant: "ghost", className: "w-full" })}
      >
        Retour à la connexion
      </button>
    </form>
  );
}
