import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONSOLE_AGREEMENT_OPTIONS_URL,
  CONSOLE_AGREEMENT_PREVIEW_URL,
  agreementOptionsSchema,
  agreementPreviewSchema,
  agreementSignaturesSchema,
  consoleAgreementDetailSchema,
  consoleAgreementsEndpoint,
  type AgreementDraft,
} from '@portal/contracts/console-agreements';
import { downloadFile } from '../../lib/download';
import { http, sessionFetch } from '../../lib/http';

const URL = consoleAgreementsEndpoint.url;

export function useAgreementOptions() {
  return useQuery({ queryKey: [CONSOLE_AGREEMENT_OPTIONS_URL], queryFn: ({ signal }) => http.get(CONSOLE_AGREEMENT_OPTIONS_URL, { schema: agreementOptionsSchema, signal }) });
}

export function useAgreementDetail(id: number | null) {
  return useQuery({ queryKey: [URL, id], queryFn: ({ signal }) => http.get(`${URL}/${id}`, { schema: consoleAgreementDetailSchema, signal }), enabled: id !== null });
}

/** The Markdown as partners will read it, a moment after typing stops (the caller debounces). */
export function useAgreementPreview(markdown: string, enabled: boolean) {
  return useQuery({
    queryKey: [CONSOLE_AGREEMENT_PREVIEW_URL, markdown],
    queryFn: ({ signal }) => http.post(CONSOLE_AGREEMENT_PREVIEW_URL, { body_markdown: markdown }, { schema: agreementPreviewSchema, signal }),
    enabled,
  });
}

export function useSignatures(id: number) {
  return useQuery({ queryKey: [URL, id, 'signatures'], queryFn: ({ signal }) => http.get(`${URL}/${id}/signatures`, { schema: agreementSignaturesSchema, signal }) });
}

/** A new draft, a draft's change, or a publication; the list is read again after each. */
export function useAgreementWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: { kind: 'create'; body: AgreementDraft } | { kind: 'update'; id: number; body: AgreementDraft } | { kind: 'publish'; id: number }) =>
      write.kind === 'create'
        ? http.post(URL, write.body, { schema: consoleAgreementDetailSchema })
        : write.kind === 'update'
          ? http.put(`${URL}/${write.id}`, write.body, { schema: consoleAgreementDetailSchema })
          : http.post(`${URL}/${write.id}/publish`, undefined, { schema: consoleAgreementDetailSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [URL] }),
  });
}

export function downloadSignature(id: number, agentId: number) {
  return downloadFile(`${URL}/${id}/signatures/${agentId}/pdf`, { fetcher: sessionFetch, fallbackFilename: `agreement-${id}-agent-${agentId}-signed.pdf` });
}
