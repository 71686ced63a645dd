import type { KeyboardCoordinateGetter } from "@dnd-kit/core";
import type { DragData, DropTarget } from "./cards";

/*
 * Keyboard dragging that jumps from slot to slot. dnd-kit's default moves the card 25 px a key
 * press, so moving a card two rows down took 38 presses. Here Up and Down go to the previous or
 * next slot of the same kind (video slots for a video, episode slots for an episode), and Left
 * and Right between the Available Episodes pool and the rows.
 */
const KEYS = new Set(["ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight"]);

export const slotKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  if (!KEYS.has(event.code)) return undefined;
  event.preventDefault();
  const { active, collisionRect, droppableContainers, droppableRects } = context;
  if (!active || !collisionRect) return undefined;
  // What is dragged and where it may go come from the data each carries, never from their ids.
  const isVideo = (active.data.current as DragData | undefined)?.kind === "video";
  const slotKind = isVideo ? "video-slot" : "episode-slot";
  const targets = droppableContainers
    .getEnabled()
    .map((c) => ({
      target: c.data.current as DropTarget | undefined,
      rect: droppableRects.get(c.id),
    }))
    .filter(
      (t): t is { target: DropTarget; rect: NonNullable<typeof t.rect> } =>
        t.rect !== undefined &&
        (t.target?.kind === slotKind || (!isVideo && t.target?.kind === "pool")),
    );
  const centreY = collisionRect.top + collisionRect.height / 2;
  const centreX = collisionRect.left + collisionRect.width / 2;
  const middle = (r: { top: number; height: number }) => r.top + r.height / 2;
  let target: (typeof targets)[number] | undefined;
  if (event.code === "ArrowDown" || event.code === "ArrowUp") {
    const down = event.code === "ArrowDown";
    const slots = targets.filter(
      (t) =>
        t.target.kind !== "pool" &&
        (down ? middle(t.rect) > centreY + 1 : middle(t.rect) < centreY - 1),
    );
    slots.sort((a, b) =>
      down ? middle(a.rect) - middle(b.rect) : middle(b.rect) - middle(a.rect),
    );
    target = slots[0];
  } else {
    const right = event.code === "ArrowRight";
    const side = targets.filter((t) =>
      right ? t.rect.left > centreX : t.rect.left + t.rect.width < centreX,
    );
    side.sort((a, b) => Math.abs(middle(a.rect) - centreY) - Math.abs(middle(b.rect) - centreY));
    target = side[0];
  }
  if (!target) return undefined;
  return {
    x: target.rect.left + (target.rect.width - collisionRect.width) / 2,
    y: target.rect.top + (target.rect.height - collisionRect.height) / 2,
  };
};
