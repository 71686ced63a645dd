import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Sparkline } from "../../client/features/overview/Sparkline";

/*
 * The overview cards' trend lines: what is drawn for a period's values. A value with no neighbour
 * (a period of one day, or a day between two gaps) is a dot; it used to be a one-point line, which
 * draws nothing, so the card looked empty.
 */

const drawing = (values: Array<number | null>) => {
  const { container } = render(<Sparkline points={values.map((value) => ({ value }))} />);
  const paths = [...container.querySelectorAll("path")];
  return {
    dots: paths.filter((p) => p.hasAttribute("data-lone-value")).map((p) => p.getAttribute("d")),
    lines: paths.filter((p) => !p.hasAttribute("data-lone-value")).map((p) => p.getAttribute("d")),
  };
};

describe("the overview's trend line", () => {
  it("draws a period of one day as a dot in the middle", () => {
    expect(drawing([42])).toEqual({ dots: ["M60.0,16.0 h0"], lines: [] });
  });

  it("draws a day between two gaps as a dot, and a run of days as a line", () => {
    const { dots, lines } = drawing([5, null, 3, 4, null]);
    expect(dots).toHaveLength(1);
    expect(dots[0]).toMatch(/^M0\.0,[\d.]+ h0$/);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^M60\.0,[\d.]+ L90\.0,[\d.]+$/);
  });

  it("draws nothing for a period without values", () => {
    expect(drawing([null, null])).toEqual({ dots: [], lines: [] });
    expect(drawing([])).toEqual({ dots: [], lines: [] });
  });
});
