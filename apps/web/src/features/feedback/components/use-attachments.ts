import { useState } from 'react';
import { fieldErrorsOf } from '../../../lib/use-zod-form';
import { uploadAttachment } from '../api/feedback-api';

/**
 * The files a feedback form (a new thread, a reply) attaches: what the picker shows, its error, and the upload that
 * turns them into attachment ids before the message is sent. Uploads go one by one; a file the server refuses
 * becomes the picker's error in the server's words, and `upload` answers null so the form stops there.
 */
export function useAttachments() {
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | undefined>();

  async function upload(): Promise<number[] | null> {
    const ids: number[] = [];
    try {
      for (const file of files) ids.push((await uploadAttachment(file)).id);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields?.file) {
        setFileError(fields.file);
        return null;
      }
      throw error;
    }
    return ids;
  }

  return { files, setFiles, fileError, setFileError, upload, clear: () => setFiles([]) };
}
