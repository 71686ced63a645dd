import { useRef, useState } from "react";
import { serverMessage } from "./api/errors";
import { imageFileProblem } from "./image-file";
import { toast } from "./toast";

/**
 * The picture-upload flow shared by avatars and logos: check the file in the browser (type and
 * size, the spec's messages), upload, refresh, toast, and reset the file input.
 */
export function useImageUpload({
  upload,
  after,
  success,
  failure,
}: {
  upload: (file: File) => Promise<unknown>;
  after?: () => Promise<void>;
  success: string;
  failure: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) return void toast.error(problem);
    setUploading(true);
    try {
      await upload(file);
      await after?.();
      toast.success(success);
    } catch (error) {
      toast.error(serverMessage(error, failure));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = "";
    }
  };
  return { input, uploading, onFile, pick: () => input.current?.click() };
}
