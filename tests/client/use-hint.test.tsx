import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { useHint } from "../../client/components/use-hint";

/*
 * A control's explanation (the tables' column headings): it opens on hover and on keyboard focus,
 * describes the control while open, stays while the pointer is on it, and gets out of the way on
 * Escape, on a press and when another opens (WCAG 1.4.13).
 */

function Heading({ label, hint }: { label: string; hint: string }) {
  const [presses, setPresses] = useState(0);
  const { triggerProps, tooltip } = useHint(hint);
  return (
    <>
      <button type="button" onClick={() => setPresses((n) => n + 1)} {...triggerProps}>
        {label}
      </button>
      <output aria-label={`${label} presses`}>{presses}</output>
      {tooltip}
    </>
  );
}

const headings = () =>
  render(
    <>
      <Heading label="Views" hint="Views in the window" />
      <Heading label="Likes" hint="Likes in the window" />
    </>,
  );

describe("useHint", () => {
  it("opens on keyboard focus, describes the control, and closes with Escape and on blur", async () => {
    const user = userEvent.setup();
    headings();
    const views = screen.getByRole("button", { name: "Views" });
    await user.tab();
    expect(document.activeElement).toBe(views);
    const tooltip = await screen.findByRole("tooltip");
    expect(tooltip.textContent).toBe("Views in the window");
    expect(views.getAttribute("aria-describedby")).toBe(tooltip.id);

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("tooltip")).toBeNull();
    expect(views.hasAttribute("aria-describedby")).toBe(false);
    expect(document.activeElement).toBe(views);

    // Focus moving on opens the next control's hint in place of the first.
    await user.tab();
    expect((await screen.findByRole("tooltip")).textContent).toBe("Likes in the window");
    expect(screen.getAllByRole("tooltip")).toHaveLength(1);
    await user.tab();
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  it("opens on hover after a pause, stays while the pointer is on it, and leaves with the pointer", async () => {
    const user = userEvent.setup();
    // A hint closed moments ago (the test before) lets the next open at once, as moving along
    // a row of headings should; this one starts from rest.
    await new Promise((r) => setTimeout(r, 400));
    headings();
    const views = screen.getByRole("button", { name: "Views" });
    await user.hover(views);
    expect(screen.queryByRole("tooltip")).toBeNull(); // not at once: a pointer passing by opens nothing
    const tooltip = await screen.findByRole("tooltip");
    expect(tooltip.textContent).toBe("Views in the window");

    // From the control onto the tooltip (to read or select it): it stays.
    await user.hover(tooltip);
    await new Promise((r) => setTimeout(r, 250));
    expect(screen.getByRole("tooltip")).toBe(tooltip);

    await user.unhover(tooltip);
    await waitFor(() => expect(screen.queryByRole("tooltip")).toBeNull());
  });

  it("a press acts on the control and closes the hint, without reopening it by the focus it gives", async () => {
    const user = userEvent.setup();
    headings();
    const views = screen.getByRole("button", { name: "Views" });
    await user.hover(views);
    await screen.findByRole("tooltip");
    await user.click(views);
    expect(screen.getByRole("status", { name: "Views presses" }).textContent).toBe("1");
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  it("on a control that only explains, a press opens it until a second press or a press elsewhere", async () => {
    function About() {
      const { triggerProps, tooltip } = useHint("How the figure is counted", {
        pressToggles: true,
      });
      return (
        <>
          <button type="button" aria-label="About downloads" {...triggerProps} />
          <p>Elsewhere</p>
          {tooltip}
        </>
      );
    }
    const user = userEvent.setup();
    render(<About />);
    const about = screen.getByRole("button", { name: "About downloads" });
    await user.click(about);
    expect(screen.getByRole("tooltip").textContent).toBe("How the figure is counted");
    // Pressed open, it stays when the pointer leaves (a tap has no hover to keep it).
    await user.unhover(about);
    await new Promise((r) => setTimeout(r, 250));
    expect(screen.getByRole("tooltip")).toBeTruthy();
    await user.click(about);
    expect(screen.queryByRole("tooltip")).toBeNull();

    await user.click(about);
    expect(screen.getByRole("tooltip")).toBeTruthy();
    await user.click(screen.getByText("Elsewhere"));
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  it("on a touch screen a tap acts, and a touch held down opens the hint without acting", async () => {
    const user = userEvent.setup();
    headings();
    const views = screen.getByRole("button", { name: "Views" });
    const presses = () => screen.getByRole("status", { name: "Views presses" }).textContent;
    // A tap: the heading's own action (a sort), no hint.
    await user.pointer([{ keys: "[TouchA]", target: views }]);
    expect(presses()).toBe("1");
    await new Promise((r) => setTimeout(r, 600));
    expect(screen.queryByRole("tooltip")).toBeNull();
    // Held for more than half a second: the hint, and the release does not act.
    await user.pointer({ keys: "[TouchA>]", target: views });
    await new Promise((r) => setTimeout(r, 600));
    expect((await screen.findByRole("tooltip")).textContent).toBe("Views in the window");
    await user.pointer({ keys: "[/TouchA]", target: views });
    expect(presses()).toBe("1");
    // It stays once the finger lifts (a touch has no hover), until a touch elsewhere.
    await new Promise((r) => setTimeout(r, 250));
    expect(screen.getByRole("tooltip")).toBeTruthy();
    await user.pointer([
      { keys: "[TouchA]", target: screen.getByRole("button", { name: "Likes" }) },
    ]);
    expect(screen.queryByRole("tooltip")).toBeNull();
    // And the next tap acts again.
    await user.pointer([{ keys: "[TouchA]", target: views }]);
    expect(presses()).toBe("2");
  });
});
