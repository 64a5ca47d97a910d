import { ApiError, SERVER_UNREACHABLE_MESSAGE } from "@client/lib/api-error";
import { sessionQuery } from "@client/lib/session";
import { MutationObserver } from "@tanstack/react-query";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "./query-client";

const { toastError } = vi.hoisted(() => ({ toastError: vi.fn() }));
vi.mock("sonner", () => ({ toast: { error: toastError } }));

beforeEach(() => toastError.mockClear());

async function failMutation(error: unknown, meta?: { handlesErrors?: boolean }) {
  const client = createQueryClient();
  const observer = new MutationObserver(client, { mutationFn: () => Promise.reject(error), meta });
  await observer.mutate().catch(() => {});
  return client;
}

describe("mutation errors", () => {
  it("are shown with the server's French message when the caller does not show them", async () => {
    await failMutation(
      new ApiError(
        400,
        "validation_failed",
        "Je n'ai pas pu identifier le nom du client. Pouvez-vous le préciser ?",
      ),
    );
    expect(toastError).toHaveBeenCalledWith("Une erreur est survenue", {
      description: "Je n'ai pas pu identifier le nom du client. Pouvez-vous le préciser ?",
    });
  });

  it("say what to do in French for a failure without a message of its own (a bug)", async () => {
    await failMutation(new TypeError("Cannot read properties of undefined"));
    expect(toastError).toHaveBeenCalledWith("Une erreur est survenue", {
      description: "Veuillez réessayer. Si le problème persiste, contactez le support.",
    });
  });

  it("say the server cannot be reached, and stay until dismissed, when no answer came (issue 31 §22)", async () => {
    await failMutation(new ApiError(0, "unavailable", SERVER_UNREACHABLE_MESSAGE));
    expect(toastError).toHaveBeenCalledWith("Serveur injoignable", {
      description: "Le serveur d'Ardoise ne répond pas. Rien n'a été perdu : réessayez dans un instant.",
      duration: Number.POSITIVE_INFINITY,
      closeButton: true,
    });
  });

  it("are left to a caller that declares it shows them", async () => {
    await failMutation(new ApiError(500, "internal", "Erreur interne."), { handlesErrors: true });
    expect(toastError).not.toHaveBeenCalled();
  });

  it("sign the user out on a 401, with the access guard's message instead of a toast", async () => {
    const client = await failMutation(new ApiError(401, "unauthenticated", "Vous devez être connecté."));
    expect(toastError).not.toHaveBeenCalled();
    expect(client.getQueryData(sessionQuery.queryKey)).toBeNull();
  });
});
