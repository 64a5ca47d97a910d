import { buttonStyles } from "@client/components/ui/button-styles";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { Field } from "@client/components/ui/field";
import { OneTimeSecret } from "@client/components/ui/one-time-secret";
import { SectionCard } from "@client/components/ui/section-card";
import { SelectField } from "@client/components/ui/select-field";
import { SubmitButton } from "@client/components/ui/submit-button";
import { zodResolver } from "@client/lib/form";
import { formatParisDateTime } from "@shared/format";
import {
  type ApiTokenDto,
  apiTokenScopeLabels,
  type CreateApiTokenInput,
  type CreatedApiTokenDto,
  createApiTokenInput,
  deliveryStatusLabels,
  MAX_HOOKS_PER_USER,
  type WebhookDto,
  webhookEventLabels,
} from "@shared/schemas/public-api";
import { KeyRound, RefreshCw, Webhook } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  useApiTokens,
  useChangeWebhook,
  useCreateApiToken,
  useRevokeApiToken,
  useWebhooks,
} from "../api/public-api";

const API_BASE_PATH = "/api/v1";

/**
 * Intégrations → "API et webhooks" (issue 14 §2): how to call the public API and receive its events,
 * the personal tokens (shown once, revocable) and the hooks Zapier or a script subscribed, with their
 * recent deliveries and "Renvoyer".
 */
export function PublicApiCard() {
  const baseUrl = `${window.location.origin}${API_BASE_PATH}`;
  return (
    <SectionCard
      id="api"
      icon={KeyRound}
      title="API et webhooks"
      description="Reliez Ardoise à Zapier, Make, n8n ou vos propres scripts : lisez et créez vos données, et recevez un appel à chaque événement."
    >
      <div className="space-y-6 text-sm">
        <ApiGuide baseUrl={baseUrl} />
        <ApiTokens />
        <Webhooks />
      </div>
    </SectionCard>
  );
}

function ApiGuide({ baseUrl }: { baseUrl: string }) {
  return (
    <div className="space-y-3 text-muted-foreground">
      <p>
        Adresse de l'API : <code className="rounded bg-muted px-1.5 py-0.5 text-foreground">{baseUrl}</code>.
        Chaque appel porte l'en-tête{" "}
        <code className="rounded bg-muted px-1.5 py-0.5 text-foreground">Authorization: Bearer ard_…</code>{" "}
        avec un jeton créé ci-dessous : « Lecture seule » pour lire, « Lecture et écriture » pour créer ou
        modifier. Ressources : clients, devis, factures, paiements, dépenses, projets et tâches ; montants en
        centimes.
      </p>
      <p>
        Actions (jeton « Lecture et écriture ») : envoyer un devis par e-mail (
        <code className="rounded bg-muted px-1.5 py-0.5">POST /quotes/{"{id}"}/send</code>), le marquer
        accepté ou refusé (<code className="rounded bg-muted px-1.5 py-0.5">/accept</code>,{" "}
        <code className="rounded bg-muted px-1.5 py-0.5">/refuse</code>), émettre une facture (
        <code className="rounded bg-muted px-1.5 py-0.5">POST /invoices/{"{id}"}/issue</code>), l'envoyer (
        <code className="rounded bg-muted px-1.5 py-0.5">/send</code>) et enregistrer un paiement (
        <code className="rounded bg-muted px-1.5 py-0.5">POST /payments</code>). Les règles de facturation
        s'appliquent comme dans l'application : une facture émise n'est plus modifiable.
      </p>
      <p>
        Webhooks : abonnez une URL avec <code className="rounded bg-muted px-1.5 py-0.5">POST /hooks</code>{" "}
        {"{ target_url, event }"}. Chaque événement arrive en POST JSON {"{ id, event, created_at, data }"}{" "}
        signé par l'en-tête{" "}
        <code className="rounded bg-muted px-1.5 py-0.5">Ardoise-Signature: t=…,v1=…</code> : HMAC-SHA256,
        avec le secret reçu à l'abonnement, de l'horodatage, d'un point et du corps brut. Sans réponse 2xx
        sous 10 s, l'envoi est réessayé pendant environ 17 h avec le même id.
      </p>
      <p>
        <a
          href={`${API_BASE_PATH}/openapi.json`}
          target="_blank"
          rel="noreferrer"
          className="font-medium text-primary underline underline-offset-4"
        >
          Documentation OpenAPI 3.1 (openapi.json)
        </a>
      </p>
    </div>
  );
}

function ApiTokens() {
  const { data, isPending, isError, error, refetch } = useApiTokens();
  const [created, setCreated] = useState<CreatedApiTokenDto | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenDto | null>(null);
  const revoke = useRevokeApiToken();

  const onRevoke = (token: ApiTokenDto) =>
    revoke.mutate(token.id, {
      onSuccess: () => {
        toast.success(`Jeton « ${token.name} » révoqué`);
        setRevoking(null);
        if (created?.id === token.id) setCreated(null);
      },
      onError: (failure) => toast.error("Le jeton n'a pas été révoqué", { description: failure.message }),
    });

  return (
    <section aria-labelledby="api-tokens-title" className="space-y-3">
      <h3 id="api-tokens-title" className="font-semibold text-foreground">
        Jetons d'API
      </h3>
      <CreateTokenForm onCreated={setCreated} />
      {created ? <NewToken token={created} /> : null}
      {isPending ? (
        <div role="status" aria-busy="true" className="h-16 animate-pulse rounded-xl bg-muted">
          <span className="sr-only">Chargement des jetons…</span>
        </div>
      ) : isError ? (
        <LoadError message={error.message} onRetry={() => void refetch()} what="les jetons" />
      ) : data.items.length === 0 ? (
        <p className="text-muted-foreground">Aucun jeton pour l'instant.</p>
      ) : (
        <ul className="divide-y rounded-xl border">
          {data.items.map((token) => (
            <li key={token.id} className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-foreground">
                  {token.name}{" "}
                  <span className="font-normal text-muted-foreground">
                    · {apiTokenScopeLabels[token.scope]}
                  </span>
                </p>
                <p className="text-muted-foreground">
                  <code>{token.tokenStart}…</code> · créé le {formatParisDateTime(token.createdAt)} ·{" "}
                  {token.lastUsedAt
                    ? `dernier usage le ${formatParisDateTime(token.lastUsedAt)}`
                    : "jamais utilisé"}
                </p>
              </div>
              <button
                type="button"
                onClick={() => setRevoking(token)}
                className={buttonStyles({
                  variant: "ghost",
                  size: "sm",
                  className: "text-danger hover:text-danger",
                })}
                aria-label={`Révoquer le jeton ${token.name}`}
              >
                Révoquer
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={revoking !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setRevoking(null);
        }}
        title={`Révoquer le jeton « ${revoking?.name ?? ""} » ?`}
        confirmLabel="Révoquer"
        isPending={revoke.isPending}
        isDestructive
        onConfirm={() => revoking && onRevoke(revoking)}
      >
        <p>Les outils qui l'utilisent recevront aussitôt une erreur 401. Cette action est définitive.</p>
      </ConfirmDialog>
    </section>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedApiTokenDto) => void }) {
  const create = useCreateApiToken();
  const form = useForm<CreateApiTokenInput>({
    resolver: zodResolver(createApiTokenInput),
    defaultValues: { name: "", scope: "read" },
  });
  const onSubmit = form.handleSubmit((input) =>
    create.mutateAsync(input).then(
      (token) => {
        onCreated(token);
        form.reset();
      },
      (failure) => toast.error("Le jeton n'a pas été créé", { description: failure.message }),
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
      <Field
        label="Nom du jeton"
        placeholder="Zapier"
        autoComplete="off"
        error={form.formState.errors.name?.message}
        {...form.register("name")}
      />
      <SelectField label="Portée" error={form.formState.errors.scope?.message} {...form.register("scope")}>
        {Object.entries(apiTokenScopeLabels).map(([scope, label]) => (
          <option key={scope} value={scope}>
            {label}
          </option>
        ))}
      </SelectField>
      <SubmitButton isPending={form.formState.isSubmitting}>Créer un jeton</SubmitButton>
    </form>
  );
}

/** The token, once: it is never shown again, so it gets a copy button and a plain warning. */
function NewToken({ token }: { token: CreatedApiTokenDto }) {
  return (
    <OneTimeSecret
      kind="jeton"
      label={`Jeton « ${token.name} » créé : copiez-le maintenant, il ne sera plus affiché.`}
      value={token.token}
    />
  );
}

function Webhooks() {
  const { data, isPending, isError, error, refetch } = useWebhooks();
  const change = useChangeWebhook();
  const [removing, setRemoving] = useState<WebhookDto | null>(null);

  const onRedeliver = (id: string) =>
    change.mutate(
      { change: "redeliver", id },
      {
        onSuccess: () => toast.success("Livraison remise en file : elle part dans quelques secondes"),
        onError: (failure) => toast.error("Renvoi impossible", { description: failure.message }),
      },
    );
  const onRemove = (hook: WebhookDto) =>
    change.mutate(
      { change: "remove", id: hook.id },
      {
        onSuccess: () => {
          toast.success("Webhook supprimé");
          setRemoving(null);
        },
        onError: (failure) =>
          toast.error("Le webhook n'a pas été supprimé", { description: failure.message }),
      },
    );

  return (
    <section aria-labelledby="webhooks-title" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id="webhooks-title" className="font-semibold text-foreground">
          Webhooks
        </h3>
        <button
          type="button"
          onClick={() => void refetch()}
          className={buttonStyles({ variant: "ghost", size: "sm" })}
        >
          <RefreshCw aria-hidden="true" />
          Actualiser
        </button>
      </div>
      <p className="text-muted-foreground">
        {data
          ? `Webhooks utilisés : ${data.usage.count} sur ${data.usage.limit} (automatisations « webhook » comprises). Au-delà, un nouvel abonnement est refusé.`
          : `${MAX_HOOKS_PER_USER} webhooks au plus par compte, automatisations « webhook » comprises.`}
      </p>
      {isPending ? (
        <div role="status" aria-busy="true" className="h-16 animate-pulse rounded-xl bg-muted">
          <span className="sr-only">Chargement des webhooks…</span>
        </div>
      ) : isError ? (
        <LoadError message={error.message} onRetry={() => void refetch()} what="les webhooks" />
      ) : data.items.length === 0 ? (
        <p className="text-muted-foreground">
          Aucun webhook : ils apparaissent ici quand Zapier ou un script s'abonne avec un jeton.
        </p>
      ) : (
        <ul className="space-y-3">
          {data.items.map((hook) => (
            <li key={hook.id} className="rounded-xl border p-3">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-foreground">
                    <Webhook className="mr-1 inline size-4" aria-hidden="true" />
                    {webhookEventLabels[hook.event]}{" "}
                    <code className="text-xs text-muted-foreground">{hook.event}</code>
                  </p>
                  <p className="break-all text-muted-foreground">{hook.targetUrl}</p>
                  {hook.pausedAt ? (
                    <p className="mt-1 text-danger">
                      En pause depuis le {formatParisDateTime(hook.pausedAt)} après des échecs répétés :
                      corrigez l'adresse puis renvoyez une livraison pour le réactiver.
                    </p>
                  ) : null}
                </div>
                <button
                  type="button"
                  onClick={() => setRemoving(hook)}
                  className={buttonStyles({
                    variant: "ghost",
                    size: "sm",
                    className: "text-danger hover:text-danger",
                  })}
                  aria-label={`Supprimer le webhook ${hook.event} vers ${hook.targetUrl}`}
                >
                  Supprimer
                </button>
              </div>
              {hook.deliveries.length === 0 ? (
                <p className="mt-2 text-muted-foreground">Aucune livraison pour l'instant.</p>
              ) : (
                <table className="mt-3 w-full text-left text-xs">
                  <caption className="sr-only">Dernières livraisons de ce webhook</caption>
                  <thead className="text-muted-foreground">
                    <tr>
                      <th scope="col" className="py-1 font-medium">
                        Date
                      </th>
                      <th scope="col" className="py-1 font-medium">
                        Statut
                      </th>
                      <th scope="col" className="py-1 font-medium">
                        Réponse
                      </th>
                      <th scope="col" className="py-1 font-medium">
                        <span className="sr-only">Action</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y">
                    {hook.deliveries.map((delivery) => (
                      <tr key={delivery.id}>
                        <td className="py-1.5">
                          {formatParisDateTime(delivery.lastAttemptAt ?? delivery.createdAt)}
                        </td>
                        <td className="py-1.5">
                          {deliveryStatusLabels[delivery.status]}
                          {delivery.attempts > 1 ? ` (${delivery.attempts} essais)` : ""}
                        </td>
                        <td className="py-1.5" title={delivery.lastError ?? undefined}>
                          {delivery.responseStatus ?? (delivery.lastError ? "—" : "")}
                          {delivery.lastError && delivery.responseStatus === null ? (
                            <span className="sr-only"> {delivery.lastError}</span>
                          ) : null}
                        </td>
                        <td className="py-1.5 text-right">
                          <button
                            type="button"
                            onClick={() => onRedeliver(delivery.id)}
                            disabled={change.isPending}
                            className={buttonStyles({ variant: "ghost", size: "sm" })}
                            aria-label={`Renvoyer la livraison du ${formatParisDateTime(delivery.createdAt)}`}
                          >
                            Renvoyer
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={removing !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setRemoving(null);
        }}
        title="Supprimer ce webhook ?"
        confirmLabel="Supprimer"
        isPending={change.isPending}
        isDestructive
        onConfirm={() => removing && onRemove(removing)}
      >
        <p>Son adresse ne recevra plus d'événements ; les livraisons en attente sont abandonnées.</p>
      </ConfirmDialog>
    </section>
  );
}

function LoadError({ message, onRetry, what }: { message: string; onRetry: () => void; what: string }) {
  return (
    <div role="alert">
      <p className="font-medium text-foreground">Impossible de lire {what}.</p>
      <p className="mt-1 text-muted-foreground">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className={buttonStyles({ variant: "secondary", size: "sm", className: "mt-2" })}
      >
        <RefreshCw aria-hidden="true" />
        Réessayer
      </button>
    </div>
  );
}
