import { ChevronDown } from "lucide-react";
import { Accordion } from "radix-ui";
import { faqItems } from "../data/faq-items";

export function FaqList() {
  return (
    <Accordion.Root
      type="single"
      collapsible
      className="divide-y overflow-hidden rounded-2xl border bg-surface shadow-sm"
    >
      {faqItems.map((item) => (
        <Accordion.Item key={item.id} value={item.id} id={item.id} className="scroll-mt-24">
          <Accordion.Header asChild>
            <h2>
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-5 text-left font-medium transition-colors hover:bg-muted/60 focus-visible:outline-offset-[-2px] sm:px-6">
                {item.question}
                <ChevronDown
                  className="size-5 shrink-0 text-muted-foreground transition-transform duration-200 group-data-[state=open]:rotate-180"
                  aria-hidden="true"
                />
              </Accordion.Trigger>
            </h2>
          </Accordion.Header>
          <Accordion.Content className="px-5 pb-6 leading-relaxed text-muted-foreground sm:px-6">
            {item.answer}
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
