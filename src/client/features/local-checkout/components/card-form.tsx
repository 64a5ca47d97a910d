import { Field } from "@client/components/ui/field";
import { SubmitButton } from "@client/components/ui/submit-button";
import { zodResolver } from "@client/lib/form";
import { formatMoney } from "@shared/format";
import { type LocalCardInput, localCardInput } from "@shared/schemas/payment";
import { CreditCard, Lock } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { payLocalSession } from "../api/local-checkout-api";

type Props = { sessionId: string; amountCents: number; email: string; onPaid: (redirectUrl: string) => void };

/** A card form like Stripe Checkout's; the server decides with Stripe's test card numbers. */
export function CardForm({ sessionId, amountCents, email, onPaid }: Props) {
  const [declined, setDeclined] = useState<string | null>(null);
  const form = useForm<LocalCardInput>({
    resolver: zodResolver(localCardInput),
    defaultValues: { cardNumber: "", expiry: "", cvc: "", cardholder: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (card) => {
    setDeclined(null);
    try {
      const { redirectUrl } = await payLocalSession(sessionId, card);
      onPaid(redirectUrl);
    } catch (error) {
      setDeclined((error as Error).message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field label="E-mail" value={email} readOnly disabled />
      <Field
        label="Numéro de carte"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        error={errors.cardNumber?.message}
        {...form.register("cardNumber")}
      />
      <div className="grid grid-cols-2 gap-3">
        <Field
          label="Expiration"
          placeholder="MM/AA"
          autoComplete="cc-exp"
          error={errors.expiry?.message}
          {...form.register("expiry")}
        />
        <Field
          label="CVC"
          inputMode="numeric"
          placeholder="123"
          autoComplete="cc-csc"
          error={errors.cvc?.message}
          {...form.register("cvc")}
        />
      </div>
      <Field
        label="Titulaire de la carte"
        autoComplete="cc-name"
        error={errors.cardholder?.message}
        {...form.register("cardholder")}
      />
      {declined ? (
        <p
          role="alert"
          className="rounded-lg border border-danger/30 bg-danger/10 px-3 py-2 text-sm text-danger"
        >
          {declined}
        </p>
      ) : null}
      <SubmitButton isPending={isSubmitting} size="lg" className="w-full" icon={<Lock aria-hidden="true" />}>
        Payer {formatMoney(amountCents)}
      </SubmitButton>
      <p className="flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
        <CreditCard className="size-3.5" aria-hidden="true" />
        Carte acceptée : 4242 4242 4242 4242 · carte refusée : 4000 0000 0000 0002
      </p>
    </form>
  );
}
