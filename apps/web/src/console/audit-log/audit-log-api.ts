/** GET /api/console/audit-events (its view kept in the URL) and the operators its actor filter offers. */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_OPERATORS_URL, auditEventListQuerySchema, auditEventsEndpoint, auditOperatorOptionsSchema, type AuditEvent } from '@portal/contracts/console-audit';
import { viewerTimeZone } from '../../i18n/time-zone';
import { http } from '../../lib/http';
import { listEndpointQueryOptions, listTableProps, type ListFailureTexts } from '../../lib/use-list-endpoint';
import { usePagedQuery } from '../../lib/use-paged-query';
import { useUrlListParams, type UrlKeys } from '../../lib/use-url-list-params';

/**
 * What the URL keeps: `/console/audit-log?actor_type=operator&actor=3&action=partner.&target_type=user&target=42&from=2026-03-01&to=2026-03-31&page=2`.
 * The time zone is the browser's, sent with the dates only.
 */
export const AUDIT_URL_KEYS = {
  actor_type: 'actor_type',
  actor_id: 'actor',
  action: 'action',
  target_type: 'target_type',
  target_id: 'target',
  from: 'from',
  to: 'to',
  page: 'page',
  per_page: 'per_page',
} as const satisfies UrlKeys<typeof auditEventListQuerySchema>;

export function useAuditEvents(texts: ListFailureTexts) {
  // A list without a text box that changes at every keystroke: ids are committed on Enter or when the field is left.
  const list = useUrlListParams(auditEventListQuerySchema, { urlKeys: AUDIT_URL_KEYS, debounceMs: 0 });
  const query = useMemo(() => (list.query.from || list.query.to ? { ...list.query, timezone: viewerTimeZone() } : list.query), [list.query]);
  const paged = usePagedQuery(listEndpointQueryOptions(auditEventsEndpoint, query), list);
  return { list, paged, table: listTableProps<AuditEvent>(list, paged, texts) };
}

export function useAuditOperators() {
  return useQuery({
    queryKey: [AUDIT_OPERATORS_URL],
    queryFn: ({ signal }) => http.get(AUDIT_OPERATORS_URL, { schema: auditOperatorOptionsSchema, signal }),
    staleTime: 5 * 60_000,
  });
}
