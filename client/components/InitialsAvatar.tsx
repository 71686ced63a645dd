import { useState } from "react";
import { initialsOf } from "../../shared/format";

// A stable colour per email, so the same person always gets the same avatar.
const palette = [
  "#4f46e5",
  "#0f766e",
  "#b45309",
  "#be123c",
  "#7c3aed",
  "#0369a1",
  "#15803d",
  "#a21caf",
];
const colourFor = (email: string) =>
  palette[[...email].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 0) % palette.length]!;

/**
 * The member's picture, or an initials image generated here in the browser (no third-party image
 * service ever sees a member's email).
 */
export function InitialsAvatar({
  email,
  url,
  size = 32,
}: {
  email: string;
  url: string | null;
  size?: number;
}) {
  const [failed, setFailed] = useState(false);
  if (url && !failed)
    return (
      <img
        src={url}
        alt=""
        width={size}
        height={size}
        className="rounded-full object-cover"
        style={{ width: size, height: size }}
        onError={() => setFailed(true)}
      />
    );
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 40 40"
      role="img"
      aria-label={`Avatar for ${email}`}
      className="shrink-0 rounded-full"
    >
      <rect width="40" height="40" rx="20" fill={colourFor(email)} />
      <text
        x="20"
        y="25"
        textAnchor="middle"
        fontSize="15"
        fontFamily="system-ui, sans-serif"
        fontWeight="600"
        fill="#fff"
      >
        {initialsOf(email)}
      </text>
    </svg>
  );
}
