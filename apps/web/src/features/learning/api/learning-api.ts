import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  articleListEndpoint,
  articleSchema,
  handbookAcknowledgementsSchema,
  handbookSchema,
  knowledgeBaseSchema,
  LEARNING_API,
  learningHomeSchema,
  learningSearchResultSchema,
  learningSectionSchema,
  videoLibrarySchema,
  videoProgressSchema,
  videoSchema,
  videoStartSchema,
  voteResultSchema,
  type LearningKind,
  type LearningSectionKind,
  type VideoProgressRequest,
  type VoteRequest,
} from '@portal/contracts/learning';
import { useLocale } from '../../../i18n/i18n';
import { csrfToken, http, isHttpError } from '../../../lib/http';

/**
 * Learning's calls (issue 38). Every key carries the reader's language: the server answers in it (or in English,
 * saying so), so switching language reloads rather than shows the other language's cached text.
 */
export const learningKeys = {
  all: ['learning'] as const,
  home: (locale: string) => ['learning', locale, 'home'] as const,
  search: (locale: string, query: string, kind?: LearningKind) => ['learning', locale, 'search', query, kind ?? 'all'] as const,
  sections: (locale: string, kind: LearningSectionKind) => ['learning', locale, 'sections', kind] as const,
  articles: (locale: string, params: Record<string, unknown>) => ['learning', locale, 'articles', params] as const,
  article: (locale: string, id: number) => ['learning', locale, 'article', id] as const,
  knowledge: (locale: string) => ['learning', locale, 'knowledge'] as const,
  videos: (locale: string, params: Record<string, unknown>) => ['learning', locale, 'videos', params] as const,
  video: (locale: string, id: number) => ['learning', locale, 'video', id] as const,
  videoStart: (locale: string, section: number) => ['learning', locale, 'video-start', section] as const,
  handbook: (locale: string, version: number | null) => ['handbook', locale, version ?? 'current'] as const,
  acknowledgement: () => ['learning', 'handbook-acknowledgement'] as const,
  acknowledgements: () => ['learning', 'handbook-acknowledgements'] as const,
};

/** A 404 is an answer (hidden or unknown), not a failure to retry. */
const noRetryOn404 = (count: number, error: unknown) => count < 2 && !isHttpError(error, 404);

export function useLearningHome() {
  const locale = useLocale();
  return useQuery(queryOptions({ queryKey: learningKeys.home(locale), queryFn: ({ signal }) => http.get(`${LEARNING_API}/home`, { schema: learningHomeSchema, signal }) }));
}

export function useLearningSearch(query: string, kind?: LearningKind) {
  const locale = useLocale();
  return useQuery({
    queryKey: learningKeys.search(locale, query, kind),
    queryFn: ({ signal }) => http.get(`${LEARNING_API}/search`, { schema: learningSearchResultSchema, query: { q: query, kind }, signal }),
    enabled: query.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

export function useLearningSections(kind: LearningSectionKind) {
  const locale = useLocale();
  return useQuery({
    queryKey: learningKeys.sections(locale, kind),
    queryFn: ({ signal }) => http.get(`${LEARNING_API}/sections`, { schema: z.object({ sections: z.array(learningSectionSchema) }), query: { kind }, signal }),
  });
}

export function useArticles(params: { search?: string; section?: number; sort: string; page: number }) {
  const locale = useLocale();
  return useQuery({
    queryKey: learningKeys.articles(locale, params),
    queryFn: ({ signal }) => http.get(articleListEndpoint.url, { schema: articleListEndpoint.page, query: { ...params, per_page: 10 }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useArticle(id: number) {
  const locale = useLocale();
  return useQuery({
    queryKey: learningKeys.article(locale, id),
    queryFn: ({ signal }) => http.get(`${LEARNING_API}/articles/${id}`, { schema: articleSchema, signal }),
    retry: noRetryOn404,
  });
}

export function useVote(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vote: VoteRequest) => http.post(`${LEARNING_API}/items/${itemId}/vote`, vote, { schema: voteResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: learningKeys.all }),
  });
}

export function useKnowledgeBase() {
  const locale = useLocale();
  return useQuery({ queryKey: learningKeys.knowledge(locale), queryFn: ({ signal }) => http.get(`${LEARNING_API}/knowledge-base`, { schema: knowledgeBaseSchema, signal }) });
}

export function useVideoLibrary(params: { search?: string; filter: string }) {
  const locale = useLocale();
  return useQuery({
    queryKey: learningKeys.videos(locale, params),
    queryFn: ({ signal }) => http.get(`${LEARNING_API}/videos`, { schema: videoLibrarySchema, query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useVideo(id: number | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: learningKeys.video(locale, id ?? 0),
    queryFn: ({ signal }) => http.get(`${LEARNING_API}/videos/${id}`, { schema: videoSchema, signal }),
    enabled: id !== null,
    retry: noRetryOn404,
    // The resume point is read once when the page opens; progress reports do not reload the player.
    staleTime: Infinity,
  });
}

export function useVideoStart(section: number, enabled: boolean) {
  const locale = useLocale();
  return useQuery({
    queryKey: learningKeys.videoStart(locale, section),
    queryFn: ({ signal }) => http.get(`${LEARNING_API}/video-sections/${section}/start`, { schema: videoStartSchema, signal }),
    enabled,
    retry: noRetryOn404,
  });
}

export function reportProgress(id: number, report: VideoProgressRequest) {
  return http.post(`${LEARNING_API}/videos/${id}/progress`, report, { schema: videoProgressSchema });
}

/** The last report when the page is hidden: a beacon outlives the page; it carries the CSRF token in its body. */
export function beaconProgress(id: number, report: VideoProgressRequest): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  const body = new Blob([JSON.stringify({ ...report, _token: csrfToken() ?? '' })], { type: 'application/json' });
  return navigator.sendBeacon(`${LEARNING_API}/videos/${id}/progress`, body);
}

export function useHandbook(version: number | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: learningKeys.handbook(locale, version),
    queryFn: ({ signal }) => http.get(version === null ? '/api/handbook' : `/api/handbook/versions/${version}`, { schema: handbookSchema, signal, signOutOnUnauthorized: false }),
    retry: noRetryOn404,
  });
}

const acknowledgementSchema = z.object({ version: z.number().int(), acknowledged_at: z.string().nullable() });

export function useHandbookAcknowledgement(enabled: boolean) {
  return useQuery({ queryKey: learningKeys.acknowledgement(), queryFn: ({ signal }) => http.get(`${LEARNING_API}/handbook/acknowledgement`, { schema: acknowledgementSchema, signal }), enabled });
}

export function useAcknowledgeHandbook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => http.post(`${LEARNING_API}/handbook/acknowledgement`, { version }, { schema: acknowledgementSchema }),
    onSuccess: (answer) => {
      queryClient.setQueryData(learningKeys.acknowledgement(), answer);
      void queryClient.invalidateQueries({ queryKey: learningKeys.acknowledgements() });
    },
  });
}

export function useHandbookAcknowledgements(enabled: boolean) {
  return useQuery({
    queryKey: learningKeys.acknowledgements(),
    queryFn: ({ signal }) => http.get(`${LEARNING_API}/handbook/acknowledgements`, { schema: handbookAcknowledgementsSchema, signal }),
    enabled,
  });
}
