import { User } from "lucide-react";
import { useState } from "react";

export const avatarButtonClass =
  "flex h-9 w-9 items-center justify-center overflow-hidden rounded-full border border-slate-200 bg-slate-100 text-slate-600 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300";

export function Avatar({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  // A broken avatar image is hidden and the default user icon shown instead (spec).
  if (!url || failed) return <User className="h-5 w-5" aria-hidden />;
  return (
    <img
      src={url}
      alt=""
      className="h-8 w-8 rounded-full object-cover"
      onError={() => setFailed(true)}
    />
  );
}
