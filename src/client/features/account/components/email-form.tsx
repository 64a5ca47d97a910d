import { Field } from "@client/components/ui/field";
import { SubmitButton } from "@client/components/ui/submit-button";
import { zodResolver } from "@client/lib/form";
import { type ChangeEmailInput, changeEmailInput } from "@shared/schemas/auth";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { useChangeEmail } from "../api/account-api";
import { SectionCard } from "./section-card";

export function EmailFormCard({ currentEmail }: { currentEmail: string }) {
  const change = useChangeEmail();
  const form = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailInput),
    defaultValues: { newEmail: "" },
  });
  const onSubmit = form.handleSubmit(({ newEmail }) =>
    change.mutate(newEmail, {
      onSuccess: () => {
        toast.success("E-mail envoyé", {
          description: `Validez le changement depuis ${currentEmail}, puis confirmez la nouvelle adresse.`,
        });
        form.reset();
      },
      onError: (error) => toast.error("Une erreur est survenue", { description: error.message }),
    }),
  );
  return (
    <SectionCard
      title="Adresse e-mail"
      description={`Vous vous connectez avec ${currentEmail}. Pour la changer, validez depuis cette adresse puis confirmez la nouvelle.`}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field
          className="flex-1"
          label="Nouvelle adresse e-mail"
          type="email"
          autoComplete="email"
          error={form.formState.errors.newEmail?.message}
          {...form.register("newEmail")}
        />
        <SubmitButton isPending={change.isPending} variant="secondary">
          Changer d'adresse
        </SubmitButton>
      </form>
    </SectionCard>
  );
}
