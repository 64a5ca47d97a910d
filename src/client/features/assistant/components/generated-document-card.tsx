import { buttonStyles } from "@client/components/ui/button-styles";
import { formatMoney } from "@shared/format";
import type { GeneratedDocument } from "@shared/schemas/assistant";
import { ArrowRight, CircleCheck, Eye, Mail } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { documentKind } from "./document-kinds";
import { DocumentPreviewDialog } from "./document-preview-dialog";
import { SendGeneratedDocumentDialog } from "./send-generated-document-dialog";

type GeneratedDocumentCardProps = { document: GeneratedDocument; onNavigate?: () => void };

/** 'Document généré': the draft's number, client and amount, its preview and its sending. */
export function GeneratedDocumentCard({ document, onNavigate }: GeneratedDocumentCardProps) {
  // Edited in the preview's "Message d'email" tab, sent as is.
  const [emailMessage, setEmailMessage] = useState(document.emailMessage);
  const [number, setNumber] = useState(document.number);
  const [isPreviewOpen, setPreviewOpen] = useState(false);
  const [isSendOpen, setSendOpen] = useState(false);
  const { label } = documentKind(document.kind);

  const onSendClick = () => {
    // Spec §8 announces sending as coming for all but invoices; quotes have a send route since, contracts not yet.
    if (document.kind === "contract") toast.info("Envoi par e-mail bientôt disponible");
    else setSendOpen(true);
  };

  return (
    <section
      aria-labelledby="generated-document-title"
      className="space-y-4 rounded-xl border border-emerald-500/30 bg-emerald-500/5 p-4 shadow-sm"
    >
      <h3 id="generated-document-title" className="flex items-center gap-2 text-sm font-semibold">
        <CircleCheck className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
        Document généré
      </h3>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
        <Fact term="Type">{label}</Fact>
        <Fact term="Numéro">{number ?? "Attribué à l'émission"}</Fact>
        <Fact term="Client">{document.clientName}</Fact>
        <Fact term="Montant total">{formatMoney(document.totalCents)}</Fact>
      </dl>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={() => setPreviewOpen(true)} className={buttonStyles({ size: "sm" })}>
          <Eye aria-hidden="true" />
          Prévisualiser
        </button>
        <button
          type="button"
          onClick={onSendClick}
          className={buttonStyles({ variant: "secondary", size: "sm" })}
        >
          <Mail aria-hidden="true" />
          Envoyer par e-mail
        </button>
        <Link
          to={document.link}
          onClick={onNavigate}
          className={buttonStyles({ variant: "ghost", size: "sm" })}
        >
          Ouvrir
          <ArrowRight aria-hidden="true" />
        </Link>
      </div>

      <DocumentPreviewDialog
        document={{ ...document, number }}
        emailMessage={emailMessage}
        onEmailMessageChange={setEmailMessage}
        isOpen={isPreviewOpen}
        onOpenChange={setPreviewOpen}
      />
      {document.kind !== "contract" ? (
        <SendGeneratedDocumentDialog
          kind={document.kind}
          id={document.id}
          message={emailMessage}
          isOpen={isSendOpen}
          onOpenChange={setSendOpen}
          onSent={setNumber}
        />
      ) : null}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="truncate font-medium" title={children}>
        {children}
      </dd>
    </div>
  );
}
