/** The support inbox's calls: the filters' choices, a thread, and every write (reply or note, status, assignee). */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FeedbackStatus } from '@portal/contracts/feedback';
import { CONSOLE_FEEDBACK_URL, consoleFeedbackOptionsSchema, consoleFeedbackThreadSchema, type ConsoleFeedbackReplyRequest, type ConsoleFeedbackThread } from '@portal/contracts/console-feedback';
import { http } from '../../lib/http';

export function feedbackThreadQuery(id: number) {
  return queryOptions({
    queryKey: [CONSOLE_FEEDBACK_URL, 'thread', id] as const,
    queryFn: ({ signal }) => http.get(`${CONSOLE_FEEDBACK_URL}/${id}`, { schema: consoleFeedbackThreadSchema, signal }),
  });
}

export function useFeedbackThread(id: number) {
  return useQuery(feedbackThreadQuery(id));
}

export function useFeedbackOptions() {
  return useQuery({
    queryKey: [CONSOLE_FEEDBACK_URL, 'options'] as const,
    queryFn: ({ signal }) => http.get(`${CONSOLE_FEEDBACK_URL}/options`, { schema: consoleFeedbackOptionsSchema, signal }),
  });
}

export function replyToThread(id: number, body: ConsoleFeedbackReplyRequest) {
  return http.post(`${CONSOLE_FEEDBACK_URL}/${id}/replies`, body, { schema: consoleFeedbackThreadSchema });
}

export function changeStatus(id: number, status: FeedbackStatus) {
  return http.put(`${CONSOLE_FEEDBACK_URL}/${id}/status`, { status }, { schema: consoleFeedbackThreadSchema });
}

export function changeAssignee(id: number, assigneeId: number | null) {
  return http.put(`${CONSOLE_FEEDBACK_URL}/${id}/assignee`, { assignee_id: assigneeId }, { schema: consoleFeedbackThreadSchema });
}

export function attachmentUrl(threadId: number, attachmentId: number): string {
  return `${CONSOLE_FEEDBACK_URL}/${threadId}/attachments/${attachmentId}`;
}

/** After a write: the thread as it is now, and the inbox read again. */
export function useAfterThreadWrite() {
  const queryClient = useQueryClient();
  return (thread: ConsoleFeedbackThread) => {
    queryClient.setQueryData(feedbackThreadQuery(thread.id).queryKey, thread);
    void queryClient.invalidateQueries({ queryKey: [CONSOLE_FEEDBACK_URL], predicate: (query) => query.queryKey[1] !== 'thread' && query.queryKey[1] !== 'options' });
  };
}
