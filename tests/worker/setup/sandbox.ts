// Worker tests run with the sandbox, as development does: test files import worker/index.ts
// (production's entry, which leaves the emulators out), so the emulators are plugged in here.
import "../../../worker/sandbox/install";
