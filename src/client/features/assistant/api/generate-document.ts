import { apiFetch } from "@client/lib/api-client";
import { type GenerateDocumentInput, generatedDocument } from "@shared/schemas/assistant";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { onDocumentGenerated } from "./assistant-changes";

const generated = z.object({ document: generatedDocument });

export async function generateDocument(input: GenerateDocumentInput) {
  const { document } = await apiFetch("/api/assistant/documents", {
    method: "POST",
    body: input,
    schema: generated,
  });
  return document;
}

/**
 * The document generator: a real draft (quote, invoice or contract) made from a free-text prompt. Its form
 * shows a refusal under the prompt and as a toast.
 */
export function useGenerateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateDocument,
    meta: { handlesErrors: true },
    onSuccess: (document) => onDocumentGenerated(queryClient, document),
  });
}
