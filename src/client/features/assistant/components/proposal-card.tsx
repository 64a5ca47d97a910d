import { Badge, type BadgeTone } from "@client/components/data-list/badge";
import { buttonStyles } from "@client/components/ui/button-styles";
import type { ActionProposal } from "@shared/schemas/assistant";
import { Check, LoaderCircle, ShieldQuestion, X } from "lucide-react";
import type { ProposalStatus } from "../api/chat-session";
import { useSettleProposal } from "../api/settle-proposal";

const statusBadges: Record<Exclude<ProposalStatus, "pending">, { label: string; tone: BadgeTone }> = {
  confirmed: { label: "Confirmée", tone: "success" },
  cancelled: { label: "Annulée", tone: "neutral" },
  settled: { label: "Déjà traitée", tone: "neutral" },
};

type ProposalCardProps = { proposal: ActionProposal; conversationId: string };

/**
 * An action waiting for the user's consent (confirmBeforeAction): what will be created, and the two
 * buttons. Once settled the buttons stay disabled; the outcome follows as the assistant's next message.
 */
export function ProposalCard({ proposal, conversationId }: ProposalCardProps) {
  const { status, confirm, cancel, isPending } = useSettleProposal(conversationId, proposal.id);
  const isSettled = status !== "pending";
  const titleId = `proposal-${proposal.id}`;
  return (
    <section
      aria-labelledby={titleId}
      className="space-y-3 rounded-xl border border-primary/30 bg-surface p-3 shadow-sm sm:p-4"
    >
      <div className="space-y-1">
        <div className="flex min-h-6 items-center gap-2">
          <ShieldQuestion className="size-4 shrink-0 text-primary" aria-hidden="true" />
          <p className="flex-1 text-xs font-medium text-muted-foreground">
            {isSettled ? "Action proposée" : "En attente de votre confirmation : rien n’est encore fait"}
          </p>
          {isSettled ? <Badge tone={statusBadges[status].tone}>{statusBadges[status].label}</Badge> : null}
        </div>
        <h4 id={titleId} className="text-sm leading-snug font-semibold">
          {proposal.summary}
        </h4>
      </div>
      {proposal.details.length > 0 ? (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-lg bg-muted/60 px-3 py-2 text-sm">
          {proposal.details.map((detail) => (
            <div key={detail.label} className="contents">
              <dt className="text-muted-foreground">{detail.label}</dt>
              <dd className="font-medium break-words">{detail.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => confirm.mutate()}
          disabled={isSettled || isPending}
          className={buttonStyles({ size: "sm" })}
        >
          {confirm.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Check aria-hidden="true" />
          )}
          Confirmer
        </button>
        <button
          type="button"
          onClick={() => cancel.mutate()}
          disabled={isSettled || isPending}
          className={buttonStyles({ variant: "secondary", size: "sm" })}
        >
          {cancel.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <X aria-hidden="true" />
          )}
          Annuler
        </button>
      </div>
    </section>
  );
}
