import { AlertTriangle } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "../../components/form";
import { usePageTitle } from "../../lib/page-title";
import { describeError } from "./describe-error";

type Props = {
  error: unknown;
  /** The id support can find the log line by, once known. */
  reference: string | undefined;
  onRetry: () => void;
  onHome: () => void;
};

/**
 * What a person sees when a screen fails: what happened in plain words, a reference for support,
 * and a way on. Focus moves to the heading so keyboard and screen-reader users land on it.
 */
export function ErrorScreen({ error, reference, onRetry, onHome }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { title, text, reloadNeeded } = describeError(error);
  usePageTitle(title);
  return (
    <div
      role="alert"
      data-testid="error-screen"
      className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <AlertTriangle className="h-10 w-10 text-amber-500" aria-hidden />
      <h1 ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
        {title}
      </h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">{text}</p>
      {reference && (
        <p className="text-xs text-slate-600 dark:text-slate-300">
          Reference for support: <code className="font-mono">{reference}</code>
        </p>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={reloadNeeded ? () => window.location.reload() : onRetry}>
          {reloadNeeded ? "Reload" : "Try again"}
        </Button>
        <Button variant="secondary" onClick={onHome}>
          Go to dashboard
        </Button>
      </div>
    </div>
  );
}
