import { createContext, type ReactNode, useContext } from "react";
import type { z } from "zod";
import { BRAND_ELEMENT_ID, brandSchema } from "../../shared/brand";

/** The brand as the Worker injects it: no host rule, and allowSignup already combined with the flag. */
export const clientBrandSchema = brandSchema.omit({ hostFragment: true });
export type ClientBrand = z.infer<typeof clientBrandSchema>;

/**
 * Used only when the page was not served by the Worker (e.g. the `vite` dev server alone): the
 * default brand as wrangler.toml configures it. Sign-up stays off because the global flag is
 * unknown here (the server enforces it either way).
 */
const fallbackBrand: ClientBrand = {
  id: "crosscast",
  name: "Crosscast",
  logoUrl: "/brand/crosscast-logo.svg",
  logoAlt: "Crosscast logo",
  faviconUrl: "/brand/crosscast-favicon.svg",
  copyrightHolder: "Crosscast",
  footerLinks: [
    { label: "Legal", href: "/legal", external: false },
    { label: "Privacy", href: "/privacy", external: false },
    { label: "Manage cookies", href: "/manage-cookies", external: false },
    { label: "Update Log", href: "/update-log", external: false },
  ],
  allowSignup: false,
  features: { billing: true, branding: true },
  legalPages: true,
};

export function readInjectedBrand(doc: Document = document): ClientBrand {
  const raw = doc.getElementById(BRAND_ELEMENT_ID)?.textContent;
  if (!raw) return fallbackBrand;
  try {
    return clientBrandSchema.parse(JSON.parse(raw));
  } catch (error) {
    // A malformed injection is a deployment bug: say so, but keep the app usable.
    console.error("crosscast: the injected brand is invalid; using the default brand", error);
    return fallbackBrand;
  }
}

const BrandContext = createContext<ClientBrand>(fallbackBrand);

export function BrandProvider({ brand, children }: { brand: ClientBrand; children: ReactNode }) {
  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}

export const useBrand = () => useContext(BrandContext);
