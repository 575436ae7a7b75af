import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChatMessage,
  ChatRequest,
  ChatResponse,
  ProposalDecision,
} from '../../../contracts/chat';
import { CHAT_PATH } from '../../../contracts/chat.values';
import { ApiError, apiGet, apiRequest } from '../../lib/api';
import { plannerKeys } from '../planner/keys';

/** The chat feature's query keys: each key has one shape, the one its fetcher returns. */
export const chatKeys = {
  history: ['chat', 'history'] as const,
};

/** GET /api/chat: the visitor's conversation, oldest first. */
export const fetchChatHistory = (signal?: AbortSignal) => apiGet<ChatMessage[]>(CHAT_PATH, signal);

export const chatHistoryQuery = queryOptions({
  queryKey: chatKeys.history,
  queryFn: ({ signal }) => fetchChatHistory(signal),
});

export function useChatHistory(enabled: boolean) {
  return useQuery({ ...chatHistoryQuery, enabled });
}

export function useSendChat() {
  const queryClient = useQueryClient();
  return useMutation({
    /** `plannerId`: the trip open in the planner, which the question is about. */
    mutationFn: (request: ChatRequest) => apiRequest<ChatResponse>('POST', CHAT_PATH, request),
    onSuccess: (answer) =>
      queryClient.setQueryData<ChatMessage[]>(chatHistoryQuery.queryKey, (old = []) => [
        ...old,
        answer.userMessage,
        answer.reply,
      ]),
  });
}

/**
 * The visitor applies or discards an item or a plan the assistant proposed; the server makes the
 * items (and, for a plan without a trip, the trip).
 */
export function useDecideProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, action }: { messageId: string } & ProposalDecision) =>
      apiRequest<{ message: ChatMessage }>(
        'POST',
        `/api/chat/messages/${encodeURIComponent(messageId)}/proposal`,
        { action },
      ),
    onSuccess: ({ message }) => {
      queryClient.setQueryData<ChatMessage[]>(chatHistoryQuery.queryKey, (old = []) =>
        old.map((m) => (m.id === message.id ? message : m)),
      );
      // An applied item or plan is in the planner now (a plan may have made a new trip).
      const proposal = message.proposal;
      if (proposal?.status === 'applied') {
        const tripId = proposal.kind === 'plan' ? proposal.appliedPlannerId : proposal.plannerId;
        void queryClient.invalidateQueries({ queryKey: plannerKeys.trips });
        if (tripId) void queryClient.invalidateQueries({ queryKey: plannerKeys.items(tripId) });
      }
    },
    // Decided meanwhile (another tab): show what it became.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: chatHistoryQuery.queryKey });
      }
    },
  });
}
