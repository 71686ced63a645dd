import { BRAND_ELEMENT_ID, type Brand } from "../../../shared/brand";
import { signupAllowed } from "../../lib/brand";

/** What the browser learns about its brand: everything but the host-matching rule. */
export function publicBrand(brand: Brand, allowSignupFlag: string | undefined) {
  const { hostFragment: _hostFragment, ...rest } = brand;
  return { ...rest, allowSignup: signupAllowed(brand, allowSignupFlag) };
}

// "</script" inside a JSON string would close the element early; escape "<" everywhere.
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

const escapeAttr = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * Rewrites index.html for one brand before it leaves the Worker, so the first paint already has
 * the right title, favicon and brand data (no flash of the wrong brand).
 */
export function injectBrand(
  html: Response,
  brand: Brand,
  allowSignupFlag: string | undefined,
): Response {
  const data = publicBrand(brand, allowSignupFlag);
  return new HTMLRewriter()
    .on("html", { element: (el) => void el.setAttribute("data-brand", brand.id) })
    .on("title", { element: (el) => void el.setInnerContent(brand.name) })
    .on('link[rel="icon"]', { element: (el) => void el.setAttribute("href", brand.faviconUrl) })
    .on("head", {
      element: (el) => {
        el.append(
          `<script type="application/json" id="${BRAND_ELEMENT_ID}">${safeJson(data)}</script>`,
          { html: true },
        );
        el.append(`<meta name="application-name" content="${escapeAttr(brand.name)}">`, {
          html: true,
        });
      },
    })
    .transform(html);
}
