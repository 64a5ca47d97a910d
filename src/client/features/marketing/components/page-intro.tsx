import type { ReactNode } from "react";

type PageIntroProps = {
  eyebrow: string;
  title: ReactNode;
  children?: ReactNode;
};

/** Top of an informational page: the page's only h1. */
export function PageIntro({ eyebrow, title, children }: PageIntroProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 pt-16 pb-10 text-center sm:px-6 sm:pt-24">
      <p className="text-sm font-semibold text-primary">{eyebrow}</p>
      <h1 className="mt-3 text-4xl font-semibold tracking-tight text-balance sm:text-5xl">{title}</h1>
      {children && <div className="mt-6 text-lg text-pretty text-muted-foreground">{children}</div>}
    </div>
  );
}
