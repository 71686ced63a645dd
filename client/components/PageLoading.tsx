import { Spinner } from "./Spinner";

export function PageLoading({ label = "Loading..." }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[40vh] items-center justify-center text-sm text-slate-500 dark:text-slate-400"
    >
      <Spinner className="mr-2" />
      {label}
    </div>
  );
}
