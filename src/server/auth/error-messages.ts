// better-auth answers in English with a stable code; the user reads French (spec §8 shows the server
// message in the toast). Unknown codes fall back to a generic French sentence.
const FRENCH_MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "E-mail ou mot de passe incorrect.",
  INVALID_PASSWORD: "Mot de passe incorrect.",
  INVALID_EMAIL: "Adresse e-mail invalide.",
  EMAIL_NOT_VERIFIED: "Vérifiez votre email : un nouveau lien de confirmation vient de vous être envoyé.",
  PASSWORD_TOO_SHORT: "Le mot de passe doit contenir au moins 8 caractères.",
  PASSWORD_TOO_LONG: "Le mot de passe ne doit pas dépasser 128 caractères.",
  WEAK_PASSWORD: "Ce mot de passe est trop faible.",
  INVALID_TOKEN: "Ce lien n'est pas ou plus valide. Demandez-en un nouveau.",
  TOKEN_EXPIRED: "Ce lien a expiré. Demandez-en un nouveau.",
  USER_NOT_FOUND: "Compte introuvable.",
  EMAIL_ALREADY_VERIFIED: "Cette adresse e-mail est déjà confirmée.",
  EMAIL_CAN_NOT_BE_UPDATED: "Cette adresse e-mail ne peut pas être utilisée.",
  USER_ALREADY_EXISTS: "Cette adresse e-mail ne peut pas être utilisée.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "Cette adresse e-mail ne peut pas être utilisée.",
  CREDENTIAL_ACCOUNT_NOT_FOUND: "Ce compte n'a pas de mot de passe (connexion Google).",
  SESSION_EXPIRED: "Session expirée. Veuillez vous reconnecter.",
  SESSION_NOT_FRESH: "Pour cette action, reconnectez-vous d'abord.",
  INVALID_ORIGIN: "Requête refusée : origine non autorisée.",
  MISSING_OR_NULL_ORIGIN: "Requête refusée : origine manquante.",
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: "Requête refusée : origine non autorisée.",
  INVALID_CALLBACK_URL: "Adresse de retour non autorisée.",
  INVALID_REDIRECT_URL: "Adresse de retour non autorisée.",
  VALIDATION_ERROR: "Certaines informations sont invalides.",
  MISSING_FIELD: "Un champ obligatoire est manquant.",
  BODY_MUST_BE_AN_OBJECT: "La requête est mal formée.",
  FAILED_TO_CREATE_USER: "Le compte n'a pas pu être créé. Veuillez réessayer.",
  FAILED_TO_CREATE_SESSION: "La connexion n'a pas pu aboutir. Veuillez réessayer.",
  FAILED_TO_UPDATE_USER: "La modification n'a pas pu être enregistrée. Veuillez réessayer.",
  FAILED_TO_GET_SESSION: "Votre session n'a pas pu être lue. Veuillez vous reconnecter.",
  UNAUTHORIZED: "Vous devez être connecté.",
};

export function frenchAuthMessage(code: string | undefined, status: number): string {
  if (code && FRENCH_MESSAGES[code]) return FRENCH_MESSAGES[code];
  if (status === 429) return "Trop de requêtes. Veuillez patienter avant de réessayer.";
  if (status === 401) return "Vous devez être connecté.";
  return "Une erreur est survenue. Veuillez réessayer.";
}

/** The English sentences better-auth puts in its successful answers, and what the user reads instead. */
const SUCCESS_MESSAGES: Record<string, string> = {
  "If this email exists in our system, check your email for the reset link":
    "Si un compte existe pour cette adresse, un e-mail de réinitialisation vient de lui être envoyé.",
};

/** A successful answer whose message better-auth wrote in English, with that message in French. */
async function translateSuccess(response: Response): Promise<Response> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { message?: unknown } | null;
  const french = typeof body?.message === "string" ? SUCCESS_MESSAGES[body.message] : undefined;
  if (!french) return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify({ ...body, message: french }), { status: response.status, headers });
}

/** Rewrites a better-auth response in French (errors, and the English sentences of some successes), keeping
 * its shape ({ code, message, … }) and headers. */
export async function translateAuthError(response: Response): Promise<Response> {
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  if (response.status < 400) return translateSuccess(response);
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  const code = body.code ?? (response.status === 429 ? "TOO_MANY_REQUESTS" : undefined);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify({ ...body, code, message: frenchAuthMessage(code, response.status) }), {
    status: response.status,
    headers,
  });
}
