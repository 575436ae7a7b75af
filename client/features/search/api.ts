import { useMutation } from '@tanstack/react-query';
import type {
  QuickSearchResponse,
  QuickSearchType,
  SearchRequest,
  SearchResponse,
} from '../../../contracts/search';
import { apiRequest } from '../../lib/api';

export function useSearch() {
  return useMutation({
    mutationFn: (form: SearchRequest) => apiRequest<SearchResponse>('POST', '/api/search', form),
  });
}

export function useQuickSearch() {
  return useMutation({
    mutationFn: ({ type, form }: { type: QuickSearchType; form: SearchRequest }) =>
      apiRequest<QuickSearchResponse>('POST', '/api/search/quick', { type, ...form }),
  });
}
