import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The link back to where a page was opened from (its list, the document being edited). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}

type FormPageHeaderProps = {
  /** Where the back link goes (usually the list), and its text. */
  backTo: string;
  backLabel: string;
  title: string;
  description: string;
};

/** The top of a "new …" page: a link back to the list, the title and one line on what happens on save. */
export function FormPageHeader({ backTo, backLabel, title, description }: FormPageHeaderProps) {
  return (
    <>
      <BackLink to={backTo}>{backLabel}</BackLink>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      </div>
    </>
  );
}
