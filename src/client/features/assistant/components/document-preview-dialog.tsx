import { iconButtonStyles } from "@client/components/shell/shell-styles";
import { buttonStyles } from "@client/components/ui/button-styles";
import { DialogContent } from "@client/components/ui/dialog-content";
import { formatDate, formatMoney } from "@shared/format";
import type { GeneratedDocument } from "@shared/schemas/assistant";
import { Download, X } from "lucide-react";
import { Dialog, Tabs } from "radix-ui";
import { useId } from "react";
import { DATE_LABELS } from "./document-kinds";

type DocumentPreviewDialogProps = {
  document: GeneratedDocument;
  emailMessage: string;
  onEmailMessageChange: (message: string) => void;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};

const tabStyles =
  "-mb-px border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground data-[state=active]:border-primary data-[state=active]:text-foreground";

/** Spec §2 preview: the document (lines, totals, dates) and its editable e-mail message. */
export function DocumentPreviewDialog({
  document,
  emailMessage,
  onEmailMessageChange,
  isOpen,
  onOpenChange,
}: DocumentPreviewDialogProps) {
  const messageId = useId();
  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <DialogContent className="fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100%-1.5rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl border bg-surface shadow-2xl outline-none">
          <header className="flex items-start gap-3 border-b px-5 py-4">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-base font-semibold break-words">
                {document.title}
                {document.number && !document.title.includes(document.number) ? ` ${document.number}` : ""}
              </Dialog.Title>
              <Dialog.Description className="text-sm text-muted-foreground">
                Pour {document.clientName} · brouillon
              </Dialog.Description>
            </div>
            <Dialog.Close className={iconButtonStyles} aria-label="Fermer l'aperçu">
              <X aria-hidden="true" />
            </Dialog.Close>
          </header>

          <Tabs.Root defaultValue="document" className="flex min-h-0 flex-1 flex-col">
            <Tabs.List aria-label="Aperçu" className="flex gap-1 border-b px-3">
              <Tabs.Trigger value="document" className={tabStyles}>
                Document
              </Tabs.Trigger>
              <Tabs.Trigger value="email" className={tabStyles}>
                Message de l'e-mail
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="document" className="min-h-0 flex-1 overflow-y-auto px-5 py-4 outline-none">
              <DocumentBody document={document} />
            </Tabs.Content>
            <Tabs.Content value="email" className="min-h-0 flex-1 overflow-y-auto px-5 py-4 outline-none">
              <label htmlFor={messageId} className="text-sm font-medium">
                Message d'accompagnement
              </label>
              <p className="mb-2 text-xs text-muted-foreground">
                Envoyé avec le PDF lorsque vous choisissez « Envoyer par e-mail ».
              </p>
              <textarea
                id={messageId}
                rows={10}
                value={emailMessage}
                onChange={(event) => onEmailMessageChange(event.target.value)}
                className="w-full rounded-lg border bg-surface px-3 py-2 text-base shadow-sm outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/30 sm:text-sm"
              />
            </Tabs.Content>
          </Tabs.Root>

          <footer className="flex flex-col-reverse gap-2 border-t px-5 py-3 sm:flex-row sm:justify-end">
            <Dialog.Close className={buttonStyles({ variant: "secondary" })}>Fermer</Dialog.Close>
            {document.pdfUrl ? (
              // Same origin: the session cookie goes with the download.
              <a href={document.pdfUrl} download className={buttonStyles()}>
                <Download aria-hidden="true" />
                Télécharger
              </a>
            ) : null}
          </footer>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DocumentBody({ document }: { document: GeneratedDocument }) {
  const [startLabel, endLabel] = DATE_LABELS[document.kind];
  const subtotalCents = document.lines.reduce((sum, line) => sum + line.totalCents, 0);
  const taxCents = document.totalCents - subtotalCents;
  return (
    <div className="space-y-5 text-sm">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
        <Fact term="Client" value={document.clientName} />
        <Fact term={startLabel} value={document.startDate ? formatDate(document.startDate) : "—"} />
        <Fact term={endLabel} value={document.endDate ? formatDate(document.endDate) : "—"} />
      </dl>

      {document.lines.length > 0 ? (
        <>
          <table className="w-full text-left">
            <caption className="sr-only">Lignes du document</caption>
            <thead className="border-b text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Description
                </th>
                <th scope="col" className="hidden px-3 py-2 text-right font-medium sm:table-cell">
                  Qté
                </th>
                <th scope="col" className="hidden px-3 py-2 text-right font-medium sm:table-cell">
                  Prix unitaire HT
                </th>
                <th scope="col" className="py-2 pl-3 text-right font-medium">
                  Total HT
                </th>
              </tr>
            </thead>
            <tbody>
              {document.lines.map((line, index) => (
                // Lines have no id and never move in the preview.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                <tr key={index} className="border-b align-top last:border-0">
                  <td className="py-2 pr-3">
                    <span className="break-words">{line.description}</span>
                    <span className="block text-xs text-muted-foreground sm:hidden">
                      {line.quantity} × {formatMoney(line.unitPriceCents)}
                    </span>
                  </td>
                  <td className="hidden px-3 py-2 text-right tabular-nums sm:table-cell">{line.quantity}</td>
                  <td className="hidden px-3 py-2 text-right whitespace-nowrap tabular-nums sm:table-cell">
                    {formatMoney(line.unitPriceCents)}
                  </td>
                  <td className="py-2 pl-3 text-right whitespace-nowrap tabular-nums">
                    {formatMoney(line.totalCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="ml-auto w-full max-w-64 space-y-1">
            <Total term="Total HT" cents={subtotalCents} />
            {taxCents !== 0 ? <Total term="TVA" cents={taxCents} /> : null}
            <Total term="Total TTC" cents={document.totalCents} isStrong />
          </dl>
        </>
      ) : (
        <dl className="ml-auto w-full max-w-64">
          <Total term="Montant" cents={document.totalCents} isStrong />
        </dl>
      )}
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="font-medium break-words">{value}</dd>
    </div>
  );
}

function Total({ term, cents, isStrong = false }: { term: string; cents: number; isStrong?: boolean }) {
  return (
    <div className={isStrong ? "flex justify-between border-t pt-1.5 font-semibold" : "flex justify-between"}>
      <dt className={isStrong ? undefined : "text-muted-foreground"}>{term}</dt>
      <dd className="tabular-nums">{formatMoney(cents)}</dd>
    </div>
  );
}
