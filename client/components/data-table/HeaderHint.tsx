import { Tooltip } from "radix-ui";
import type { ReactElement } from "react";

/**
 * A column heading's explanation as a tooltip that opens on hover and on keyboard focus, and
 * describes its trigger (aria-describedby) for screen readers while open. The trigger is the
 * heading's sort button, so the explanation costs no extra tab stop.
 */
export function HeaderHint({ hint, children }: { hint: string; children: ReactElement }) {
  return (
    <Tooltip.Provider delayDuration={300}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="bottom"
            sideOffset={4}
            collisionPadding={8}
            className="z-50 max-w-xs rounded-md bg-slate-900 px-2 py-1.5 text-xs normal-case leading-snug text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
          >
            {hint}
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
