import type { HTMLAttributes } from "react";

/**
 * A title or name written by people or services (a video's, a show's, a report's), cut with an
 * ellipsis when it is too long. It takes its direction from its own first letter (`dir="auto"`):
 * in the left-to-right page a Hebrew or Arabic title cut short kept its last words and lost its
 * first ones; in its own direction it keeps its beginning and the ellipsis falls at its end.
 * `text-left` keeps a short one lined up with the others. Elements that are not plain text (a
 * link, a button, a dialog title, an input) carry `dir="auto"` themselves.
 */
export function TitleText({
  as: Tag = "span",
  className = "",
  ...rest
}: HTMLAttributes<HTMLElement> & { as?: "span" | "p" }) {
  return <Tag dir="auto" className={`truncate text-left ${className}`.trim()} {...rest} />;
}
