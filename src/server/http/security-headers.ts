import { secureHeaders } from "hono/secure-headers";

// Stripe Checkout's script and frames are the only third-party origins the browser may reach (spec §7).
const STRIPE_SCRIPT = "https://js.stripe.com";
const STRIPE_FRAMES = ["https://js.stripe.com", "https://hooks.stripe.com", "https://checkout.stripe.com"];

export function securityHeaders({ isProduction }: { isProduction: boolean }) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", STRIPE_SCRIPT],
      // Radix and sonner set inline styles; scripts stay strict.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", "https://api.stripe.com"],
      frameSrc: STRIPE_FRAMES,
      frameAncestors: ["'none'"],
      formAction: ["'self'", "https://checkout.stripe.com"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    xFrameOptions: "DENY",
    xContentTypeOptions: "nosniff",
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: isProduction ? "max-age=63072000; includeSubDomains" : false,
    crossOriginEmbedderPolicy: false,
  });
}
