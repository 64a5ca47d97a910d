import { buttonStyles } from "@client/components/ui/button-styles";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { Field } from "@client/components/ui/field";
import { QueryStatus } from "@client/components/ui/query-status";
import { SectionCard } from "@client/components/ui/section-card";
import { SubmitButton } from "@client/components/ui/submit-button";
import { errorMessage } from "@client/lib/api-error";
import { zodResolver } from "@client/lib/form";
import { type StripeAccountInput, stripeAccountInput } from "@shared/schemas/client-links";
import { CreditCard } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { useRemoveStripeAccount, useSaveStripeAccount, useStripeAccount } from "../api/stripe-account";

/**
 * Stripe: the freelancer's own account (decision 016), so clients pay an invoice from its link with
 * « Payer » and the money goes straight to them. The webhook URL is shown first: it is declared in Stripe
 * before the signing secret exists.
 */
export function StripeCard() {
  const query = useStripeAccount();
  return (
    <SectionCard
      id="stripe"
      icon={CreditCard}
      title="Stripe"
      description="Vos clients règlent une facture par carte depuis son lien (« Payer ») ; l'argent arrive sur votre propre compte Stripe et la facture est marquée payée."
    >
      <QueryStatus
        query={query}
        loadingLabel="Chargement de Stripe…"
        errorTitle="Impossible de lire la connexion Stripe."
      >
        {(data) => (
          <div className="space-y-4 text-sm">
            <div className="space-y-1">
              <p className="text-muted-foreground">
                Dans Stripe : Développeurs → Webhooks → « Ajouter une destination », événement{" "}
                <code className="rounded bg-muted px-1">checkout.session.completed</code>, adresse :
              </p>
              <p className="break-all rounded-lg bg-muted px-3 py-2 font-mono text-xs">{data.webhookUrl}</p>
            </div>
            {data.stripe ? (
              <ConnectedStripe keyEnd={data.stripe.keyEnd} />
            ) : (
              <>
                {data.isLocalCheckout ? (
                  <p className="text-muted-foreground">
                    Sans clé, vos clients voient le paiement de test local : aucune carte réelle n'est
                    débitée.
                  </p>
                ) : (
                  <p role="status" className="rounded-lg bg-muted px-3 py-2">
                    Paiement en ligne non configuré : vos clients ne voient pas « Payer » sur vos factures.
                    Pour le proposer, déclarez le webhook ci-dessus dans Stripe, puis collez ci-dessous votre
                    clé et le secret de signature.
                  </p>
                )}
                <StripeForm />
              </>
            )}
          </div>
        )}
      </QueryStatus>
    </SectionCard>
  );
}

function StripeForm() {
  const save = useSaveStripeAccount();
  const form = useForm<StripeAccountInput>({
    resolver: zodResolver(stripeAccountInput),
    defaultValues: { secretKey: "", webhookSecret: "" },
  });
  // A key Stripe refuses is explained where it was typed, and stays explained while the user fixes it.
  const onSubmit = form.handleSubmit((input) =>
    save.mutateAsync(input).then(
      () => toast.success("Stripe connecté"),
      () => undefined,
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <Field
        label="Clé secrète ou restreinte"
        autoComplete="off"
        spellCheck={false}
        placeholder="rk_live_… ou sk_live_…"
        error={form.formState.errors.secretKey?.message}
        hint="Développeurs → Clés API. Une clé restreinte suffit : écriture sur « Checkout Sessions », et sur « Refunds » pour qu'un paiement en double soit remboursé automatiquement. Elle est conservée chiffrée."
        {...form.register("secretKey")}
      />
      <Field
        label="Secret de signature du webhook"
        autoComplete="off"
        spellCheck={false}
        placeholder="whsec_…"
        error={form.formState.errors.webhookSecret?.message}
        hint="Affiché par Stripe sur la page du webhook déclaré ci-dessus."
        {...form.register("webhookSecret")}
      />
      {save.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(save.error)}
        </p>
      ) : null}
      <SubmitButton isPending={form.formState.isSubmitting}>Connecter Stripe</SubmitButton>
    </form>
  );
}

function ConnectedStripe({ keyEnd }: { keyEnd: string }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const remove = useRemoveStripeAccount();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p>
        Clé enregistrée : <span className="font-mono">…{keyEnd}</span>
      </p>
      <button
        type="button"
        onClick={() => setIsConfirming(true)}
        className={buttonStyles({ variant: "ghost", className: "text-danger hover:text-danger" })}
      >
        Retirer la clé
      </button>
      <ConfirmDialog
        isOpen={isConfirming}
        onOpenChange={setIsConfirming}
        title="Retirer la clé Stripe ?"
        confirmLabel="Retirer"
        isPending={remove.isPending}
        isDestructive
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setIsConfirming(false);
              toast.success("Clé Stripe retirée");
            },
            onError: (failure) => toast.error("La clé n'est pas retirée", { description: failure.message }),
          })
        }
      >
        <p>
          Ardoise oubliera votre clé et votre secret de signature ; vos clients ne pourront plus payer en
          ligne par Stripe. Les paiements déjà reçus restent enregistrés.
        </p>
      </ConfirmDialog>
    </div>
  );
}
