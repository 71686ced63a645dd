import { z } from "zod";

export const footerLinkSchema = z.object({
  label: z.string().min(1),
  href: z.string().min(1),
  external: z.boolean().default(false),
});

/** Everything that differs between brands. Comes from configuration (wrangler.toml [vars.BRANDS]). */
export const brandSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  logoUrl: z.string().min(1),
  logoAlt: z.string().min(1),
  faviconUrl: z.string().min(1),
  /** Who the copyright line names; omitted brands show no copyright line. */
  copyrightHolder: z.string().optional(),
  footerLinks: z.array(footerLinkSchema),
  /** Self sign-up is allowed only when the brand and the ALLOW_SIGNUP flag both say so. */
  allowSignup: z.boolean(),
  features: z.object({ billing: z.boolean(), branding: z.boolean() }),
  supportUrl: z.string().optional(),
  /** Whether /legal, /privacy and /manage-cookies exist for this brand. */
  legalPages: z.boolean(),
  /**
   * Where this brand is served (scheme and host, e.g. "https://app.example.com"): emailed links
   * point here, never at whatever Host header a request carried.
   */
  origin: z.url().optional(),
  /** Host-name fragment that selects this brand; the brand without one is the default. */
  hostFragment: z.string().optional(),
});
export type Brand = z.infer<typeof brandSchema>;

export const brandsConfigSchema = z.array(brandSchema).min(1);

/** Pages that exist only for brands with legalPages. */
export const legalPaths = ["/legal", "/privacy", "/manage-cookies"] as const;

/** Id of the element in index.html carrying the brand as JSON (data, never executed). */
export const BRAND_ELEMENT_ID = "crosscast-brand";
