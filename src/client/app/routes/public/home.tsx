import { AssistantSection } from "@client/features/marketing/components/assistant-section";
import { ComplianceSection } from "@client/features/marketing/components/compliance-section";
import { FeatureGrid } from "@client/features/marketing/components/feature-grid";
import { Hero } from "@client/features/marketing/components/hero";
import { PricingTeaser } from "@client/features/marketing/components/pricing-teaser";
import { useDocumentTitle } from "@client/lib/use-document-title";

export function Component() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <FeatureGrid />
      <ComplianceSection />
      <AssistantSection />
      <PricingTeaser />
    </>
  );
}
