import { buttonStyles } from "@client/components/ui/button-styles";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { Field } from "@client/components/ui/field";
import { QueryStatus } from "@client/components/ui/query-status";
import { SectionCard } from "@client/components/ui/section-card";
import { SelectField } from "@client/components/ui/select-field";
import { SubmitButton } from "@client/components/ui/submit-button";
import { errorMessage } from "@client/lib/api-error";
import { zodResolver } from "@client/lib/form";
import { formatCount, formatParisDateTime } from "@shared/format";
import { type ConnectMailchimpInput, connectMailchimpInput } from "@shared/schemas/mailchimp";
import { AlertTriangle, LoaderCircle, Mail, RefreshCw } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  useChooseMailchimpAudience,
  useConnectMailchimp,
  useDisconnectMailchimp,
  useMailchimp,
  useMailchimpAudiences,
  useSyncMailchimp,
} from "../api/mailchimp";

/**
 * Mailchimp: the user's API key, the audience their clients go to, and where the sync stands. Clients are
 * sent when the user asks and then after every change (by the server's job loop); Mailchimp's refusals and
 * a refused key are shown here in French.
 */
export function MailchimpCard() {
  const query = useMailchimp();
  return (
    <SectionCard
      id="mailchimp"
      icon={Mail}
      title="Mailchimp"
      description="Vos clients dans une audience Mailchimp (adresse, nom, étiquette « Prospect » ou « Client »), tenus à jour à chaque modification. Un contact désinscrit n'est jamais réinscrit."
    >
      <QueryStatus
        query={query}
        loadingLabel="Chargement de Mailchimp…"
        errorTitle="Impossible de lire la connexion Mailchimp."
      >
        {({ connection }) => (connection ? <ConnectedMailchimp connection={connection} /> : <ConnectForm />)}
      </QueryStatus>
    </SectionCard>
  );
}

function ConnectForm() {
  const connect = useConnectMailchimp();
  const form = useForm<ConnectMailchimpInput>({
    resolver: zodResolver(connectMailchimpInput),
    defaultValues: { apiKey: "" },
  });
  const onSubmit = form.handleSubmit((input) =>
    connect.mutateAsync(input).then(
      () => toast.success("Mailchimp connecté"),
      (failure) => toast.error("Mailchimp n'est pas connecté", { description: errorMessage(failure) }),
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <Field
        label="Clé d'API Mailchimp"
        autoComplete="off"
        spellCheck={false}
        placeholder="0123…cdef-us21"
        error={form.formState.errors.apiKey?.message}
        hint="Dans Mailchimp : Profil → Extras → Clés d'API → « Create A Key ». Elle est conservée chiffrée."
        {...form.register("apiKey")}
      />
      <SubmitButton isPending={form.formState.isSubmitting}>Connecter Mailchimp</SubmitButton>
    </form>
  );
}

type Connection = NonNullable<NonNullable<ReturnType<typeof useMailchimp>["data"]>["connection"]>;

function ConnectedMailchimp({ connection }: { connection: Connection }) {
  const [isChoosing, setIsChoosing] = useState(connection.audience === null);
  const [isConfirmingDisconnect, setIsConfirmingDisconnect] = useState(false);
  const audiences = useMailchimpAudiences(isChoosing);
  const choose = useChooseMailchimpAudience();
  const sync = useSyncMailchimp();
  const disconnect = useDisconnectMailchimp();
  const audienceList = audiences.data?.items ?? [];

  const onChoose = (listId: string) =>
    choose.mutate(
      { listId },
      {
        onSuccess: () => setIsChoosing(false),
        onError: (failure) => toast.error("Audience non enregistrée", { description: failure.message }),
      },
    );
  const onSync = () =>
    sync.mutate(undefined, {
      onSuccess: ({ synced, refused }) =>
        toast.success(formatCount(synced, "client synchronisé", "clients synchronisés"), {
          description:
            refused > 0
              ? `${formatCount(refused, "contact refusé", "contacts refusés")} par Mailchimp.`
              : undefined,
        }),
      onError: (failure) => toast.error("Synchronisation impossible", { description: failure.message }),
    });

  return (
    <div className="space-y-4 text-sm">
      <p className="text-muted-foreground">
        Compte <strong className="text-foreground">{connection.accountName}</strong> (clé …{connection.keyEnd}
        ).
      </p>
      {connection.lastError ? (
        <div role="alert" className="flex gap-2 rounded-lg border border-danger/40 bg-danger/5 px-3 py-2">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
          <p>
            {connection.lastError}
            {connection.lastErrorAt ? (
              <span className="text-muted-foreground"> ({formatParisDateTime(connection.lastErrorAt)})</span>
            ) : null}
          </p>
        </div>
      ) : null}
      {isChoosing ? (
        audiences.isPending ? (
          <p role="status" className="flex items-center gap-2 text-muted-foreground">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> Lecture des audiences…
          </p>
        ) : audiences.isError ? (
          <p role="alert">{audiences.error.message}</p>
        ) : audienceList.length === 0 ? (
          <p>Ce compte Mailchimp n'a aucune audience : créez-en une dans Mailchimp, puis revenez ici.</p>
        ) : (
          <SelectField
            label="Audience où envoyer vos clients"
            value={connection.audience?.id ?? ""}
            disabled={choose.isPending}
            onChange={(event) => onChoose(event.target.value)}
          >
            <option value="" disabled>
              Choisissez une audience
            </option>
            {audienceList.map((audience) => (
              <option key={audience.id} value={audience.id}>
                {audience.name} ({formatCount(audience.memberCount, "contact")})
              </option>
            ))}
          </SelectField>
        )
      ) : connection.audience ? (
        <div className="space-y-1">
          <p>
            Audience : <strong>{connection.audience.name}</strong>
          </p>
          <p className="text-muted-foreground">
            {connection.lastSyncAt
              ? `Dernière synchronisation le ${formatParisDateTime(connection.lastSyncAt)}. `
              : "Pas encore synchronisé. "}
            {formatCount(connection.syncedCount, "client à jour", "clients à jour")}
            {connection.pendingCount > 0 ? `, ${connection.pendingCount} en attente` : ""}
            {connection.unsubscribedCount > 0
              ? `, ${formatCount(connection.unsubscribedCount, "désinscrit", "désinscrits")} (jamais réinscrits)`
              : ""}
            .
          </p>
        </div>
      ) : null}
      {connection.refused.length > 0 ? (
        <div>
          <p className="font-medium">Refusés par Mailchimp :</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-muted-foreground">
            {connection.refused.map((refusal) => (
              <li key={refusal.clientId}>
                {refusal.clientName} : {refusal.error}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <button
          type="button"
          onClick={onSync}
          disabled={!connection.audience || sync.isPending}
          className={buttonStyles()}
        >
          {sync.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <RefreshCw aria-hidden="true" />
          )}
          Synchroniser maintenant
        </button>
        {connection.audience && !isChoosing ? (
          <button
            type="button"
            onClick={() => setIsChoosing(true)}
            className={buttonStyles({ variant: "secondary" })}
          >
            Changer d'audience
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => setIsConfirmingDisconnect(true)}
          className={buttonStyles({ variant: "ghost", className: "text-danger hover:text-danger" })}
        >
          Déconnecter
        </button>
      </div>
      <ConfirmDialog
        isOpen={isConfirmingDisconnect}
        onOpenChange={setIsConfirmingDisconnect}
        title="Déconnecter Mailchimp ?"
        confirmLabel="Déconnecter"
        isPending={disconnect.isPending}
        isDestructive
        onConfirm={() =>
          disconnect.mutate(undefined, {
            onSuccess: () => {
              setIsConfirmingDisconnect(false);
              toast.success("Mailchimp déconnecté");
            },
            onError: (failure) =>
              toast.error("Mailchimp n'est pas déconnecté", { description: failure.message }),
          })
        }
      >
        <p>
          Ardoise oubliera votre clé et n'enverra plus vos clients. Les contacts déjà dans Mailchimp y
          restent.
        </p>
      </ConfirmDialog>
    </div>
  );
}
