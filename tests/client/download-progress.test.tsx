import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FileDownloadButton } from "../../client/components/FileDownloadButton";
import { DownloadMenu } from "../../client/features/tables/DownloadMenu";
import { setAccessToken, setSessionRenewer } from "../../client/lib/api/client";
import { downloadFile } from "../../client/lib/api/download";

/*
 * A whole-table download of 100,000 videos is 19 MB and a report's JSON 60 MB: seconds of
 * arriving, which the browser's own download bar cannot show (the file is fetched with the bearer
 * token, then saved). While it arrives the page says what is downloading and how much has come,
 * and a second click does not fetch the same file again. The server is faked at fetch with a body
 * the test sends chunk by chunk.
 */

/** A download answer whose body the test writes, and what the page saved. */
function slowFile() {
  let push: (bytes: number) => void = () => {};
  let end: () => void = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (bytes) => controller.enqueue(new Uint8Array(bytes).fill(65));
      end = () => controller.close();
    },
  });
  const fetch = vi.fn(async () => new Response(body, { headers: { "content-type": "text/csv" } }));
  vi.stubGlobal("fetch", fetch);
  const saved: Array<{ name: string; size: number }> = [];
  let lastBlob: Blob | null = null;
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    lastBlob = blob as Blob;
    return "blob:saved";
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, size: lastBlob?.size ?? -1 });
  });
  return {
    fetch,
    saved,
    push: (n: number) => act(async () => push(n)),
    end: () => act(async () => end()),
  };
}

/** A report file's button, as the reports tables render it, saving under `filename`. */
function renderFileButton(label: string, format: "csv" | "json", filename: string) {
  render(
    <FileDownloadButton
      label={label}
      format={format}
      className=""
      download={(onProgress) => downloadFile("/api/file", filename, onProgress)}
    />,
  );
  return screen.getByRole("button", { name: label });
}

describe("a download on its way", () => {
  it("a table's download says how much has arrived, and CSV waits until the file is saved", async () => {
    const file = slowFile();
    render(
      <DownloadMenu
        onDownload={(format, onProgress) =>
          downloadFile(`/api/export?format=${format}`, `videos.${format}`, onProgress)
        }
        onCopy={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Download" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "CSV" }));
    await waitFor(() => expect(file.fetch).toHaveBeenCalledTimes(1));
    await file.push(1_572_864);
    const status = screen.getByRole("status");
    await waitFor(() => expect(status.textContent).toBe("Downloading CSV file1.5 MB"));

    // Asked again while the first is arriving: CSV and JSON are disabled, and nothing is fetched.
    // The menu is radix's now: it opens on a key (or a pointer press), as a person opens it.
    fireEvent.keyDown(screen.getByRole("button", { name: "Download" }), { key: "Enter" });
    const csv = await screen.findByRole("menuitem", { name: "CSV" });
    expect(csv.getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByRole("menuitem", { name: "JSON" }).getAttribute("aria-disabled")).toBe(
      "true",
    );
    fireEvent.click(csv);
    expect(file.fetch).toHaveBeenCalledTimes(1);
    expect(file.saved).toEqual([]);

    await file.push(1_048_576);
    await file.end();
    await waitFor(() => expect(file.saved).toEqual([{ name: "videos.csv", size: 2_621_440 }]));
    await waitFor(() => expect(status.textContent).toBe(""));
  });

  it("a report file's button shows its progress, ignores clicks meanwhile, then confirms", async () => {
    const file = slowFile();
    const button = renderFileButton("Videos CSV", "csv", "report-videos.csv");
    expect(button.getAttribute("aria-busy")).toBe("false");
    fireEvent.click(button);
    await waitFor(() => expect(file.fetch).toHaveBeenCalledTimes(1));
    await file.push(3_145_728);
    await waitFor(() => expect(button.textContent).toBe("Videos CSV3 MB"));
    expect(button.getAttribute("aria-busy")).toBe("true");
    // Its accessible name stays the file's: the size is for the eye.
    expect(screen.getByRole("button", { name: "Videos CSV" })).toBe(button);
    fireEvent.click(button);
    expect(file.fetch).toHaveBeenCalledTimes(1);
    await file.end();
    await waitFor(() =>
      expect(file.saved).toEqual([{ name: "report-videos.csv", size: 3_145_728 }]),
    );
    await waitFor(() => expect(button.getAttribute("aria-busy")).toBe("false"));
    expect(button.textContent).toBe("Videos CSV");
  });

  it("a failed report file says so with the spec's message and can be asked for again", async () => {
    const fetch = vi.fn(async () => new Response("gone", { status: 404 }));
    vi.stubGlobal("fetch", fetch);
    const errors: string[] = [];
    const { toast } = await import("../../client/lib/toast");
    vi.spyOn(toast, "error").mockImplementation((message: string) => {
      errors.push(message);
    });
    const button = renderFileButton("JSON", "json", "report.json");
    fireEvent.click(button);
    await waitFor(() => expect(errors).toEqual(["Failed to download JSON file"]));
    await waitFor(() => expect(button.getAttribute("aria-busy")).toBe("false"));
    fireEvent.click(button);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  });
});

describe("a download refused for its session", () => {
  it("renews the session once and saves the file with the new token", async () => {
    setAccessToken("access-old");
    const renew = vi.fn(async () => {
      setAccessToken("access-new");
      return true;
    });
    setSessionRenewer(renew);
    const sentWith: Array<string | undefined> = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_path: string, init: RequestInit) => {
        const bearer = (init.headers as Record<string, string>).Authorization;
        sentWith.push(bearer);
        return bearer === "Bearer access-new"
          ? new Response("a,b\n", { headers: { "content-type": "text/csv" } })
          : new Response(
              JSON.stringify({
                error: {
                  code: "UNAUTHORIZED",
                  message: "No",
                  reason: "no_session",
                  requestId: "r",
                },
              }),
              { status: 401, headers: { "content-type": "application/json" } },
            );
      }),
    );
    const saved: string[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation(() => "blob:saved");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    try {
      await downloadFile("/api/orgs/o1/file", "videos.csv");
    } finally {
      setSessionRenewer(undefined);
      setAccessToken(null);
    }
    expect(renew).toHaveBeenCalledOnce();
    expect(sentWith).toEqual(["Bearer access-old", "Bearer access-new"]);
    expect(saved).toEqual(["videos.csv"]);
  });
});
