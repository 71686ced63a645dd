import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy*/waitFor give up after 10 s rather than 1 s: dialogs load their code on first open, and
// the machine is shared. A waiter that never succeeds still fails.
configure({ asyncUtilTimeout: 10_000 });

// Each test renders into a fresh document.
afterEach(() => cleanup());
