import { apiFetch } from "@client/lib/api-client";
import {
  contractTemplateList,
  type RenderTemplateInput,
  renderedTemplateDto,
} from "@shared/schemas/contracts";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { contractsRootKey } from "./contracts-keys";

export const templatesQueryOptions = queryOptions({
  queryKey: [...contractsRootKey, "templates"],
  queryFn: ({ signal }) => apiFetch("/api/contracts/templates", { schema: contractTemplateList, signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useContractTemplates = () => useQuery(templatesQueryOptions);

/** A template filled with the seller's identity, the chosen client and the contract's fields. */
export const renderTemplate = (input: RenderTemplateInput) =>
  apiFetch("/api/contracts/templates/render", { method: "POST", body: input, schema: renderedTemplateDto });

export const useRenderTemplate = () =>
  useMutation({ meta: { handlesErrors: true }, mutationFn: renderTemplate });
