import { Field } from "@client/components/ui/field";
import { SubmitButton } from "@client/components/ui/submit-button";
import type { AuthApiError } from "@client/lib/api-client";
import { errorMessage, isApiError } from "@client/lib/api-error";
import { lazyZodResolver } from "@client/lib/lazy-resolver";
import type { SignInInput } from "@shared/schemas/auth";
import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { signIn } from "../api/auth-api";

type Props = { onSignedIn: () => void; onForgotPassword: (email: string) => void };

export function SignInForm({ onSignedIn, onForgotPassword }: Props) {
  const queryClient = useQueryClient();
  const form = useForm<SignInInput>({
    resolver: lazyZodResolver(() => import("@shared/schemas/auth").then((schemas) => schemas.signInInput)),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await signIn(queryClient, input);
      toast.success("Connexion réussie");
      onSignedIn();
    } catch (error) {
      if (!isApiError(error) || !error.status) {
        // No answer (offline) or a bug: the spec's "unexpected" title, still with what is known.
        toast.error("Une erreur inattendue s'est produite lors de la connexion", {
          description: errorMessage(error),
        });
      } else if ((error as AuthApiError).authCode === "EMAIL_NOT_VERIFIED") {
        toast.info("Vérifiez votre email", {
          description: "Nous venons de vous renvoyer le lien de confirmation.",
        });
      } else {
        toast.error("Erreur de connexion", { description: error.message });
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
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
        autoComplete="current-password"
        error={errors.password?.message}
        trailing={
          <button
            type="button"
            className="text-sm font-medium text-primary hover:underline"
            onClick={() => onForgotPassword(form.getValues("email"))}
          >
            Mot de passe oublié ?
          </button>
        }
        {...form.register("password")}
      />
      <SubmitButton isPending={isSubmitting} size="lg" className="w-full">
        Se connecter
      </SubmitButton>
    </form>
  );
}
