import { useState } from "react";
import { useSearchParams } from "react-router";
import { Dialog } from "../../components/Dialog";
import { Button } from "../../components/form";

function FailsWhileRendering({ what }: { what: string }): never {
  throw new Error(`Crash test: ${what} failed on purpose`);
}

/**
 * Local builds only (see routes.tsx): `?at=render` makes the page itself fail; the button opens
 * a dialog whose content fails. The browser tests use it to see the boundaries and reports work.
 */
export default function CrashTestPage() {
  const [params] = useSearchParams();
  const [dialogOpen, setDialogOpen] = useState(false);
  if (params.get("at") === "render") return <FailsWhileRendering what="the page" />;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Crash test</h1>
      <Button onClick={() => setDialogOpen(true)}>Open a failing dialog</Button>
      <Dialog open={dialogOpen} onOpenChange={setDialogOpen} title="Failing dialog">
        <FailsWhileRendering what="the dialog" />
      </Dialog>
    </div>
  );
}
