/** The app's spinner, hidden from assistive technology (the text beside it says what is busy). */
export function Spinner({
  size = "h-4 w-4",
  className = "",
}: {
  size?: string;
  className?: string;
}) {
  return (
    <span
      className={`inline-block ${size} shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600 ${className}`}
      aria-hidden
    />
  );
}
