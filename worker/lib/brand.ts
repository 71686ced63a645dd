import { type Brand, brandsConfigSchema } from "../../shared/brand";

let cached: { raw: unknown; brands: Brand[] } | undefined;

/** Parses the configured brands once per isolate; a bad config fails loudly, not silently. */
export function configuredBrands(raw: unknown): Brand[] {
  if (cached && cached.raw === raw) return cached.brands;
  const value = typeof raw === "string" ? (JSON.parse(raw) as unknown) : raw;
  const brands = brandsConfigSchema.parse(value);
  cached = { raw, brands };
  return brands;
}

/**
 * The brand for a host name: the first brand whose fragment the host contains, otherwise the
 * one without a fragment (the default). Port and case never matter.
 */
export function selectBrand(brands: Brand[], hostHeader: string | null | undefined): Brand {
  const host = (hostHeader ?? "").toLowerCase().replace(/:\d+$/, "");
  const matched = brands.find((b) => b.hostFragment && host.includes(b.hostFragment.toLowerCase()));
  return matched ?? brands.find((b) => !b.hostFragment) ?? brands[0]!;
}

/** Sign-up needs both the brand and the global flag. */
export const signupAllowed = (brand: Brand, allowSignupFlag: string | undefined) =>
  brand.allowSignup && allowSignupFlag === "true";
