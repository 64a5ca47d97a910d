export type PublicConfig = {
  auth: { google: boolean };
  payments: { mode: "stripe" | "local" | "disabled" };
  email: { mode: "smtp" | "outbox"; devMailbox: boolean };
};
