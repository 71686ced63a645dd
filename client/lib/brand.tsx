import { createContext, useContext, type ReactNode } from "react";
import { z } from "zod";
import { BRAND_ELEMENT_ID, brandSchema } from "../../shared/brand";

/** The brand as the Worker injects it: no host rule, and allowSignup already combined with the flag. */
export const clientBrandSchema = brandSchema.omit({ hostFragment: true });
export type ClientBrand = z.infer<typeof clientBrandSchema>;

// Used only when the page was not served by the Worker (e.g. `vite` dev server alone).
const fallbackBrand: ClientBrand = {
  id: "crosscast",
  name: "Crosscast",
  logoUrl: "/brand/crosscast-logo.svg",
  logoAlt: "Crosscast logo",
  faviconUrl: "/brand/crosscast-favicon.svg",
  copyrightHolder: "Crosscast",
  footerLinks: [{ label: "Update Log", href: "/update-log", external: false }],
  allowSignup: false,
  features: { billing: false, branding: false },
  legalPages: false,
};

export function readInjectedBrand(doc: Document = document): ClientBrand {
  const raw = doc.getElementById(BRAND_ELEMENT_ID)?.textContent;
  if (!raw) return fallbackBrand;
  try {
    return clientBrandSchema.parse(JSON.parse(raw));
  } catch {
    return fallbackBrand;
  }
}

const BrandContext = createContext<ClientBrand>(fallbackBrand);

export function BrandProvider({ brand, children }: { brand: ClientBrand; children: ReactNode }) {
  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}

export const useBrand = () => useContext(BrandContext);
