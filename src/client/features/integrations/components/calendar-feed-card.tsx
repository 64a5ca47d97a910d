import { buttonStyles } from "@client/components/ui/button-styles";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { OneTimeSecret } from "@client/components/ui/one-time-secret";
import { QueryStatus } from "@client/components/ui/query-status";
import { SectionCard } from "@client/components/ui/section-card";
import { formatDate } from "@shared/format";
import { CalendarDays, LoaderCircle, RefreshCw } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { type CalendarFeedChange, useCalendarFeed, useChangeCalendarFeed } from "../api/calendar-feed";

const DONE: Record<CalendarFeedChange, string> = {
  connect: "Flux de calendrier activé",
  regenerate: "Nouvelle adresse créée : l'ancienne ne fonctionne plus",
  disconnect: "Flux de calendrier désactivé",
};

/**
 * The calendar feed: a secret iCalendar URL with the user's due dates, which Google Calendar (or any
 * calendar app) subscribes to. Turned on here or by the assistant; a new secret or a stop cuts the old URL.
 * Only the token's SHA-256 is stored, so the URL is shown once, when it is made (« Nouvelle adresse »
 * makes another); it is kept in this component only until the page is left.
 */
export function CalendarFeedCard() {
  const query = useCalendarFeed();
  const change = useChangeCalendarFeed();
  const [confirming, setConfirming] = useState<"regenerate" | "disconnect" | null>(null);
  const [shownUrl, setShownUrl] = useState<string | null>(null);

  const apply = (next: CalendarFeedChange) =>
    change.mutate(next, {
      onSuccess: ({ feed }) => {
        toast.success(DONE[next]);
        setConfirming(null);
        setShownUrl(feed?.url ?? null);
      },
      onError: (failure) => toast.error("Le flux n'a pas été modifié", { description: failure.message }),
    });

  return (
    <SectionCard
      id="calendrier"
      icon={CalendarDays}
      title="Google Calendar"
      description="Vos échéances de factures, rappels de paiement, fins de validité des devis, tâches et fins de contrat dans Google Calendar ou tout agenda compatible iCalendar."
    >
      <QueryStatus
        query={query}
        loadingLabel="Chargement du flux de calendrier…"
        errorTitle="Impossible de lire le flux de calendrier."
      >
        {({ feed }) =>
          feed ? (
            <div className="space-y-4">
              <div className="space-y-2">
                {shownUrl ? (
                  <OneTimeSecret
                    kind="lien"
                    label="Adresse du flux : affichée une seule fois, copiez-la maintenant dans votre agenda."
                    value={shownUrl}
                  />
                ) : (
                  <p className="text-sm text-muted-foreground">
                    Le flux est actif. Son adresse secrète n'est affichée qu'à sa création : Ardoise n'en
                    garde qu'une empreinte. Si vous ne l'avez plus, créez une nouvelle adresse (l'ancienne
                    cessera de fonctionner).
                  </p>
                )}
                <p className="text-sm text-muted-foreground">
                  {feed.lastReadAt
                    ? `Lu par un agenda le ${formatDate(feed.lastReadAt)}.`
                    : "Pas encore lu par un agenda."}{" "}
                  Activé le {formatDate(feed.createdAt)}.
                </p>
              </div>
              <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
                <li>Dans Google Calendar sur ordinateur, ouvrez « Autres agendas » puis « + ».</li>
                <li>
                  Choisissez « À partir de l'URL », collez l'adresse et cliquez sur « Ajouter l'agenda ».
                </li>
                <li>Google le met à jour de lui-même, toutes les quelques heures.</li>
              </ol>
              <p className="rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">
                Cette adresse est secrète : elle donne accès à ces dates sans connexion. Si elle a circulé,
                créez-en une nouvelle.
              </p>
              <div className="flex flex-col gap-2 sm:flex-row">
                <button
                  type="button"
                  onClick={() => setConfirming("regenerate")}
                  className={buttonStyles({ variant: "secondary" })}
                >
                  <RefreshCw aria-hidden="true" />
                  Nouvelle adresse
                </button>
                <button
                  type="button"
                  onClick={() => setConfirming("disconnect")}
                  className={buttonStyles({ variant: "ghost", className: "text-danger hover:text-danger" })}
                >
                  Désactiver le flux
                </button>
              </div>
            </div>
          ) : (
            <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-muted-foreground">
                Le flux est désactivé. Activez-le pour obtenir une adresse à ajouter dans votre agenda.
              </p>
              <button
                type="button"
                onClick={() => apply("connect")}
                disabled={change.isPending}
                className={buttonStyles({ className: "shrink-0" })}
              >
                {change.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                Activer le flux
              </button>
            </div>
          )
        }
      </QueryStatus>
      <ConfirmDialog
        isOpen={confirming === "regenerate"}
        onOpenChange={(isOpen) => setConfirming(isOpen ? "regenerate" : null)}
        title="Créer une nouvelle adresse ?"
        confirmLabel="Créer la nouvelle adresse"
        isPending={change.isPending}
        onConfirm={() => apply("regenerate")}
      >
        <p>
          L'adresse actuelle cessera aussitôt de fonctionner : les agendas abonnés ne recevront plus vos dates
          tant que vous n'y aurez pas ajouté la nouvelle.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={confirming === "disconnect"}
        onOpenChange={(isOpen) => setConfirming(isOpen ? "disconnect" : null)}
        title="Désactiver le flux de calendrier ?"
        confirmLabel="Désactiver"
        isPending={change.isPending}
        isDestructive
        onConfirm={() => apply("disconnect")}
      >
        <p>
          L'adresse cessera de fonctionner et vos agendas ne recevront plus vos échéances. Vous pourrez en
          activer une nouvelle plus tard.
        </p>
      </ConfirmDialog>
    </SectionCard>
  );
}
