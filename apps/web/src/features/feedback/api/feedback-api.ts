/** The feedback area's requests: one thread, uploading an attachment, sending feedback and replies. */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { FEEDBACK_ATTACHMENTS_URL, FEEDBACK_UPLOAD_CONTENT_TYPE, FEEDBACK_URL, feedbackAttachmentSchema, feedbackThreadSchema, type FeedbackAttachment, type FeedbackReplyRequest, type FeedbackThread, type SubmitFeedbackRequest } from '@portal/contracts/feedback';
import { http } from '../../../lib/http';

export function feedbackThreadQuery(id: number) {
  return queryOptions({
    queryKey: [FEEDBACK_URL, 'thread', id] as const,
    queryFn: ({ signal }) => http.get(`${FEEDBACK_URL}/${id}`, { schema: feedbackThreadSchema, signal }),
  });
}

export function useFeedbackThread(id: number) {
  return useQuery(feedbackThreadQuery(id));
}

/** The file itself is the body; the server sniffs its type, bounds its size and stores it encrypted. */
export function uploadAttachment(file: File): Promise<FeedbackAttachment> {
  return http.post(FEEDBACK_ATTACHMENTS_URL, file, {
    schema: feedbackAttachmentSchema,
    query: { filename: file.name.slice(0, 255) },
    headers: { 'Content-Type': FEEDBACK_UPLOAD_CONTENT_TYPE },
  });
}

export function submitFeedback(body: SubmitFeedbackRequest): Promise<FeedbackThread> {
  return http.post(FEEDBACK_URL, body, { schema: feedbackThreadSchema });
}

export function replyToFeedback(id: number, body: FeedbackReplyRequest): Promise<FeedbackThread> {
  return http.post(`${FEEDBACK_URL}/${id}/replies`, body, { schema: feedbackThreadSchema });
}

/** Where an attachment downloads from: the guarded route, with the session's cookie. */
export function attachmentUrl(threadId: number, attachmentId: number): string {
  return `${FEEDBACK_URL}/${threadId}/attachments/${attachmentId}`;
}

/** After a write: the thread as it is now, and the list read again. */
export function useAfterFeedbackWrite() {
  const queryClient = useQueryClient();
  return (thread: FeedbackThread) => {
    queryClient.setQueryData(feedbackThreadQuery(thread.id).queryKey, thread);
    void queryClient.invalidateQueries({ queryKey: [FEEDBACK_URL], predicate: (query) => query.queryKey[1] !== 'thread' });
  };
}
