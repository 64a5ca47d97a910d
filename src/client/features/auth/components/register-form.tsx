import { Field } from "@client/components/ui/field";
import { SubmitButton } from "@client/components/ui/submit-button";
import type { AuthApiError } from "@client/lib/api-client";
import { errorMessage, isApiError } from "@client/lib/api-error";
import { zodResolver } from "@client/lib/form";
import { type SignUpInput, signUpInput } from "@shared/schemas/auth";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { signUp } from "../api/auth-api";
import { PasswordStrength } from "./password-strength";

export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpInput),
    defaultValues: { name: "", email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const [name, email, password] = form.watch(["name", "email", "password"]);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await signUp(input);
      toast.success("Vérifiez votre email", {
        description: `Un lien de confirmation a été envoyé à ${input.email.trim()}.`,
      });
      onRegistered(input.email.trim());
    } catch (error) {
      // No answer (offline) or a bug: the spec's "unexpected" title, still with what is known.
      if (!isApiError(error) || !error.status) {
        toast.error("Une erreur inattendue s'est produite lors de l'inscription", {
          description: errorMessage(error),
        });
        return;
      }
      const { reasons = [], authCode } = error as AuthApiError;
      const details = reasons.length ? ` ${reasons.join(" · ")}` : "";
      toast.error("Erreur d'inscription", { description: `${error.message}${details}` });
      if (authCode === "WEAK_PASSWORD") form.setError("password", { message: error.message });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field
        label="Nom et prénom"
        autoComplete="name"
        error={errors.name?.message}
        {...form.register("name")}
      />
      <Field
        label="Adresse e-mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...form.register("email")}
      />
      <Field
        label="Mot de passe"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        hint={
          password ? (
            <PasswordStrength password={password} userInputs={[name, email]} />
          ) : (
            "8 caractères minimum, 128 au maximum."
          )
        }
        {...form.register("password")}
      />
      <SubmitButton isPending={isSubmitting} size="lg" className="w-full">
        Créer mon compte
      </SubmitButton>
    </form>
  );
}
